"""What a live tap's run remembers to be cheap: the views the last run drew
(``tap_pads``' ``drawn``) and the drawings and numbers memoised on the way. Each memory
must give what a fresh computation gives: never a view of another position, language,
set of names or rules, never a picture in the words of another language."""

from __future__ import annotations

import dataclasses

from dashboard.i18n import _format, _formatted, language
from dashboard.live import tap_pads
from dashboard.owners_choice.draw import _draw_board, _draw_track, board_svg, track_svg
from dashboard.plugins import game_ui
from dashboard.stack5.draw import _card_html, _named_player_html, card_html, named_player_html
from engine import get_game
from engine.owners_choice import OwnersChoiceRules

KEY = "live_stack5"
NAMES = ["Ann", "Ben"]


def _drawn(runs, strings: list[str]) -> str:
    return "".join("".join(strings[a : a + k]) for a, k in runs)


def _resolved(pads, strings) -> list:
    """The pads with their texts (the views joined), as the browser draws them."""
    out = []
    for pad in pads:
        out.append(
            {
                "h": strings[pad["h"]],
                "l": [strings[i] for i in pad["l"]],
                "v": [_drawn(runs, strings) for runs in pad.get("v", [])],
                "g": [
                    [strings[t] if t else "", strings[p], [[strings[i] for i in b] for b in bs]]
                    for t, p, bs in pad["g"]
                ],
                "x": pad.get("x"),
            }
        )
    return out


def _state(*moves, **rules):
    state = get_game("stack5").new_initial_state(2, **rules)
    for move in moves:
        state.apply(move)
    return state


def _counting(ui):
    """The plugin with its board counted (a view drawn afresh draws its board)."""
    calls = []

    def board(*args, **kwargs):
        calls.append(1)
        return ui.board(*args, **kwargs)

    return dataclasses.replace(ui, board=board), calls


def test_after_a_tap_the_view_drawn_ahead_is_reused_and_the_pads_are_the_fresh_ones():
    ui, calls = _counting(game_ui("stack5"))
    drawn: dict = {}
    tap_pads(ui, _state("R1"), NAMES, 1, None, set(), KEY, drawn)
    after = _state("R1", "B2")
    calls.clear()
    pads, strings = tap_pads(ui, after, NAMES, 2, None, set(), KEY, drawn)
    views_now = sum(1 for pad in pads if "v" in pad)
    assert len(calls) == views_now - 1  # the position's own view was drawn ahead
    fresh = tap_pads(ui, after, NAMES, 2, None, set(), KEY)
    assert _resolved(pads, strings) == _resolved(*fresh)


def test_a_view_drawn_before_is_never_served_in_another_language():
    ui = game_ui("stack5")
    drawn: dict = {}
    state = _state("R1", "B2")
    with language("en"):
        english = tap_pads(ui, state, NAMES, 2, None, set(), KEY, drawn)
    with language("ja"):
        pads, strings = tap_pads(ui, state, NAMES, 2, None, set(), KEY, drawn)
        fresh = tap_pads(ui, state, NAMES, 2, None, set(), KEY)
    assert _resolved(pads, strings) == _resolved(*fresh)
    assert _resolved(pads, strings)[0]["v"] != _resolved(*english)[0]["v"]


def test_a_view_drawn_before_is_never_served_for_other_names_or_other_rules():
    ui = game_ui("stack5")
    drawn: dict = {}
    tap_pads(ui, _state("R1", "B2"), NAMES, 2, None, set(), KEY, drawn)
    for state, names in (
        (_state("R1", "B2"), ["Cat", "Dan"]),  # the same moves, other players
        (_state("R1", "B2", target=5), NAMES),  # the same moves, another game's rules
    ):
        pads, strings = tap_pads(ui, state, names, 2, None, set(), KEY, drawn)
        fresh = tap_pads(ui, state, names, 2, None, set(), KEY)
        assert _resolved(pads, strings) == _resolved(*fresh)
    # and the board says so: 5 points to win, not 3
    assert "first to 5 points" in _resolved(pads, strings)[0]["v"][0]


def _pictures():
    """Each remembered picture, and the same drawn afresh."""
    rules = OwnersChoiceRules()
    row = (("R3",), ())
    return [
        (card_html("R3", "sm"), _card_html.__wrapped__("R3", "sm", False, "", ())),
        (
            named_player_html("Ann", [["R3"], []], 1, 3, "x", True),
            _named_player_html.__wrapped__("Ann", row, 1, 3, "x", True, ()),
        ),
        (board_svg(rules.board, 3, centre="$10"), _draw_board(rules.board, 3, None, "$10")),
        (track_svg(rules, [8, 8, 9, 10]), _draw_track(rules, [8, 8, 9, 10])),
    ]


def test_a_remembered_picture_is_in_the_words_of_the_language_asked():
    with language("en"):
        english = _pictures()
    with language("ja"):
        japanese = _pictures()
    for (en, en_fresh), (ja, ja_fresh) in zip(english, japanese, strict=True):
        assert en == en_fresh and ja == ja_fresh
        assert en != ja  # a title or a label in Japanese, not the English one remembered


def test_a_remembered_number_is_in_the_locale_asked():
    assert _formatted("percent", 0.5, 1, "en") == _format("percent", 0.5, 1, "en") == "50.0%"
    assert _formatted("percent", 0.5, 1, "de") == _format("percent", 0.5, 1, "de")
    assert _formatted("percent", 0.5, 1, "de") != "50.0%"  # "50,0 %": not the English one
    assert _formatted("decimal", 1234.5, 1, "de") == _format("decimal", 1234.5, 1, "de")
