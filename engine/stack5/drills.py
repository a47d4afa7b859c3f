"""Stack 5's drills (see :mod:`engine.practice`): each answered by the game's own rule code —
the state machine (draws, busts, bombs), the placement rule (:func:`legal_placements`),
row scoring (:meth:`DeckSpec.points`) and the exact bust odds (:func:`draw_odds`).

Kinds (``position`` fields → answer):

- ``can_place``: ``row`` (bottom to top), ``card`` → ``"yes"`` / ``"no"``;
- ``after_draw``: ``drawn`` (this turn), ``card`` (the next one) → ``"bust"``, ``"safe"``
  or ``"jokers"`` (the second Joker);
- ``row_score``: ``row`` (5 cards) → points 1-3, choices ``(1, 2, 3)``;
- ``bust_next``: ``drawn``, ``unseen`` (card → count) → ``"num/den"``, choices 4 brackets
  ``[low, high]`` (tenths; low included, high excluded except 1);
- ``bomb``: ``rows`` (per player, per row), ``bomb`` (``NB``/``CB``), ``turned`` → the
  number of cards discarded from the rows;
- ``steal``: ``rows``, ``you`` (0) → the card a Steal may take, 4 card choices.

>>> from engine.practice import drill
>>> d = drill("stack5", "bust_next", seed=0)
>>> d.kind, sorted(d.position), d.is_right(d.correct)
('stack5.bust_next', ['drawn', 'unseen'], True)
>>> from engine.stack5 import draw_odds
>>> str(draw_odds(d.position["drawn"], d.position["unseen"]).bust) == d.answer
True
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from engine.core.errors import EngineError, Phrase
from engine.practice import Assumption, make
from engine.stack5.actions import Place
from engine.stack5.cards import COLOUR_NAMES, ROW_LENGTH, SPECIAL_NAMES, deck_spec
from engine.stack5.odds import draw_odds, unseen_cards
from engine.stack5.placing import legal_placements
from engine.stack5.position import setup_position
from engine.stack5.state import P_GIVE

# --- drawing positions --------------------------------------------------------------------


def _number_card(rng, spec, number: int | None = None, colour: int | None = None) -> int:
    nums, cols = spec.rules.numbers, len(spec.rules.colours)
    n = number if number is not None else rng.randint(1, nums)
    c = colour if colour is not None else rng.randrange(cols)
    return c * nums + n - 1


def _row(rng, spec, length: int) -> list[int]:
    """A viable row of ``length`` cards (a full row makes a combination), shaped toward
    one combination, with at most ``copies`` of a card and sometimes a Joker."""
    nums, cols = spec.rules.numbers, len(spec.rules.colours)
    while True:
        shape = rng.randrange(4)
        jokers = rng.choice((0, 0, 0, 1)) if length > 1 else 0
        k = length - jokers
        if shape == 0:  # colour run
            colour = rng.randrange(cols)
            cards = [_number_card(rng, spec, n, colour) for n in rng.sample(range(1, nums + 1), k)]
        elif shape == 1:  # same number
            n = rng.randint(1, nums)
            cards = [_number_card(rng, spec, n) for _ in range(k)]
        elif shape == 2:  # same colour
            colour = rng.randrange(cols)
            cards = [_number_card(rng, spec, None, colour) for _ in range(k)]
        else:  # all different
            cards = [_number_card(rng, spec, n) for n in rng.sample(range(1, nums + 1), k)]
        cards += [spec.JK] * jokers
        rng.shuffle(cards)
        if spec.viable(cards) and all(cards.count(c) <= spec.counts[c] for c in set(cards)):
            return cards


def _names(spec, cards) -> list[str]:
    return [spec.name(c) for c in cards]


def _drawn(rng, spec, most: int, joker: bool) -> list[int]:
    """Cards drawn so far this turn without a bust: distinct numbers, maybe a Joker."""
    k = rng.randint(1, most)
    cards = [_number_card(rng, spec, n) for n in rng.sample(range(1, spec.rules.numbers + 1), k)]
    if joker:
        cards.insert(rng.randrange(len(cards) + 1), spec.JK)
    return cards


# --- the kinds ----------------------------------------------------------------------------


def _can_place(rng, rules):
    """May this card go on this row (the row must stay able to make a combination)?"""
    spec = deck_spec(rules)
    row = _row(rng, spec, rng.randint(1, ROW_LENGTH - 1))
    if rng.random() < 0.08 and spec.counts[spec.JK]:
        card = spec.JK
    else:
        card = _number_card(rng, spec)
    row_t, card_t = _names(spec, row), spec.name(card)
    legal = legal_placements([row_t], card_t, rules)
    yes = Place(card_t, 1) in legal
    after = spec.outlook(row + [card]) if yes else []
    if yes:
        verdict = Phrase.coded(
            "stack5.drill.can_place.yes",
            "it can still make {combination}, so yes",
            combination=after[0][0],
        )
    else:
        verdict = Phrase.coded(
            "stack5.drill.can_place.no",
            "its numbers are neither all different nor all equal and its colours are not all "
            "equal, so no",
        )
    return make(
        Phrase.coded(
            "stack5.drill.can_place",
            "Your row is {row} (bottom to top). May you put {card} on it?",
            row=" ".join(row_t),
            card=card_t,
        ),
        {"row": row_t, "card": card_t},
        "yes" if yes else "no",
        Phrase.coded(
            "stack5.drill.can_place.why",
            "RULE: a card may go on a row only if the row can still make a combination: "
            "ignoring Jokers, all numbers different, or all numbers equal, or all colours "
            "equal. {row} + {card}: {verdict}.",
            row=" ".join(row_t),
            card=card_t,
            verdict=verdict,
        ),
        Phrase.coded("stack5.rule.placing", "Placing a card on a row"),
        "placing",
        choices=("yes", "no"),
        correct=0 if yes else 1,
        choice_words=(
            Phrase.coded("stack5.drill.answer_yes", "Yes"),
            Phrase.coded("stack5.drill.answer_no", "No"),
        ),
    )


_OUTCOMES = ("bust", "safe", "jokers")


def _after_draw(rng, rules):
    """Bust, safe, or both Jokers after the next card: played through a real state."""
    from engine.stack5.game import GAME

    spec = deck_spec(rules)
    jokers = spec.counts[spec.JK]
    joker = rng.random() < 0.3 and jokers > 0
    drawn = _drawn(rng, spec, 4, joker)
    numbers = {spec.number[c] for c in drawn if spec.is_number(c)}
    roll = rng.random()
    if joker and roll < 0.2 and jokers > 1:
        card = spec.JK
    elif roll < 0.6:  # a repeated number, in any colour
        card = _number_card(rng, spec, rng.choice(sorted(numbers)))
    elif len(numbers) < spec.rules.numbers:
        fresh = [n for n in range(1, spec.rules.numbers + 1) if n not in numbers]
        card = _number_card(rng, spec, rng.choice(fresh))
    else:
        card = spec.JK if jokers > joker else _number_card(rng, spec)
    state = GAME.new_initial_state(2, rules)
    for c in [*drawn, card]:
        if state.legal_actions() and "draw" in map(str, state.legal_actions()):
            state.apply("draw")  # past the minimum draws the player chooses to draw on
        state.apply(spec.name(c))
    if state.phase == P_GIVE:
        outcome = "bust"
    elif state.player != 0:  # the turn ended at once: the second Joker
        outcome = "jokers"
    else:
        outcome = "safe"
    drawn_t, card_t = _names(spec, drawn), spec.name(card)
    verdict = {
        "bust": Phrase.coded(
            "stack5.drill.after_draw.bust",
            "{card} repeats a number already drawn: bust",
            card=card_t,
        ),
        "safe": Phrase.coded(
            "stack5.drill.after_draw.safe",
            "{card} repeats no number drawn this turn: safe",
            card=card_t,
        ),
        "jokers": Phrase.coded(
            "stack5.drill.after_draw.jokers",
            "{card} is the second Joker: the turn ends and every card drawn is discarded",
            card=card_t,
        ),
    }[outcome]
    return make(
        Phrase.coded(
            "stack5.drill.after_draw",
            "This turn you have drawn {drawn}. The next card is {card}. What happens?",
            drawn=" ".join(drawn_t),
            card=card_t,
        ),
        {"drawn": drawn_t, "card": card_t},
        outcome,
        Phrase.coded(
            "stack5.drill.after_draw.why",
            "RULE: the moment a card shows a number already drawn this turn, the turn busts "
            "(colours do not matter); a Joker has no number, but drawing both Jokers in one "
            "turn discards the turn's cards. {verdict}.",
            verdict=verdict,
        ),
        Phrase.coded("stack5.rule.bust", "Busting"),
        "bust",
        choices=_OUTCOMES,
        correct=_OUTCOMES.index(outcome),
        choice_words=(
            Phrase.coded("stack5.drill.outcome_bust", "Bust: the cards go to another player"),
            Phrase.coded("stack5.drill.outcome_safe", "Safe: keep drawing or stop"),
            Phrase.coded(
                "stack5.drill.outcome_jokers", "Both Jokers: the turn's cards are discarded"
            ),
        ),
    )


def _row_score(rng, rules):
    """What a full row scores: its best combination (Jokers wild)."""
    spec = deck_spec(rules)
    row = _row(rng, spec, ROW_LENGTH)
    points = spec.points(row)
    best = spec.outlook(row)[0]
    row_t = _names(spec, row)
    return make(
        Phrase.coded(
            "stack5.drill.row_score",
            "Your row reaches five cards: {row}. How many points does it score?",
            row=" ".join(row_t),
        ),
        {"row": row_t},
        points,
        Phrase.coded(
            "stack5.drill.row_score.why",
            "RULE: a full row scores its best combination: colour run (all colours equal and "
            "all numbers different) 3, all numbers equal 2, all colours equal 2, all numbers "
            "different 1; a Joker takes whatever value helps most. {row}: {combination}, "
            "{points}.",
            row=" ".join(row_t),
            combination=best[0],
            points=points,
        ),
        Phrase.coded("stack5.rule.scoring", "Scoring a row"),
        "scoring",
        choices=(1, 2, 3),
        correct=points - 1,
        choice_words=(
            Phrase.coded("stack5.drill.points_1", "1 point"),
            Phrase.coded("stack5.drill.points_2", "2 points"),
            Phrase.coded("stack5.drill.points_3", "3 points"),
        ),
    )


#: the brackets offered for a probability: tenths, lower end included (the last one
#: includes 1 too)
_TENTHS = [Fraction(i, 10) for i in range(11)]


def _bracket(p: Fraction) -> int:
    return min(int(p * 10), 9)


def _bust_next(rng, rules):
    """The exact chance that the next card drawn busts (a Draw 3 through its three cards;
    a second Joker ends the turn without a bust)."""
    spec = deck_spec(rules)
    drawn = _drawn(rng, spec, 4, rng.random() < 0.25 and spec.counts[spec.JK] > 0)
    drawn_t = _names(spec, drawn)
    # cards out of the deck: in rows and on the discard pile
    visible = []
    full = unseen_cards(drawn_t, (), rules)
    pool = [name for name, n in full.items() for _ in range(n)]
    for name in rng.sample(pool, rng.randint(0, 30)):
        visible.append(name)
    unseen = unseen_cards(drawn_t, visible, rules)
    odds = draw_odds(drawn_t, unseen, rules, horizon=1)
    p = odds.bust
    # a Joker among a Draw 3's cards with a Joker already drawn: the [A] Draw-3 Joker rule
    other = "counts_for_both" if rules.draw3_joker == "no_effect" else "no_effect"
    if draw_odds(drawn_t, unseen, replace(rules, draw3_joker=other), horizon=1).bust != p:
        assumptions = [Assumption("draw3_joker", rules.draw3_joker_text())]
    else:
        assumptions = []
    at = _bracket(p)
    first = min(max(at - rng.randrange(4), 0), 6)
    picks = range(first, first + 4)
    choices = [[str(_TENTHS[i]), str(_TENTHS[i + 1])] for i in picks]
    numbers = {spec.number[c] for c in drawn if spec.is_number(c)}
    repeats = sum(
        n
        for name, n in unseen.items()
        if spec.is_number(c := spec.code(name)) and spec.number[c] in numbers
    )
    answer = f"{p.numerator}/{p.denominator}"
    percent = f"{float(p) * 100:.1f}"
    return make(
        Phrase.coded(
            "stack5.drill.bust_next",
            "This turn you have drawn {drawn}. The deck holds the {total} cards shown below. "
            "What is the chance that the next card you draw busts?",
            drawn=" ".join(drawn_t),
            total=sum(unseen.values()),
        ),
        {"drawn": drawn_t, "unseen": unseen},
        answer,
        Phrase.coded(
            "stack5.drill.bust_next.why",
            "RULE: the next card busts if it repeats a drawn number; a Draw 3 busts if one "
            "of its three cards repeats a number drawn this turn (specials among them do "
            "nothing); bombs, Steals and Jokers never bust (a second Joker ends the turn "
            "without a bust). Cards in the deck: {total}; repeating a drawn number: {repeats}; "
            "Draw 3: {draw3}. The exact chance is {answer}, about {percent}%.",
            total=sum(unseen.values()),
            repeats=repeats,
            draw3=unseen.get("D3", 0),
            answer=answer,
            percent=percent,
        ),
        Phrase.coded("stack5.rule.bust_odds", "The chance of busting"),
        "bust",
        assumptions=assumptions,
        choices=choices,
        correct=at - first,
        choice_words=[
            Phrase.coded(
                "stack5.drill.bust_next.choice",
                "{low}% to {high}%",
                low=10 * i,
                high=10 * (i + 1),
            )
            for i in picks
        ],
    )


def _bomb(rng, rules):
    """What a Number Bomb or a Colour Bomb takes from the rows: played through a real
    state (seat 0 draws the bomb, the next card of the deck is turned)."""
    spec = deck_spec(rules)
    players = rng.randint(2, 3)
    bomb = rng.choice([b for b in ("NB", "CB") if spec.counts[spec.code(b)]] or ["NB"])
    _need(spec, bomb)
    while True:
        rows = {
            seat: [
                _names(spec, _row(rng, spec, rng.randint(1, 4))) for _ in range(rng.randint(1, 3))
            ]
            for seat in range(players)
        }
        try:
            state = setup_position(rows, players=players, ruleset=rules)
        except EngineError:  # too many copies of a card: draw other rows
            continue
        if state.deck[spec.code(bomb)]:
            break
    specials = [s for s in ("D3", "ST", "NB", "CB") if s != bomb and state.deck[spec.code(s)]]
    if specials and rng.random() < 0.1:
        turned = rng.choice(specials)
    else:
        cards = [c for rs in rows.values() for r in rs for c in r if c != "JK"]
        turned = rng.choice(cards) if rng.random() < 0.8 else spec.name(_number_card(rng, spec))
        if not state.deck[spec.code(turned)]:  # every copy is in the rows: another card
            turned = next(spec.name(c) for c in range(spec.n_numbers) if state.deck[c])
    before = [[list(r) for r in seat_rows] for seat_rows in state.rows]
    state.apply(bomb)  # seat 0 draws the bomb: it turns the top card of the deck
    state.apply(turned)
    gone: list[str] = []
    for old, new in zip(before, state.rows):
        for r_old, r_new in zip(old, new):
            left = list(r_new)
            for c in r_old:
                if c in left:
                    left.remove(c)
                else:
                    gone.append(spec.name(c))
    t = spec.code(turned)
    if not spec.is_number(t):
        what = Phrase.coded(
            "stack5.drill.bomb.special",
            "{turned} is a special card: it has no number and no colour, so nothing is discarded",
            turned=turned,
        )
    elif bomb == "NB":
        what = Phrase.coded(
            "stack5.drill.bomb.number",
            "{turned} has the number {number}: every {number} leaves the rows ({cards})",
            turned=turned,
            number=spec.number[t],
            cards=" ".join(gone) or "-",
        )
    else:
        what = Phrase.coded(
            "stack5.drill.bomb.colour",
            "{turned} has the colour {colour}: every {colour} card leaves the rows ({cards})",
            turned=turned,
            colour=_colour_word(spec.rules.colours[spec.colour[t]]),
            cards=" ".join(gone) or "-",
        )
    bomb_name = (
        Phrase.coded("stack5.drill.bomb.nb", "a Number Bomb")
        if bomb == "NB"
        else Phrase.coded("stack5.drill.bomb.cb", "a Colour Bomb")
    )
    return make(
        Phrase.coded(
            "stack5.drill.bomb",
            "Player 1 draws {bomb}, which turns {turned}. How many cards are discarded from "
            "the rows shown below?",
            bomb=bomb_name,
            turned=turned,
        ),
        {"rows": [rows[p] for p in range(players)], "bomb": bomb, "turned": turned},
        len(gone),
        Phrase.coded(
            "stack5.drill.bomb.why",
            "RULE: a Number Bomb turns the top card of the deck and every player discards "
            "every card of that number from all their rows; a Colour Bomb does the same with "
            "its colour. Jokers stay, and a turned special card does nothing. {what}: {n}.",
            what=what,
            n=len(gone),
        ),
        Phrase.coded("stack5.rule.bombs", "Number Bomb and Colour Bomb"),
        "specials",
    )


def _steal(rng, rules):
    """Which card a Steal may take: the top card of a row of another player (played
    through a real state: seat 0 draws the Steal and the state lists its targets)."""
    spec = deck_spec(rules)
    _need(spec, "ST")
    players = rng.randint(2, 4)
    while True:
        rows = {
            seat: [
                _names(spec, _row(rng, spec, rng.randint(1, 4)))
                for _ in range(rng.randint(1 if seat else 0, 3))
            ]
            for seat in range(players)
        }
        try:
            state = setup_position(rows, players=players, ruleset=rules)
        except EngineError:  # too many copies of a card: draw other rows
            continue
        state.apply("ST")  # seat 0 draws a Steal
        takeable = set()
        for target in state.legal_actions():  # each steal the state allows: what it takes
            after = state.clone()
            after.apply(target)
            takeable.add(spec.name(after.stolen))
        # wrong cards: in a row but never a card the Steal may take (not on top of another
        # player's row): lower in a row, or in your own rows
        others = {
            c
            for seat, rs in rows.items()
            for r in rs
            for i, c in enumerate(r)
            if (seat == 0 or i < len(r) - 1) and c not in takeable
        }
        if takeable and len(others) >= 3:
            break
    right = rng.choice(sorted(takeable))
    choices = [right, *rng.sample(sorted(others), 3)]
    rng.shuffle(choices)
    return make(
        Phrase.coded(
            "stack5.drill.steal",
            "Player 1 draws a Steal. Which of these cards may player 1 take from the rows "
            "shown below (each row bottom to top)?",
        ),
        {"rows": [rows[p] for p in range(players)], "you": 0},
        right,
        Phrase.coded(
            "stack5.drill.steal.why",
            "RULE: a Steal takes the top card (the last one placed) of one row of another "
            "player, and you place it at once in one of your rows. The cards on top of the "
            "other players' rows are {tops}; {card} is one of them.",
            tops=" ".join(sorted(takeable)),
            card=right,
        ),
        Phrase.coded("stack5.rule.steal", "Steal"),
        "specials",
        assumptions=[Assumption("steal_from", _steal_words(rules.steal_from))],
        choices=choices,
        correct=choices.index(right),
    )


def _steal_words(steal_from: str) -> Phrase:
    """The [A] reading of which card a Steal takes, in player words."""
    if steal_from == "last_placed":
        return Phrase.coded(
            "stack5.assume.steal_last",
            "a Steal takes the card the other player placed last, wherever it lies",
        )
    return Phrase.coded(
        "stack5.assume.steal_top",
        "a Steal may take the top card of any row of another player (the article says the "
        "card placed last; here any row's top card counts)",
    )


def _need(spec, card: str) -> None:
    """A drill about ``card`` needs the card in the ruleset's deck."""
    if not spec.counts[spec.code(card)]:
        raise EngineError.coded(
            "stack5.drill.no_card",
            "this ruleset has no {card} cards, so this question cannot be asked",
            card=SPECIAL_NAMES[card],
        )


def _colour_word(letter: str):
    return COLOUR_NAMES.get(letter, letter)


KINDS = {
    "can_place": _can_place,
    "after_draw": _after_draw,
    "row_score": _row_score,
    "bust_next": _bust_next,
    "bomb": _bomb,
    "steal": _steal,
}
