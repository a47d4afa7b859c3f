"""The shared explorer, proved on the Pig demo (simulate, step, jump, upload) and on
recorded games as an analysis board: deep links, junk URLs, the step's words and drawing
sent to the board, the move list, graded decisions. (The board steps in the browser: its
keys and clicks are tested in tests/browser/test_analysis_board.py.)"""

from __future__ import annotations

import html
import re
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine import read_jsonl, simulate
from engine.analysis import ANALYSED, analyse_on_page
from tests.apptest import APP, finish_job, open_page, open_rules
from tests.board import (
    board_data,
    chart_titles,
    drawing_text,
    go,
    grade_said,
    last_step,
    moves,
    step_text,
)

DATA = Path(APP).parents[1] / "data"

PAGE = "views/pig/demo.py"


def said_move(game: str, record, index: int) -> str:
    """The record's action ``index`` in the words the board says it (players in full)."""
    from dashboard.explorer.board import said_moves
    from dashboard.explorer.words import player
    from dashboard.plugins import game_ui
    from engine import states

    names = [player(i) for i in range(len(record.players))]
    return said_moves(game_ui(game), states(record), record.actions, names)[index]


def explorer() -> AppTest:
    return open_page(PAGE)


def simulate_one(at: AppTest, seed: int = 5) -> AppTest:
    at.segmented_control(key="xp_pig_source").set_value("Simulate").run()
    at.number_input(key="xp_pig_seed").set_value(seed)
    at.button[[b.label for b in at.button].index("Simulate")].click().run()
    return at


def test_simulate_and_step_through():
    at = simulate_one(explorer())
    assert not at.exception
    record = simulate("pig", 5, ["hold20", "hold20"])  # the form defaults
    assert step_text(at).startswith(f"**Step 0 of {len(record.actions)}**")
    # every step's words are sent at once, in order
    for step in (1, len(record.actions), 3):
        assert step_text(at, step).startswith(f"**Step {step} of {len(record.actions)}**")
    assert "— **Player 1 rolls**" in step_text(at, 1)  # the move in words, not its text
    go(at, 3)
    assert board_data(at)["step"] == 3 and step_text(at).startswith("**Step 3 of")
    assert at.query_params["step"] == "3"
    go(at, 10**6)  # past the end: the last step
    assert board_data(at)["step"] == len(record.actions)
    assert "game over" in step_text(at)
    assert "Game over — winner" in drawing_text(at)
    assert chart_titles(at) == ["Banked score"]
    assert not at.exception


def test_view_as_one_seat():
    at = simulate_one(explorer())
    at.selectbox(key="xp_pig_view").set_value(1).run()
    assert not at.exception


def test_simulate_with_ruleset_overrides_and_player_count():
    at = open_page("views/whist/games.py")
    at.segmented_control(key="xp_whist_source").set_value("Simulate").run()
    open_rules(at, "xp_whist_rules")
    at.selectbox(key="xp_whist_n").set_value(2)
    at.selectbox(key="xp_whist_rules_variant").set_value("whist2")  # the ruleset form
    at.button[[b.label for b in at.button].index("Simulate")].click().run()
    assert not at.exception and not at.error
    assert any("simple bot vs simple bot · seed 1" in c.value for c in at.caption)


def test_simulate_with_a_bad_override_shows_an_error():
    at = open_page("views/whist/games.py")
    at.segmented_control(key="xp_whist_source").set_value("Simulate").run()
    open_rules(at, "xp_whist_rules")
    at.number_input(key="xp_whist_rules_bid_target").set_value(99)  # allowed: 1 to 50
    at.button[[b.label for b in at.button].index("Simulate")].click().run()
    assert not at.exception
    assert "99 is out of range" in at.error[0].value


# --- the analysis board ------------------------------------------------------------------


def open_link(script: str, **params: str) -> AppTest:
    """Open ``script`` the way a shared link does: the query string set before the page
    first runs in this session."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    for name, value in params.items():
        at.query_params[name] = value
    at.switch_page(script)
    at.run()
    assert not at.exception, at.exception
    return at


def test_deep_link_opens_the_exact_file_game_and_step():
    record = read_jsonl(DATA / "stack5" / "games.jsonl")[2]
    at = open_link("views/stack5/games.py", src="recorded", file="games.jsonl", game="3", step="12")
    assert at.selectbox(key="xp_stack5_file").value == "games.jsonl"
    assert at.number_input(key="xp_stack5_num").value == 3
    head = f"**Step 12 of {len(record.actions)}** — **{said_move('stack5', record, 11)}**"
    assert board_data(at)["step"] == 12 and step_text(at).startswith(head)
    assert at.query_params["step"] == "12" and at.query_params["game"] == "3"


def test_the_url_follows_every_step_so_a_reload_keeps_it():
    at = open_link("views/owners_choice/games.py", step="5")
    assert at.query_params["step"] == "5"
    go(at, 6)  # what the board's report of its step does
    assert at.query_params["step"] == "6"
    assert at.query_params["src"] == "recorded" and at.query_params["game"] == "1"
    reloaded = open_link("views/owners_choice/games.py", **dict(at.query_params))
    assert step_text(reloaded).startswith("**Step 6 of")


@pytest.mark.parametrize(
    "params",
    [
        {"step": "abc", "game": "0", "file": "../../etc/passwd", "src": "evil"},
        {"step": "-3", "game": "99999", "file": "", "grade": "maybe"},
        {"step": "9" * 13, "game": "1e3", "src": "recorded'><script>"},
        {"step": "100000", "game": "2"},  # past the end of game 2: its start
    ],
)
def test_junk_url_values_fall_back_to_the_defaults(params):
    at = open_link("views/stack5/games.py", **params)
    first = sorted(p.name for p in (DATA / "stack5").glob("*.jsonl"))[0]
    assert at.segmented_control(key="xp_stack5_source").value == "Recorded"
    assert at.selectbox(key="xp_stack5_file").value == first
    expected_game = 2 if params.get("game") == "2" else 1
    assert at.number_input(key="xp_stack5_num").value == expected_game
    assert step_text(at).startswith("**Step 0 of")
    assert not at.error


def test_the_board_gets_the_whole_game_and_the_step_to_open_at():
    record = read_jsonl(sorted((DATA / "stack5").glob("*.jsonl"))[0])[0]
    at = open_link("views/stack5/games.py", step="7")
    data = board_data(at)
    assert data["step"] == 7 and data["game"]["last"] == len(record.actions)
    rows = moves(at)
    assert [r["step"] for r in rows] == list(range(len(record.actions) + 1))
    # each move in words, the player as in the who column (not the action's text)
    from dashboard.explorer.board import said_moves
    from dashboard.plugins import game_ui
    from engine import states

    short = [f"P{i + 1}" for i in range(len(record.players))]
    said = said_moves(game_ui("stack5"), states(record), record.actions, short)
    assert [r["move"] for r in rows[1:]] == said
    assert not {r["move"] for r in rows} & {a for a in record.actions if " " in a}
    assert "Turn of Player" in drawing_text(at, 7)
    go(at, 8)
    assert board_data(at)["step"] == 8
    before = board_data(at)["game"]
    at.selectbox(key="xp_stack5_view").set_value(1).run()  # what Player 1 sees: redrawn
    assert board_data(at)["game"]["rid"] == before["rid"] and board_data(at)["step"] == 8


@pytest.mark.parametrize(
    ("game", "chance", "ja"),
    [
        ("whist", "dealer", "ディーラー"),
        ("stock_holdem", "dealer", "ディーラー"),
        ("stack5", "deck", "山札"),
        ("owners_choice", "dice", "ダイス"),
    ],
)
def test_the_move_list_names_chance_by_what_acts_at_the_table(game, chance, ja):
    """The who column names chance's steps short enough for its width: the dealer, the
    deck or the dice, in the page's language."""
    for lang, word in (("en", chance), ("ja", ja)):
        at = open_link(f"views/{game}/games.py", step="1", lang=lang)
        who = {r["who"] for r in moves(at)}
        assert word in who, (lang, who)
        assert "dealer/dice" not in who and "ディーラー／ダイス" not in who


def test_a_step_the_page_asks_for_is_kept_within_the_game():
    at = open_link("views/stack5/games.py")
    at.session_state["xp_stack5_jump"] = 30
    at.run()
    assert step_text(at).startswith("**Step 30 of")
    assert at.query_params["step"] == "30"
    at.session_state["xp_stack5_jump"] = 10**6  # past the end: the last step
    at.run()
    assert board_data(at)["step"] == last_step(at)
    assert "game over" in step_text(at)


@pytest.mark.parametrize("game", ANALYSED)
def test_graded_decisions_are_shown_with_marks_and_accuracy(game):
    # Whist: a four-player game (the first file's two-player game grades every card with
    # an exact two-player search, seconds a deal; its grading has tests of its own)
    files = sorted((DATA / game).glob("*.jsonl"))
    record = read_jsonl(DATA / "whist" / "whist4.jsonl" if game == "whist" else files[0])[0]
    notes = analyse_on_page(record)  # what a page grades (Whist: not the bidding)
    marked = next((n for n in notes if n.mark), None)
    if marked is None:
        pytest.skip(f"the first {game} record has no marked decision")
    where = {"src": "recorded", "file": "whist4.jsonl", "game": "1"} if game == "whist" else {}
    at = open_link(f"views/{game}/games.py", grade="1", step=str(marked.step + 1), **where)
    # graded in a worker process: the whole game, or deal by deal (a game with deals)
    job = "xp_whist_deal_grading" if game == "whist" else f"xp_{game}_grading"
    finish_job(at, job, seconds=600)
    while game == "whist" and {job, "xp_whist_par"} & set(at.session_state):
        # the other deal, and the table under the board between the two (a job each)
        finish_job(at, job if job in at.session_state else "xp_whist_par", seconds=600)
    assert "Graded decisions" in [s.value for s in at.subheader]
    said = said_move(game, record, marked.step)
    assert f"— **{said}** **{marked.mark}**" in step_text(at)
    assert board_data(at)["grades"]["marks"][str(marked.step + 1)] == marked.mark
    table = accuracy_tables(at)[0]
    assert sum(table["graded"]) == len(notes)
    assert sum(table["??"]) == sum(n.mark == "??" for n in notes)
    kind, said = grade_said(at)
    assert said.startswith(f"**{said_move(game, record, marked.step)}**")
    assert marked.action not in said  # the move in words, not its text
    assert kind == {"??": "error", "?": "error", "?!": "warning"}.get(marked.mark, "info")
    key = " ".join(c.value for c in at.caption)
    if game == "whist":  # its marks follow what a lost trick costs, and the key says so
        assert "1 trick that costs points" in key and "?! from" not in key
    else:
        assert "Marks: ?! from" in key
    assert "Value lost by each graded decision" in chart_titles(at)


def test_a_game_without_grading_says_so():
    at = simulate_one(explorer())
    at.toggle(key="xp_pig_grade").set_value(True).run()
    assert not at.exception
    assert any("Grading is not available for Pig" in i.value for i in at.info)


def test_a_live_game_opens_in_the_explorer():
    at = open_page("views/home.py")  # what the live page's "Open in the explorer" does
    at.session_state["xp_pig_live"] = simulate("pig", 2, ["hold20", "random"]).to_json()
    at.session_state["xp_pig_source"] = "Live game"
    at.switch_page(PAGE)
    at.run()
    assert not at.exception
    assert step_text(at).startswith("**Step 0 of")
    assert any("The game entered on the live page" in c.value for c in at.caption)


def test_a_plugin_names_its_chance_from_the_explorers_words_only():
    from dashboard.game_ui import CHANCE_WORDS, GameUI

    with pytest.raises(ValueError, match="give one of dealer, deck, dice, die"):
        GameUI("pig", None, None, None, chance="croupier")
    assert CHANCE_WORDS == ("dealer", "deck", "dice", "die")


def open_graded_whist_game(step: int, **params: str) -> AppTest:
    """The third Bid Whist record (two deals) on the Whist games page, graded, at ``step``."""
    return open_link(
        "views/whist/games.py",
        src="recorded",
        file="bid4.jsonl",
        game="3",
        grade="1",
        step=str(step),
        **params,
    )


def accuracy_tables(at, graded: str = "graded") -> list[dict]:
    """The accuracy tables under the board (HTML): column -> the rows' numbers (the
    player's column as text), plus ``"tips"``, the headers' tooltips."""
    out = []
    for body in (h.proto.body for h in at.get("html")):
        heads = re.findall(r'<th[^>]*title="([^"]*)"[^>]*>([^<]*)</th>', body)
        if graded not in [name for _tip, name in heads]:
            continue
        rows = re.findall(r"<tr>(.*?)</tr>", body)[1:]
        cells = [re.findall(r"<td[^>]*>([^<]*)</td>", r) for r in rows]
        table: dict = {"tips": [html.unescape(tip) for tip, _name in heads]}
        for k, (_tip, name) in enumerate(heads):
            values = [row[k] for row in cells]
            table[html.unescape(name)] = values if k == 0 else [float(v) for v in values]
        out.append(table)
    return out


def whist_grades_afresh(monkeypatch) -> None:
    """Nothing graded yet (the grades are kept for every session of the server), and no
    job of an earlier page (a Whist page grades as it opens) holds the pool's slots. The
    double-dummy table under the board (a job between two deals' grading) comes from a
    stand-in that answers at once (the real one takes about a minute a deal)."""
    from dashboard.explorer import grades as explorer_grades
    from dashboard.jobs import panel as job_panel
    from dashboard.jobs.pool import JOBS
    from dashboard.whist import par_job, par_view
    from tests.dashboard.whist import par_fakes

    monkeypatch.setattr(explorer_grades, "_GRADED", job_panel.Kept(16))
    monkeypatch.setattr(par_view, "_TABLES", job_panel.Kept(64))
    monkeypatch.setattr(par_job, "deal_table", par_fakes.kept_table)
    JOBS.forget_all()


def test_a_whist_game_is_graded_deal_by_deal_as_it_opens(monkeypatch, held_grading):
    """No click: the board opens at once with no grades, a job grades the deal on view
    first and the board fills in as each deal arrives (every decision of the deal, as
    ``analyse(record, deal=d)`` grades it); a second visit finds them kept. (The grading
    is held until the page has drawn itself: a deal's grading can be over within the
    page's first run.)"""
    from dashboard.jobs.pool import JOBS
    from tests.dashboard.whist import par_fakes

    whist_grades_afresh(monkeypatch)
    # the table under the board waits too: answering at once, it could start, finish and
    # be taken within the runs below, and the first deal's grading start before it is read
    table_gate = par_fakes.hold_tables(monkeypatch)
    record = read_jsonl(DATA / "whist" / "bid4.jsonl")[2]  # two deals
    plays = [i for i, t in enumerate(record.actions) if t.startswith("play ")]
    at = open_link(  # no grade=1: a Whist game is graded without asking
        "views/whist/games.py", src="recorded", file="bid4.jsonl", game="3", step=str(plays[-1])
    )
    assert at.toggle(key="xp_whist_grade").value is True
    assert [p.proto.text for p in at.get("progress")] == ["Graded 0 of 2 deals…"]
    assert board_data(at)["grades"]["notes"] == {}  # the board is there, not graded yet
    assert at.session_state["xp_whist_deal_grading"]["deal"] == 1  # the deal on view first
    held_grading()  # released once the page has drawn itself
    job = at.session_state["xp_whist_deal_grading"]["id"]
    deadline = time.monotonic() + 300
    # polled as the page's progress note does (a job nobody polls is given up)
    while not JOBS.poll(job).finished and time.monotonic() < deadline:
        time.sleep(0.5)
    for _ in range(100):  # what the progress fragment's reruns do once the job is over
        at.run()
        if board_data(at)["grades"]["notes"]:
            break
        time.sleep(0.2)
    second = {n.step for n in analyse_on_page(record, deal=1)}
    assert {int(r) - 1 for r in board_data(at)["grades"]["notes"]} == second
    # the table under the board, waiting for the session's job slot, goes before deal 1
    assert "xp_whist_par" in at.session_state and "xp_whist_deal_grading" not in at.session_state
    table_gate.set()
    finish_job(at, "xp_whist_par")
    assert [p.proto.text for p in at.get("progress")] == ["Graded 1 of 2 deals…"]
    finish_job(at, "xp_whist_deal_grading")
    assert not at.exception and not at.error
    every = analyse_on_page(record, deal=0) + analyse_on_page(record, deal=1)
    assert {int(r) - 1 for r in board_data(at)["grades"]["notes"]} == {n.step for n in every}
    # a table per unit: the bids and calls in points, the discards and cards in tricks
    tables = accuracy_tables(at)
    assert [str(h.value) for h in at.markdown if str(h.value).startswith("**In ")] == [
        "**In points**",
        "**In tricks**",
    ]
    assert sum(sum(t["graded"]) for t in tables) == len(every)
    assert {n.unit for n in every} == {"points", "tricks"}
    said = [c.value for c in at.caption]
    assert sum(t.startswith("Points the side scores this deal") for t in said) == 1
    assert not any(t.startswith("Books the declaring side") for t in said)  # mixed unit
    first = {n.step: n for n in every}[plays[0]]
    go(at, plays[0] + 1)
    assert step_text(at).startswith(f"**Step {plays[0] + 1} of")
    assert grade_said(at)[1].startswith(f"**{said_move('whist', record, first.step)}**")
    # a second visit (another session): every grade at once, no job
    again = open_link(  # (on the deal whose table is kept too)
        "views/whist/games.py", src="recorded", file="bid4.jsonl", game="3", step=str(plays[-1])
    )
    assert "xp_whist_deal_grading" not in again.session_state
    assert not again.get("progress")
    assert len(board_data(again)["grades"]["notes"]) == len(every)


def test_a_two_player_board_says_what_its_grading_leaves_out(monkeypatch):
    """Whist for two: decisions whose exact search is over the budget are not graded,
    and the page says which, deal by deal, under the grades (the command says it on
    stderr)."""
    from dashboard.explorer import grades as explorer_grades
    from engine.doubledummy.two_hands_c import c_search
    from tests.dashboard.whist import par_fakes

    if not c_search():
        pytest.skip("the two-player C search is not built (make install builds it)")
    whist_grades_afresh(monkeypatch)
    monkeypatch.setattr(explorer_grades, "grade_one_deal", par_fakes.no_grades)
    at = open_link("views/whist/games.py", src="recorded", file="whist2.jsonl", game="1")
    for _ in range(4):  # each deal's job (the fake grades nothing), then the page redrawn
        if "xp_whist_deal_grading" in at.session_state:
            finish_job(at, "xp_whist_deal_grading")
        else:
            at.run()
    said = [c.value for c in at.caption if "search budget" in c.value]
    # deal by deal, what each deal's grading left out (here: everything)
    assert len(said) == 2 and said[1].startswith(
        "Deal 2 of 2, not graded: High/Low declarations: 2; "
    )
    assert said[0] == (
        "Deal 1 of 2, not graded: High/Low declarations: 2; cards: 52 (tricks 1–13) — over "
        "the search budget (20 million positions a search, 40 million for the bidding or "
        "declarations of a deal together)"
    ), said
    at.toggle(key="xp_whist_grade").set_value(False).run()
    assert "search budget" not in " ".join(c.value for c in at.caption)


def test_turning_the_grades_off_stops_the_whist_grading(monkeypatch, held_grading):
    whist_grades_afresh(monkeypatch)  # (the grading held: still running when turned off)
    at = open_graded_whist_game(step=1)
    assert "xp_whist_deal_grading" in at.session_state
    at.toggle(key="xp_whist_grade").set_value(False).run()
    assert "xp_whist_deal_grading" not in at.session_state
    assert not [p for p in at.get("progress") if "Graded" in p.proto.text]
    assert at.query_params["grade"] == "0" and not board_data(at)["grades"]["notes"]


def test_the_grades_name_their_unit_in_the_pages_language(monkeypatch):
    """ "1 trick", not "1 tricks"; トリック on a Japanese page, not the engine's word."""
    from dashboard.i18n import language
    from dashboard.words.units import amount, unit_word

    assert [amount(1, "tricks"), amount(2, "tricks"), amount(0.25, "points")] == [
        "1 trick",
        "2 tricks",
        "0.25 points",
    ]
    with language("ja"):
        assert (amount(1, "tricks"), unit_word("tricks")) == ("1 トリック", "トリック")
    whist_grades_afresh(monkeypatch)
    at = finish_job(open_graded_whist_game(step=60, lang="ja"), "xp_whist_deal_grading")
    tips = [tip for table in accuracy_tables(at, "評価数") for tip in table["tips"]]
    assert "総損失（トリック）" in tips and not any("tricks" in c for c in tips)


def test_the_whist_marks_key_says_what_the_marks_follow():
    """A lost Whist trick is marked by what it costs (??, ? or ?!): the key says that, not
    a trick count that the marks do not follow; the other games keep their thresholds."""
    from dashboard.explorer.grades import thresholds_text as _thresholds_text
    from dashboard.i18n import language

    key = _thresholds_text("whist", "tricks")
    assert "decides whether the contract is made" in key and "costs no points" in key
    assert "from 1 trick" not in key
    with language("ja"):
        assert "トリック" in _thresholds_text("whist", "tricks")
    assert _thresholds_text("stack5", "points").startswith("Marks: ?! from")


def test_grades_in_two_units_get_a_chart_and_a_table_each():
    """A Whist deal grades bids in points and cards in tricks: neither chart nor total
    adds the two."""
    from dashboard.explorer.grades import board_grades, by_unit
    from engine.core.annotation import Annotation

    notes = [
        Annotation(3, 0, "bid 4 uptown", "bid 5 uptown", 2, 5, "points", "??", "m"),
        Annotation(9, 1, "play AS", "play KS", 6, 7, "tricks", "?", "m"),
        Annotation(10, 2, "play 2S", "play 2S", 7, 7, "tricks", "", "m"),
    ]
    assert list(by_unit(notes)) == ["points", "tricks"]
    charts = board_grades(notes, ["A", "B", "C", "D"], 20)["charts"]
    assert len(charts) == 2
    titles = [c["title"] for c in charts]
    assert "points" in titles[0] and "tricks" in titles[1]
    one = board_grades(notes[1:], ["A", "B", "C", "D"], 20)["charts"]
    assert len(one) == 1 and "tricks" not in one[0]["title"]


@pytest.mark.parametrize(
    ("params", "said"),
    [
        ({"game": "9999"}, "The link asks for game 9999, but this file has games 1–"),
        ({"game": "abc"}, "The link's game number “abc” is not a number; game 1 is shown."),
        ({"step": "99999"}, "The link asks for step 99999, but this game ends at step "),
        ({"step": "x1"}, "The link's step “x1” is not a number"),
    ],
)
def test_a_link_value_the_games_page_cannot_use_is_named(params, said):
    from streamlit.testing.v1 import AppTest

    from tests.apptest import APP

    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("views/stack5/games.py")
    at.query_params.update({"src": "recorded", **params})
    at.run()
    assert not at.exception, at.exception
    assert any(said in w.value for w in at.warning), [w.value for w in at.warning]
    at.run()  # said once: the next run (a step, a tap) goes on without it
    assert not any(said in w.value for w in at.warning)
