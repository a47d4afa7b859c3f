"""The heavy work of the pages as jobs for :mod:`dashboard.jobs.pool`: each runs
in a worker process, so it takes plain data and returns plain data, imports no Streamlit,
reports its progress and stops between two pieces of work once cancelled.

How long each takes is in ``docs/benchmarks.md`` ("Heavy jobs of the pages").
"""

from __future__ import annotations

import time

PARALLEL_BATCH = 100  # a batch this big is simulated on every core (engine.simulate_many)


def grade_game(progress, record_json: str) -> tuple:
    """Every decision of the record graded (:func:`engine.analysis.analyse_quick`)."""
    from engine import GameRecord
    from engine.analysis import analyse_quick

    progress.update(0, 1)
    notes = tuple(analyse_quick(GameRecord.from_json(record_json)))
    progress.update(1, 1)
    return notes


def grade_one_deal(progress, record_json: str, deal: int, done: int, total: int) -> dict:
    """The decisions of one deal graded (:func:`engine.analysis.analyse_on_page` with
    ``deal``),
    as ``{deal: notes}``: the explorer grades a whole Whist game this way, one deal per
    job, so each deal's grades reach the board as soon as they are made. ``done`` of
    ``total`` deals were graded before this one (the progress bar counts deals)."""
    from engine import GameRecord
    from engine.analysis import analyse_on_page

    progress.update(done, total)
    notes = tuple(analyse_on_page(GameRecord.from_json(record_json), deal=deal))
    progress.update(done + 1, total)
    return {deal: notes}


def simulate_batch(
    progress, game: str, seeds: list, players: list, overrides: dict, seconds: float
) -> dict:
    """Simulate one game per seed (every core of the worker's machine for a big batch,
    :func:`engine.simulate_many`), at most ``seconds`` long (at least one game kept):
    the records as JSON, in seed order, and whether it was cancelled."""
    from engine import simulate_many

    deadline = time.monotonic() + seconds
    done = [0]

    def step(n: int, total: int) -> None:
        done[0] = n
        progress.update(n, total)

    def should_stop() -> bool:
        return done[0] > 0 and (progress.stopped() or time.monotonic() > deadline)

    made = simulate_many(
        game,
        seeds,
        players,
        workers=None if len(seeds) >= PARALLEL_BATCH else 1,
        progress=step,
        should_stop=should_stop,
        **overrides,
    )
    return {"records": [r.to_json() for r in made], "cancelled": progress.stopped()}


def check_upload(progress, source: str, text: str) -> tuple:
    """The records of an uploaded JSON / JSON Lines text, each replayed with every action
    checked (:func:`engine.parse_records`; an :class:`EngineError` names the first bad
    one). A 4 MB upload takes seconds."""
    from engine import parse_records

    progress.update(0, 1)
    records = tuple(parse_records(text, source=source, verify=True))
    progress.update(1, 1)
    return records


def next_event(record, state):
    """The app's event when no human is to act: a seeded chance outcome or a bot's move
    (the same on the page and in a worker: ``Random(f"{seed}:{events so far}")``)."""
    import random

    from engine import CHANCE, get_game
    from engine.ladder import make_bot

    meta = record.meta
    rng = random.Random(f"{meta['seed']}:{len(record.actions)}")
    player = state.current_player()
    if player == CHANCE:
        return state.sample_chance(rng)
    bot = make_bot(get_game(record.game), meta["bots"][str(player)])
    return bot.choose(state, player, rng)


def app_events(progress, record_json: str, until_human: bool, limit: int = 2000) -> list:
    """The Play page's next events made by the app (chance and the bots, the search bot
    taking up to seconds a move): one, or every one up to the human's turn; the actions'
    texts. Once cancelled it stops after the move being thought about."""
    from engine.core.records import GameRecord, final_state

    record = GameRecord.from_json(record_json)
    state = final_state(record, check_result=False)
    human = record.meta["human"]
    made: list[str] = []
    while not state.is_terminal() and state.current_player() != human and len(made) < limit:
        if made and (progress.stopped() or not until_human):
            break
        state.apply(next_event(record, state))
        record.actions.append(state.history[-1])
        made.append(str(state.history[-1]))
        progress.update(len(made), 0)
    return made


def count_tables(progress, game: str, records: tuple) -> list:
    """A game's own statistics tables over many records (``engine.stats.game_tables``,
    each record replayed trusted: they were verified when added): seconds for thousands."""
    from engine import stats as engine_stats

    progress.update(0, 1)
    tables = engine_stats.game_tables(game, list(records), trusted=True)
    progress.update(1, 1)
    return tables


def check_parquet(progress, files: tuple, room: int, max_text_bytes: int) -> tuple:
    """The records of uploaded Parquet files (``(name, bytes)`` each), read and replayed
    with every action checked, at most ``room`` games: tens of seconds for 60,000."""
    from engine.core.parquet import read_upload

    progress.update(0, 1)
    records = tuple(
        read_upload(list(files), max_games=room, max_text_bytes=max_text_bytes, verify=True)
    )
    progress.update(1, 1)
    return records


def grade_for_insights(progress, records: tuple) -> dict:
    """The decisions of each record a page grades (:func:`engine.analysis.analyse_on_page`:
    Whist's bidding is left to the command), for the Insights across games
    (:func:`engine.insights.decisions`): seconds a game (a whole Whist game far longer).
    Once cancelled it stops after the game being graded and keeps those graded:
    ``{"rows": the decisions' rows, "games": games graded}``."""
    from engine import insights
    from engine.analysis import analyse_on_page

    done = [0]

    def step(n: int, total: int) -> None:
        done[0] = n
        progress.update(n, total)

    progress.update(0, len(records))
    frame = insights.decisions(
        records, analyse=analyse_on_page, progress=step, should_stop=progress.stopped
    )
    return {"rows": frame.to_dicts(), "games": done[0]}
