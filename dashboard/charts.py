"""Plotly figures built from polars frames; plain functions, testable without Streamlit."""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl


def step_chart(
    df: pl.DataFrame,
    columns: list[str],
    step: int | None = None,
    *,
    title: str = "",
    y_title: str = "",
    x: str = "step",
    names: list[str] | None = None,
    shape: str = "hv",
) -> go.Figure:
    """One line per column over ``x``, with the current ``step`` marked.

    >>> df = pl.DataFrame({"step": [0, 1, 2], "a": [1, 3, 2]})
    >>> fig = step_chart(df, ["a"], step=1, title="A")
    >>> len(fig.data), fig.layout.shapes[0].x0
    (1, 1)
    """
    fig = go.Figure()
    xs = df[x].to_list()
    for i, col in enumerate(columns):
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=df[col].to_list(),
                mode="lines",
                name=names[i] if names else col,
                line={"shape": shape},
            )
        )
    if step is not None:
        fig.add_vline(x=step, line_width=2, line_dash="dot", line_color="#d62728")
    fig.update_layout(
        title=title,
        xaxis_title=x,
        yaxis_title=y_title,
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
        height=320,
        legend={"orientation": "h", "y": -0.25},
    )
    return fig


def seat_chart(
    df: pl.DataFrame, prefix: str, step: int | None, *, title: str, y_title: str
) -> go.Figure:
    """One line per seat from the columns ``<prefix>0``, ``<prefix>1``…, step marked.

    >>> df = pl.DataFrame({"step": [0, 1], "score_0": [0, 2], "score_1": [1, 1]})
    >>> [t.name for t in seat_chart(df, "score_", 1, title="", y_title="").data]
    ['seat 0', 'seat 1']
    """
    cols = [c for c in df.columns if c.startswith(prefix) and c[len(prefix) :].isdigit()]
    names = [f"seat {c[len(prefix) :]}" for c in cols]
    return step_chart(df, cols, step, title=title, y_title=y_title, names=names)


def bar_chart(
    labels: list, values: list, *, title: str = "", x_title: str = "", y_title: str = ""
) -> go.Figure:
    """A simple bar chart (probabilities, counts)."""
    fig = go.Figure(go.Bar(x=labels, y=values))
    fig.update_layout(
        title=title,
        xaxis_title=x_title,
        yaxis_title=y_title,
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
        height=320,
    )
    return fig
