"""The games' UIs (dashboard/<game>/ui.py) and their registry (dashboard/plugins.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dashboard.game_ui import GameUI, PlayMode
from dashboard.plugins import REGISTRY, game_ui, game_uis
from engine import game_names, get_game, simulate
from engine.core.records import initial_state


def test_every_game_has_one_ui_and_every_ui_one_game():
    assert sorted(REGISTRY) == sorted(game_names(include_demo=True))
    for ui in game_uis():
        assert isinstance(ui, GameUI) and get_game(ui.game).name == ui.game


def test_the_play_pages_game_chooser_is_the_registrys_play_modes_in_order():
    from dashboard.play.view import counts, modes, overrides

    assert list(modes()) == ["Stack 5", "Owner's Choice", "Stock Hold'em", "Bid Whist", "Whist"]
    assert counts("Bid Whist") == [4, 2] and overrides("Whist", 2) == {"variant": "whist2"}
    assert counts("Stack 5") == [2, 3, 4] and overrides("Stack 5", 3) == {}


def test_a_game_gives_only_the_four_required_parts_and_every_move_has_words():
    """Pig's drawing, history and charts alone: moves are said and grouped by default."""
    pig = game_ui("pig")
    bare = GameUI(pig.game, pig.render_state, pig.history, pig.charts)
    state = initial_state(simulate("pig", 1, ["random", "random"]))
    while state.current_player() < 0 and not state.is_terminal():
        state.apply(state.sample_chance(random.Random(0)))
    actions = state.legal_actions()
    groups = bare.button_groups(state, actions, ["Ann", "Ben"], set())
    assert [a for _title, _pic, choices in groups for a, _label, _hi in choices] == actions
    assert bare.describe_move(actions[0], ["Ann", "Ben"], 0) == f"Ann: {actions[0]}"
    assert bare.title_text() == get_game("pig").title


def test_a_hidden_move_stays_hidden_from_the_other_players_only():
    from engine.whist.actions import Discard

    whist = game_ui("whist")
    names = ["Ann", "Ben", "Cy", "Di"]
    assert whist.public_words(Discard("7H"), names, actor=1, viewer=0) == "Ben discards a card"
    assert "7" in whist.public_words(Discard("7H"), names, actor=0, viewer=0)


def test_a_play_mode_completes_its_variant_with_the_player_count():
    assert PlayMode("Bid Whist", (4, 2), "bid").overrides(2) == {"variant": "bid2"}
    assert PlayMode("Stack 5").overrides(3) == {}


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_ui_opens_its_own_explorer_page(name):
    page = game_ui(name).pages.explorer
    assert page and (Path(__file__).resolve().parents[2] / "dashboard" / page).is_file()
