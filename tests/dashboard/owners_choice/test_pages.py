"""The Owner's Choice pages under AppTest: no exception, engine errors shown plainly."""

import re

from tests.apptest import alerts, html_tables, open_page
from tests.board import drawing_text, go, last_step, step_text


def unfold(at):
    """Open the advisor's folded parts (the position editor, the recorded-game loader), as
    a tap on each does: folded, they draw no widget."""
    at.session_state["oc_edit_open"] = True
    at.session_state["oc_rec_open"] = True
    return at.run()


def no_trouble(at):
    assert not at.exception, at.exception
    return at


def test_move_advisor_opens_on_a_real_mid_game_position():
    at = no_trouble(unfold(open_page("views/owners_choice/calculator.py")))
    assert not at.error
    # game 1 of data/owners_choice/games.jsonl at the start of turn 8
    assert [at.number_input(key=f"oc_cash_{p}").value for p in range(4)] == [80, 300, 580, 610]
    assert [at.selectbox(key=f"oc_price_{c}").value for c in "RYBG"] == [130, 90, 80, 110]
    moves = html_tables(at, "Every move")[0]
    assert moves.filter(like="gains").abs().to_numpy().sum() > 0  # not an empty board


def test_move_advisor_counts_the_opponents_gains_as_a_second_column():
    from engine.owners_choice import from_position, move_outlook

    at = no_trouble(unfold(open_page("views/owners_choice/calculator.py")))
    moves = html_tables(at, "Every move")[0]
    mover = at.selectbox(key="oc_act").value
    assert moves.columns[2] == f"Player {mover + 1} gains $"
    assert moves.columns[4] == "opponents gain $"
    state = from_position(
        4,
        prices=[130, 90, 80, 110],
        holdings=[[at.number_input(key=f"oc_h_{p}_{c}").value for c in range(4)] for p in range(4)],
        cash=[80, 300, 580, 610],
        fund=int(at.number_input(key="oc_fund").value),
        pos=int(at.number_input(key="oc_pos").value),
        to_act=mover,
        presidents=["auto"] * 4,
    )
    expected = [
        round(float(sum(o.delta[p] for p in range(4) if p != mover)), 2)
        for o in move_outlook(state)
    ]
    assert moves["opponents gain $"].to_list() == expected


def test_calculator_advises_and_mirrors_url():
    at = no_trouble(_calculator_with_url({"n": "4"}))  # a link: no opening position
    at.number_input(key="oc_h_0_0").set_value(3).run()
    at.number_input(key="oc_h_1_1").set_value(2).run()
    no_trouble(at)
    assert not at.error
    assert any("Best for Player 1" in s for s in alerts(at, "success"))
    assert at.query_params["h"] in (
        "3,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0",
        ["3,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0"],
    )
    # A seat cannot hold 13 shares: a plain error, no traceback.
    at.number_input(key="oc_h_0_0").set_value(13).run()
    no_trouble(at)
    assert "limit is 12" in at.error[0].value


def _advisor_at_goal(act: str):
    """Two players, the pawn on 33: move 2 lands on GOAL and ends the game. Player 1 is
    worth $700 (100 + 2 R at 300), Player 2 $400 (200 + 5 G at 40) and takes $100 at GOAL."""
    from streamlit.testing.v1 import AppTest

    from tests.apptest import APP

    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(
        {
            "n": "2",
            "px": "300,100,100,40",
            "cash": "100,200",
            "h": "2,0,0,0,0,0,0,5",
            "fund": "250",
            "pos": "33",
            "act": act,
        }
    )
    at.run()
    at.switch_page("views/owners_choice/calculator.py")
    at.run()
    return no_trouble(unfold(at))


def test_calculator_reads_position_from_url():
    at = _advisor_at_goal("0")
    assert at.selectbox(key="oc_price_R").value == 300
    assert at.number_input(key="oc_pos").value == 33


def test_advisor_never_recommends_ending_the_game_behind():
    """Ending the game while behind loses for sure: the advisor says so and advises the
    move that keeps the game going, whatever the expected gain of GOAL."""
    at = _advisor_at_goal("1")
    assert any("Best for Player 2 in expectation: **move 1**" in s for s in alerts(at, "success"))
    warned = " ".join(alerts(at, "warning"))
    assert "**Move 2** would end the game" in warned
    assert "Player 2 finishes in place 2 of 2 with $500" in warned
    assert "Player 1 with $700" in warned
    moves = html_tables(at, "Every move")[0]
    assert "finishes in place 2 of 2" in moves.iloc[1]["what happens"]


def test_advisor_recommends_ending_the_game_in_front():
    at = _advisor_at_goal("0")
    best = " ".join(alerts(at, "success"))
    assert "Best for Player 1: **move 2**, it ends the game" in best
    assert "Player 1 finishes in place 1 of 2 with $800" in best
    assert not alerts(at, "warning")


def test_calculator_loads_recorded_position():
    at = no_trouble(unfold(open_page("views/owners_choice/calculator.py")))
    at.number_input(key="oc_rec_turn").set_value(6).run()
    at.button(key="oc_rec_load").click().run()
    no_trouble(at)
    assert not at.error
    assert at.number_input(key="oc_pos").value > 0


def test_learn_page_examples():
    at = no_trouble(open_page("views/owners_choice/learn.py"))
    assert not at.error
    for kind in ["ALL", "EVENT", "DIVIDEND", "PRESIDENT", "R"]:
        at.selectbox(key="ocl_space").set_value(kind).run()
        no_trouble(at)
    at.radio(key="ocl_turn").set_value("move, then trade").run()
    at.number_input(key="ocl_fund").set_value(0).run()
    no_trouble(at)
    at.text_input(key="ocl_setup_1").set_value("R Q").run()
    no_trouble(at)
    assert "no company “Q”" in at.error[0].value


def test_games_explorer_steps():
    at = no_trouble(open_page("views/owners_choice/games.py"))
    go(at, 1)
    go(at, last_step(at))
    no_trouble(at)
    assert "game over" in step_text(at)
    assert "Game over — every share sold at its price" in drawing_text(at)


def test_live_game_with_move_advisor():
    key = "live_owners_choice"
    at = no_trouble(open_page("views/owners_choice/live.py"))
    at.segmented_control(key=f"{key}_n").set_value(2)
    at.button[[b.label for b in at.button].index("Start the game")].click().run()
    no_trouble(at)
    for move in ["buy R", "buy R", "done", "done", "move 1"]:
        if move == "move 1":
            assert any("Move advisor" in m.value for m in at.markdown)
        at.button(key=f"{key}_m_" + move.replace(" ", "-20-")).click().run()
        no_trouble(at)
    assert not at.error


def test_calculator_president_after_a_purchase_tie():
    at = no_trouble(unfold(open_page("views/owners_choice/calculator.py")))
    at.number_input(key="oc_h_0_0").set_value(2).run()
    at.number_input(key="oc_h_1_0").set_value(2).run()
    at.selectbox(key="oc_pres_R").set_value("1").run()
    no_trouble(at)
    assert not at.error
    assert any("Player 2" in str(row) for row in html_tables(at, "Every move")[0]["what happens"])
    at.selectbox(key="oc_pres_R").set_value("2").run()  # seat 2 holds no R
    assert "Player 3 does not hold the most red shares" in at.error[0].value


JUNK = ["²", "٣", "9" * 5000, "-5", "1e9", "", ",,,", "a,b", "99999999999", "3,²,5", "NaN"]


def _calculator_with_url(params):
    from streamlit.testing.v1 import AppTest

    from tests.apptest import APP

    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(params)
    at.run()
    at.switch_page("views/owners_choice/calculator.py")
    at.run()
    return unfold(at)


def test_url_parameters_never_raise_on_junk():
    keys = ["n", "fund", "pos", "act", "pres", "px", "cash", "h"]
    for junk in JUNK:
        at = no_trouble(_calculator_with_url({k: junk for k in keys}))
        assert at.selectbox(key="oc_n").value in (2, 3, 4, 5)
        # At most a plain message about the position (e.g. 'pres=3' for a seat without R).
        assert all(e.value.startswith("This position is not possible") for e in at.error)
    # Numbers too large for the inputs are clamped or ignored, never a traceback.
    big = {"fund": "99999999", "pos": "35", "act": "7", "cash": "9999999,1", "h": "99,99"}
    at = no_trouble(_calculator_with_url(big))
    assert at.number_input(key="oc_fund").value == 0
    assert at.number_input(key="oc_cash_0").value == 100_000
    assert at.number_input(key="oc_h_0_0").value == 15  # a plain error: 15 > 12 shares
    assert "limit is 12" in at.error[0].value


def test_move_advisor_game_9999_names_the_recorded_games():
    at = no_trouble(unfold(open_page("views/owners_choice/calculator.py")))
    at.number_input(key="oc_rec_game").set_value(9999).run()
    at.button(key="oc_rec_load").click().run()
    no_trouble(at)
    messages = [e.value for e in at.error]
    assert messages and "list index" not in messages[0]
    assert messages[0] == "There is no game 9999: the recorded games are numbered 1 to 200"


def test_learn_page_flags_the_assumptions_of_owners_choice():
    at = no_trouble(open_page("views/owners_choice/learn.py"))
    badges = [m.value for m in at.markdown if "Assumption" in m.value]
    for words in (
        "still in the game",
        "The Fund starts at $0",
        "reassigned as after a sale",
        "once the trade is complete",
    ):
        assert any(words in b for b in badges), words
    text = " ".join(m.value for m in at.markdown)
    assert "load_ruleset" not in text and "None" not in text


def test_move_advisor_out_of_range_number_gets_a_message_beside_the_field():
    at = no_trouble(unfold(open_page("views/owners_choice/calculator.py")))
    at.number_input(key="oc_h_0_1").set_value(16).run()
    no_trouble(at)
    assert [e.value for e in at.error] == ["Y: 16 is out of range. From 0 to 15."]
    assert not alerts(at, "success") and not html_tables(at, "Every move")  # no stale advice
    assert any("waits for the fields marked below" in i.value for i in at.info)


def test_a_turn_the_recorded_game_does_not_have_names_the_turns_it_has():
    at = no_trouble(unfold(open_page("views/owners_choice/calculator.py")))
    at.number_input(key="oc_rec_turn").set_value(200).run()
    at.button(key="oc_rec_load").click().run()
    no_trouble(at)
    shown = " ".join(e.value for e in at.error)
    assert re.search(r"Game 1 has no turn 200; its turns are 1 to \d+", shown), shown


def test_expected_money_is_written_like_all_money():
    at = _advisor_at_goal("0")
    at.number_input(key="oc_pos").set_value(3).run()
    best = " ".join(alerts(at, "success"))
    assert re.search(r"\(.+, [+-]\$\d+\.\d\d; the opponents [+-]\$\d+\.\d\d together\)", best), best


def test_the_advisor_opens_with_its_advice_and_no_editor_widgets():
    """A phone's first load: the advice and the position's pictures, the position editor
    folded (its forty widgets are drawn when it is opened), no chart library."""
    at = no_trouble(open_page("views/owners_choice/calculator.py"))
    assert alerts(at, "success") and html_tables(
        at, "Every move"
    )  # the best move, every move's figures
    assert not at.number_input and not at.selectbox and not at.dataframe
    assert not at.get("plotly_chart")
    assert at.query_params["pos"]  # the opening position is in the link
    shown = alerts(at, "success")[0]
    opened = unfold(at)
    assert [opened.number_input(key=f"oc_cash_{p}").value for p in range(4)] == [80, 300, 580, 610]
    assert alerts(opened, "success")[0] == shown  # the same position, now editable
    at.session_state["oc_edit_open"] = False  # folded again: the values are kept
    at.session_state["oc_rec_open"] = False
    at.run()
    assert alerts(at, "success")[0] == shown and not at.number_input


def test_the_advisor_chart_is_drawn_on_request():
    at = no_trouble(open_page("views/owners_choice/calculator.py"))
    assert not at.get("plotly_chart")
    at.session_state["oc_chart_open"] = True  # its fold opened, as a tap does
    at.run()
    assert at.get("plotly_chart") and at.query_params["chart"] in ("1", ["1"])
    at.session_state["oc_chart_open"] = False
    at.run()
    assert not at.get("plotly_chart") and "chart" not in at.query_params


def test_a_link_with_the_chart_opens_it():
    at = no_trouble(_calculator_with_url({"chart": "1"}))
    assert at.get("plotly_chart")
