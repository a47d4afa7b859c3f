"""The Stack 5 pages run under AppTest without exceptions and show engine results."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.stack5 import draw_odds, unseen_cards
from tests.apptest import alerts, figures, open_page
from tests.board import drawing_text, go, last_step, step_text

APP = str(Path(__file__).resolve().parents[3] / "dashboard" / "app.py")

pytestmark = pytest.mark.filterwarnings("ignore")


def _page(path: str, query: dict | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    if query:
        for k, v in query.items():
            at.query_params[k] = v
    at.run()
    at.switch_page(path)
    at.run()
    assert not at.exception, at.exception
    return at


def test_calculator_default_and_inputs():
    at = _page("views/stack5/calculator.py")
    labels = [m.label for m in figures(at)]
    assert "Bust on the next draw" in labels
    assert figures(at)[0].value == "36.0%"
    # the chances to bust within k draws, drawn as plain HTML (no chart library to start)
    assert not at.get("plotly_chart")
    drawn = " ".join(h.proto.body for h in at.get("html"))
    assert "Bust within k more draws" in drawn and "title='1 draw: 36.0%'" in drawn
    at.pills(key="s5_drawn").set_value(["R1", "B2", "G3", "Y4"]).run()
    assert not at.exception
    assert any("stop" in w for w in alerts(at, "warning"))
    at.text_input(key="s5_discard").set_value("R3 G3 Y3").run()
    assert not at.exception
    hand = ["R1", "B2", "G3", "Y4"]
    expected = draw_odds(hand, unseen_cards(hand, "R3 G3 Y3"))
    assert figures(at)[0].value == f"{float(expected.bust):.1%}"
    at.text_input(key="s5_rows_seen").set_value("R9 Q1").run()
    assert not at.exception
    assert any("not a Stack 5 card" in e for e in alerts(at, "error"))
    assert "Placement helper" in drawn_links(at)  # folded: its link is with the odds


def drawn_links(at) -> str:
    return " ".join(h.proto.body for h in at.get("html") if "tt-fold" in h.proto.body)


def test_calculator_reads_url_and_placement_helper():
    at = _page("views/stack5/calculator.py", {"drawn": "R1,JK", "row1": "R1 R1", "card": "B2"})
    assert not at.exception
    assert at.pills(key="s5_drawn").value == ["R1", "JK"]
    text = " ".join(h.proto.body for h in at.get("html"))
    assert "place blue 2 in row 2" in text and "blue 2 in row 1" not in text
    at.text_input(key="s5_row0").set_value("R1 B1 G2").run()
    assert any("not viable" in e.value for e in at.error)


def test_learn_page_and_demos():
    at = _page("views/stack5/learn.py")
    for special in ["D3", "NB", "CB", "ST", "JK"]:
        at.radio(key="s5_learn_special").set_value(special).run()
        assert not at.exception
    at.radio(key="s5_learn_special").set_value("NB").run()
    at.selectbox(key="s5_learn_turn_NB").set_value("Y4").run()
    assert not at.exception
    assert any("Number Bomb turns Y4" in m.value for m in at.markdown)
    at.radio(key="s5_learn_special").set_value("ST").run()
    at.selectbox(key="s5_learn_steal").set_value("steal 1 row 1").run()
    assert not at.exception
    assert any("steals from Player 2 row 1" in m.value for m in at.markdown)
    at.radio(key="s5_learn_special").set_value("D3").run()
    at.selectbox(key="s5_learn_d3").set_value("B1 Y5 — Y5 repeats the 5 of R5: bust").run()
    assert any("bust on Y5" in m.value for m in at.markdown)
    at.button(key="s5_learn_new").click().run()
    assert not at.exception
    # play a whole turn: stop (or, after a bust, give), then place every card
    for _ in range(12):
        if not at.button(key="s5_learn_stop").disabled:
            at.button(key="s5_learn_stop").click().run()
        elif any(b.key == "s5_learn_play" for b in at.button):
            # the learner is Player 1, as the boards and the text say (not "Seat 0")
            assert at.selectbox(key="s5_learn_move").label == "Player 1: choose a move"
            at.button(key="s5_learn_play").click().run()
        else:
            break
        assert not at.exception
    assert any("turn passes to Player 2" in s.value for s in at.success)
    at.text_input(key="s5_learn_row").set_value("R1 B1").run()
    at.selectbox(key="s5_learn_card").set_value("G2").run()
    assert any("Not allowed" in e.value for e in at.error)
    at.text_input(key="s5_learn_five").set_value("R1 R2 R3 R4 R5").run()
    assert any("Scores 3" in s.value for s in at.success)


def test_games_page_steps_through_a_recorded_game():
    at = _page("views/stack5/games.py")
    assert not at.exception
    go(at, 12)
    assert "Step 12 of" in step_text(at)
    go(at, last_step(at))
    assert "Game over" in drawing_text(at)
    go(at, last_step(at) - 1)
    assert not at.exception


def test_live_page_runs_with_advice():
    at = _page("views/stack5/live.py")
    assert not at.exception
    [start] = [b for b in at.button if b.label == "Start the game"]
    start.click().run()
    assert not at.exception
    for card in ["R1", "B2"]:  # the two compulsory draws, one tap on each card
        at.button(key=f"live_stack5_o_{card}").click().run()
        assert not at.exception
    assert any("Next draw: **bust" in m.value for m in at.markdown)


def _render_every_state():
    import streamlit as st

    from dashboard.stack5.explorer import charts, render_state
    from engine import simulate, states
    from engine.stack5.history import history

    rec = simulate("stack5", seed=11, players=["heuristic", "random", "random"])
    all_states = states(rec)
    for s in all_states[:: max(1, len(all_states) // 60)] + [all_states[-1]]:
        render_state(s, None)
        render_state(s, 1)
    df = history(rec)
    figs = charts(df, len(all_states) // 2)
    st.write(len(figs), df.height == len(all_states))


def test_render_state_handles_every_phase():
    at = AppTest.from_function(_render_every_state, default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    assert any("Game over" in s.value for s in at.success)


# --- teaching slips (brief §3) -------------------------------------------------------------


def test_calculator_says_exactly_what_counts_toward_the_minimum():
    from engine.stack5 import Stack5Rules

    at = _page("views/stack5/calculator.py", {"drawn": "R1"})
    text = " ".join(alerts(at, "info"))
    assert Stack5Rules().minimum_draw_text() in text
    assert "Draw 3 and bomb cards do not count" not in text
    assert "three cards a Draw 3 makes you draw" in text
    assert "bomb never counts" in text


@pytest.mark.parametrize(
    "query",
    [
        {"drawn": "R3,G3"},  # already busted
        {"drawn": "R3,R3,JK,JK"},
        {"drawn": "X9,,²"},
        {"drawn": "R1," * 3000},
        {"rows": "Q9 " * 2000, "discard": "R1 R1 R1 R1"},
        {"discard": "٣٣٣"},
        {"row1": "R1 B1 G2", "row2": "R1 R2 R3 R4 R5 B1", "row3": "D3"},
        {"row1": "x" * 5000, "card": "ZZ"},
        {"card": "D3"},
    ],
    ids=range(9),
)
def test_calculator_url_junk_falls_back_to_defaults(query):
    at = _page("views/stack5/calculator.py", query)
    assert not at.exception
    assert not at.error, [e.value for e in at.error]
    drawn = at.pills(key="s5_drawn").value
    if "drawn" in query:
        assert drawn == ["R3", "B1"]
    for i in range(3):
        if f"row{i + 1}" in query:
            assert at.text_input(key=f"s5_row{i}").value == ""
    if "card" in query:
        assert at.segmented_control(key="s5_card").value == "R2"
    if "rows" in query:
        assert at.text_input(key="s5_rows_seen").value == ""
    if "discard" in query:
        assert at.text_input(key="s5_discard").value == ""


def test_learn_page_flags_the_minimum_draw_and_draw3_joker_assumptions():
    from engine.stack5 import Stack5Rules

    rules = Stack5Rules()
    at = _page("views/stack5/learn.py")
    badges = [m.value for m in at.markdown if "Assumption" in m.value]
    assert any(rules.minimum_draw_text() in b for b in badges)
    assert any(rules.draw3_joker_text() in b for b in badges)
    assert not any("min_draw_counts" in m.value for m in at.markdown)  # player words


def test_games_page_shows_the_winners_actual_score():
    from engine import read_jsonl

    shown = sorted((Path(APP).parents[1] / "data" / "stack5").glob("*.jsonl"))[0]
    first = read_jsonl(shown)[0]  # the explorer opens the first game of the first file
    winner = first.result["winners"][0]
    score = first.result["scores"][winner]
    at = _page("views/stack5/games.py")
    go(at, last_step(at))
    done = drawing_text(at)
    assert f"Player {winner + 1} wins with {score:g} points" in done


def _render_a_four_point_win():
    from pathlib import Path

    import engine
    from dashboard.stack5.explorer import render_state
    from engine import read_jsonl, states

    data = Path(engine.__file__).resolve().parents[1] / "data" / "stack5" / "games.jsonl"
    rec = next(r for r in read_jsonl(data) if max(r.result["scores"]) == 4)
    render_state(states(rec)[-1], None)


def test_games_page_shows_the_winners_score_not_the_target():
    at = AppTest.from_function(_render_a_four_point_win, default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    [done] = [s.value for s in at.success if "Game over" in s.value]
    assert "wins with 4 points (target 3)" in done


def test_calculator_says_which_link_values_it_refused():
    """A bogus link value is named and the default shown, never used silently."""
    at = _page("views/stack5/calculator.py", {"drawn": "ZZ,R9,JK", "row2": "Q9 Q9", "card": "XX"})
    warnings = " ".join(w.value for w in at.warning)
    assert "cards drawn ‘ZZ,R9,JK’" in warnings and "the default is shown" in warnings
    assert "row 2 ‘Q9 Q9’" in warnings and "card to place ‘XX’" in warnings
    assert at.pills(key="s5_drawn").value == ["R3", "B1"]  # the default, said so
    quiet = _page("views/stack5/calculator.py", {"drawn": "R1,JK"})
    assert not quiet.warning


def test_placement_helper_refuses_more_copies_than_the_deck_holds():
    at = _page("views/stack5/calculator.py", {"row1": "R1 R1", "row2": "R1", "card": "R1"})
    assert any("4 copies" in e.value and "R1" in e.value for e in at.error)
    assert not any("Legal places for" in h.proto.body for h in at.get("html"))


def test_learn_draw3_example_shows_a_change_and_names_players_as_the_text_does():
    at = open_page("views/stack5/learn.py")
    at.radio(key="s5_learn_special").set_value("D3").run()
    assert not at.exception
    boards = [
        h.proto.body
        for h in at.get("html")
        if "Player 1" in h.proto.body and "row 1" in h.proto.body
    ]
    before, after = boards[-2:]  # the example's Before and After (a turn's board above)
    assert "Seat 0" not in " ".join(boards)
    assert before != after  # the cards drawn this turn are held after it, not before
    assert "Held this turn" in after
