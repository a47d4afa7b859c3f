"""Owner's Choice drills (:mod:`engine.practice`): each question is a position built with
:func:`engine.owners_choice.from_position` and answered by the game state itself — the
pawn's move and its space, a president die's DIVIDEND face, the president dice after a
trade, the trades and moves the state allows.

>>> from engine.practice import drill
>>> d = drill("owners_choice", "move_range", seed=2)
>>> sorted(d.position), d.choices
(['left', 'players', 'pos'], (1, 2, 3, 4))
>>> d.answer == min(4 if d.position["players"] - d.position["left"] <= 3 else 3,
...                 35 - d.position["pos"])
True
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import IllegalAction, Phrase, Seat, word
from engine.owners_choice.position import from_position
from engine.owners_choice.rules import COMPANIES
from engine.practice import Assumption, make

#: the board's space names as words the app translates (company letters stay as printed)
_SPACES = {
    "ALL": word("ALL"),
    "EVENT": word("EVENT"),
    "DIVIDEND": word("DIVIDEND"),
    "PRESIDENT": word("PRESIDENT"),
    "START": word("START"),
    "GOAL": word("GOAL"),
}
_RICH = 5000  # cash that pays for any trade of a drill that is not about cash


def _prices(rng, rules, k: int = 4) -> list[int]:
    return [rng.choice(rules.track_prices) for _ in range(k)]


def _holdings(rng, rules, n: int, most: int = 5) -> list[list[int]]:
    """Random holdings of ``n`` seats, within the per-player and per-company limits."""
    while True:
        h = [
            [rng.randint(0, most) if rng.random() < 0.6 else 0 for _ in range(4)] for _ in range(n)
        ]
        if all(sum(x) <= rules.max_shares for x in h) and all(
            sum(x[c] for x in h) <= rules.shares_per_company for c in range(4)
        ):
            return h


def _listed(parts: list) -> Phrase:
    """Phrases as one comma-separated phrase, each part worded by the app (a chain of
    nested phrases: the app words a phrase inside a phrase, not a list)."""
    if len(parts) == 1:
        return parts[0]
    return Phrase.coded(
        "owners_choice.drill.list", "{first}, {rest}", first=parts[0], rest=_listed(parts[1:])
    )


def _by_seat(counts) -> Phrase:
    """Share counts per seat, each seat named by the app."""
    return _listed(
        [
            Phrase.coded("owners_choice.drill.seat_shares", "{seat}: {k}", seat=Seat(p), k=k)
            for p, k in enumerate(counts)
        ]
    )


def _money(cash: int) -> str:
    return f"${cash}"


# --- the [A] values an answer rests on ----------------------------------------------------
def _dividend_assumption(price: int, dividend: int) -> Assumption:
    return Assumption(
        "track_dividends",
        Phrase.coded(
            "owners_choice.assume.dividends",
            "the dividend of each price is this app's stock track (the article's table does "
            "not give one for every price): {price} pays {dividend} per share",
            price=_money(price),
            dividend=_money(dividend),
        ),
    )


def _president_words(name: str, value) -> Phrase:
    if name == "president_timing":
        if value == "each_share":
            return Phrase.coded(
                "owners_choice.assume.timing_each",
                "president dice are reassigned after every single share bought or sold",
            )
        return Phrase.coded(
            "owners_choice.assume.timing_trade",
            "president dice are reassigned once, when the whole trade is complete, comparing "
            "the holdings before and after it: a tie for most that buying made, or that was "
            "there before, leaves the die where it was",
        )
    if value:
        return Phrase.coded(
            "owners_choice.assume.tie_last",
            "after a sale that ties, the tied player nearest clockwise after the active "
            "player takes the die: the active player counts last",
        )
    return Phrase.coded(
        "owners_choice.assume.tie_first",
        "after a sale that ties, the tied player nearest clockwise from the active player "
        "takes the die: the active player counts first",
    )


def _move_words(value: str) -> Phrase:
    if value == "starting":
        return Phrase.coded(
            "owners_choice.assume.move_starting",
            "the move range counts every player who started, also those who left the game",
        )
    return Phrase.coded(
        "owners_choice.assume.move_in_game",
        "the move range counts only the players still in the game: a player who left by "
        "personal bankruptcy no longer counts",
    )


def _flipped(rules, name: str):
    """``rules`` with the [A] field ``name`` set to another of its values."""
    value = getattr(rules, name)
    others = {
        "president_timing": ("after_trade", "each_share"),
        "move_range_players": ("in_game", "starting"),
    }
    if name in others:
        a, b = others[name]
        return replace(rules, **{name: b if value == a else a})
    return replace(rules, **{name: not value})


# --- the pawn's move and what the space pays ----------------------------------------------
def _lands_pays(rng, rules):
    """The pawn moves onto a DIVIDEND or PRESIDENT space: what the mover receives."""
    n = rng.randint(2, 5)
    s0 = from_position(n, ruleset=rules)
    most = s0.move_max()
    board = list(rules.board)
    targets = [i for i, sp in enumerate(board) if sp in ("DIVIDEND", "PRESIDENT") and i - 1 >= 0]
    dest = rng.choice(targets)
    move = rng.randint(1, min(most, dest))
    pos = dest - move
    prices = _prices(rng, rules)
    holdings = _holdings(rng, rules, n)
    seat = rng.randrange(n)
    if board[dest] == "DIVIDEND" and rng.random() < 0.7:  # often a holder of the payer
        c = rng.choice([c for c in range(4) if prices[c] == max(prices)])
        room = min(
            rules.max_shares - sum(holdings[seat]) + holdings[seat][c],
            rules.shares_per_company - sum(h[c] for h in holdings) + holdings[seat][c],
        )
        holdings[seat][c] = max(holdings[seat][c], min(room, rng.randint(1, 5)))
    s = from_position(
        n, prices=prices, holdings=holdings, pos=pos, to_act=seat, cash=[500] * n, ruleset=rules
    )
    presidents = s.presidents()
    before = s.cash[seat]
    s.apply(f"move {move}")
    gain = s.cash[seat] - before
    space = s.space_name(s.pos)
    assumptions: list[Assumption] = []
    if space == "PRESIDENT":
        dice = sum(1 for p in presidents if p == seat)
        why = Phrase.coded(
            "owners_choice.drill.lands_pays.president",
            "PRESIDENT pays {bonus} per president die held; you hold {dice} → {gain}",
            bonus=_money(rules.president_bonus),
            dice=dice,
            gain=_money(gain),
        )
    else:
        top = max(prices)
        payers = [COMPANIES[c] for c in range(4) if prices[c] == top]
        assumptions.append(_dividend_assumption(top, s.dividend(COMPANIES.index(payers[0]))))
        why = Phrase.coded(
            "owners_choice.drill.lands_pays.dividend",
            "DIVIDEND: the highest-priced company ({companies}, at {price}) pays {dividend} "
            "per share to every holder; you hold {shares} of it → {gain}",
            companies=", ".join(payers),
            price=_money(top),
            dividend=_money(s.dividend(COMPANIES.index(payers[0]))),
            shares=sum(holdings[seat][COMPANIES.index(x)] for x in payers),
            gain=_money(gain),
        )
    ahead = _listed(
        [
            Phrase.coded(
                "owners_choice.drill.space_at",
                "{i}: {space}",
                i=i,
                space=_SPACES.get(board[i], board[i]),
            )
            for i in range(pos + 1, min(pos + most, len(board) - 1) + 1)
        ]
    )
    position = {
        "players": n,
        "seat": seat,
        "pos": pos,
        "move": move,
        "board": board,
        "prices": prices,
        "holdings": holdings,
        "presidents": presidents,
    }
    return make(
        Phrase.coded(
            "owners_choice.drill.lands_pays",
            "Prices R Y B G: {prices}. You ({seat}) hold R Y B G: {shares}; you hold the "
            "president dice of: {dice}. The pawn is on space {pos}; the spaces ahead are "
            "{ahead}. You move {move}: how much money do you receive?",
            prices=" ".join(_money(p) for p in prices),
            seat=Seat(seat),
            shares=" ".join(map(str, holdings[seat])),
            dice=" ".join(COMPANIES[c] for c in range(4) if presidents[c] == seat) or "—",
            pos=pos,
            ahead=ahead,
            move=move,
        ),
        position,
        gain,
        Phrase.coded(
            "owners_choice.drill.lands_pays.why",
            "RULE: the pawn lands on space {dest}, {space}. {why}.",
            dest=dest,
            space=_SPACES[space],
            why=why,
        ),
        Phrase.coded("owners_choice.rule.spaces", "What the spaces do"),
        "spaces",
        assumptions=assumptions,
    )


def _shares(k: int, company: str) -> Phrase:
    """``k`` shares of ``company`` in words ("1 blue share", "3 blue shares")."""
    if k == 1:
        return Phrase.coded(
            "owners_choice.drill.one_share", "{k} {company} share", k=k, company=company
        )
    return Phrase.coded("owners_choice.drill.shares", "{k} {company} shares", k=k, company=company)


# --- a DIVIDEND face of a president die ---------------------------------------------------
def _dividend(rng, rules):
    """A president die shows DIVIDEND: what a holder of the company receives."""
    n = rng.randint(2, 5)
    c = rng.randrange(4)
    price = rng.choice(rules.track_prices)
    prices = [rules.start_price] * 4
    prices[c] = price
    shares = rng.randint(1, 6)
    holdings = [[0] * 4 for _ in range(n)]
    holdings[0][c] = shares + rng.randint(1, 3)  # seat 0 is the president
    holdings[1][c] = shares
    space = next(i for i, sp in enumerate(rules.board) if sp == COMPANIES[c])
    s = from_position(
        n, prices=prices, holdings=holdings, pos=space - 1, cash=[_RICH] * n, ruleset=rules
    )
    before = s.cash[1]
    s.apply("move 1")
    s.apply("pay")
    s.apply(f"die {COMPANIES[c]} dividend")
    gain = s.cash[1] - before
    dividend = s.dividend(c)
    return make(
        Phrase.coded(
            "owners_choice.drill.dividend",
            "The {company} company is at {price}. Its president rolls the {company} die: "
            "DIVIDEND. You hold {held}: how much do you receive?",
            company=COMPANIES[c],
            price=_money(price),
            held=_shares(shares, COMPANIES[c]),
        ),
        {"company": COMPANIES[c], "price": price, "shares": shares},
        gain,
        Phrase.coded(
            "owners_choice.drill.dividend.why",
            "RULE: a company's dividend is on the stock track under its price: {price} pays "
            "{dividend} per share. {shares} × {dividend} = {gain}.",
            price=_money(price),
            dividend=_money(dividend),
            shares=shares,
            gain=_money(gain),
        ),
        Phrase.coded("owners_choice.rule.dividends", "Dividends"),
        "dividends",
        assumptions=[_dividend_assumption(price, dividend)],
    )


# --- the president die after a trade ------------------------------------------------------
def _president(rng, rules):
    """Who holds a company's president die once a trade is complete."""
    while True:
        n = rng.randint(2, 5)
        c = rng.randrange(4)
        counts = [rng.randint(0, 4) for _ in range(n)]
        if not any(counts) or sum(counts) + 3 > rules.shares_per_company:
            continue
        top = max(counts)
        tied = [p for p in range(n) if counts[p] == top]
        president = tied[0] if len(tied) == 1 else rng.choice([*tied, None])
        active = rng.randrange(n)
        buy = counts[active] == 0 or rng.random() < 0.45
        k = rng.randint(1, 3) if buy else rng.randint(1, counts[active])
        holdings = [[0] * 4 for _ in range(n)]
        for p in range(n):
            holdings[p][c] = counts[p]
        pres: list[int | None] = [None] * 4
        pres[c] = president
        action = f"{'buy' if buy else 'sell'} {COMPANIES[c]}"

        def traded(r, n=n, holdings=holdings, pres=pres, active=active, action=action, k=k):
            s = from_position(
                n, holdings=holdings, presidents=pres, to_act=active, cash=[_RICH] * n, ruleset=r
            )
            for _ in range(k):
                s.apply(action)
            return s

        try:
            s = traded(rules)
        except IllegalAction:  # the last share of the only holder: draw again
            continue
        break
    after = s.settled_presidents()[c]
    answer = after if after >= 0 else None
    now = [s.shares(p, c) for p in range(n)]
    best = max(now)
    top_now = [p for p in range(n) if now[p] == best and best]
    nobody = Phrase.coded("owners_choice.drill.president.nobody", "nobody (the pool)")
    why = _president_why(top_now, answer, president, best)
    # the [A] readings of the reassignment: named when the tie rule decides, or when the
    # other reading would give another answer
    assumptions = [
        Assumption(name, _president_words(name, getattr(rules, name)))
        for name in ("president_timing", "sale_tie_active_last")
        if (name == "president_timing" and len(top_now) > 1)
        or traded(_flipped(rules, name)).settled_presidents()[c] != after
    ]
    choices = (*range(n), None)
    position = {
        "players": n,
        "active": active,
        "company": COMPANIES[c],
        "holdings": counts,
        "president": president,
        "trade": "buy" if buy else "sell",
        "shares": k,
    }
    prompt = _president_prompt(president, c, counts, active, buy, k)
    return make(
        prompt,
        position,
        answer,
        Phrase.coded(
            "owners_choice.drill.president.why",
            "RULE: once a trade is complete the player holding the most shares takes the "
            "die. After the trade: {counts}; {why}.",
            counts=_by_seat(now),
            why=why,
        ),
        Phrase.coded("owners_choice.rule.presidents", "President dice after trading"),
        "turn",
        assumptions=assumptions,
        choices=choices,
        correct=choices.index(answer),
        choice_words=tuple(
            nobody
            if p is None
            else Phrase.coded("owners_choice.drill.seat", "{seat}", seat=Seat(p))
            for p in choices
        ),
    )


def _president_why(top_now, answer, president, best) -> Phrase:
    """Why the die ends where it does: the pool, the most shares, or a tie's rule."""
    if not top_now:
        why = Phrase.coded(
            "owners_choice.drill.president.pool",
            "nobody holds a share: the die goes back to the pool",
        )
    elif len(top_now) == 1:
        why = Phrase.coded(
            "owners_choice.drill.president.most",
            "{seat} holds the most shares ({k}) and takes the die",
            seat=Seat(answer),
            k=best,
        )
    elif answer == president and answer is None:  # the die stays in the pool: its own sentence
        why = Phrase.coded(
            "owners_choice.drill.president.stays_pool",
            "the trade leaves a tie for most ({k}); a tie made by buying, or one that was "
            "there before, leaves the die where it was: it stays in the pool and nobody "
            "holds it",
            k=best,
        )
    elif answer == president:
        why = Phrase.coded(
            "owners_choice.drill.president.stays",
            "the trade leaves a tie for most ({k}); a tie made by buying, or one that was "
            "there before, leaves the die where it was: {seat}",
            k=best,
            seat=Seat(answer),
        )
    else:
        why = Phrase.coded(
            "owners_choice.drill.president.clockwise",
            "the sale made a tie for most ({k}): the tied player nearest clockwise after the "
            "active player (who counts last) takes the die: {seat}",
            k=best,
            seat=Seat(answer),
        )
    return why


def _president_prompt(president, c, counts, active, buy, k) -> Phrase:
    """The question: the holdings, where the die is, and the trade."""
    trade = (
        Phrase.coded("owners_choice.drill.buys", "buys")
        if buy
        else Phrase.coded("owners_choice.drill.sells", "sells")
    )
    if president is None:  # nobody holds the die: said as its own sentence, not as a place
        prompt = Phrase.coded(
            "owners_choice.drill.president.from_pool",
            "Shares of the {company} company held: {counts}. The {company} president die is "
            "in the pool (nobody holds it). {active} {trade} {shares} and completes the "
            "trade. Who holds the {company} president die now?",
            company=COMPANIES[c],
            counts=_by_seat(counts),
            active=Seat(active),
            trade=trade,
            shares=_shares(k, COMPANIES[c]),
        )
    else:
        prompt = Phrase.coded(
            "owners_choice.drill.president",
            "Shares of the {company} company held: {counts}; its president die is with "
            "{president}. {active} {trade} {shares} and completes the trade. Who "
            "holds the {company} president die now?",
            company=COMPANIES[c],
            counts=_by_seat(counts),
            president=Seat(president),
            active=Seat(active),
            trade=trade,
            shares=_shares(k, COMPANIES[c]),
        )
    return prompt


# --- whether a trade is allowed -----------------------------------------------------------
def _shape_holdings(rng, rules, case: str, holdings: list[list[int]], active: int, c: int):
    """Shape the drawn ``holdings`` (in place) for the drill's ``case``: the active player
    full, the company's supply gone, no share of it, the last share, or one to sell."""
    mine = holdings[active]
    n = len(holdings)
    if case == "full":  # the active player holds the most shares one may hold
        while sum(mine) < rules.max_shares:
            mine[rng.randrange(4)] += 1
        while any(sum(h[d] for h in holdings) > rules.shares_per_company for d in range(4)):
            d = rng.randrange(4)
            if mine[d] and sum(h[d] for h in holdings) > rules.shares_per_company:
                for p in range(n):
                    if p != active and holdings[p][d]:
                        holdings[p][d] -= 1
                        break
    elif case == "supply":  # every share of the company is held
        mine[c] = min(rules.max_shares - (sum(mine) - mine[c]), rules.shares_per_company)
        left = rules.shares_per_company - mine[c]
        for p in range(n):
            if p != active:
                holdings[p][c] = 0
        others = [p for p in range(n) if p != active]
        while left:
            p = rng.choice(others)
            if sum(holdings[p]) < rules.max_shares:
                holdings[p][c] += 1
                left -= 1
            elif all(sum(holdings[q]) >= rules.max_shares for q in others):
                break
    elif case == "none":
        mine[c] = 0
    elif case == "last":  # the only holder, with one share
        for p in range(n):
            holdings[p][c] = 0
        mine[c] = 1
    elif case == "sell":
        mine[c] = max(mine[c], 2)


def _trade_allowed(rng, rules):
    """May the active player buy or sell this share now (the state's legal actions)."""
    n = rng.randint(2, 5)
    c = rng.randrange(4)
    active = rng.randrange(n)
    holdings = _holdings(rng, rules, n, most=4)
    cash = [_RICH] * n
    case = rng.choice(("full", "cash", "supply", "none", "last", "buy", "buy", "sell", "sell"))
    mine = holdings[active]
    _shape_holdings(rng, rules, case, holdings, active, c)
    while sum(mine) > rules.max_shares:  # a share of c added: one fewer of another
        d = next(d for d in range(4) if d != c and mine[d])
        mine[d] -= 1
    if any(sum(h[d] for h in holdings) > rules.shares_per_company for d in range(4)):
        return _trade_allowed(rng, rules)  # more shares than the company has: draw again
    prices = _prices(rng, rules)
    if case == "cash":
        cash[active] = max(0, prices[c] - 10 * rng.randint(1, 5))
    elif case in ("buy", "full", "supply"):
        cash[active] = prices[c] + 10 * rng.randint(0, 30)
    sell = case in ("none", "last", "sell")
    action = f"{'sell' if sell else 'buy'} {COMPANIES[c]}"
    s = from_position(n, prices=prices, holdings=holdings, cash=cash, to_act=active, ruleset=rules)
    act = s.parse_action(action)
    if sell:
        deed = Phrase.coded(
            "owners_choice.drill.sell_one", "sell one {company} share", company=COMPANIES[c]
        )
    else:
        deed = Phrase.coded(
            "owners_choice.drill.buy_one", "buy one {company} share", company=COMPANIES[c]
        )
    allowed = act in s.legal_actions()
    reason = s.why_illegal(act)  # the rule that forbids it, by its code
    words = (
        Phrase.coded("owners_choice.drill.trade_allowed.yes", "allowed"),
        Phrase.coded("owners_choice.drill.trade_allowed.no", "not allowed"),
    )
    if allowed:
        why = Phrase.coded(
            "owners_choice.drill.trade_allowed.ok",
            "no limit stops it: at most {most} shares held, a share left in the supply, the "
            "cash to pay, and never the last share of the only holder",
            most=rules.max_shares,
        )
    else:
        # an illegal action always has a coded reason
        assert reason is not None and reason.code is not None
        why = _trade_reason(reason.code, rules, holdings[active], cash[active], prices[c], c)
    supply = [rules.shares_per_company - sum(h[d] for h in holdings) for d in range(4)]
    position = {
        "players": n,
        "active": active,
        "action": action,
        "holdings": holdings,
        "cash": cash[active],
        "prices": prices,
        "supply": supply,
    }
    return make(
        Phrase.coded(
            "owners_choice.drill.trade_allowed",
            "Your turn ({seat}), before the move. You have {cash} and hold R Y B G: {shares}. "
            "Prices: {prices}; shares left in the supply: {supply}; the other players hold "
            "{others} {company}. May you {deed}?",
            seat=Seat(active),
            cash=_money(cash[active]),
            shares=" ".join(map(str, holdings[active])),
            prices=" ".join(_money(p) for p in prices),
            supply=" ".join(map(str, supply)),
            others=sum(holdings[p][c] for p in range(n) if p != active),
            company=COMPANIES[c],
            deed=deed,
        ),
        position,
        "yes" if allowed else "no",
        Phrase.coded(
            "owners_choice.drill.trade_allowed.why",
            "RULE: trade with the bank at the current prices within the limits. {deed}: "
            "{verdict} — {why}.",
            deed=deed,
            verdict=words[0 if allowed else 1],
            why=why,
        ),
        Phrase.coded("owners_choice.rule.trade", "Trading shares"),
        "turn",
        choices=("yes", "no"),
        correct=0 if allowed else 1,
        choice_words=words,
    )


def _trade_reason(code: str, rules, mine, cash: int, price: int, c: int) -> Phrase:
    """The reason the state gave (its code) in the drill's words, the player as "you"."""
    company = COMPANIES[c]
    if code == "oc.why_max_shares":
        return Phrase.coded(
            "owners_choice.drill.trade_allowed.full",
            "you hold {held} shares, the most a player may hold",
            held=sum(mine),
        )
    if code == "oc.why_supply":
        return Phrase.coded(
            "owners_choice.drill.trade_allowed.supply",
            "no {company} shares are left in the supply",
            company=company,
        )
    if code == "oc.why_cash":
        return Phrase.coded(
            "owners_choice.drill.trade_allowed.cash",
            "you have {cash}; a {company} share costs {price}",
            cash=_money(cash),
            company=company,
            price=_money(price),
        )
    if code == "oc.why_no_shares":
        return Phrase.coded(
            "owners_choice.drill.trade_allowed.none",
            "you hold no {company} shares",
            company=company,
        )
    if code == "oc.why_last_share":
        return Phrase.coded(
            "owners_choice.drill.trade_allowed.last",
            "you are the only holder of {company} and may not sell its last share",
            company=company,
        )
    raise AssertionError(f"a drill's trade refused for another reason: {code}")


# --- the move range -----------------------------------------------------------------------
def _move_range(rng, rules):
    """The longest move allowed: 1-4 with 2-3 players, 1-3 with 4-5, never past GOAL."""
    n = rng.randint(2, 5)
    left = rng.randint(0, n - 2) if rng.random() < 0.4 else 0
    goal = len(rules.board) - 1
    pos = rng.randint(goal - 4, goal - 1) if rng.random() < 0.35 else rng.randint(0, goal - 5)
    s = from_position(n, pos=pos, ruleset=rules)
    for p in range(1, left + 1):
        s.out[p] = True  # players who left by personal bankruptcy
    moves = [a.number for a in s.legal_actions() if a.kind == "move"]
    answer = max(moves)
    other = from_position(n, pos=pos, ruleset=_flipped(rules, "move_range_players"))
    other.out = list(s.out)
    if max(a.number for a in other.legal_actions() if a.kind == "move") != answer:
        assumptions = [Assumption("move_range_players", _move_words(rules.move_range_players))]
    else:
        assumptions = []
    in_game = n - left
    counted = n if rules.move_range_players == "starting" else in_game
    most = s.move_max()
    return make(
        Phrase.coded(
            "owners_choice.drill.move_range",
            "{n} players started; {left} of them left the game by personal bankruptcy. The "
            "pawn is on space {pos} (GOAL is {goal}). What is the longest move you may make?",
            n=n,
            left=left,
            pos=pos,
            goal=goal,
        ),
        {"players": n, "left": left, "pos": pos},
        answer,
        Phrase.coded(
            "owners_choice.drill.move_range.why",
            "RULE: a move is 1–{small} spaces with 2–3 players, 1–{large} with 4–5, counted "
            "over {counted} players here → at most {most}; never past GOAL: {goal} − {pos} = "
            "{far} → {answer}.",
            small=rules.move_max_small,
            large=rules.move_max_large,
            counted=counted,
            most=most,
            goal=goal,
            pos=pos,
            far=goal - pos,
            answer=answer,
        ),
        Phrase.coded("owners_choice.rule.move", "Moving the pawn"),
        "turn",
        assumptions=assumptions,
        choices=tuple(range(1, max(rules.move_max_small, rules.move_max_large) + 1)),
        correct=answer - 1,
    )


KINDS = {
    "lands_pays": _lands_pays,
    "dividend": _dividend,
    "president": _president,
    "trade_allowed": _trade_allowed,
    "move_range": _move_range,
}
