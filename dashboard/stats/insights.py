"""Insights across games: accuracy per kind of decision, graded in the job pool."""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl
import streamlit as st

from dashboard import palette
from dashboard.i18n import _, ngettext
from dashboard.jobs import panel as job_panel
from dashboard.jobs.pages import (
    grade_for_insights,
)
from dashboard.stats.records import cached_records, content_key, reading, records_for
from dashboard.stats.table_view import CHART_CONFIG
from dashboard.stats.words import KIND_WORDS, SITUATION_WORDS
from dashboard.ui import (
    callback,
    plain_label,
)

INSIGHTS_JOB = "stats_insights_job"  # session key: the games being graded for the Insights
INSIGHTS_MAX = 200  # games one request may grade
_INSIGHTS = job_panel.Kept(8)  # (content key, players, games) → {"rows", "games"}


def _insights_frames(rows: list[dict]):
    from engine import insights

    frame = insights.from_rows(rows)
    return insights.accuracy(frame), insights.costliest(frame)


def _kind_word(kind: str) -> str:
    return _(KIND_WORDS.get(kind, kind))


def _situation_word(situation: str) -> str:
    return _(SITUATION_WORDS.get(situation, situation))


def insights_figure(acc: pl.DataFrame) -> go.Figure:
    """Per kind of decision (x), one bar per player or bot: the share of decisions that
    kept the best value."""
    fig = go.Figure()
    players = acc["player"].unique(maintain_order=True).to_list()
    for i, player in enumerate(players):
        mine = acc.filter(pl.col("player") == player)
        fig.add_trace(
            go.Bar(
                x=[_kind_word(k) for k in mine["kind"]],
                y=mine["kept_share"].to_list(),
                name=plain_label(player),
                marker_color=palette.SERIES[i % len(palette.SERIES)],
                customdata=[[n] for n in mine["decisions"]],
                hovertemplate="%{y:.0%} · %{customdata[0]}<extra>%{fullData.name}</extra>",
            )
        )
    fig.update_layout(
        xaxis_title=_("Kind of decision"),
        yaxis_title=_("Share that kept the best value"),
        yaxis={"range": [0, 1], "tickformat": ".0%"},
        barmode="group",
        showlegend=True,
        legend={"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom"},
        height=340,
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
    )
    return fig


def _accuracy_shown(acc: pl.DataFrame) -> pl.DataFrame:
    """The accuracy table in player words (worded in this thread, not polars')."""
    from dashboard.words.units import unit_word

    return pl.DataFrame(
        {
            _("player or bot"): [plain_label(p) for p in acc["player"]],
            _("kind of decision"): [_kind_word(k) for k in acc["kind"]],
            _("decisions"): acc["decisions"],
            _("kept the best value"): [f"{x:.0%}" for x in acc["kept_share"]],
            _("mean lost"): acc["mean_loss"],
            _("total lost"): acc["total_loss"],
            _("unit"): [unit_word(u or "") for u in acc["unit"]],
        }
    )


def _costliest_words(row: dict) -> str:
    """``**simple bot**: card play, leading — 4 mistakes, 4 tricks lost in all`` (a kind
    made in one situation only is not said twice)."""
    from dashboard.words.units import amount

    what = _kind_word(row["kind"])
    if row["situation"] != row["kind"]:
        what = _("{kind}, {situation}").format(
            kind=what, situation=_situation_word(row["situation"])
        )
    return ngettext(
        "**{player}**: {what} — {n} mistake, {lost} lost in all",
        "**{player}**: {what} — {n} mistakes, {lost} lost in all",
        row["mistakes"],
    ).format(
        player=plain_label(row["player"]),
        what=what,
        n=row["mistakes"],
        lost=amount(row["total_loss"], row["unit"] or ""),
    )


def render_insights(game: str, players: int | None) -> None:
    """The Insights across games: the last games of the page's set graded decision by
    decision in the job pool (at most :data:`INSIGHTS_MAX`; by default
    ``engine.insights.default_games``), then each player's or bot's share of decisions
    that kept the best value and mean value lost per kind of decision (a chart, a table,
    a CSV) and their costliest recurring mistake."""
    from engine import insights
    from engine.analysis import ANALYSED

    if game not in ANALYSED:
        return
    st.subheader(_("Insights: accuracy by kind of decision"))
    st.caption(
        _(
            "Every decision of the last games of this set (those added most recently) "
            "graded against the best choice, as on the analysis board: for each player or "
            "bot, the share of decisions of each kind that kept the best value, the value "
            "lost, and the costliest recurring mistake (the kind of decision and situation "
            "whose mistakes lost the most in all, made at least twice)."
        )
    )
    with reading():
        records = [
            r
            for r in cached_records(content_key(game), lambda: records_for(game))
            if players is None or r.num_players == players
        ]
    default = min(insights.default_games(game), len(records), INSIGHTS_MAX)
    c1, c2 = st.columns([1, 1], vertical_alignment="bottom")
    with c1:
        n = st.number_input(
            _("Games to grade"),
            min_value=1,
            max_value=max(1, min(INSIGHTS_MAX, len(records))),
            value=max(1, default),
            key=f"stats_insights_games_{game}_{players}",
            help=_(
                "{n} by default for this game: grading takes seconds a game. At most {most}."
            ).format(n=default, most=min(INSIGHTS_MAX, len(records))),
        )
    key = (content_key(game), players, int(n))
    job_panel.drop_other(INSIGHTS_JOB, key)
    done = job_panel.take(INSIGHTS_JOB)
    if done is not None:
        job, status = done
        if status is None:
            job_panel.lost()
        elif not job_panel.show_error(status) and status.result is not None:
            _INSIGHTS.put(job["content"], status.result)
    graded = _INSIGHTS.get(key)
    asked = st.session_state.pop(INSIGHTS_JOB + "_asked", None)
    if asked == key and graded is None and job_panel.running(INSIGHTS_JOB) is None:
        chosen = tuple(records[-int(n) :])
        job_panel.start(INSIGHTS_JOB, grade_for_insights, chosen, content=key)
    if job_panel.running(INSIGHTS_JOB) is None and graded is None:
        # the button only records the wish (its callback runs before the page), so the
        # run it makes starts the job and no longer draws the button
        c2.button(
            ngettext("Grade {n} game", "Grade {n} games", int(n)).format(n=int(n)),
            key="stats_insights_go",
            icon=":material/insights:",
            type="primary",
            on_click=callback(st.session_state.__setitem__),
            args=(INSIGHTS_JOB + "_asked", key),
        )
    if job_panel.running(INSIGHTS_JOB) is not None:
        job_panel.progress_panel(
            INSIGHTS_JOB,
            lambda status: _("Grading game {done} of {total}…").format(
                done=min(status.done + 1, status.total or 1), total=status.total or int(n)
            ),
            _("Stop grading"),
            stopping=_("Stopping after the game being graded; the games graded are kept."),
        )
    if graded is None:
        return
    rows = graded["rows"]
    if not rows:
        st.info(_("No decision of these games is graded."))
        return
    acc, worst = _insights_frames(rows)
    st.caption(
        ngettext(
            "{games} game graded · {n} decisions",
            "{games} games graded · {n} decisions",
            graded["games"],
        ).format(games=graded["games"], n=len(rows))
    )
    st.plotly_chart(
        insights_figure(acc), width="stretch", key="stats_insights_fig", config=CHART_CONFIG
    )
    st.dataframe(_accuracy_shown(acc), hide_index=True, width="stretch")
    st.download_button(
        _("Download CSV"),
        acc.write_csv(),
        file_name=f"insights-{game}.csv",
        mime="text/csv",
        key="stats_insights_csv",
    )
    st.markdown("**" + _("Costliest recurring mistake") + "**")
    if worst.height == 0:
        st.caption(_("No mistake recurs in these games."))
    for row in worst.to_dicts():
        st.markdown("- " + _costliest_words(row))
    st.download_button(
        _("Download every graded decision (CSV)"),
        insights.from_rows(rows).write_csv(),
        file_name=f"insights-{game}-decisions.csv",
        mime="text/csv",
        key="stats_insights_rows_csv",
    )
