"""The live pages say every move in words (AppTest, English, ja and zh-TW): whole bot
games entered by taps, and at every step no engine notation — the text form of the game's
actions (``str(action)``: 'place B3 row 1', 'give 2', 'buy R', 'die event all+1') — in
what the page shows: the heading, the board, the coach's line, the buttons and their help,
the moves so far. The "Type a move (expert)" box and the record's download keep the
notation (they are not read here). A refused typed move names the players as the page
does, in the page's language."""

from __future__ import annotations

import html
import random
import re

import pytest

from dashboard.live import button_key
from engine import CHANCE, get_game
from tests.apptest import open_page

LANGS = ["en", "ja", "zh-TW"]
GAMES = [  # (game, page, seed of a short heuristic game)
    ("stack5", "views/stack5/live.py", 0),
    ("owners_choice", "views/owners_choice/live.py", 0),
]
NAMES = ["Ana", "Ben"]
#: a die face written as the engine writes it ('all+1', 'pay50', '50/-1', 'dividends')
FACE = re.compile(r"^(?:[a-z]+[+-]\d+|[a-z]+\d+|\d+/-?\d+|dividends)$")


def visible(at) -> str:
    """What the page shows as text, but for the typed box's input and the download."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "success", "info", "warning", "subheader"):
        parts += [e.value for e in getattr(at, kind)]
    parts += [b.label for b in at.button] + [b.help or "" for b in at.button]
    parts += [e.label for e in at.expander]
    for h in at.get("html"):  # the text of each piece of HTML (not its style sheets)
        body = re.sub(r"<style.*?</style>", " ", h.proto.body, flags=re.S)
        parts.append(html.unescape(re.sub(r"<[^>]+>", " ", body)))
    return "\n".join(parts)


def notation(state) -> tuple[set[str], set[str]]:
    """The notation of the actions a tap may enter now: (texts of several words, texts
    of one word)."""
    if state.current_player() == CHANCE:
        actions = [a for a, _p in state.chance_outcomes()]
    else:
        actions = list(state.legal_actions())
    texts = {str(a) for a in actions}
    many = {t for t in texts if " " in t}
    faces = {t.rsplit(" ", 1)[-1] for t in many if t.startswith("die ")}
    return many, {t for t in texts if " " not in t} | {f for f in faces if FACE.match(f)}


def found(text: str, many: set[str], one: set[str], lang: str) -> list[str]:
    """The notation shown in ``text``: a text of several words anywhere; one of a single
    word quoted or in brackets ('done', (ST)), and in ja and zh-TW anywhere as a word
    (a card's name such as R1 is a name there too, not notation)."""
    hits = [t for t in many if t in text]
    for t in one:
        marks = [f"'{t}'", f"“{t}”", f"「{t}」", f"({t})", f"（{t}）", f"`{t}`"]
        quoted = any(m in text for m in marks)
        face = FACE.match(t) and re.search(rf"(?<![\w+/-]){re.escape(t)}(?![\w/])", text)
        word = lang != "en" and t.isalpha() and t.islower() and re.search(rf"\b{t}\b", text)
        if quoted or face or word:
            hits.append(t)
    return hits


def start(page: str, key: str, lang: str):
    at = open_page(page, lang=lang)
    at.segmented_control(key=f"{key}_n").set_value(len(NAMES)).run()
    for i, name in enumerate(NAMES):
        at.text_input(key=f"{key}_name{i}").set_value(name)
    at.button(key=f"{key}_start").click().run()
    assert not at.exception
    return at


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game_name", "page", "seed"), GAMES)
def test_a_whole_live_game_shows_no_engine_notation(game_name, page, seed, lang):
    key = f"live_{game_name}"
    at = start(page, key, lang)
    game = get_game(game_name)
    twin = game.new_initial_state(len(NAMES))
    bot = game.make_bot("heuristic")
    rng = random.Random(seed)
    typed = False
    while True:
        many, one = notation(twin) if not twin.is_terminal() else (set(), set())
        # every move made so far too: the log and the heading's last event
        many |= {t for t in twin.history if " " in t}
        one |= {t for t in twin.history if " " not in t}
        shown = visible(at)
        hits = found(shown, many, one, lang)
        assert not hits, (
            lang,
            len(twin.history),
            [shown[max(0, shown.find(h) - 200) : shown.find(h) + 80] for h in hits],
        )
        if twin.is_terminal():
            break
        player = twin.current_player()
        if not typed and player >= 0 and len(twin.history) > 4:
            typed = True
            refused_in_words(at, key, lang, twin)
        if player == CHANCE:
            action = twin.sample_chance(rng)
        else:
            action = bot.choose(twin, player, rng)
        kind = "o" if player == CHANCE else "m"
        at.button(key=button_key(key, kind, str(action))).click().run()
        assert not at.exception, at.exception
        assert not at.error, at.error[0].value
        twin.apply(action)
        assert len(twin.history) < 1000
    assert typed


#: moves a player may type that the rules refuse at some point (one is chosen that the
#: rules refuse now)
REFUSABLE = ["stop", "draw", "give 1", "bankrupt", "stay", "pay", "fund", "move 1"]


def refused_in_words(at, key: str, lang: str, twin) -> None:
    """A typed move the rules refuse now: the message names the player to act by the
    page's name (not "seat 0") and is in the page's language; the game goes on."""
    from engine import EngineError

    legal = {str(a) for a in twin.legal_actions()}
    for text in REFUSABLE:
        try:
            twin.parse_action(text)
        except EngineError:
            continue
        if text not in legal:
            break
    at.text_input(key=f"{key}_typed").set_value(text)
    at.button(key=f"{key}_apply_typed").click().run()
    assert at.error, f"{text!r} refused says why"
    said = at.error[0].value
    assert "seat " not in said and NAMES[twin.current_player()] in said, said
    if lang == "ja":
        assert re.search(r"[ぁ-んァ-ン]", said), said
    if lang == "zh-TW":
        assert re.search(r"[\u4e00-\u9fff]", said) and not re.search(r"[ぁ-ん]", said), said
    at.text_input(key=f"{key}_typed").set_value("")
