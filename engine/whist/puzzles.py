"""Whist's puzzles (:mod:`engine.puzzles`): the cards of a four-player deal's last tricks,
each valued by double-dummy play (:func:`card_values`, also the hint's measure)."""

from __future__ import annotations

#: only cards played with at most this many tricks to go are graded (as the ``QUICK`` of
#: ``engine.whist.analysis``): the double-dummy search grows steeply with them
PUZZLE_TRICKS_LEFT = 5


def card_values(state) -> tuple[dict[str, float], tuple[tuple[str, ...], ...]]:
    """At a four-player Whist play position: each legal card (``play XX``) → the books
    the side to play ends the deal with under double-dummy play, and the classes of
    equivalent cards (same value by construction)."""
    from engine.doubledummy.four_hands_c import new_solver
    from engine.whist.cards import CARD_TEXT
    from engine.whist.grading.vocabulary import Position

    pos = Position(state)
    deal = list(pos.hands)
    for j, c in enumerate(pos.trick):  # the deal as it stood when the trick began
        deal[(pos.leader + j) & 3] |= 1 << c
    solver = new_solver(deal, state.trump, state.low, state.ruleset.jokers_follow_trump)
    side = pos.seat & 1
    total = pos.books[0] + pos.books[1] + pos.remaining
    values: dict[str, float] = {}
    classes = []
    for cls in solver.move_classes(pos.hands, pos.leader, pos.trick):
        c = cls[0]
        hands = list(pos.hands)
        hands[pos.seat] ^= 1 << c
        ns = pos.books[0] + solver.tricks(hands, pos.leader, pos.trick + [c])
        mine = ns if side == 0 else total - ns
        texts = tuple(f"play {CARD_TEXT[x]}" for x in cls)
        for t in texts:
            values[t] = float(mine)
        classes.append(texts)
    return values, tuple(classes)


def choices(state, played: str, tricks_left: int = PUZZLE_TRICKS_LEFT):
    """Every legal card, equivalent cards one choice, in the last tricks of a
    four-player deal (double dummy)."""
    from engine.puzzles import MEASURES, Choices
    from engine.whist.grading.vocabulary import UNIT, Position

    if state.num_players != 4 or state.phase_name != "play":
        return None
    if Position(state).remaining > tricks_left:
        return None
    values, classes = card_values(state)
    return Choices(state.to_act, values, MEASURES["whist.double_dummy"], UNIT, classes)
