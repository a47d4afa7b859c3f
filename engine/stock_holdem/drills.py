"""Stock Hold'em's drills (see :mod:`engine.practice`): each answered by the game's own rule
code — :func:`engine.stock_holdem.pricing.price` and its exact distribution, the state's
preparation phase and final settlement.

Kinds (``position`` fields → answer):

- ``price``: ``cards`` (5 texts), ``stock_up`` (bool) → the price (int);
- ``hands``: ``cards`` → ``[symbol hand, number hand]`` (English names), 4 choices;
- ``range``: ``slots`` (5 texts; backs ``'7?'``/``'?A'`` are face down), ``stock_up``,
  ``parity`` (the card-back rule) → ``[lowest, highest]`` price, 4 choices;
- ``start_player``: ``chips`` per seat, ``previous`` start seat, ``gain``, ``limit`` → the
  seat (int), one choice per seat;
- ``net_worth``: ``money``, ``chips``, ``shares`` (company → count), ``prices`` → dollars;
- ``turn``: ``money``, ``chips``, ``prices``, ``shares``, ``sell`` / ``buy`` (a company or
  ``None``), ``limit`` → dollars after the sell and buy steps.

>>> from engine.practice import drill
>>> d = drill("stock_holdem", "price", seed=0)
>>> d.kind, sorted(d.position), d.is_right(d.answer)
('stock_holdem.price', ['cards', 'stock_up'], True)
>>> from engine.stock_holdem.pricing import price
>>> price(d.position["cards"], stock_up=d.position["stock_up"]).price == d.answer
True
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, product

from engine.core.errors import Phrase, Seat
from engine.practice import Assumption, make
from engine.stock_holdem.cards import (
    BEAR,
    BULL,
    COMPANIES,
    NUMBER,
    SYMBOL,
    SYMBOLS,
    back_text,
    card_text,
    parse_card,
)
from engine.stock_holdem.distribution import price_distribution
from engine.stock_holdem.pricing import (
    BEAR_FIVE,
    MAX_PRICE,
    MIN_PRICE,
    NUMBER_HANDS,
    SYMBOL_HANDS,
    _fold,
    number_hand,
    price,
    variant_of,
)

# --- drawing positions --------------------------------------------------------------------


def _regular(symbol: int, number: int) -> int:
    return symbol * 10 + number - 1


def _five(rng) -> list[int]:
    """Five distinct cards, often shaped toward a hand (a flush, equal numbers, a run, all
    four symbols) so that every bonus comes up, sometimes with Bull or Bear."""
    style = rng.randrange(6)
    cards: list[int] = []

    def add(c: int) -> None:
        if c not in cards and len(cards) < 5:
            cards.append(c)

    if style == 1:  # mostly one symbol
        s = rng.randrange(4)
        for n in rng.sample(range(1, 11), rng.choice((4, 5))):
            add(_regular(s, n))
    elif style == 2:  # equal numbers
        n = rng.randint(1, 10)
        for s in rng.sample(range(4), rng.choice((2, 3, 4))):
            add(_regular(s, n))
        if rng.random() < 0.5:  # a second number: full house or two pairs
            m = rng.choice([x for x in range(1, 11) if x != n])
            for s in rng.sample(range(4), 2):
                add(_regular(s, m))
    elif style == 3:  # a run
        length = rng.choice((4, 5))
        low = rng.randint(1, 11 - length)
        for n in range(low, low + length):
            add(_regular(rng.randrange(4), n))
    elif style == 4:  # every symbol
        for s in range(4):
            add(_regular(s, rng.randint(1, 10)))
    if rng.random() < 0.3:
        add(rng.choice((BULL, BEAR)))
    while len(cards) < 5:
        add(rng.randrange(42))
    rng.shuffle(cards)
    return cards


def _texts(cards) -> list[str]:
    return [card_text(c) for c in cards]


def _sums(cards) -> dict[str, int]:
    sums, _mask, _bull, _nums = _fold(cards)
    return dict(zip(SYMBOLS, sums))


# --- the [A] values of the price rule ----------------------------------------------------

#: the number-hand fields RULES.md §1 marks [A], each with its other value
_HAND_FIELDS = ("bull_counts_as_ten", "straights_wrap", "bear_with_four_of_a_number")


def _other(rules, name: str):
    """``rules`` with the [A] field ``name`` set to its other value."""
    value = getattr(rules, name)
    other: str | bool
    if name == "bear_with_four_of_a_number":
        other = "five of a kind" if value == "four of a kind" else "four of a kind"
    else:
        other = not value
    return replace(rules, **{name: other})


def _hand_assumptions(rules, answer_of) -> list[Assumption]:
    """The number-hand [A] values this answer rests on: each field whose other value
    would change ``answer_of(rules)`` (the drill answered under a ruleset), worded."""
    base = answer_of(rules)
    return [
        Assumption(name, _hand_words(name, getattr(rules, name)))
        for name in _HAND_FIELDS
        if answer_of(_other(rules, name)) != base
    ]


def _hand_words(name: str, value) -> Phrase:
    if name == "bull_counts_as_ten":
        if value:
            return Phrase.coded(
                "stock_holdem.assume.bull_ten",
                "the Bull also counts as the number 10 in number hands (the article only says "
                "it adds 10 to the best symbol)",
            )
        return Phrase.coded(
            "stock_holdem.assume.bull_apart",
            "the Bull takes no part in number hands (it only adds 10 to the best symbol)",
        )
    if name == "straights_wrap":
        if value:
            return Phrase.coded(
                "stock_holdem.assume.wrap", "straights may run past 10 back to 1 (9 10 1 2)"
            )
        return Phrase.coded(
            "stock_holdem.assume.no_wrap", "straights run 1 to 10 and never past 10 back to 1"
        )
    if value == "five of a kind":
        return Phrase.coded(
            "stock_holdem.assume.bear_five",
            "Bear with four cards of one number makes five of a kind",
        )
    return Phrase.coded(
        "stock_holdem.assume.bear_four",
        "Bear with four cards of one number makes four of a kind (five of a kind needs five "
        "equal numbers)",
    )


def _contained_number_hands(cards, rules) -> set[int]:
    """Every number hand (index in :data:`NUMBER_HANDS`) some of ``cards`` make, the best
    one included: a large straight also holds a small straight, a full house three of a
    kind. A choice naming one of them is not wrong, so it is never offered as wrong."""
    variant = variant_of(rules)
    _sums, _mask, _bull, nums = _fold(cards)
    best = number_hand(tuple(sorted(nums)), variant)
    made = {best}
    for k in range(1, len(nums)):
        for keep in combinations(range(len(nums)), k):
            # the other cards as blanks (no number, like Bear), never read as Bear's five
            part = tuple(sorted(nums[i] if i in keep else 0 for i in range(len(nums))))
            made.add(number_hand(part, variant & ~BEAR_FIVE))
    made.discard(0)  # "none" is true only when no hand is made
    return made or {0}


# --- the kinds ----------------------------------------------------------------------------


def _price(rng, rules):
    """The price of five cards (RULES §1, the price of a company)."""
    cards = _five(rng)
    stock_up = rng.random() < 0.25
    b = price(cards, stock_up=int(stock_up), rules=rules)
    s = _sums(cards)
    return make(
        Phrase.coded(
            "stock_holdem.drill.price",
            "A company's five cards are {cards}{chip}. What is its new price?",
            cards=" ".join(_texts(cards)),
            chip=_chip_phrase(stock_up),
        ),
        {"cards": _texts(cards), "stock_up": stock_up},
        b.price,
        Phrase.coded(
            "stock_holdem.drill.price.why",
            "RULE: price = base + stock-up chip + symbol hand + number hand, kept within "
            "{low}–{high}. Symbol sums A {a}, F {f}, S {s}, W {w}: base = the largest sum, "
            "+10 per Bull = {base}. {base} + {bonus} + {symbol_hand} {symbol_bonus} + "
            "{number_hand} {number_bonus} = {total} → price {price}.",
            low=MIN_PRICE,
            high=MAX_PRICE,
            a=s["A"],
            f=s["F"],
            s=s["S"],
            w=s["W"],
            base=b.base,
            bonus=b.stock_up_bonus,
            symbol_hand=b.symbol_hand,
            symbol_bonus=b.symbol_bonus,
            number_hand=b.number_hand,
            number_bonus=b.number_bonus,
            total=b.total,
            price=b.price,
        ),
        Phrase.coded("stock_holdem.rule.price", "The price of a company"),
        "price",
        assumptions=_hand_assumptions(
            rules, lambda r: price(cards, stock_up=int(stock_up), rules=r).price
        ),
    )


def _chip_phrase(stock_up: bool) -> Phrase:
    if stock_up:
        return Phrase.coded("stock_holdem.drill.with_chip", ", with a stock-up chip")
    return Phrase.coded("stock_holdem.drill.no_chip", ", no stock-up chip")


_SYMBOL_NAMES = [name for name, _bonus in SYMBOL_HANDS]
_NUMBER_NAMES = [name for name, _bonus in NUMBER_HANDS]


def _hands(rng, rules):
    """Which symbol hand and which number hand five cards make."""
    cards = _five(rng)
    b = price(cards, rules=rules)
    right = (str(b.symbol_hand), str(b.number_hand))
    # a pair is also true when its number hand is one the cards make beside the best
    # (a large straight holds a small one): never offered as a wrong choice
    also = {str(_NUMBER_NAMES[i]) for i in _contained_number_hands(cards, rules)}
    pairs = [
        (s, n)
        for s in map(str, _SYMBOL_NAMES)
        for n in map(str, _NUMBER_NAMES)
        if (s, n) != right and not (s == right[0] and n in also)
    ]
    # wrong pairs: most share one hand with the right one (the tempting mistakes)
    near = [p for p in pairs if p[0] == right[0] or p[1] == right[1]]
    far = [p for p in pairs if p not in near]
    wrong = rng.sample(near, min(2, len(near)))
    wrong += rng.sample(far, 3 - len(wrong))
    choices = [right, *wrong]
    rng.shuffle(choices)
    correct = choices.index(right)
    words = {str(w): w for w in (*_SYMBOL_NAMES, *_NUMBER_NAMES)}
    return make(
        Phrase.coded(
            "stock_holdem.drill.hands",
            "A company's five cards are {cards}. Which symbol hand and which number hand "
            "do they make?",
            cards=" ".join(_texts(cards)),
        ),
        {"cards": _texts(cards)},
        list(right),
        Phrase.coded(
            "stock_holdem.drill.hands.why",
            "RULE: symbol hands look at the symbols of the regular cards only (flush: all "
            "one symbol; four symbols: all four appear); number hands use the numbers, Bull "
            "counting as 10 and Bear ignored, and only the best one counts. {cards}: "
            "{symbol_hand} (+{symbol_bonus}), {number_hand} (+{number_bonus}).",
            cards=" ".join(_texts(cards)),
            symbol_hand=b.symbol_hand,
            symbol_bonus=b.symbol_bonus,
            number_hand=b.number_hand,
            number_bonus=b.number_bonus,
        ),
        Phrase.coded("stock_holdem.rule.hands", "Symbol hands and number hands"),
        "price",
        assumptions=_hand_assumptions(rules, lambda r: str(price(cards, rules=r).number_hand)),
        choices=[list(c) for c in choices],
        correct=correct,
        choice_words=[
            Phrase.coded(
                "stock_holdem.drill.hands.choice",
                "symbol hand: {symbol}; number hand: {number}",
                symbol=words[s],
                number=words[n],
            )
            for s, n in choices
        ],
    )


def _range(rng, rules):
    """The lowest and highest price a company can get with k cards still face down."""
    parity = rules.card_back_parity
    cards = _five(rng)
    k = rng.choice((1, 1, 2, 2, 3))
    # Bear's back is unique (it is known face down too): hide other cards
    hidden = set(rng.sample([i for i, c in enumerate(cards) if c != BEAR], k))
    slots = [back_text(c, parity) if i in hidden else card_text(c) for i, c in enumerate(cards)]
    stock_up = rng.random() < 0.25
    d = price_distribution(slots, stock_up=int(stock_up), rules=rules)
    low, high = min(d.probabilities), max(d.probabilities)
    right = (low, high)
    # the article alone says only that a back shows a number or a symbol: the range under
    # that reading is never offered as a wrong choice
    literal = _literal_range(slots, stock_up, rules)
    wrong: list[tuple[int, int]] = []
    tries = [
        (low + 1, high),
        (low, high - 1),
        (low - 1, high + 1),
        (low + 2, high + 3),
        (low - 3, high - 2),
        (low, high + rng.randint(2, 6)),
        (low - rng.randint(2, 6), high),
        (low + rng.randint(1, 5), high + rng.randint(1, 5)),
        (low - rng.randint(1, 5), high - rng.randint(1, 5)),
        (high, high),
        (low, low),
    ]
    rng.shuffle(tries)
    for lo, hi in tries:
        lo, hi = max(MIN_PRICE, lo), min(MAX_PRICE, hi)
        if lo <= hi and (lo, hi) not in (right, literal) and (lo, hi) not in wrong:
            wrong.append((lo, hi))
        if len(wrong) == 3:
            break
    choices = [right, *wrong]
    rng.shuffle(choices)
    return make(
        Phrase.coded(
            "stock_holdem.drill.range",
            "A company holds {slots}{chip}. The cards written as backs are face down: “7?” "
            "shows the number 7, “?A” the symbol A. What are the lowest and the highest "
            "price it can get?",
            slots=" ".join(slots),
            chip=_chip_phrase(stock_up),
        ),
        {"slots": slots, "stock_up": stock_up, "parity": parity},
        list(right),
        Phrase.coded(
            "stock_holdem.drill.range.why",
            "RULE: a face-down card can be any card that is not face up here and whose back "
            "matches ({backs}). Every way to fill the face-down cards ({outcomes} ways) gives "
            "a price from {low} to {high}.",
            backs=_backs_phrase(parity),
            outcomes=d.outcomes,
            low=low,
            high=high,
        ),
        Phrase.coded("stock_holdem.rule.range", "The price with cards face down"),
        "components",
        assumptions=[
            Assumption("card_back_parity", _backs_phrase(parity)),
            *_hand_assumptions(
                rules,
                lambda r: _bounds(price_distribution(slots, stock_up=int(stock_up), rules=r)),
            ),
        ],
        choices=[list(c) for c in choices],
        correct=choices.index(right),
        choice_words=[
            Phrase.coded("stock_holdem.drill.range.choice", "{low} to {high}", low=lo, high=hi)
            for lo, hi in choices
        ],
    )


def _bounds(d) -> tuple[int, int]:
    return min(d.probabilities), max(d.probabilities)


def _literal_range(slots, stock_up: bool, rules) -> tuple[int, int]:
    """The lowest and highest price if a back showing a number could be any card of that
    number (Bull for 10) and one showing a symbol any card of that symbol, not face up
    here: the article's words without the [A] card-back rule."""
    known = [parse_card(t) for t in slots if "?" not in t]
    options = []
    for t in slots:
        if "?" not in t:
            continue
        if t.startswith("?"):
            fits = [c for c in range(40) if SYMBOL[c] == SYMBOLS.index(t[1:])]
        else:
            n = int(t[:-1])
            fits = [c for c in range(40) if NUMBER[c] == n] + ([BULL] if n == 10 else [])
        options.append([c for c in fits if c not in known])
    prices = {
        price([*known, *fill], stock_up=int(stock_up), rules=rules).price
        for fill in product(*options)
        if len(set(fill)) == len(fill)
    }
    return min(prices), max(prices)


def _backs_phrase(parity: str) -> Phrase:
    if parity == "even":
        return Phrase.coded(
            "stock_holdem.drill.backs_even",
            "a regular card shows its number when its number plus its symbol's index "
            "(A 0, F 1, S 2, W 3) is even, else its symbol; Bull shows 10",
        )
    return Phrase.coded(
        "stock_holdem.drill.backs_odd",
        "a regular card shows its number when its number plus its symbol's index "
        "(A 0, F 1, S 2, W 3) is odd, else its symbol; Bull shows 10",
    )


def _start_player(rng, rules):
    """Who starts round 2: the preparation phase, driven through a real state."""
    from engine.stock_holdem.game import GAME

    n = rng.randint(3, 6)
    limit = rules.chip_limit
    chips = [rng.randint(max(0, limit - 6), limit) for _ in range(n)]
    if rng.random() < 0.7:  # make a tie likely: the tie-break is the rule to learn
        a, b = rng.sample(range(n), 2)
        chips[b] = chips[a]
    previous = rng.randrange(n)
    state = GAME.new_initial_state(n, rules)
    state.chips = list(chips)
    state.start = previous
    deck = list(range(42))
    rng.shuffle(deck)
    state.board = [deck[5 * co : 5 * co + 5] for co in range(6)]
    state._price_phase()  # round 1 ends: the preparation phase picks the start player
    seat = state.start
    after = state.chips
    return make(
        Phrase.coded(
            "stock_holdem.drill.start_player",
            "Round 1 ends. The challenge chips per player (from {first}) are {chips}, and "
            "{previous} was the start player. Who is the start player of round 2?",
            first=Seat(0),
            chips=", ".join(map(str, chips)),
            previous=Seat(previous),
        ),
        {"chips": chips, "previous": previous, "gain": rules.preparation_chips, "limit": limit},
        seat,
        Phrase.coded(
            "stock_holdem.drill.start_player.why",
            "RULE: in the preparation every player first gains {gain} chips (at most {limit}; "
            "each chip over it pays $1): {after}. The fewest chips ({low}) start; on a tie, the "
            "tied player nearest clockwise after the previous start player {previous}, who "
            "is left out of the tie → {seat}.",
            gain=rules.preparation_chips,
            limit=limit,
            after=", ".join(map(str, after)),
            low=min(after),
            previous=Seat(previous),
            seat=Seat(seat),
        ),
        Phrase.coded("stock_holdem.rule.start_player", "The new start player"),
        "preparation",
        choices=list(range(n)),
        correct=seat,
        choice_words=[
            Phrase.coded("stock_holdem.drill.seat", "{seat}", seat=Seat(p)) for p in range(n)
        ],
    )


def _net_worth(rng, rules):
    """A player's money after the final settlement, from a real state's settlement."""
    from engine.stock_holdem.game import GAME

    state = GAME.new_initial_state(3, rules)
    prices = [rng.randint(MIN_PRICE, MAX_PRICE) for _ in range(6)]
    money = rng.randint(0, 120)
    chips = rng.randint(0, rules.chip_limit)
    owned = rng.sample(range(6), rng.randint(1, 3))
    shares = {COMPANIES[co]: rng.randint(1, 4) for co in sorted(owned)}
    state.prices = list(prices)
    state.money[0] = money
    state.chips[0] = chips
    state.shares[0] = [shares.get(name, 0) for name in COMPANIES]
    answer = state.net_worth()[0]
    working = " + ".join(
        [f"${money}"]
        + [f"{n}×{prices[COMPANIES.index(name)]}" for name, n in shares.items()]
        + [str(chips)]
    )
    return make(
        Phrase.coded(
            "stock_holdem.drill.net_worth",
            "The game is over. Final prices: {prices}. You hold ${money}, {chips} challenge "
            "chips and shares {shares}. How much money do you have after the final "
            "settlement?",
            prices=", ".join(f"{name} {p}" for name, p in zip(COMPANIES, prices)),
            money=money,
            chips=chips,
            shares=", ".join(f"{name}×{n}" for name, n in shares.items()),
        ),
        {
            "money": money,
            "chips": chips,
            "shares": shares,
            "prices": dict(zip(COMPANIES, prices)),
        },
        answer,
        Phrase.coded(
            "stock_holdem.drill.net_worth.why",
            "RULE: in the final settlement every share is paid at its company's final price "
            "and every chip left is worth $1: {working} = ${answer}.",
            working=working,
            answer=answer,
        ),
        Phrase.coded("stock_holdem.rule.settlement", "The final settlement"),
        "settlement",
    )


def _turn(rng, rules):
    """Your money after the sell and buy steps of a first trading turn (a sale pays the
    price, a purchase costs it, each step passed gives a chip, chips over the limit pay
    $1): played through a real state."""
    from engine.stock_holdem.game import GAME

    state = GAME.new_initial_state(3, rules)
    state.apply(state.sample_chance(rng))  # the deal; seat 0 starts its first turn
    prices = [rng.randint(MIN_PRICE, MAX_PRICE) for _ in range(6)]
    limit = rules.chip_limit
    chips = rng.randint(max(0, limit - 3), limit)
    money = rng.randint(10, 80)
    owned = rng.randrange(6)
    state.prices = list(prices)
    state.chips[0] = chips
    state.money[0] = money
    state.shares[0][owned] = 1
    sell = COMPANIES[owned] if rng.random() < 0.5 else None
    state.apply(f"sell {sell}" if sell else "no sell")
    affordable = [co for co in range(6) if state.prices[co] <= state.money[0]]
    buy = COMPANIES[rng.choice(affordable)] if affordable and rng.random() < 0.5 else None
    buy_price = state.prices[COMPANIES.index(buy)] if buy else 0
    state.apply(f"buy {buy}" if buy else "no buy")
    answer = state.money[0]
    passed = (sell is None) + (buy is None)
    paid = max(0, chips + passed - limit)
    if sell:
        sell_words = Phrase.coded("stock_holdem.drill.turn.sell", "sell {company}", company=sell)
    else:
        sell_words = Phrase.coded("stock_holdem.drill.turn.no_sell", "do not sell")
    if buy:
        buy_words = Phrase.coded("stock_holdem.drill.turn.buy", "buy {company}", company=buy)
    else:
        buy_words = Phrase.coded("stock_holdem.drill.turn.no_buy", "do not buy")
    return make(
        Phrase.coded(
            "stock_holdem.drill.turn",
            "Prices: {prices}. In your first turn of the round you hold ${money}, {chips} "
            "challenge chips and one share of {owned}. You {sell} and then {buy}. How much "
            "money do you have now?",
            prices=", ".join(f"{name} {p}" for name, p in zip(COMPANIES, prices)),
            money=money,
            chips=chips,
            owned=COMPANIES[owned],
            sell=sell_words,
            buy=buy_words,
        ),
        {
            "money": money,
            "chips": chips,
            "prices": dict(zip(COMPANIES, prices)),
            "shares": {COMPANIES[owned]: 1},
            "sell": sell,
            "buy": buy,
            "limit": limit,
        },
        answer,
        Phrase.coded(
            "stock_holdem.drill.turn.why",
            "RULE: a sale pays the current price (then the price drops by 1), a purchase "
            "costs the current price (then it rises by 1), and each step you pass gives 1 "
            "challenge chip; a player holds at most {limit} chips and each chip over it pays "
            "$1. ${money} + {sold} (sale) − {bought} (purchase) + {paid} (chips over the limit) "
            "= ${answer}.",
            limit=limit,
            money=money,
            sold=prices[owned] if sell else 0,
            bought=buy_price,
            paid=paid,
            answer=answer,
        ),
        Phrase.coded("stock_holdem.rule.turn", "Selling, buying and the chip limit"),
        "trading",
    )


KINDS = {
    "price": _price,
    "hands": _hands,
    "range": _range,
    "start_player": _start_player,
    "net_worth": _net_worth,
    "turn": _turn,
}
