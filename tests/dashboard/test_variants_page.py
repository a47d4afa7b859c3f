"""The Rule variants page: pick a game, one of its rules and the values to compare; the same
games are played under each in the job pool (progress, Cancel) and compared side by side
with the engine's verdicts in the player's words; its link carries the settings and names
what it cannot use; the Rule assumptions page links each assumption to it preset."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlparse

import pytest

from dashboard.i18n import language
from dashboard.variants import choices
from engine.variants import measure
from tests.apptest import finish_job, html_tables, open_page
from tests.dashboard.i18n_checks import english_leaks
from tests.dashboard.test_explorer import open_link
from tests.dashboard.test_words import DEVELOPER_WORDS, rendered_text

PAGE = "views/variants.py"
JOB = "variants_job"
TABLE = "Each setting side by side"
TITLES = {"en": "Rule variants", "ja": "ルールのバリエーション", "zh-TW": "規則變體"}


@pytest.fixture(autouse=True)
def nothing_running():
    """No job of an earlier page holds this session's or the server's slots."""
    from dashboard.jobs.pool import JOBS

    JOBS.forget_all()


def warnings(at) -> list[str]:
    return [w.value for w in at.warning]


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_page_opens_in_each_language_with_a_game_a_rule_and_a_run_button(lang):
    with language(lang):
        at = open_page(PAGE, lang=None if lang == "en" else lang)
        assert not at.exception, at.exception
        assert at.title[0].value == TITLES[lang]
        assert at.selectbox(key="variants_game").value
        assert at.button(key="variants_run")
        assert not at.error and not warnings(at)
        if lang != "en":
            assert english_leaks(at, lang) == []
        for text in rendered_text(at):
            for word, pattern in DEVELOPER_WORDS.items():
                assert not pattern.search(text), (word, text)


def _run_pig(at, value: int, games: int, release):
    at.selectbox(key="variants_game").set_value("pig").run()
    at.selectbox(key="variants_field_pig").set_value("target").run()
    at.number_input(key="variants_value_pig_target").set_value(value).run()
    at.number_input(key="variants_games").set_value(games).run()
    assert at.button(key="variants_run").label == f"Play {games} games under each setting"
    at.button(key="variants_run").click().run()
    assert not at.exception, at.exception
    # played in the pool: a progress bar and a Cancel button while it runs
    assert [p.proto.text for p in at.get("progress")]
    assert at.button(key=JOB + "_cancel")
    assert not any(b.key == "variants_run" for b in at.button)
    release()
    return finish_job(at, JOB)


def test_a_small_run_shows_each_setting_side_by_side_and_the_verdicts(held_jobs):
    at = open_page(PAGE)
    at = _run_pig(at, 20, 4, held_jobs)
    assert not at.error, [e.value for e in at.error]
    report = measure("pig", "target", values=[20], games=4, seed=1, workers=1)
    (table,) = html_tables(at, TABLE)
    assert list(table.columns) == ["", "30 (default)", "20"]
    rows = {r[0]: list(r[1:]) for r in table.itertuples(index=False)}
    assert rows["Games"] == [4, 4]
    for seat in range(2):
        said = rows[f"Player {seat + 1} wins"]
        shares = [s["seat_win_share"][seat] for s in report["settings"]]
        assert [re.match(r"(\d+)%", x).group(1) for x in said] == [
            str(round(100 * x)) for x in shares
        ]
    lengths = [s["mean_length"] for s in report["settings"]]
    assert [float(x.split(" ")[0]) for x in rows["Length (decisions a game)"]] == [
        round(x, 1) for x in lengths
    ]
    # the verdicts: the engine's coded phrases worded, one line per measure with its test
    said = "\n".join(m.value for m in at.markdown)
    assert "chi-square test of homogeneity" in said and "Welch's t-test" in said
    for m in ("Wins by seat", "Length (decisions a game)", "Score gap", "Skill gap"):
        assert f"**{m}" in said
    code = report["verdict"]["code"]
    if code == "variants.none":
        assert "**No measurable difference in 8 games.**" in said
    else:
        assert "With Target at 20," in said
    assert "Wins by seat" in "".join(h.proto.body for h in at.get("html"))  # the chart
    assert [d.key for d in at.get("download_button")] == ["variants_csv"]
    for text in rendered_text(at):
        for word, pattern in DEVELOPER_WORDS.items():
            assert not pattern.search(text), (word, text)
    # kept for these settings: a rerun shows it again without playing
    at.run()
    assert JOB not in at.session_state and not any(b.key == "variants_run" for b in at.button)
    assert html_tables(at, TABLE)


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_small_run_reads_in_the_pages_language(lang, held_jobs):
    with language(lang):
        at = open_page(PAGE, lang=lang)
        at.selectbox(key="variants_game").set_value("stack5").run()
        at.selectbox(key="variants_field_stack5").set_value("steal_from").run()
        at.number_input(key="variants_games").set_value(4).run()
        at.button(key="variants_run").click().run()
        held_jobs()
        finish_job(at, JOB)
        assert not at.error and html_tables(at)
        assert english_leaks(at, lang) == []


def test_cancel_stops_the_games_and_keeps_nothing(held_jobs):
    at = open_page(PAGE)
    at.selectbox(key="variants_game").set_value("pig").run()
    at.number_input(key="variants_games").set_value(2000).run()
    at.button(key="variants_run").click().run()
    at.button(key=JOB + "_cancel").click().run()
    assert not at.exception, at.exception
    assert JOB not in at.session_state
    assert any(i.value == "The games were cancelled; nothing is kept." for i in at.info)
    assert not html_tables(at, TABLE) and at.button(key="variants_run")


def test_the_csv_has_a_row_per_setting_with_every_figure():
    from dashboard.variants.draw import csv_frame

    report = measure("pig", "target", values=[20, 50], games=4, seed=1, workers=1)
    frame = csv_frame(report)
    assert frame["value"].to_list() == ["30", "20", "50"]
    assert frame["default"].to_list() == [True, False, False]
    first = report["settings"][0]
    assert frame["player_2_win_share"][0] == first["seat_win_share"][1]
    assert frame["mean_length_low"][0] == first["mean_length_ci95"][0]
    assert frame["skill_gap"][0] == first["skill_gap"]


def test_the_job_stops_at_the_next_batch_once_cancelled():
    from dashboard.variants.job import measure_rule

    class Cancelled:
        calls = 0

        def update(self, done, total):
            self.calls += 1

        def stopped(self):
            return True

    progress = Cancelled()
    assert measure_rule(progress, "pig", "target", [20], 200, 1) == {"cancelled": True}
    assert progress.calls == 2  # the start, then the first batch: no more games played


def test_the_link_opens_the_page_preset_and_the_page_writes_its_link():
    at = open_link(PAGE, game="pig", field="die_faces", value="8", games="6")
    assert not warnings(at)
    assert at.selectbox(key="variants_game").value == "pig"
    assert at.selectbox(key="variants_field_pig").value == "die_faces"
    assert at.number_input(key="variants_value_pig_die_faces").value == 8
    assert at.number_input(key="variants_games").value == 6
    assert any(c.value == "Compared: 6 (default), 8." for c in at.caption)
    at.number_input(key="variants_value_pig_die_faces").set_value(10).run()
    assert at.query_params["value"] == "10" and at.query_params["game"] == "pig"


@pytest.mark.parametrize(
    ("params", "said"),
    [
        ({"game": "chess"}, "The link's game “chess” is not one this page knows;"),
        (
            {"game": "pig", "field": "colour"},
            "The link's rule “colour” is not one this page can compare for Pig (demo); "
            "Target is shown.",
        ),
        (
            {"game": "pig", "field": "target", "value": "5"},
            "The link's value “5” for Target cannot be compared: give a number from 10 to "
            "100 other than the default 30; 31 is shown.",
        ),
        (
            {"game": "pig", "field": "target", "value": "30"},
            "The link's value “30” for Target cannot be compared",
        ),
        (
            {"game": "stack5", "field": "steal_from", "value": "anywhere"},
            "The link's value “anywhere” is not one Steal from can take; every other value "
            "is compared.",
        ),
        (
            {"game": "pig", "games": "99999"},
            "The link's number of games “99999” is not allowed (from 2 to 2,000); 40 are played.",
        ),
    ],
)
def test_a_bogus_link_value_is_named_and_what_is_shown_instead(params, said):
    at = open_link(PAGE, **params)
    assert not at.exception, at.exception
    assert any(w.startswith(said) for w in warnings(at)), warnings(at)
    assert at.button(key="variants_run")  # the page still works with what it shows


def test_an_out_of_range_or_default_value_is_refused_beside_the_field():
    at = open_link(PAGE, game="pig", field="target")
    at.number_input(key="variants_value_pig_target").set_value(500).run()
    assert any("500 is out of range. From 10 to 100." in e.value for e in at.error)
    assert not any(b.key == "variants_run" for b in at.button)
    at.number_input(key="variants_value_pig_target").set_value(30).run()
    assert any("30 is the default; give another value." in e.value for e in at.error)
    assert not any(b.key == "variants_run" for b in at.button)


def test_each_assumption_links_to_the_page_with_its_game_and_rule():
    at = open_page("views/assumptions.py")
    assert not at.exception, at.exception
    blocks = [h.proto.body for h in at.get("html") if "Does it matter?" in h.proto.body]
    assert len(blocks) == 4  # each game with an assumption the page can play (Pig has none)
    links = re.findall(r"<a href='([^']+)' target='_self'>([^<]+)</a>", "".join(blocks))
    steal = next(html.unescape(url) for url, label in links if label == "Steal from")
    parsed = urlparse(steal)
    assert parsed.path == "/variants"
    query = {k: v[0] for k, v in parse_qs(parsed.query).items()}
    assert query == {"game": "stack5", "field": "steal_from", "lang": "en"}
    opened = open_link(PAGE, **query)
    assert opened.selectbox(key="variants_game").value == "stack5"
    assert opened.selectbox(key="variants_field_stack5").value == "steal_from"
    assert not warnings(opened)
    # every assumption the page can play has its link, and only those: not a free text
    # (Stack 5's colour letters) nor a list (Owner's Choice's board)
    fields = {parse_qs(urlparse(html.unescape(u)).query)["field"][0] for u, _ in links}
    assumed = {r.name for g in choices.games() for r in choices.rules(g) if r.assumption}
    assert fields == assumed
    assert not {"colours", "board", "symbol_names"} & fields


def test_the_assumption_links_keep_the_pages_language():
    with language("ja"):
        at = open_page("views/assumptions.py", lang="ja")
        body = "".join(h.proto.body for h in at.get("html"))
        assert "影響はある？" in body and "&amp;lang=ja" in body


def test_the_verdicts_are_worded_from_their_code_and_parameters():
    """Every coded phrase of engine.variants in words, in English and Japanese; the
    engine's English text is not read (here it is a decoy)."""
    from dashboard.variants.words import test_words, verdict_words

    def coded(code, **params):
        return {"code": code, "params": params, "text": "DECOY"}

    seat = coded("variants.seat", field="target", value=20, seat=2, points=7.5, more=False, pm=3.0)
    longer = coded(
        "variants.change", field="steal_from", value="last_placed", measure="mean_length",
        change=9.7, more=True, pm=2.606,
    )  # fmt: skip
    skill = coded(
        "variants.change", field="straights_wrap", value=True, measure="skill_gap",
        change=0.05, more=False, pm=0.021,
    )  # fmt: skip
    assert verdict_words("pig", seat) == (
        "With Target at 20, Player 2 wins 7.5 percentage points less often (± 3)."
    )
    assert verdict_words("stack5", longer) == (
        "With Steal from at last placed, a game is 9.7 decisions longer (± 2.6)."
    )
    assert verdict_words("stock_holdem", skill) == (
        "With Straights wrap at yes, the stronger bot's edge over its fair share shrinks by "
        "5 percentage points (± 2.1)."
    )
    assert verdict_words("pig", coded("variants.none", games=2000)) == (
        "No measurable difference in 2,000 games."
    )
    assert verdict_words("pig", coded("variants.same", measure="mean_length")) == (
        "No measurable difference."
    )
    assert test_words("mean_length", {"p": 0.0001, "differs": True}).endswith(": p < 0.001")
    with language("ja"):
        assert verdict_words("pig", seat) == (
            "目標を20にすると、プレイヤー2の勝率が7.5ポイント下がります（±3）。"
        )
        said = verdict_words("stack5", longer)
        assert "DECOY" not in said and "9.7" in said and not re.search(r"[A-Za-z]{3,}", said)


def test_each_assumption_says_what_its_shipped_games_measured():
    """Beside each assumption, the verdict of its shipped report (data/variants), in words,
    with what was compared and how many games."""
    from dashboard.variants import shipped

    found = shipped.report("stack5", "steal_from")
    assert found is not None and found["field"] == "steal_from"
    said = shipped.summary("stack5", found)
    assert said.startswith(("No measurable difference", "With Steal from"))
    assert "any row / last placed" in said and str(found["games_per_setting"]) in said
    at = open_page("views/assumptions.py")
    body = "".join(h.proto.body for h in at.get("html") if "Does it matter?" in h.proto.body)
    assert f">Steal from</a>: {html.escape(said)}</li>" in body
    assert shipped.report("stack5", "no_such_rule") is None
