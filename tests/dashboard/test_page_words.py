"""Every word a player reads on a Japanese or traditional Chinese page is theirs: no game
notation (the engine's action texts, ``play 2D``, ``buy R``), no Python-quoted list of
names (``'a', 'b'``), no Python value (``None``, ``True``, ``['R']``) and no English sentence
of the app's own.

Every page of the app is opened under AppTest (from ``dashboard/app.py``, then
``switch_page``) in ``ja`` and ``zh-TW``; the analysis board of each game is read whole
(the board component gets every step's words and drawing, the move list and the grades
at once) and stepped on the server; the live pages and Play against the bots are played
by taps. What is read: what a player can see — Markdown, captions, alerts, headings,
widget labels, help and options, table cells, expander and tab labels, the text of HTML
blocks (not their styles or scripts) and of the board. The "Type a move (expert)" box
and the record downloads keep the notation: a widget's typed value and a download's data
are not read.

The notation is the engine's own: the text of every action played or legal in bot games
of each game (longer than 3 characters, so a card or a number is not taken for one).
The default run checks every page, each game's board whole and the first taps of each
live game; ``-m slow`` plays and steps whole games.
"""

from __future__ import annotations

import functools
import html
import json
import logging
import random
import re
from unittest import mock

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.nav import all_pages
from engine import CHANCE, get_game
from tests.apptest import APP, open_page
from tests.board import board_data, go
from tests.dashboard.test_words import rendered_text

LANGS = ("ja", "zh-TW")
GAMES = ("stock_holdem", "stack5", "owners_choice", "whist")
LIVE = {"stack5": "views/stack5/live.py", "owners_choice": "views/owners_choice/live.py"}

pytestmark = pytest.mark.xdist_group("page_words")


# --- what is looked for ------------------------------------------------------------------------


def _bot_game_actions(game_name: str, seed: int, players: int | None, **rules) -> set[str]:
    """The text of every action played, and of every action legal on the way, in one game
    of simple bots."""
    game = get_game(game_name)
    ruleset = game.ruleset_class(**rules)
    n = players or game.default_players
    state = game.new_initial_state(n, ruleset)
    bot = game.make_bot("heuristic")
    rng = random.Random(seed)
    seen: set[str] = set()
    steps = 0
    while not state.is_terminal() and steps < 3000:
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            seen.update(str(a) for a in legal[:200])
            action = bot.choose(state, state.current_player(), rng)
        seen.add(str(action))
        state.apply_trusted(action)
        steps += 1
    return seen


@functools.cache
def notation() -> re.Pattern:
    """Any action text of the four games (longer than 3 characters), as a whole word."""
    texts: set[str] = set()
    for seed in (1, 2):
        texts |= _bot_game_actions("stock_holdem", seed, None)
        texts |= _bot_game_actions("stack5", seed, 3)
        texts |= _bot_game_actions("owners_choice", seed, 4)
        texts |= _bot_game_actions("whist", seed, 4)
        texts |= _bot_game_actions("whist", seed, 2, variant="whist2")
    words = sorted((t for t in texts if len(t) > 3), key=len, reverse=True)
    body = "|".join(re.escape(w) for w in words)
    return re.compile(rf"(?<![A-Za-z0-9])(?:{body})(?![A-Za-z0-9])")


#: a Python-quoted list: 'stock_holdem', 'stack5' or 'R1', 'R2'
QUOTED_LIST = re.compile(r"'[^'\s]{1,30}', '")
#: a Python value shown as Python writes it: None, True, False, a list of quoted texts
PYTHON_VALUE = re.compile(r"(?<![\w'])(?:None|True|False)(?![\w'])|\[\s*'")
#: an English sentence: four ASCII words in a row (of two letters or more: not a list of
#: company letters "A B C D")
ENGLISH = re.compile(
    r"(?<![\w'’])[A-Za-z][A-Za-z'’]+(?:[ ,;:]{1,2}[A-Za-z][A-Za-z'’]+){3,}(?![\w'’])"
)


def findings(texts: list[str]) -> list[str]:
    """What a ja/zh-TW page must not show, each with the text it is in."""
    out = []
    pattern = notation()
    for text in texts:
        for kind, found in (
            ("notation", pattern.search(text)),
            ("quoted list", QUOTED_LIST.search(text)),
            ("Python value", PYTHON_VALUE.search(text)),
            ("English", ENGLISH.search(text)),
        ):
            if found:  # the match with some of the text around it
                around = text[max(0, found.start() - 60) : found.end() + 60].strip()
                out.append(f"{kind} {found[0]!r} in: …{around}…")
    return sorted(set(out))


# --- what a player reads ----------------------------------------------------------------------

_HIDDEN = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")


def html_text(fragment: str) -> str:
    """The words of an HTML fragment (no tags, styles or scripts)."""
    return html.unescape(_TAG.sub(" ", _HIDDEN.sub(" ", fragment)))


def _component_data(at) -> list[dict]:
    out = []
    for element in at.get("bidi_component"):
        proto = element.proto
        kind = proto.WhichOneof("data")
        if kind is None:
            continue
        text = proto.json if kind == "json" else getattr(proto, kind).json
        try:
            out.append(json.loads(text))
        except (TypeError, ValueError):
            continue
    return out


def board_texts(data: dict) -> list[str]:
    """The analysis board's words: every step's head line, turn and drawing, the move list,
    the grades and the buttons' words."""
    from dashboard.components.board import unpack_drawings

    game = data["game"]
    texts = [html_text(s["lead"]) + " · " + html_text(s["turn"]) for s in game["steps"]]
    texts += [
        html_text(d) for d in unpack_drawings(game["pieces"], [s["d"] for s in game["steps"]])
    ]
    texts += [str(c) for row in game["moves"]["rows"] for c in row[1:] if c]
    texts += [str(c) for c in game["moves"]["cols"]]
    texts += [str(v) for v in game["words"].values()]
    texts += [html_text(n["html"]) for n in data["grades"].get("notes", {}).values()]
    return texts


def _relabelled(at) -> set[str]:
    """A table's column names that the page shows by another label (``column_config``):
    the table's own name is not read, its label is."""
    hidden: set[str] = set()
    for frame in at.dataframe:
        try:
            config = json.loads(frame.proto.columns or "{}")
        except ValueError:
            continue
        hidden |= {name for name, c in config.items() if isinstance(c, dict) and c.get("label")}
    return hidden


def page_texts(at) -> list[str]:
    """Everything a player reads on the page (see the module docstring)."""
    relabelled = _relabelled(at)
    texts = [t for t in rendered_text(at) if t and t not in relabelled]
    for frame in at.dataframe:
        try:
            config = json.loads(frame.proto.columns or "{}")
        except ValueError:
            continue
        texts += [
            str(c["label"]) for c in config.values() if isinstance(c, dict) and c.get("label")
        ]
    for kind in ("expander", "tab"):
        texts += [str(getattr(e, "label", "")) for e in at.get(kind)]
    texts += [html_text(h.proto.body) for h in at.get("html")]
    for data in _component_data(at):
        if isinstance(data, dict) and "game" in data and "steps" in data.get("game", {}):
            texts += board_texts(data)
    return [t for t in texts if t.strip()]


def bad_words(at) -> list[str]:
    assert not at.exception, at.exception
    return findings(page_texts(at))


# --- every page ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("script", [p.script for p in all_pages() if "views/pig/" not in p.script])
def test_every_page_shows_no_notation_quoted_list_or_english(script, lang):
    found = bad_words(open_page(script, lang=lang))
    assert not found, "\n".join(found)


def test_the_checks_find_what_they_look_for():
    """The three checks catch their kind (and leave card names and numbers alone)."""
    said = findings(
        [
            "手 play 2D",
            "購買：'buy R'、'buy Y'",
            "games: 'stock_holdem', 'stack5'",
            "Press Enter to submit form",
            "R2 を列 1 に置く · 10H · 3 / 117",
            "「target」：None は整数ではありません",
            "['R'] は文字列ではありません",
        ]
    )
    kinds = sorted(s.split(" ", 1)[0] for s in said)
    assert kinds == ["English", "Python", "Python", "notation", "notation", "quoted"], said


# --- the analysis board, whole games ------------------------------------------------------------


def _board_steps(at, every: int) -> list[str]:
    """The board's words, then the page's at every ``every``-th step (the step panel: the
    bot hint and what the game shows under the board)."""
    found = bad_words(at)
    last = board_data(at)["game"]["last"]
    for step in range(0, last + 1, every):
        go(at, step)
        found += [f"step {step}: {f}" for f in bad_words(at)]
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_bot_game_on_the_analysis_board(game, lang):
    """A recorded bot game (a whist deal graded as it opens) read whole from the board, and
    the page at steps across it."""
    from dashboard.i18n import language

    with language(lang):  # AppTest words the widgets' options in this thread
        at = open_page(f"views/{game}/games.py", lang=lang)
        found = _board_steps(at, every=40)
    assert not found, "\n".join(sorted(set(found)))


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_simulated_game_stepped_through_every_step(game, lang):
    from dashboard.i18n import _, language

    with language(lang):  # AppTest words the widgets' options in this thread
        at = open_page(f"views/{game}/games.py", lang=lang)
        at.segmented_control(key=f"xp_{game}_source").set_value("Simulate").run()
        at.number_input(key=f"xp_{game}_seed").set_value(7)
        at.button[[b.label for b in at.button].index(_("Simulate"))].click().run()
        assert not at.exception, at.exception
        found = _board_steps(at, every=1)
    assert not found, "\n".join(sorted(set(found)))


# --- the live pages and Play against the bots, by taps -------------------------------------------


def _play_live(game: str, lang: str, taps: int) -> list[str]:
    from dashboard.i18n import language
    from dashboard.live import button_key

    key = f"live_{game}"
    engine_game = get_game(game)
    with language(lang):
        at = open_page(LIVE[game], lang=lang)
        at.segmented_control(key=f"{key}_n").set_value(3).run()
        at.button(key=f"{key}_start").click().run()
        twin = engine_game.new_initial_state(3)
        bot = engine_game.make_bot("heuristic")
        rng = random.Random(5)
        found = bad_words(at)
        done = 0
        while not twin.is_terminal() and done < taps:
            if twin.current_player() == CHANCE:
                outcomes = twin.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
                kind = "o"
            else:
                action = bot.choose(twin, twin.current_player(), rng)
                kind = "m"
            at.button(key=button_key(key, kind, str(action))).click().run()
            twin.apply(action)
            done += 1
            found += [f"event {done}: {f}" for f in bad_words(at)]
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(LIVE))
def test_the_live_page_as_a_game_is_entered(game, lang):
    found = _play_live(game, lang, taps=30)
    assert not found, "\n".join(sorted(set(found)))


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(LIVE))
def test_a_whole_game_entered_on_the_live_page(game, lang):
    found = _play_live(game, lang, taps=5000)
    assert not found, "\n".join(sorted(set(found)))


PLAY_GAMES = {"ja": "スタック5", "zh-TW": "Stack\u00a05"}  # kept on one line


def _play_bots(lang: str, moves: int) -> list[str]:
    import time

    from dashboard.i18n import language

    with language(lang):
        at = open_page("views/play.py", lang=lang)
        found = bad_words(at)
        at.selectbox(key="play_game").set_value(PLAY_GAMES[lang]).run()
        at.selectbox(key="play_seat").set_value(0).run()
        at.text_input(key="play_seed").set_value("3")
        at.button(key="play_start").click().run()
        made = 0
        for _ in range(moves * 20):
            found += [f"move {made}: {f}" for f in bad_words(at)]
            if any(b.key == "play_new" for b in at.button) or made >= moves:
                break
            mine = [b.key for b in at.button if b.key and b.key.startswith("play_m_")]
            if mine:
                at.button(key=mine[0]).click().run()
                made += 1
            elif any(b.key == "play_skip" for b in at.button):
                at.button(key="play_skip").click().run()
            else:
                time.sleep(0.2)  # the search bot thinks in a worker process
                at.run()
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_play_against_the_bots(lang):
    found = _play_bots(lang, moves=8)
    assert not found, "\n".join(sorted(set(found)))


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_against_the_bots(lang):
    found = _play_bots(lang, moves=1000)
    assert not found, "\n".join(sorted(set(found)))


# --- Streamlit's own warning in the server log --------------------------------------------------


def _duplicate_state_warnings(script: str, opened: tuple[str, ...] = ()) -> list[str]:
    """Streamlit's "created with a default value but also had its value set via the
    Session State API" for ``script`` (logged only under a running server: AppTest has
    none, so the check is made to run as it would there)."""
    import streamlit.elements.lib.policies as policies

    said: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            said.append(record.getMessage())

    log = logging.getLogger(policies.__name__)
    keep = Keep()
    log.addHandler(keep)
    try:
        with mock.patch.object(policies.runtime, "exists", return_value=True):
            policies._shown_default_value_warning = False
            at = AppTest.from_file(APP, default_timeout=120)
            at.run()
            for key in opened:  # a part folded by default, open from the page's first run
                at.session_state[key] = True
            at.switch_page(script)
            at.run()
            assert not at.exception, at.exception
    finally:
        log.removeHandler(keep)
    return [s for s in said if "Session State API" in s]


def test_the_move_advisor_sets_its_fields_only_through_the_session():
    script = "views/owners_choice/calculator.py"
    assert not _duplicate_state_warnings(script, opened=("oc_rec_open",))


@pytest.mark.slow
@pytest.mark.parametrize("script", [p.script for p in all_pages()])
def test_no_page_sets_a_widget_both_ways(script):
    assert not _duplicate_state_warnings(script)
