"""The guided first game: a seeded game against the bots that stops, the first time a rule
matters, to teach it.

The engine chooses the deal. Every seat, the learner's (seat 0) included, is played by the
game's practical bot (the one ``python -m engine variants`` measures with), and chance is
drawn from the seed as in :func:`engine.simulate`, so the game is the same for the same
seed. The record is the guided reference game; the app lets the learner play it.

A *rule moment* is a step at which a rule of the game applies for the first time: each
game recognises them itself from its own state and actions, in
``engine/<game>/tutorial.py`` (its :class:`Guide`, reached through the game's
``Game.tutorial`` hook). Each rule names the Learn page section that teaches it (the
section's anchor). :func:`find` plays seeds in turn and keeps the game whose moments cover
every section a game can meet, early, in the fewest actions.

On the learner's turn a guided game also offers the moves a learner may plausibly *try*
that the rules refuse now (:func:`tries`): the game names them with the engine's own reason
(its ``why_illegal``), and each is checked here to be refused by the state itself (applied
to a copy), so a try is never a legal move and its reason never a second rule.

>>> t = find(tutorial_games()[0], seed=0, tries=2)
>>> t.record.seed in (0, 1), t.moments[0].step >= 0
(True, True)
>>> Moment(3, "bust", "Busting", "game.rule.bust")
Moment(step=3, section='bust', rule='Busting', code='game.rule.bust')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from engine.core.errors import EngineError, IllegalAction, Phrase, quote_choices, quoted
from engine.core.protocol import Game, State
from engine.core.records import GameRecord, initial_state
from engine.core.registry import game_names, get_game
from engine.core.ruleset import make_ruleset
from engine.core.simulate import check_seed, simulate_with

#: the most seeds one search plays
MAX_TRIES = 1000


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule a guided game teaches: its phrase (coded: the app words the code; the
    template is the English) and the Learn section (anchor) that teaches it."""

    phrase: Phrase
    section: str

    @property
    def code(self) -> str:
        return str(self.phrase.code)


def rule(code: str, english: str, section: str) -> Rule:
    """A :class:`Rule` from its phrase code, English words and Learn section."""
    return Rule(Phrase.coded(code, english), section)


@dataclass(frozen=True)
class Guide:
    """What one game's guided first game needs (``engine/<game>/tutorial.py``).

    ``rules`` every rule a moment may teach; ``sections`` every Learn section anchor in page
    order; ``reachable`` the sections a game can meet (the others are set-up or overview
    sections, named in the game module's docstring); ``detect(before, action, after)`` the
    codes of the rules that apply at the step ``action`` leads from ``before`` to
    ``after`` (the game's own state, never changed by it); ``tries(state)`` the refused
    moves a learner may plausibly try now, each with the coded reason the engine refuses
    it for (none: the game offers no tries)."""

    rules: tuple[Rule, ...]
    sections: tuple[str, ...]
    reachable: tuple[str, ...]
    detect: Callable[[State, str, State], Iterable[str]]
    tries: Callable[[State], Iterable[tuple[object, Phrase]]] | None = None

    def rule_of(self, code: str) -> Rule:
        for r in self.rules:
            if r.code == code:
                return r
        raise EngineError(f"no tutorial rule {code!r}")


@dataclass(frozen=True, slots=True)
class Moment:
    """A rule moment: at action ``step`` (its index in the record's actions; the position
    before it is ``states(record)[step]``) the rule ``rule`` (English; ``code`` for the
    app's words) applies for the first time; Learn section ``section`` teaches it."""

    step: int
    section: str
    rule: str
    code: str

    @property
    def phrase(self) -> Phrase:
        """The rule as a coded phrase (what the app words)."""
        return Phrase.coded(self.code, self.rule)

    def to_json(self) -> dict:
        return {"step": self.step, "section": self.section, "rule": self.rule, "code": self.code}


@dataclass(frozen=True)
class Tutorial:
    """A guided game: the record (as ``python -m engine simulate`` writes one) and its rule
    moments in step order."""

    record: GameRecord
    moments: tuple[Moment, ...] = field(default=())

    def to_json(self) -> dict:
        return {"record": self.record.to_dict(), "moments": [m.to_json() for m in self.moments]}

    def dumps(self) -> str:
        """The file ``python -m engine tutorial`` writes: the same bytes for the same game."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1, allow_nan=False) + "\n"

    def sections(self) -> set[str]:
        return {m.section for m in self.moments}


@dataclass(frozen=True, slots=True)
class Try:
    """A move the learner may try that the rules refuse now: its text (the game's
    notation, for the app to word) and the engine's reason (a coded phrase)."""

    action: str
    reason: Phrase


def tries(state: State, rules: Guide | None = None) -> list[Try]:
    """The refused moves a learner may plausibly try in ``state`` (the seat to act's),
    each with its reason: those the game's guide names (``Guide.tries``) that the state
    itself refuses (applied to a copy, it raises :class:`IllegalAction`) and whose reason
    is coded; empty for chance, at the end, or for a game that names none."""
    g = rules or guide(state.game)
    if g.tries is None or state.current_player() < 0:
        return []
    legal = {str(a) for a in state.legal_actions()}
    out = []
    for action, reason in g.tries(state):
        text = str(action)
        if text in legal or getattr(reason, "code", None) is None:
            continue
        try:
            state.clone().apply(text)
        except IllegalAction:
            out.append(Try(text, reason))
    return out


def tutorial_games() -> list[str]:
    """The games with a guided first game (a ``Game.tutorial`` hook), in menu order."""
    return [n for n in game_names(include_demo=True) if get_game(n).tutorial is not None]


def guide(game: str | Game) -> Guide:
    """The :class:`Guide` of ``game``; a game without one is named with the games that
    have one."""
    g = get_game(game) if isinstance(game, str) else game
    if g.tutorial is None:
        raise EngineError.coded(
            "tutorial.no_game",
            "no guided first game for {game}; games: {games}",
            game=quoted(g.name),
            games=quote_choices(tutorial_games()),
        )
    return g.tutorial()


def bots(game: Game) -> list[str]:
    """The seats' bots: the game's practical bot in every seat, the learner's too."""
    from engine.variants import practical_bot

    n = game.default_count(make_ruleset(game.ruleset_class, {}))
    return [practical_bot(game)] * n


def moments(record: GameRecord, rules: Guide | None = None) -> tuple[Moment, ...]:
    """The rule moments of ``record``: for each rule, the first step at which it applies,
    in step order (rules met at one step in the guide's order)."""
    g = rules or guide(record.game)
    order = {r.code: i for i, r in enumerate(g.rules)}
    seen: dict[str, int] = {}
    state = initial_state(record)
    for i, text in enumerate(record.actions):
        before = state.clone()
        state.apply(text)
        for code in g.detect(before, text, state):
            if code not in seen:
                seen[code] = i
        if len(seen) == len(order):
            break
    found = sorted(seen.items(), key=lambda kv: (kv[1], order[kv[0]]))
    return tuple(
        Moment(step, g.rule_of(code).section, str(g.rule_of(code).phrase), code)
        for code, step in found
    )


def score(t: Tutorial, rules: Guide) -> tuple[int, int, int]:
    """Smaller is better: the sections a game can meet that this one misses, then the sum
    of every rule's first step (a rule the game never meets counts as its length, so a
    rule met late is still better than none), then the game's length."""
    n = len(t.record.actions)
    met = t.sections()
    missing = sum(1 for s in rules.reachable if s not in met)
    steps = {m.code: m.step for m in t.moments}
    total = sum(steps.get(r.code, n) for r in rules.rules)
    return missing, total, n


def play(game: str | Game, seed: int) -> Tutorial:
    """The guided game of one seed (no search)."""
    g = get_game(game) if isinstance(game, str) else game
    rules = guide(g)
    check_seed(seed)
    record = simulate_with(g, seed, bots(g), {})
    record.meta["made_by"] = "engine.tutorial"
    return Tutorial(record, moments(record, rules))


def find(game: str | Game, seed: int = 0, tries: int = 20) -> Tutorial:
    """The best guided game among seeds ``seed`` … ``seed + tries - 1`` (:func:`score`;
    the smaller seed on a tie): the same arguments give the same game."""
    g = get_game(game) if isinstance(game, str) else game
    rules = guide(g)
    if type(tries) is not int or not 1 <= tries <= MAX_TRIES:
        raise EngineError(f"--tries {tries!r}: give a whole number from 1 to {MAX_TRIES}")
    check_seed(seed)
    check_seed(seed + tries - 1)
    best = play(g, seed)
    best_score = score(best, rules)
    for s in range(seed + 1, seed + tries):
        t = play(g, s)
        key = score(t, rules)
        if key < best_score:
            best, best_score = t, key
    return best


__all__ = [
    "Guide",
    "Moment",
    "Rule",
    "Try",
    "Tutorial",
    "find",
    "guide",
    "moments",
    "play",
    "rule",
    "score",
    "tries",
    "tutorial_games",
]
