"""The guided game's record: how it starts, the reference game it follows, and the rule
cards met and shown (kept in the record's ``meta["guide"]``)."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from engine import GameRecord
from engine.core.protocol import State
from engine.tutorial import guide, tutorial_games

#: the record's meta key: ``{"met": [[code, step], …], "shown": [code, …]}``
GUIDE = "guide"
#: seconds between two bot moves: slower than the page's usual second, to follow
PAUSE = 1.5
#: the seeds the engine's search tries for a game's guided game
TRIES = 20


@dataclass(frozen=True)
class Card:
    """A rule card: the rule's code, the action ``step`` it first came up at, and the Learn
    section (anchor) that teaches it."""

    code: str
    step: int
    section: str


def has_guide(game: str) -> bool:
    """``game`` has a guided first game."""
    return game in tutorial_games()


@st.cache_data(show_spinner=False, max_entries=16)
def reference(game: str) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """The game the engine's tutorial search chose for ``game``: its seed, its actions and
    its bots (one a seat)."""
    from engine.tutorial import find

    t = find(game, seed=0, tries=TRIES)
    return t.record.seed or 0, tuple(t.record.actions), tuple(t.record.players)


def new_record(game: str, you: str) -> GameRecord:
    """A new guided game of ``game``: ``you`` in seat 0, the practical bots in the others,
    the default rules, dealt as the reference game."""
    from dashboard.play.words import bot_label

    guide(game)  # a game without one is named with the games that have one
    seed, _actions, bots = reference(game)
    players = [you] + [f"{bot_label(b).capitalize()} {s + 1}" for s, b in enumerate(bots) if s]
    return GameRecord(
        game=game,
        players=players,
        actions=[],
        ruleset={},
        meta={
            "made_by": "play your first game",
            "human": 0,
            "bots": {str(s): b for s, b in enumerate(bots) if s},
            "seed": seed,
            "pause": PAUSE,
            GUIDE: {"met": [], "shown": []},
        },
    )


def guided(record: GameRecord) -> bool:
    """``record`` is a guided game."""
    return isinstance(record.meta.get(GUIDE), dict)


def reference_event(record: GameRecord) -> str | None:
    """The reference game's next action while the game so far is the reference's own
    (the bots and chance follow it), else ``None`` (the page's seeded event)."""
    if not guided(record):
        return None
    _seed, actions, _bots = reference(record.game)
    n = len(record.actions)
    if n < len(actions) and list(actions[:n]) == [str(a) for a in record.actions]:
        return actions[n]
    return None


def _meta(record: GameRecord) -> dict:
    g = record.meta[GUIDE]
    g.setdefault("met", [])
    g.setdefault("shown", [])
    return g


def after_action(record: GameRecord, before: State, action: str, after: State) -> bool:
    """Note the rules that come up for the first time at the step just applied (the
    record's last action, from ``before`` to ``after``); True when one did, so the bots
    pause for its card."""
    if not guided(record):
        return False
    g = guide(record.game)
    order = {r.code: i for i, r in enumerate(g.rules)}
    meta = _meta(record)
    met = {code for code, _step in meta["met"]}
    new = sorted(
        {c for c in g.detect(before, action, after) if c not in met}, key=lambda c: order[c]
    )
    step = len(record.actions) - 1
    meta["met"] += [[code, step] for code in new]
    return bool(new)


def _card(record: GameRecord, code: str, step: int) -> Card:
    return Card(code, step, guide(record.game).rule_of(code).section)


def pending(record: GameRecord) -> Card | None:
    """The first rule met whose card the learner has not closed yet, if any (the bots
    wait for it)."""
    if not guided(record):
        return None
    meta = _meta(record)
    for code, step in meta["met"]:
        if code not in meta["shown"]:
            return _card(record, code, step)
    return None


def shown(record: GameRecord) -> list[Card]:
    """The cards the learner has seen, in the order they came."""
    if not guided(record):
        return []
    meta = _meta(record)
    steps = dict((code, step) for code, step in meta["met"])
    return [_card(record, c, steps[c]) for c in meta["shown"] if c in steps]


def mark_shown(record: GameRecord, code: str) -> bool:
    """Keep ``code``'s card as shown; False when it already was (nothing to store)."""
    meta = _meta(record)
    if code in meta["shown"]:
        return False
    meta["shown"].append(code)
    return True
