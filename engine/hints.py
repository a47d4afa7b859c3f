"""A hint: the move a strong player would choose at a position, and why.

``hint(game, state, seat)`` asks the game's own valuation first (the ``hint`` hook of its
:class:`~engine.core.protocol.Game`, built on the same values its analysis grades
decisions with): every candidate move valued in the game's measure, the best one
suggested, with a coded reason phrase the app words in the player's language. Where the
game values nothing (a decision its analysis does not grade), the hint is the move of
the strongest bot that answers within ``seconds`` (:func:`engine.ladder.strongest_bot`);
the game's hook may ask for that move too (``ask_bot()`` → the bot's name and move text)
and say what the game's measure makes of it.

>>> from engine import get_game
>>> s = get_game("stack5").new_initial_state(2)
>>> hint("stack5", s, 0) is None  # the cards are dealt first: nobody's turn
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from engine.core.errors import Phrase
from engine.core.protocol import Game, State
from engine.core.registry import get_game

#: the strongest bot a hint falls back on answers within about this (seconds, one core)
BOT_SECONDS = 1.0
#: values this close are equal (the first in the legal order is suggested)
EPS = 1e-9


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested move of ``seat`` and why.

    ``best`` is a legal action's text; ``values`` every valued candidate (action text,
    value in ``unit``, from ``seat``'s side), best first, empty when the bot chose;
    ``measure`` what the values mean (a coded phrase, ``None`` for the bot's choice);
    ``reason`` why, as a coded phrase with its numbers as parameters; ``bot`` the bot
    that chose, when no valuation did.
    """

    seat: int
    best: str
    values: tuple[tuple[str, float], ...]
    unit: str
    measure: Phrase | None
    reason: Phrase
    bot: str = ""


def valued(
    seat: int,
    values: Mapping[str, float],
    unit: str,
    measure: Phrase | None,
    reason,
) -> Hint | None:
    """The hint of a game's valuation: ``values`` (candidate text → value), best first;
    ``reason(best, second)`` makes the reason phrase from the best value and the next
    lower one (``None`` when no candidate is worth less). ``None`` when nothing is
    valued."""
    if not values:
        return None
    ranked = sorted(values.items(), key=lambda kv: -kv[1])  # stable: legal order on ties
    best = ranked[0]
    second = next((v for _, v in ranked if v < best[1] - EPS), None)
    return Hint(seat, best[0], tuple(ranked), unit, measure, reason(best[1], second))


def signed(value: float, unit: str = "") -> str:
    """A value with its sign, for a reason phrase: ``+$3.50``, ``−0.25``.

    >>> signed(3.5, "$"), signed(-0.25), signed(0.0)
    ('+$3.50', '−0.25', '0.00')
    """
    if abs(value) < 0.005:
        return f"{unit}0.00"
    sign = "+" if value > 0 else "−"
    return f"{sign}{unit}{abs(value):.2f}"


def _bot_move(game: Game, state: State, seat: int, seed: str, seconds: float) -> tuple[str, str]:
    """The strongest bot's name and its move's text at ``state`` (the same when asked again)."""
    from engine.ladder import make_bot, strongest_bot

    name = strongest_bot(game, seconds)
    rng = random.Random(f"hint:{seed}:{len(state.history)}")
    return name, str(make_bot(game, name).choose(state.clone(), seat, rng))


def _bot_hint(seat: int, bot: tuple[str, str]) -> Hint:
    name, move = bot
    reason = Phrase.coded(
        "hint.bot",
        "The analysis does not value this decision: this is the move of the strongest bot ({bot}).",
        bot=name,
    )
    return Hint(seat, move, (), "", None, reason, bot=name)


def hint(
    game: str | Game, state: State, seat: int, seed: object = "", seconds: float = BOT_SECONDS
) -> Hint | None:
    """The hint for ``seat`` at ``state`` (see the module docstring); ``None`` when it is
    not that seat's turn. ``seed`` makes the bot's choice, where a bot chooses, the same
    each time it is asked."""
    if isinstance(game, str):
        game = get_game(game)
    if state.is_terminal() or state.current_player() != seat:
        return None
    legal = {str(a) for a in state.legal_actions()}
    if not legal:
        return None
    asked: list[tuple[str, str]] = []

    def ask_bot() -> tuple[str, str]:
        if not asked:
            asked.append(_bot_move(game, state, seat, str(seed), seconds))
        return asked[0]

    found = game.hint(state, ask_bot) if game.hint is not None else None
    if found is not None and found.best in legal:
        return found
    return _bot_hint(seat, ask_bot())
