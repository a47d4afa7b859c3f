"""Live games entered with one tap per event (AppTest).

The tests play the part of the people at the table: a twin engine state (the simple bot
for decisions, seeded choices among ``chance_outcomes()`` for the deck) decides what
"happens", and every card drawn and every move is one tap on its button.
"""

from __future__ import annotations

import random
import time

from dashboard.live import button_key
from dashboard.store.entries import default_store
from engine import CHANCE, GameRecord, get_game, replay
from tests.apptest import open_page

KEY = "live_stack5"
OC = "live_owners_choice"


def start(page: str, key: str, names: list[str]):
    at = open_page(page)
    at.segmented_control(key=f"{key}_n").set_value(len(names)).run()
    assert [t.key for t in at.text_input if t.key.startswith(f"{key}_name")] == [
        f"{key}_name{i}" for i in range(len(names))
    ]  # as many name boxes as players
    for i, name in enumerate(names):
        at.text_input(key=f"{key}_name{i}").set_value(name)
    at.button(key=f"{key}_start").click().run()
    assert not at.exception
    return at


def tap(at, key: str, state, action) -> float:
    """Tap the button of ``action`` (an outcome when ``state`` is a chance node); the
    seconds the rerun took."""
    kind = "o" if state.current_player() == CHANCE else "m"
    button = at.button(key=button_key(key, kind, str(action)))
    t = time.perf_counter()
    button.click().run()
    took = time.perf_counter() - t
    assert not at.exception, at.exception
    assert not at.error, at.error[0].value
    return took


def texts(at) -> str:
    return " ".join(m.value for m in at.markdown)


def test_whole_stack5_game_by_taps_only_equals_the_twin_engine_game():
    game = get_game("stack5")
    names = ["Aiko", "Ben", "Cleo", "Dev"]
    at = start("views/stack5/live.py", KEY, names)
    twin = game.new_initial_state(4)
    bot = game.make_bot("heuristic")
    rng = random.Random(4)
    taps = 0
    while not twin.is_terminal():
        if twin.current_player() == CHANCE:
            outcomes = twin.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = bot.choose(twin, twin.current_player(), rng)
        tap(at, KEY, twin, action)
        twin.apply(action)
        taps += 1
        assert taps < 3000
    assert taps == len(twin.history) > 60  # one tap per event, a real 4-player game
    winner = names[twin.winners()[0]]
    assert any(f"Game over — won by {winner}" in s.value for s in at.success)
    record = GameRecord.from_json(default_store().load("live:stack5", at.query_params[KEY])[0])
    assert record.actions == twin.history
    assert record.players == names
    assert record.result == {"scores": twin.returns(), "winners": twin.winners()}
    assert list(replay(record))[-1].state.returns() == twin.returns()
    at.button(key=f"{KEY}_explore").click().run()
    assert GameRecord.from_json(at.session_state["xp_stack5_live"]).actions == twin.history


def test_a_chance_tap_applies_exactly_that_card_and_nothing_is_preselected():
    at = start("views/stack5/live.py", KEY, ["Aiko", "Ben"])
    assert not any(s.key and s.key.endswith("_choice") for s in at.selectbox)
    assert not any(b.key == f"{KEY}_apply" for b in at.button)  # no stray "Apply"
    outcome_keys = [b.key for b in at.button if b.key.startswith(f"{KEY}_o_")]
    assert len(outcome_keys) == 30  # every card kind of the deck, each its own button
    at.button(key=button_key(KEY, "o", "Y4")).click().run()
    record = GameRecord.from_json(default_store().load("live:stack5", at.query_params[KEY])[0])
    assert record.actions == ["Y4"]
    at.button(key=button_key(KEY, "o", "JK")).click().run()
    record = GameRecord.from_json(default_store().load("live:stack5", at.query_params[KEY])[0])
    assert record.actions == ["Y4", "JK"]


def test_move_texts_use_the_names_typed_at_set_up():
    at = start("views/stack5/live.py", KEY, ["Aiko", "Ben"])
    for card in ("R1", "B2"):
        at.button(key=button_key(KEY, "o", card)).click().run()
    assert "Aiko" in texts(at) and "Seat 0" not in texts(at)
    assert any("Next draw: **bust" in m.value for m in at.markdown)  # the odds
    assert any("Suggestion: **" in m.value for m in at.markdown)  # draw/stop and why
    at.button(key=button_key(KEY, "m", "stop")).click().run()
    # one button per legal row for each card to place
    assert at.button(key=button_key(KEY, "m", "place R1 row 1")).label == "row 1 (new)"
    at.button(key=button_key(KEY, "m", "place R1 row 1")).click().run()
    assert "Aiko places R1 on row 1" in texts(at)
    assert "The simple bot would" in texts(at)  # the placement helper


def test_ending_a_game_asks_for_confirmation():
    at = start("views/stack5/live.py", KEY, ["Aiko", "Ben"])
    live_id = at.query_params[KEY]
    at.button(key=f"{KEY}_new").click().run()
    assert at.query_params[KEY] == live_id  # not yet
    at.button(key=f"{KEY}_end_no").click().run()
    assert at.query_params[KEY] == live_id
    at.button(key=f"{KEY}_new").click().run()
    at.button(key=f"{KEY}_end_yes").click().run()
    assert KEY not in at.query_params
    assert any(b.key == f"{KEY}_start" for b in at.button)


def test_an_unknown_link_says_so_and_offers_a_new_game():
    from streamlit.testing.v1 import AppTest

    from tests.apptest import APP

    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.query_params[KEY] = "NoSuchGame0000000000"
    at.switch_page("views/stack5/live.py")
    at.run()
    assert not at.exception
    warning = " ".join(w.value for w in at.warning)
    assert "does not open a game" in warning and "Start a new game below" in warning
    assert any(b.key == f"{KEY}_start" for b in at.button)


def test_owners_choice_live_shows_the_move_table_and_highlights_every_best_move():
    at = start("views/owners_choice/live.py", OC, ["Aiko", "Ben"])
    state = get_game("owners_choice").new_initial_state(2)
    for text in ("buy R", "done", "done"):
        tap(at, OC, state, state.parse_action(text))
        state.apply(text)
    assert "Aiko buys a red share" in texts(at)
    from dashboard.owners_choice.play import outlook_rows

    rows, best = outlook_rows(state)
    table = next(h.proto.body for h in at.get("html") if "Aiko (you)" in h.proto.body)
    assert table.count("<tr style=") == len(rows)  # one row per distance, Ben's column too
    assert ">Ben</th>" in table
    assert "Move advisor for **Aiko**" in texts(at)
    for r in rows:
        button = at.button(key=button_key(OC, "m", f"move {r.distance}"))
        assert (button.proto.type == "primary") == (r.distance in best)
    tap(at, OC, state, state.parse_action(f"move {best[0]}"))


def test_a_draw_3_says_which_of_its_cards_comes_now():
    """A live Draw 3 is entered card by card: the page says card k of 3 and how many
    follow, so nobody stops entering after the first."""
    from dashboard.i18n import language
    from dashboard.stack5.play import chance_note
    from engine import get_game

    s = get_game("stack5").new_initial_state(2)
    names = ["Aiko", "Ben"]
    assert chance_note(s, names) is None  # an ordinary draw needs no note
    s.apply("D3")
    said = []
    for card in ("R1", "B2", "G3"):
        said.append(chance_note(s, names))
        s.apply(card)
    assert said == [
        "**Draw 3** for Aiko: card 1 of 3, 2 more to come after it.",
        "**Draw 3** for Aiko: card 2 of 3, 1 more to come after it.",
        "**Draw 3** for Aiko: card 3 of 3, the last one.",
    ]
    assert chance_note(s, names) is None
    with language("ja"):
        s2 = get_game("stack5").new_initial_state(2)
        s2.apply("D3")
        assert "ドロー3" in chance_note(s2, names) and "3枚中1枚目" in chance_note(s2, names)
