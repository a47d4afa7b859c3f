"""Plotly figures built from polars frames; plain functions, testable without Streamlit."""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl

from dashboard import palette
from dashboard.i18n import N_, _
from dashboard.words.units import amount, unit_word


def step_marker(step: int) -> dict:
    """The current step: a dotted line (:data:`dashboard.palette.MARKER`) across the whole
    plot height.

    >>> step_marker(3)["x0"]
    3
    """
    return {
        "type": "line",
        "xref": "x",
        "yref": "paper",
        "x0": step,
        "x1": step,
        "y0": 0,
        "y1": 1,
        "line": {"width": 2, "dash": "dot", "color": palette.MARKER},
    }


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
    colours: list[str] | None = None,
) -> go.Figure:
    """One line per column over ``x``, with the current ``step`` marked. Line ``i`` is
    drawn in ``colours[i]`` (default: :data:`dashboard.palette.SERIES` in turn, never
    plotly's own colours).

    >>> df = pl.DataFrame({"step": [0, 1, 2], "a": [1, 3, 2]})
    >>> fig = step_chart(df, ["a"], step=1, title="A")
    >>> len(fig.data), fig.layout.shapes[0].x0, fig.data[0].line.color == palette.SERIES[0]
    (1, 1, True)
    """
    fig = go.Figure()
    xs = df[x].to_list()
    for i, col in enumerate(columns):
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=df[col].to_list(),
                mode="lines+markers",  # a line alone cannot be selected by a click
                marker={"size": 6, "opacity": 0},
                name=names[i] if names else col,
                line={
                    "shape": shape,
                    "color": colours[i] if colours else palette.SERIES[i % len(palette.SERIES)],
                },
                marker_color=colours[i] if colours else palette.SERIES[i % len(palette.SERIES)],
                hovertemplate=_("step {x}: {y}").format(x="%{x}", y="%{y}")
                + "<extra>%{fullData.name}</extra>",
            )
        )
    if step is not None:
        fig.layout.shapes = [step_marker(step)]
    dollars = y_title == "$"  # amounts read $120 on the axis, no lone rotated "$"
    fig.update_layout(
        title=title,
        xaxis_title=_("step") if x == "step" else x,
        yaxis_title="" if dollars else y_title,
        yaxis_tickprefix="$" if dollars else "",
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
        height=320,
        legend={"orientation": "h", "y": -0.25},
        hovermode="x",  # a click anywhere above a step picks that step
        clickmode="event+select",
    )
    return fig


def seat_chart(
    df: pl.DataFrame, prefix: str, step: int | None, *, title: str, y_title: str
) -> go.Figure:
    """One line per seat from the columns ``<prefix>0``, ``<prefix>1``…, step marked;
    seat 0 is Player 1, each seat in its own colour (:func:`dashboard.palette.seat_colour`).

    >>> df = pl.DataFrame({"step": [0, 1], "score_0": [0, 2], "score_1": [1, 1]})
    >>> [t.name for t in seat_chart(df, "score_", 1, title="", y_title="").data]
    ['Player 1', 'Player 2']
    """
    seats = sorted(
        int(c[len(prefix) :])
        for c in df.columns
        if c.startswith(prefix) and c[len(prefix) :].isdigit()
    )
    return step_chart(
        df,
        [f"{prefix}{s}" for s in seats],
        step,
        title=title,
        y_title=y_title,
        names=[_("Player {n}").format(n=s + 1) for s in seats],
        colours=[palette.seat_colour(s) for s in seats],
    )


def company_chart(
    df: pl.DataFrame, game: str, companies, step: int | None, *, title: str, y_title: str = "$"
) -> go.Figure:
    """One price line per company from the columns ``price_<letter>``, each in its
    company's colour (:func:`dashboard.palette.company_colour`).

    >>> df = pl.DataFrame({"step": [0, 1], "price_R": [5, 6], "price_B": [5, 4]})
    >>> [t.line.color for t in company_chart(df, "owners_choice", "RB", 1, title="").data]
    ['#CC3311', '#004488']
    """
    companies = list(companies)
    return step_chart(
        df,
        [f"price_{c}" for c in companies],
        step,
        title=title,
        y_title=y_title,
        names=companies,
        colours=[palette.company_colour(game, c) for c in companies],
    )


MARK_STYLE = {  # mark → (legend name, colour)
    "??": (N_("?? blunder"), palette.MARKS["??"]),
    "?": (N_("? mistake"), palette.MARKS["?"]),
    "?!": (N_("?! inaccuracy"), palette.MARKS["?!"]),
    "": (N_("no mark"), palette.MARKS[""]),
    "!?": (N_("!? good find"), palette.MARKS["!?"]),
}


def loss_chart(
    notes,
    step: int | None,
    players: list[str] | None = None,
    last: int | None = None,
    *,
    titled: bool = False,
) -> go.Figure:
    """Value lost by each graded decision (the analogue of an evaluation graph): one bar
    per decision at the step its move leads to (``note.step + 1``), coloured by its mark;
    good finds (!?) lose nothing and are drawn as stars on the axis. ``last`` (the last
    step) lines the x axis up with the game's other charts. The notes share one unit;
    ``titled`` names it in the title (for a game graded in several units, a chart each).

    >>> from engine.core.annotation import Annotation
    >>> n = [Annotation(0, 0, "a", "b", 0, 2, "pts", "??", "m"),
    ...      Annotation(2, 1, "c", "c", 1, 1, "pts", "!?", "m")]
    >>> fig = loss_chart(n, 1)
    >>> [(t.name, list(t.x)) for t in fig.data]
    [('?? blunder', [1]), ('!? good find', [3])]
    """
    fig = go.Figure()
    unit = notes[0].unit if notes else ""
    end = last if last is not None else max((n.step + 1 for n in notes), default=1)
    bar_width = max(1.0, end / 120)  # visible on a long game, one step wide on a short one

    def who(seat: int) -> str:
        name = _("Player {n}").format(n=seat + 1)
        if players and seat < len(players):
            return f"{name} · {players[seat]}"
        return name

    for mark, (name, colour) in MARK_STYLE.items():
        mine = [n for n in notes if n.mark == mark]
        if not mine:
            continue
        text = [
            _("step {step} · {who}<br>played {action}, best {best}<br>lost {loss}").format(
                step=n.step + 1,
                who=who(n.seat),
                action=n.action,
                best=n.best,
                loss=amount(n.loss, unit),
            )
            for n in mine
        ]
        xs = [n.step + 1 for n in mine]
        if mark == "!?":
            fig.add_trace(
                go.Scatter(
                    x=xs,
                    y=[0] * len(mine),
                    mode="markers",
                    marker={"symbol": "star", "size": 11, "color": colour},
                    name=_(name),
                    hovertext=text,
                    hoverinfo="text",
                )
            )
        else:
            fig.add_trace(
                go.Bar(
                    x=xs,
                    y=[n.loss for n in mine],
                    marker_color=colour,
                    width=bar_width,
                    name=_(name),
                    hovertext=text,
                    hoverinfo="text",
                )
            )
    if step is not None:
        fig.layout.shapes = [step_marker(step)]
    fig.update_layout(
        title=(
            _("Value lost by each graded decision, in {unit}").format(unit=unit_word(unit))
            if titled
            else _("Value lost by each graded decision")
        ),
        xaxis_title=_("step"),
        yaxis_title=unit_word(unit),
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
        height=280,
        barmode="overlay",
        xaxis_range=[-0.5, end + 0.5],
        legend={"orientation": "h", "y": -0.3},
        clickmode="event+select",
    )
    return fig
