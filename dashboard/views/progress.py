"""Practice progress: accuracy per rule over time, what is due, the learner's link."""

from datetime import UTC, datetime

import plotly.graph_objects as go
import polars as pl
import streamlit as st

from dashboard import palette
from dashboard.html_charts import figures_html
from dashboard.i18n import _, number, percent
from dashboard.nav import practice_page
from dashboard.plugins import game_ui, game_uis
from dashboard.practice.learner import progress
from dashboard.practice.progress import (
    OWN_PUZZLES,
    PUZZLES,
    accuracy_frame,
    line_style,
    rule_summary,
)
from dashboard.practice.puzzles import rating_words
from dashboard.practice.view import rule_name, when_words
from dashboard.stats.table_view import CHART_CONFIG

st.title(_("Practice progress"))
opened, mine = progress()
if not mine.reviews:
    st.info(_("Nothing answered yet. Each game's Practice page asks one question at a time."))
    if mine.own_puzzles:
        st.caption(
            _("Your own puzzles (from your games): {n} waiting.").format(
                n=number(len(mine.own_puzzles))
            )
        )
    for gui in game_uis():
        page = practice_page(gui.game)
        if page is not None:
            st.page_link(page.script, label=_(page.title), icon=page.icon)
    st.stop()

now = datetime.now(UTC)
summary = rule_summary(mine, now)
answered = int(summary["answered"].sum())
right = int(summary["right"].sum())
puzzles = [r for r in mine.reviews if r.kind.endswith(f".{PUZZLES}")]
own = [r for r in mine.reviews if r.kind.endswith(f".{OWN_PUZZLES}")]
st.html(
    figures_html(
        [
            (_("Answered"), number(answered)),
            (_("Right"), percent(right / answered, digits=0) if answered else "–"),
            (_("Rules due now"), number(int(summary["due_now"].sum()))),
            (_("Puzzles solved"), f"{sum(r.right for r in puzzles)} / {len(puzzles)}"),
            (_("Your own puzzles solved"), f"{sum(r.right for r in own)} / {len(own)}"),
        ]
    )
)
if mine.rating:
    st.caption(rating_words(mine.rating[0]))
if mine.own_puzzles:
    st.caption(
        _(
            "Your own puzzles are your mistakes in games you reviewed: {n} kept, {tried} "
            "tried. They come first in Practice when due."
        ).format(
            n=number(len(mine.own_puzzles)),
            tried=number(sum(1 for p in mine.own_puzzles if p.id in mine.puzzle_cards)),
        )
    )

frame = accuracy_frame(mine)
fig = go.Figure()
for i, kind in enumerate(frame["kind"].unique(maintain_order=True).to_list()):
    part = frame.filter(pl.col("kind") == kind)
    colour, dash, symbol = line_style(i, palette.SERIES)
    fig.add_trace(
        go.Scatter(
            x=part["at"].to_list(),
            y=part["accuracy"].to_list(),
            mode="lines+markers",
            name=rule_name(kind),
            line={"color": colour, "shape": "hv", "dash": dash},
            marker={"color": colour, "size": 7, "symbol": symbol},
            hovertemplate="%{y:.0%}<extra>%{fullData.name}</extra>",
        )
    )
fig.update_layout(
    title=_("Accuracy per rule (last {n} answers of each)").format(n=10),
    yaxis={"tickformat": ".0%", "range": [-0.05, 1.05]},
    xaxis={"tickformat": "%m/%d"},  # digits: plotly's month names are English only
    margin={"l": 10, "r": 10, "t": 40, "b": 10},
    height=360,
    legend={"orientation": "h", "y": -0.2},
)
st.plotly_chart(fig, width="stretch", config=CHART_CONFIG, key="progress_chart")

st.subheader(_("Your rules"))
rows = []
for row in summary.iter_rows(named=True):
    game = row["kind"].split(".", 1)[0]
    rows.append(
        {
            # what a learner looks for first stays on a phone's screen; the game goes last
            _("Rule"): rule_name(row["kind"]),
            _("Right"): f"{row['right']} / {row['answered']}",
            _("Comes back"): when_words(row["due"], now),
            _("Game"): game_ui(game).title_text(),
        }
    )
st.dataframe(pl.DataFrame(rows), hide_index=True, width="stretch")
st.caption(
    _("A rule answered right comes back later each time; a wrong answer brings it back soon.")
)
