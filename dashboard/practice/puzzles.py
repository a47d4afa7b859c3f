"""Puzzles on the practice page: a position from a real game where one move is clearly
best and the player chose a clearly worse one; the learner finds the best move.

The puzzles are the engine's (``engine.puzzles``: found by the game's own grading,
shipped in ``data/puzzles/``), and the learner's own: their mistakes in a game they played
and reviewed (:mod:`dashboard.practice.own_puzzles`), set after the shipped ones in the list and
first in line when due; the choice of the next one, the schedule and the learner's
rating are :mod:`dashboard.practice.progress`'s; this module draws the position with the game's
own board and move buttons (its :class:`~dashboard.game_ui.GameUI`) and words the result.
"""

from __future__ import annotations

import streamlit as st

from dashboard import ui
from dashboard.i18n import _, error_text, number
from dashboard.live import draw_groups
from dashboard.plugins import game_ui
from dashboard.practice.learner import ANSWERED, progress, record
from dashboard.words.phrases import phrase_text
from dashboard.words.units import amount
from engine.core.errors import EngineError
from engine.puzzles import load_puzzles, measure_phrase, rate_attempt, shows_every_hand

KEY = "puzzle"
SET = "practice_puzzle"  # session: game → index of the puzzle on view
#: a new learner's rating (OpenSkill's default mu, sigma)
START = (25.0, 25.0 / 3)


@st.cache_resource(show_spinner=False)
def puzzles(game: str):
    """The game's shipped puzzles (read once per server)."""
    return load_puzzles(game)


def every_puzzle(game: str, now) -> tuple[tuple, int]:
    """The puzzles the learner is set in ``game`` (progress ``now``): the shipped ones,
    then the learner's own; and where their own start. A shipped puzzle keeps its index
    when the learner's own grow."""
    shipped = puzzles(game)
    return (*shipped, *now.own(game)), len(shipped)


def rating_words(rating: float) -> str:
    """What the puzzle rating is, in one line."""
    return _(
        "Puzzle rating {r}: your skill at the puzzles, from which ones you solved and how "
        "hard each is. A new player starts at 25; the next puzzle is one rated near you."
    ).format(r=number(rating, digits=1))


def _names(state) -> list[str]:
    return [ui.seat_name(i) for i in range(state.num_players)]


def _tap(game: str, index: int, text: str) -> None:
    """Record an attempt: the puzzle's card and the learner's rating, stored at once."""
    every, own_from = every_puzzle(game, progress()[1])
    if index >= len(every):  # no longer kept (a progress loaded meanwhile)
        return
    puzzle = every[index]
    solved = puzzle.is_solution(text)
    st.session_state.setdefault(ANSWERED, {})[(KEY, game)] = text

    def attempt(now):
        learner, _puzzle = rate_attempt(now.rating or START, puzzle.rating, solved)
        own = index >= own_from
        return now.review_puzzle(
            game, index - own_from if own else index, puzzle.id, solved, learner, own=own
        )

    record(attempt)


def _next(game: str) -> None:
    st.session_state.get(ANSWERED, {}).pop((KEY, game), None)
    st.session_state.get(SET, {}).pop(game, None)


@ui.fragment
def puzzle_section(game: str) -> None:
    """One puzzle of ``game``, then its answer."""
    gui = game_ui(game)
    _opened, now = progress()
    every, own_from = every_puzzle(game, now)
    chosen = st.session_state.setdefault(SET, {})
    if game not in chosen or chosen[game] is not None and chosen[game] >= len(every):
        chosen[game] = now.next_puzzle(game, every, own_from=own_from)
    index = chosen[game]
    if index is None:
        st.info(_("There are no puzzles for this game yet."))
        return
    puzzle = every[index]
    try:
        state = puzzle.state()
    except EngineError as exc:  # a shipped puzzle that no longer replays (a rules change)
        st.error(error_text(exc))
        chosen.pop(game, None)
        return
    names = _names(state)
    rating = now.rating[0] if now.rating else None
    # counted in the learner's own order (the easiest first), not the file's
    tried = now.puzzles_tried(every)
    own = index >= own_from
    if own:
        head = _(
            "Your own puzzle: a position from a game you played ({n} of {total} tried)"
        ).format(n=tried, total=len(every))
    elif puzzle.id in now.puzzle_cards:
        head = _("A puzzle you tried before ({n} of {total} tried)").format(
            n=tried, total=len(every)
        )
    else:
        head = _("Puzzle {n} of {total}").format(n=tried + 1, total=len(every))
    st.caption(head if rating is None else f"{head} · {rating_words(rating)}")
    st.markdown(
        "#### "
        + _("You are {player}. Find the best move.").format(player=ui.seat_name(puzzle.seat))
    )
    given = st.session_state.get(ANSWERED, {}).get((KEY, game))
    seen = None if shows_every_hand(puzzle) else puzzle.seat  # what the measure knows
    with st.container(border=True):
        if gui.board is not None:
            gui.board(state, names, you=seen)
        else:
            gui.render_state(state, seen)
    if given is None:
        _buttons(game, index, puzzle, state, names)
    else:
        _reveal(game, puzzle, state, names, given, own)
    st.caption(
        _("How moves are valued here: {measure}").format(
            measure=phrase_text(measure_phrase(puzzle))
        )
    )


def _pseudo_words(game: str, text: str) -> str:
    """A choice that is no action of the game, worded by its plugin (going on without a
    free action or a peek); the text without its brackets when the plugin has no words."""
    words = game_ui(game).practice.choice_words
    return (words(text) if words else None) or text.strip("()")


def _buttons(game: str, index: int, puzzle, state, names) -> None:
    """The puzzle's choices as the game's own move buttons (and a plain button for a
    choice that is no action, such as not peeking)."""
    gui = game_ui(game)
    actions, pseudo = [], []
    for text in puzzle.choices:
        try:
            actions.append(state.parse_action(text))
        except EngineError:
            pseudo.append(text)
    on_tap = ui.callback(lambda text: _tap(game, index, text))
    groups = gui.button_groups(state, actions, names, set())
    if pseudo:
        groups = [*groups, ("", "", [(text, _pseudo_words(game, text), False) for text in pseudo])]
    draw_groups(groups, on_tap, KEY)


def _value(puzzle, value: float) -> str:
    return amount(value, puzzle.unit)


def _reveal(game: str, puzzle, state, names, given: str, own: bool) -> None:
    gui = game_ui(game)

    def words(text: str) -> str:
        try:
            action = state.parse_action(text)
        except EngineError:
            return _pseudo_words(game, text)
        return gui.describe_move(action, names, puzzle.seat)

    best = " / ".join(words(b) for b in puzzle.best)
    values = puzzle.choices
    if puzzle.is_solution(given):
        st.success(_("Solved! The best move: {move}.").format(move=best))
    else:
        st.error(_("Not the best move. The best: {move}.").format(move=best))
        mine = values.get(given)
        if mine is not None:
            st.markdown(
                _("Your move gives {value}; the best gives {best}.").format(
                    value=_value(puzzle, mine), best=_value(puzzle, values[puzzle.best[0]])
                )
            )
    in_game = (
        _("In your game you played {move} — that lost {gap}.")
        if own
        else _("In the game: {move} — that lost {gap}.")
    )
    st.markdown(in_game.format(move=words(puzzle.played), gap=_value(puzzle, puzzle.gap)))
    st.button(
        _("Next puzzle"),
        type="primary",
        key="puzzle_next",
        on_click=ui.callback(_next),
        args=(game,),
    )
