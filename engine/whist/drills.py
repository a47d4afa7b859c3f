"""Whist and Bid Whist drills (:mod:`engine.practice`): every answer comes from the game's
own rules — a real deal played by the game state (trick winners, legal follows, a Whist
deal's score) or the scoring functions the state calls (bids, contracts, two players).

The drills teach every table: a trick or a follow is drawn from Bid Whist (uptown,
downtown, no trump high or low, both joker rules) or four-player Whist, whatever the
ruleset passed; the scores use its target and honours choices.

>>> from engine.practice import drill
>>> from engine.whist.scoring import bid_whist_points, trick_winner
>>> d = drill("whist", "bid_score", seed=1)
>>> sorted(d.position), d.answer == bid_whist_points(**d.position)
(['bid', 'books', 'kind'], True)
>>> t = drill("whist", "trick_winner", seed=5)
>>> t.answer == (t.position["leader"] + trick_winner(
...     t.position["cards"], trump=t.position["trump"], low=t.position["low"])) % 4
True
"""

from __future__ import annotations

import random

from engine.core.errors import Phrase, Seat
from engine.practice import Assumption, make
from engine.whist.actions import KIND_WORDS, Deal
from engine.whist.cards import CARD_TEXT, RANKS, SUIT_NAMES, SUITS, card_text
from engine.whist.scoring import (
    bid_whist_points,
    books_needed,
    card_order,
    honours_points,
    two_player_whist_points,
    whist_points,
)

_HONOURS = ("A", "K", "Q", "J")


def _state(rng: random.Random, variant: str, club: bool = False, **overrides):
    """A four-player state of ``variant`` in its play, dealt by ``rng``: Bid Whist goes
    through a real auction (one bid of a drawn kind, the rest pass), trump or direction,
    and six random discards."""
    from engine.whist.game import GAME

    s = GAME.new_initial_state(
        4, variant=variant, first_dealer=0, jokers_follow_trump=club, **overrides
    )
    s.apply(s.sample_chance(rng))
    if variant == "bid4":
        kind = rng.choice(("uptown", "downtown", "notrump"))
        s.apply(f"bid {rng.randint(3, 7)} {kind}")  # seat 1, left of the dealer
        for _ in range(3):
            s.apply("pass")
        if kind == "notrump":
            s.apply(f"direction {rng.choice(('high', 'low'))}")
        else:
            s.apply(f"trump {rng.choice(SUITS)}")
        for _ in range(6):
            s.apply(rng.choice(s.legal_actions()))
    return s


def _trump_text(s) -> str | None:
    return SUITS[s.trump] if s.trump >= 0 else None


def _cards(codes) -> list[str]:
    return [card_text(c) for c in codes]


def _contract_phrase(s, club: bool) -> Phrase:
    """The contract of the deal in play, with the joker rule of the table."""
    trump = _trump_text(s)
    if not s.bidw:
        assert trump is not None  # a Whist deal's trump is the turned card's suit
        contract = Phrase.coded(
            "whist.drill.contract.whist", "Whist, {suit} trumps (no jokers)", suit=SUIT_NAMES[trump]
        )
    elif trump is None:
        if s.low:
            contract = Phrase.coded("whist.drill.contract.nt_low", "Bid Whist, no trump low")
        else:
            contract = Phrase.coded("whist.drill.contract.nt_high", "Bid Whist, no trump high")
    else:
        contract = Phrase.coded(
            "whist.drill.contract.bid",
            "Bid Whist, {kind}, {suit} trumps",
            kind=KIND_WORDS[s.kind],
            suit=SUIT_NAMES[trump],
        )
    if not s.bidw:
        return contract
    if club:
        jokers = Phrase.coded(
            "whist.drill.jokers.club", "club rule: in a trump contract the jokers count as trumps"
        )
    else:
        jokers = Phrase.coded("whist.drill.jokers.article", "the jokers have no suit (the article)")
    return Phrase.coded(
        "whist.drill.contract.jokers", "{contract}; {jokers}", contract=contract, jokers=jokers
    )


def _club_assumption(club: bool, s) -> list[Assumption]:
    """The club rule (field ``jokers_follow_trump``) when the drill's table plays it in a
    trump contract: a rule the article does not have, named as an assumption."""
    if not (club and s.bidw and s.trump >= 0):
        return []
    return [
        Assumption(
            "jokers_follow_trump",
            Phrase.coded(
                "whist.assume.club",
                "this table plays the club rule: in a trump contract the jokers are cards of "
                "the trump suit for following (the article gives them no suit)",
            ),
        )
    ]


def _order_phrase(trump: str | None, low: bool, jokers: bool) -> Phrase:
    order = card_order(trump=trump is not None, low=low)
    if not jokers:
        order = [r for r in order if r not in ("BJ", "LJ")]
    if trump is None:
        return Phrase.coded(
            "whist.drill.order.notrump",
            "no trump: the highest card of the suit led wins; cards rank {order}, and a "
            "joker never wins",
            order=" > ".join(order),
        )
    return Phrase.coded(
        "whist.drill.order.trump",
        "{suit} are trumps and beat every other suit; cards rank {order}",
        suit=SUIT_NAMES[trump],
        order=" > ".join(order),
    )


# --- who wins the trick -------------------------------------------------------------------
def _trick_winner(rng, rules):
    """Who wins this trick: a trick of a real deal played at random by the game state."""
    variant = "bid4" if rng.random() < 0.75 else "whist4"
    club = variant == "bid4" and rng.random() < 0.5
    s = _state(rng, variant, club)
    while s.phase_name == "play":
        s.apply(rng.choice(s.legal_actions()))
    tricks = s.tricks
    with_joker = [t for t in tricks if any(c >= 52 for c in t[2])]
    pool = with_joker if with_joker and rng.random() < 0.5 else tricks
    leader, seats, codes, winner, index = rng.choice(pool)
    cards = _cards(codes)
    trump = _trump_text(s)
    win = cards[index]
    if trump is not None and any(c >= 52 for c in codes):
        reason = Phrase.coded(
            "whist.drill.reason.joker",
            "the jokers are the highest trumps (big over little): {card} is the highest played",
            card=win,
        )
    elif trump is not None and any(c < 52 and SUITS[c // 13] == trump for c in codes):
        reason = Phrase.coded(
            "whist.drill.reason.trump", "{card} is the highest trump played", card=win
        )
    else:
        led = next(c for c in codes if c < 52) // 13
        reason = Phrase.coded(
            "whist.drill.reason.led",
            "nobody played a trump: {card} is the highest card of the suit led ({suit})",
            card=win,
            suit=SUIT_NAMES[SUITS[led]],
        )
    position = {
        "cards": cards,
        "leader": leader,
        "trump": trump,
        "low": s.low,
        "jokers_follow_trump": club,
    }
    order = _order_phrase(trump, s.low, variant == "bid4")
    return make(
        Phrase.coded(
            "whist.drill.trick_winner",
            "Contract: {contract}. {leader} leads; the trick is {cards} in the order played. "
            "Who wins the trick?",
            contract=_contract_phrase(s, club),
            leader=Seat(leader),
            cards=" ".join(cards),
        ),
        position,
        winner,
        Phrase.coded(
            "whist.drill.trick_winner.why",
            "RULE: {order}. Here {reason} → {seat} wins.",
            order=order,
            reason=reason,
            seat=Seat(winner),
        ),
        Phrase.coded("whist.rule.trick", "Who wins a trick"),
        "card-order",
        assumptions=_club_assumption(club, s),
        learn_values={"v": variant},
        choices=tuple(seats),
        correct=index,
        choice_words=tuple(
            Phrase.coded("whist.drill.seat_card", "{seat}: {card}", seat=Seat(p), card=c)
            for p, c in zip(seats, cards, strict=True)
        ),
    )


# --- which cards may follow ---------------------------------------------------------------
def _legal_follow(rng, rules):
    """Which of these cards may be played to the trick: a moment of a real deal where
    following suit forbids some cards, answered by the state's legal actions."""
    variant = "bid4" if rng.random() < 0.8 else "whist4"
    club = variant == "bid4" and rng.random() < 0.5
    while True:
        s = _state(rng, variant, club)
        moments = []
        while s.phase_name == "play":
            legal = s.legal_actions()
            if s.trick_cards:
                seat = s.to_act
                hand = _cards(c for c in range(54) if s.hands[seat] >> c & 1)
                ok = [a.card for a in legal]
                if len(ok) < len(hand):
                    jokers = any(c in ("BJ", "LJ") for c in hand) or any(
                        c >= 52 for c in s.trick_cards
                    )
                    moments.append((jokers, hand, _cards(s.trick_cards), ok))
            s.apply(rng.choice(legal))
        if moments:
            break
    with_joker = [m for m in moments if m[0]]
    _, hand, trick, ok = rng.choice(with_joker if with_joker and rng.random() < 0.6 else moments)
    answer = rng.choice(ok)
    wrong = [c for c in hand if c not in ok]
    offered = [answer, *rng.sample(wrong, min(3, len(wrong)))]
    rng.shuffle(offered)
    trump = _trump_text(s)
    jokers_in_deck = variant == "bid4"
    if not jokers_in_deck:
        rule = Phrase.coded("whist.drill.follow.plain", "follow the suit led when you can")
    elif club and trump is not None:
        rule = Phrase.coded(
            "whist.drill.follow.club",
            "follow the suit led when you can; club rule: the jokers count as {suit} (trumps) "
            "for following, and a led joker is a trump lead",
            suit=SUIT_NAMES[trump],
        )
    else:
        rule = Phrase.coded(
            "whist.drill.follow.article",
            "follow the suit led when you can; the jokers have no suit: play one only when "
            "leading or when you hold no card of the suit led (trump led too), and after a "
            "led joker the next card sets the suit",
        )
    position = {"hand": hand, "trick": trick, "trump": trump, "jokers_follow_trump": club}
    return make(
        Phrase.coded(
            "whist.drill.legal_follow",
            "Contract: {contract}. The trick so far: {trick}. Your hand: {hand}. Which of "
            "these cards may you play?",
            contract=_contract_phrase(s, club),
            trick=" ".join(trick),
            hand=" ".join(hand),
        ),
        position,
        answer,
        Phrase.coded(
            "whist.drill.legal_follow.why",
            "RULE: {rule}. You may play: {ok}; so {card}.",
            rule=rule,
            ok=" ".join(ok),
            card=answer,
        ),
        Phrase.coded("whist.rule.follow", "Following suit, and the jokers"),
        "follow",
        assumptions=_club_assumption(club, s),
        learn_values={"v": variant},
        choices=tuple(offered),
        correct=offered.index(answer),
    )


# --- Bid Whist scores ---------------------------------------------------------------------
def _bid_score(rng, rules):
    """The declaring side's points for a Bid Whist deal (``bid_whist_points``)."""
    bid = rng.randint(3, 7)
    kind = rng.choice(("uptown", "downtown", "notrump"))
    need = books_needed(bid)
    books = max(1, min(13, need + rng.randint(-3, 3)))
    points = bid_whist_points(bid, kind, books)
    made = books >= need
    base = books - 6 if made else -bid
    if made:
        how = Phrase.coded(
            "whist.drill.bid_score.made",
            "made: 1 point per book over 6, {books} − 6 = {base}",
            books=books,
            base=base,
        )
    else:
        how = Phrase.coded(
            "whist.drill.bid_score.set", "set: the side loses its bid, {base}", base=base
        )
    if kind == "notrump":
        how = Phrase.coded(
            "whist.drill.bid_score.double",
            "{how}; no trump doubles it: {base} × 2 = {points}",
            how=how,
            base=base,
            points=points,
        )
    return make(
        Phrase.coded(
            "whist.drill.bid_score",
            "Your side bid {bid} {kind} and took {books} books (the kitty book included). "
            "How many points does it score? (negative when set)",
            bid=bid,
            kind=KIND_WORDS[kind],
            books=books,
        ),
        {"bid": bid, "kind": kind, "books": books},
        points,
        Phrase.coded(
            "whist.drill.bid_score.why",
            "RULE: a bid of {bid} needs 6 + {bid} = {need} books. {books} books → {how}.",
            bid=bid,
            need=need,
            books=books,
            how=how,
        ),
        Phrase.coded("whist.rule.bid_score", "Bid Whist scoring"),
        "scoring",
        learn_values={"v": "bid4"},
    )


def _contract_made(rng, rules):
    """Whether the contract was made: the tricks taken in play plus the kitty book against
    6 + the bid (``books_needed``)."""
    bid = rng.randint(3, 7)
    need = books_needed(bid)
    tricks = max(0, min(12, need - 1 + rng.randint(-2, 1)))
    books = tricks + 1  # the discard is the declaring side's first book
    made = books >= need
    answer = "made" if made else "set"
    words = (
        Phrase.coded("whist.drill.contract_made.made", "made"),
        Phrase.coded("whist.drill.contract_made.set", "set"),
    )
    return make(
        Phrase.coded(
            "whist.drill.contract_made",
            "Your side bid {bid} and won {tricks} of the 12 tricks in play. Is the contract "
            "made or set?",
            bid=bid,
            tricks=tricks,
        ),
        {"bid": bid, "tricks": tricks},
        answer,
        Phrase.coded(
            "whist.drill.contract_made.why",
            "RULE: the contract needs 6 + {bid} = {need} books, and the kitty discard is the "
            "first book: {tricks} + 1 = {books} books → {result}.",
            bid=bid,
            need=need,
            tricks=tricks,
            books=books,
            result=words[0 if made else 1],
        ),
        Phrase.coded("whist.rule.contract", "Making the contract"),
        "scoring",
        learn_values={"v": "bid4"},
        choices=("made", "set"),
        correct=0 if made else 1,
        choice_words=words,
    )


# --- a Whist deal's score -----------------------------------------------------------------
def _whist_deal(rng, rules, side: int, holder: int, honours: int, before: int):
    """A four-player Whist deal played at random by the state: ``holder`` (of ``side``)
    dealt ``honours`` of the trump A K Q J, its partner none; the side at ``before``."""
    from engine.whist.game import GAME

    s = GAME.new_initial_state(
        4,
        variant="whist4",
        first_dealer=0,
        whist_target=rules.whist_target,
        honours_after_tricks=rules.honours_after_tricks,
        tricks_before_honours=rules.tricks_before_honours,
    )
    trump = rng.choice(SUITS)
    honour_cards = [r + trump for r in _HONOURS]
    rng.shuffle(honour_cards)
    turn = rng.choice(RANKS[:9]) + trump  # the dealer's last card: 2-10, never an honour
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[0].append(turn)
    hands[holder] += honour_cards[:honours]
    opponents = [p for p in range(4) if p % 2 != side]
    for c in honour_cards[honours:]:
        hands[rng.choice([p for p in opponents if len(hands[p]) < 13])].append(c)
    rest = [t for t in CARD_TEXT[:52] if t != turn and t not in honour_cards]
    rng.shuffle(rest)
    for p in range(4):
        while len(hands[p]) < 13:
            hands[p].append(rest.pop())
    s.scores[side] = before
    s.apply(Deal(tuple(tuple(h) for h in hands), turn=turn))
    while s.phase_name == "play":
        s.apply(rng.choice(s.legal_actions()))
    return s


def _whist_score(rng, rules):
    """A side's points for a Whist deal (tricks over 6, then honours): the game state
    scores a real deal."""
    target = rules.whist_target
    side = rng.randint(0, 1)
    holder = side + 2 * rng.randint(0, 1)
    honours = rng.choice((0, 1, 2, 3, 3, 4, 4, 4))
    before = rng.randint(0, target - 1)
    while True:
        s = _whist_deal(rng, rules, side, holder, honours, before)
        log = s.deal_log[-1]
        tricks = log["books"][side]
        # the other side (at 0) must not end the game on its tricks: its win would stop
        # the honours, and the position does not hold its score
        if whist_points(13 - tricks) < target:
            break
    points = log["points"][side]
    trick_points = whist_points(tricks)
    bar = before + trick_points if rules.honours_after_tricks else before
    reached = before + trick_points >= target
    if reached and rules.tricks_before_honours:
        why_honours = Phrase.coded(
            "whist.drill.whist_score.won",
            "the tricks bring the side to {total}, the target {target}: the game is won "
            "before honours count",
            total=before + trick_points,
            target=target,
        )
    elif bar >= 4:
        why_honours = Phrase.coded(
            "whist.drill.whist_score.bar",
            "the side already has {bar} points (4 or more): no honours",
            bar=bar,
        )
    else:
        why_honours = Phrase.coded(
            "whist.drill.whist_score.honours",
            "{honours} honours in one hand score {points} (4 → 4, 3 → 2, fewer → 0)",
            honours=honours,
            points=honours_points(honours, bar),
        )
    # the [A] values of Whist scoring: the target always (the question states it), the
    # order of tricks and honours when the tricks reach it, the honours bar when this
    # deal's tricks lift the side to 4 or more with honours to score
    assumptions = [Assumption("whist_target", _target_words(target))]
    if reached and honours_points(honours, bar) > 0:
        assumptions.append(
            Assumption("tricks_before_honours", _order_words(rules.tricks_before_honours))
        )
    counted = not (reached and rules.tricks_before_honours)
    if counted and honours_points(honours, before) != honours_points(
        honours, before + trick_points
    ):
        assumptions.append(
            Assumption("honours_after_tricks", _bar_words(rules.honours_after_tricks))
        )
    return make(
        Phrase.coded(
            "whist.drill.whist_score.target",
            "Whist to {target} points: your side had {before} points before this deal and "
            "took {tricks} tricks. One of you was dealt {honours} of the trump honours (A K "
            "Q J), the partner none. How many points does your side score for the deal?",
            target=target,
            before=before,
            tricks=tricks,
            honours=honours,
        ),
        {"tricks": tricks, "honours": honours, "score_before": before, "target": target},
        points,
        Phrase.coded(
            "whist.drill.whist_score.why",
            "RULE: 1 point per trick over 6, then honours. Tricks: {tricks} − 6 → {trick_points}; "
            "honours: {why_honours}. Total {points}.",
            tricks=tricks,
            trick_points=trick_points,
            why_honours=why_honours,
            points=points,
        ),
        Phrase.coded("whist.rule.whist_score", "Whist scoring and honours"),
        "scoring",
        assumptions=assumptions,
        learn_values={"v": "whist4"},
    )


def _target_words(target: int) -> Phrase:
    return Phrase.coded(
        "whist.assume.target",
        "the first side to reach {target} points wins (the article does not give the target)",
        target=target,
    )


def _order_words(tricks_first: bool) -> Phrase:
    if tricks_first:
        return Phrase.coded(
            "whist.assume.tricks_first",
            "tricks are scored before honours: a side that reaches the target on tricks wins "
            "at once and no honours of that deal count (the article says only that honours "
            "are not scored at 4 points or more)",
        )
    return Phrase.coded(
        "whist.assume.honours_too",
        "a deal's honours are added to its tricks even when the tricks reach the target",
    )


def _bar_words(after_tricks: bool) -> Phrase:
    if after_tricks:
        return Phrase.coded(
            "whist.assume.bar_after",
            "the 4-point bar for honours counts this deal's tricks too",
        )
    return Phrase.coded(
        "whist.assume.bar_before",
        "the 4-point bar for honours is the side's score before this deal",
    )


# --- two players --------------------------------------------------------------------------
def _two_player_score(rng, rules):
    """A player's points for a two-player Whist deal, High or Low
    (``two_player_whist_points``)."""
    game = rng.choice(("high", "low"))
    t0 = rng.randint(2, 11)
    tricks = [t0, 13 - t0]
    declarer = rng.randint(0, 1) if game == "high" else None
    seat = rng.randint(0, 1)
    points = two_player_whist_points(game, tricks, declarer)[seat]
    if game == "low":
        rule = Phrase.coded(
            "whist.drill.two_player.low",
            "Low game: a player with fewer than 7 tricks scores 7 − tricks, else nothing",
        )
        prompt = Phrase.coded(
            "whist.drill.two_player_score.low",
            "Two-player Whist, a Low game: {seat0} took {t0} tricks, {seat1} took {t1}. "
            "How many points does {seat} score?",
            seat0=Seat(0),
            t0=tricks[0],
            seat1=Seat(1),
            t1=tricks[1],
            seat=Seat(seat),
        )
    else:
        assert declarer is not None  # a High game has a declarer
        rule = Phrase.coded(
            "whist.drill.two_player.high",
            "High game: the declarer scores 1 per trick over 6 when taking more than 6; "
            "otherwise the other player scores 2 per trick over 6",
        )
        prompt = Phrase.coded(
            "whist.drill.two_player_score.high",
            "Two-player Whist, a High game declared by {declarer}. {seat0} took {t0} tricks, "
            "{seat1} took {t1}. How many points does {seat} score?",
            declarer=Seat(declarer),
            seat0=Seat(0),
            t0=tricks[0],
            seat1=Seat(1),
            t1=tricks[1],
            seat=Seat(seat),
        )
    return make(
        prompt,
        {"game": game, "tricks": tricks, "declarer": declarer, "seat": seat},
        points,
        Phrase.coded(
            "whist.drill.two_player_score.why",
            "RULE: {rule}. {seat} took {tricks} → {points}.",
            rule=rule,
            seat=Seat(seat),
            tricks=tricks[seat],
            points=points,
        ),
        Phrase.coded("whist.rule.two_player", "Two-player Whist: High and Low"),
        "scoring",
        learn_values={"v": "whist2"},
    )


KINDS = {
    "trick_winner": _trick_winner,
    "legal_follow": _legal_follow,
    "bid_score": _bid_score,
    "contract_made": _contract_made,
    "whist_score": _whist_score,
    "two_player_score": _two_player_score,
}
