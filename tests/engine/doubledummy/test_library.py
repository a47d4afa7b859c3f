"""The double-dummy library stands alone: it imports nothing of a game, its card encoding
is the one Whist uses, and its public API answers a position."""

from __future__ import annotations

import ast
import itertools
import random
from pathlib import Path

import pytest

import engine.doubledummy as dd
from engine.doubledummy import cards as dd_cards
from engine.whist import cards as whist_cards
from engine.whist.scoring import winning_index as whist_winning_index

LIBRARY = Path(dd.__file__).resolve().parent


def _imported(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_the_library_imports_no_game_not_even_inside_functions():
    found = {
        (path.name, name)
        for path in sorted(LIBRARY.glob("*.py"))
        for name in _imported(path)
        if name.startswith("engine.") and not name.startswith(("engine.doubledummy", "engine.core"))
    }
    assert found == set()


def test_the_library_encodes_cards_as_whist_does():
    for name in ("LJ", "BJ", "ACE", "JOKER_MASK", "SUIT_MASK", "HIGH_VALUE", "LOW_VALUE"):
        assert getattr(dd_cards, name) == getattr(whist_cards, name), name
    assert dd_cards.card(1, 8) == whist_cards.parse_card("10H")


def test_the_library_names_the_trick_winner_as_the_game_does():
    rng = random.Random(5)
    for _ in range(3000):
        trick = rng.sample(range(54), rng.randint(1, 4))
        for trump, low in itertools.product((-1, 0, 1, 2, 3), (False, True)):
            assert dd_cards.winning_index(trick, trump, low) == whist_winning_index(
                trick, trump, low
            ), (trick, trump, low)


def test_tricks_answers_mid_trick_as_a_solver_of_the_deal_does():
    S, H = 0, 1
    hands = [
        dd_cards.hand_of([dd_cards.card(S, 12), dd_cards.card(S, 11)]),
        dd_cards.hand_of([dd_cards.card(S, 10), dd_cards.card(H, 0)]),
        dd_cards.hand_of([dd_cards.card(S, 1), dd_cards.card(S, 2)]),
        dd_cards.hand_of([dd_cards.card(H, 12), dd_cards.card(S, 3)]),
    ]
    # seat 0 led the ace of spades: the trick in progress and the king still to come
    ace = dd_cards.card(S, 12)
    left = [hands[0] & ~(1 << ace), *hands[1:]]
    assert dd.tricks(left, leader=0, trick=[ace]) == dd.tricks(hands, leader=0) == 2
    with pytest.raises(ValueError, match="4 hands"):
        dd.tricks(hands[:3])
    assert set(dd.status()) == {"four_hands", "two_hands"}


def test_a_card_out_of_range_is_named():
    with pytest.raises(ValueError, match="suit 4"):
        dd_cards.card(4, 0)
