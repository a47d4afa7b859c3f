"""The statistics page's simulation form: a batch of bot games, played in the job pool,
added to this session's records."""

from __future__ import annotations

import streamlit as st

from dashboard.i18n import _, error_text, ngettext
from dashboard.jobs import panel as job_panel
from dashboard.jobs.pages import (
    simulate_batch,
)
from dashboard.stats.records import SESSION_KEY, SIMS_DIGEST_KEY, content_digest
from dashboard.ui import (
    default_count_index,
    overrides_input,
    parse_overrides,
    plain_label,
    player_counts,
)
from engine import EngineError, GameRecord, get_game

MAX_BATCH = 200  # games per simulation request
SIM_SECONDS = 10.0  # and at most this long, so a request cannot hang the app
MAX_SESSION_GAMES = 20_000  # simulated games kept in one session


def _add(records: list[GameRecord]) -> None:
    st.session_state.setdefault(SESSION_KEY, [])
    texts = [r.to_json() for r in records]
    st.session_state[SESSION_KEY] += texts
    chained = st.session_state.get(SIMS_DIGEST_KEY, "") + "\n" + "\n".join(texts)
    st.session_state[SIMS_DIGEST_KEY] = content_digest(chained)


def render_simulation_form(game_name: str) -> None:
    game = get_game(game_name)
    counts = player_counts(game)
    bots = sorted(game.bots)
    with st.form("stats_sim", enter_to_submit=False):  # no Streamlit hint in English
        c1, c2, c3 = st.columns(3)
        n = c1.selectbox(_("Players"), counts, index=default_count_index(game), key="stats_n")
        games = c2.number_input(
            _("Games (at most {n})").format(n=MAX_BATCH), 1, MAX_BATCH, 20, key="stats_games"
        )
        seed = c3.number_input(_("First seed"), 0, 10**9, 1000, key="stats_seed")
        cols = st.columns(min(4, max(counts)))
        chosen = [
            cols[s % len(cols)].selectbox(
                _("Player {n}").format(n=s + 1),
                bots,
                format_func=plain_label,
                key=f"stats_bot_{game_name}_{s}",
            )
            for s in range(max(counts))
        ]
        rules = overrides_input(f"stats_rules_{game_name}", game)  # per game: no stale fields
        go_ = st.form_submit_button(_("Simulate and add"), type="primary")
        st.caption(
            _("A batch stops after {seconds:g} seconds and keeps the games it finished.").format(
                seconds=SIM_SECONDS
            )
        )
    if go_:
        _start_simulation(game_name, int(n), chosen, int(games), int(seed), rules)
    if job_panel.running(SIM_JOB):
        job_panel.progress_panel(
            SIM_JOB,
            _simulated_words,
            _("Cancel the simulation"),
            stopping=_("Stopping after the games being played…"),
        )
    done = job_panel.take(SIM_JOB)
    if done is not None:
        _simulated(*done)


SIM_JOB = "stats_sim_job"  # session key: the simulation running (dashboard.jobs.panel)


def _start_simulation(game_name: str, n: int, chosen: list, games: int, seed: int, rules) -> None:
    """Simulate the batch in a worker process (:func:`dashboard.jobs.pages.simulate_batch`):
    20 Stock Hold'em games take about 7 s."""
    kept = len(st.session_state.get(SESSION_KEY, []))
    if kept >= MAX_SESSION_GAMES:
        st.error(
            _(
                "This session already holds {kept:,} simulated games, the most it keeps; "
                "reload the page to start afresh."
            ).format(kept=kept)
        )
        return
    if job_panel.running(SIM_JOB):
        st.warning(_("A batch is still being simulated: wait for it or cancel it."))
        return
    try:
        overrides = parse_overrides(get_game(game_name), rules)
    except EngineError as exc:
        st.error(error_text(exc))
        return
    wanted = min(games, MAX_SESSION_GAMES - kept)
    seeds = list(range(seed, seed + wanted))
    job_panel.start(
        SIM_JOB,
        simulate_batch,
        game_name,
        seeds,
        chosen[:n],
        overrides,
        SIM_SECONDS,
        asked=games,
        seed=seed,
    )


def _simulated_words(status) -> str:
    if not status.done:
        return _("Simulating…")
    return _("Simulated {done} of {total}").format(done=status.done, total=status.total)


def _simulated(job: dict, status) -> None:
    """Add the games the finished simulation made, and say how many."""
    if status is None:
        job_panel.lost()
        return
    if job_panel.show_error(status):
        return
    result = status.result or {"records": [], "cancelled": True}
    made = [GameRecord.from_json(text) for text in result["records"]]
    _add(made)
    asked, seed = job["asked"], job["seed"]
    if result["cancelled"]:
        st.info(
            _(
                "Simulation cancelled: added {made} of the {asked} games asked for. Simulate "
                "again with first seed {seed} to continue."
            ).format(made=len(made), asked=asked, seed=seed + len(made))
        )
    elif len(made) < asked:
        st.warning(
            _(
                "Added {made} of the {asked} games asked for: a batch stops after {seconds:g} "
                "seconds (or when the session is full). Simulate again with first seed {seed} "
                "to continue."
            ).format(made=len(made), asked=asked, seconds=SIM_SECONDS, seed=seed + len(made))
        )
    else:
        st.success(
            ngettext("Added {n} simulated game.", "Added {n} simulated games.", len(made)).format(
                n=len(made)
            )
        )
