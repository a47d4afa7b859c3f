"""The live page's Hint (AppTest): under the coach, for the player to move, a tap shows the
suggested move in words with that player's name (no engine notation) and why; the hint goes
when the game moves on, and the Hint button comes back."""

from __future__ import annotations

import random

import pytest

from engine import CHANCE, get_game
from tests.dashboard.test_live_stack5_full_game import OC, start, tap
from tests.dashboard.test_play_hint import NOTATION

KEY = "live_stack5"


def _hint_text(at) -> str:
    return " ".join(m.value for m in at.markdown if "Hint:" in m.value)


def _to_a_decision(at, key: str, game: str, names: list[str]):
    """Tap the seeded chance events until a player is to move; the twin state."""
    twin = get_game(game).new_initial_state(len(names))
    rng = random.Random(3)
    for _ in range(200):
        if twin.current_player() != CHANCE:
            return twin
        outcomes = twin.chance_outcomes()
        action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        tap(at, key, twin, action)
        twin.apply(action)
    raise AssertionError("no player's decision came")


@pytest.mark.parametrize(
    ("page", "key", "game"),
    [("views/stack5/live.py", KEY, "stack5"), ("views/owners_choice/live.py", OC, "owners_choice")],
)
def test_the_coach_hint_names_the_player_to_move_in_words(page, key, game):
    names = ["Aiko", "Ben"]
    at = start(page, key, names)
    if get_game(game).new_initial_state(len(names)).current_player() == CHANCE:
        assert not any(b.key == f"{key}_hint" for b in at.button)  # a chance event: no hint
    twin = _to_a_decision(at, key, game, names)
    at.button(key=f"{key}_hint").click().run()
    assert not at.exception, at.exception
    text = _hint_text(at)
    assert text, "no hint shown"
    assert names[twin.current_player()] in text
    assert not NOTATION.search(text), text
    assert not any(b.key == f"{key}_hint" for b in at.button)  # shown: no second button
    bot = get_game(game).make_bot("heuristic")
    tap(at, key, twin, bot.choose(twin, twin.current_player(), random.Random(1)))
    assert not _hint_text(at)  # the game moved on: the hint is gone
