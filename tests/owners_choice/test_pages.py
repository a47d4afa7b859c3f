"""The Owner's Choice pages under AppTest: no exception, engine errors shown plainly."""

from tests.apptest import open_page


def no_trouble(at):
    assert not at.exception, at.exception
    return at


def test_calculator_advises_and_mirrors_url():
    at = no_trouble(open_page("views/owners_choice/calculator.py"))
    at.number_input(key="oc_h_0_0").set_value(3).run()
    at.number_input(key="oc_h_1_1").set_value(2).run()
    no_trouble(at)
    assert not at.error
    assert any("Best for seat 0" in s.value for s in at.success)
    assert at.query_params["h"] in (
        "3,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0",
        ["3,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0"],
    )
    # A seat cannot hold 13 shares: a plain error, no traceback.
    at.number_input(key="oc_h_0_0").set_value(13).run()
    no_trouble(at)
    assert "limit is 12" in at.error[0].value


def test_calculator_reads_position_from_url():
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
            "act": "1",
        }
    )
    at.run()
    at.switch_page("views/owners_choice/calculator.py")
    at.run()
    no_trouble(at)
    assert at.selectbox(key="oc_price_R").value == 300
    assert any("move 2" in s.value and "GOAL" in s.value for s in at.success)


def test_calculator_loads_recorded_position():
    at = no_trouble(open_page("views/owners_choice/calculator.py"))
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
    assert "no company 'Q'" in at.error[0].value


def test_games_explorer_steps():
    at = no_trouble(open_page("views/owners_choice/games.py"))
    at.button(key="xp_owners_choice_next").click().run()
    at.button(key="xp_owners_choice_last").click().run()
    no_trouble(at)
    assert any("game over" in m.value for m in at.markdown)


def test_live_game_with_move_advisor():
    key = "live_owners_choice"
    at = no_trouble(open_page("views/owners_choice/live.py"))
    at.selectbox(key=f"{key}_n").set_value(2)
    at.button[[b.label for b in at.button].index("Start the game")].click().run()
    no_trouble(at)
    for move in ["buy R", "buy R", "done", "done", "move 1"]:
        if move == "move 1":
            assert any("Move advisor" in i.value for i in at.info)
        at.selectbox(key=f"{key}_choice").set_value(move)
        at.button(key=f"{key}_apply").click().run()
        no_trouble(at)
    assert not at.error


def test_calculator_president_after_a_purchase_tie():
    at = no_trouble(open_page("views/owners_choice/calculator.py"))
    at.number_input(key="oc_h_0_0").set_value(2).run()
    at.number_input(key="oc_h_1_0").set_value(2).run()
    at.selectbox(key="oc_pres_R").set_value("1").run()
    no_trouble(at)
    assert not at.error
    assert any("seat 1" in str(row) for row in at.dataframe[0].value["what happens"])
    at.selectbox(key="oc_pres_R").set_value("2").run()  # seat 2 holds no R
    assert "does not hold the most shares" in at.error[0].value
