"""One statistics table drawn: its columns and values in the page's language, its chart
and its CSV download."""

from __future__ import annotations

from pathlib import Path

import plotly.graph_objects as go
import polars as pl
import streamlit as st

from dashboard import palette
from dashboard.i18n import _, ngettext
from dashboard.stats.words import COLUMN_WORDS, value_words
from dashboard.ui import (
    plain_label,
)
from engine.stats import StatTable

CHART_CONFIG = {"displayModeBar": False}  # no toolbar printed over a title on a phone


def _words(column: str) -> str:
    word = _(COLUMN_WORDS[column]) if column in COLUMN_WORDS else column.replace("_", " ")
    return word[:1].upper() + word[1:]


def _shown(frame: pl.DataFrame) -> pl.DataFrame:
    """The table with its columns named, and its word values worded, in the session's
    language (a name that would clash with another keeps the engine's)."""
    for c in frame.columns:
        words = value_words(c)
        if words is not None and (frame[c].dtype == pl.String or c == "seat"):
            shown = [None if v is None else words(v) for v in frame[c]]
            frame = frame.with_columns(pl.Series(c, shown, dtype=pl.String))
    names = {c: _(COLUMN_WORDS[c]) for c in frame.columns if c in COLUMN_WORDS}
    taken = set(frame.columns) - set(names)
    out: dict[str, str] = {}
    for c, word in names.items():
        if word not in taken and word not in out.values():
            out[c] = word
    return frame.rename(out)


def table_figure(table: StatTable, game: str = "") -> go.Figure | None:
    """The chart of a table: ``y`` and every ``more_y`` column against ``x`` (bars grouped
    side by side, with a legend when there are several), axes titled in words, colours
    from :mod:`dashboard.palette`."""
    frame = table.frame
    if not (table.x and table.y and frame.height):
        return None
    xs = frame[table.x].to_list()
    series = (table.y, *table.more_y)
    fig = go.Figure()
    words = value_words(table.x)
    labels = [words(x) for x in xs] if words is not None else xs
    for i, column in enumerate(series):
        colour = palette.bar_colours(game, table.x, xs) if len(series) == 1 else None
        colour = colour or palette.SERIES[i % len(palette.SERIES)]
        ys = frame[column].to_list()
        if table.kind == "bar":
            fig.add_trace(go.Bar(x=labels, y=ys, name=_words(column), marker_color=colour))
        else:
            fig.add_trace(
                go.Scatter(
                    x=labels, y=ys, name=_words(column), mode="lines+markers", line_color=colour
                )
            )
    several = len(series) > 1
    fig.update_layout(
        xaxis_title=_(table.x_title) if table.x_title else _words(table.x),
        yaxis_title=_(table.y_title) if table.y_title else _words(table.y),
        barmode="group",
        showlegend=several,
        legend={"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom"},
        height=320,
        margin={"l": 10, "r": 10, "t": 40 if several else 16, "b": 10},
    )
    if frame[table.x].dtype.is_integer() and len(set(xs)) <= 20:
        fig.update_xaxes(tickmode="array", tickvals=sorted(set(xs)))
    return fig


def show_table(table: StatTable, key: str, game: str = "", fig: go.Figure | None = None) -> None:
    """A table under its title: note, chart (``fig``, else drawn now), rows, CSV."""
    st.subheader(_(table.title))  # a game's own tables: titled by the engine (stats_words)
    if table.note:
        st.caption(_(table.note))
    frame = table.frame
    fig = fig if fig is not None else table_figure(table, game)
    if fig is not None:
        st.plotly_chart(fig, width="stretch", key=f"stats_fig_{key}", config=CHART_CONFIG)
    # a line of its own above the table: its toolbar shows there, not over the chart
    st.caption(
        ngettext(
            "{n} row · scroll sideways for every column",
            "{n} rows · scroll sideways for every column",
            frame.height,
        ).format(n=frame.height)
    )
    st.dataframe(_shown(frame), hide_index=True, width="stretch")
    st.download_button(
        _("Download CSV"),
        frame.write_csv(),
        file_name=f"{Path(key).name}.csv",
        mime="text/csv",
        key=f"stats_csv_{key}",
    )


def bot_words(frame: pl.DataFrame) -> pl.DataFrame:
    """Bot names in player words, worded in this thread (polars would call back from its
    own threads, which do not know the session's language)."""
    words = [plain_label(b) for b in frame["bot"]]
    return frame.with_columns(pl.Series("bot", words, dtype=pl.String))
