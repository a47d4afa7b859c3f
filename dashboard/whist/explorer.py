"""Whist's plugin for the shared game explorer: state view and score charts."""

from __future__ import annotations

import streamlit as st

from dashboard.charts import step_chart
from dashboard.explorer.words import player
from dashboard.i18n import N_, _
from dashboard.whist.draw import back_html, card_html, cards_html, row, straw_html, trick_html
from dashboard.whist.words import (
    bid_words,
    contract_words,
    join,
    phase_word,
    variant_title,
)


def side_names(n: int) -> list[str]:
    if n == 4:
        return [_("Players 1+3"), _("Players 2+4")]
    return [player(0), player(1)]


def render_state(state, seat: int | None, out=st, *, over_banner: bool = True) -> None:
    """The table as ``seat`` sees it (``None``: everything); ``over_banner=False`` leaves
    the game-over banner to a page that says it with the players' own names."""
    obs = state.observation(seat)
    n = state.num_players
    names = side_names(n)
    r = state.ruleset
    target = r.bid_target if r.bidding else r.whist_target
    score = " · ".join(f"{names[i]}: **{obs['scores'][i]}**" for i in range(2))
    goal = f"±{target}" if r.bidding else f"{target}"
    deal = obs["deal_no"] + (0 if state.is_terminal() else 1)
    out.markdown(
        _("**{title}** · deal {deal} · {score} (end at {goal})").format(
            title=variant_title(r.variant), deal=deal, score=score, goal=goal
        )
    )
    if obs["dealer"] is not None and obs["dealer"] >= 0:
        facts = [_("dealer: {player}").format(player=player(obs["dealer"]))]
        if obs["contract"]:
            contract = contract_words(obs["contract"])
            if obs["declarer"] is not None and obs["declarer"] >= 0:
                facts.append(
                    _("contract: **{contract}** by {player}").format(
                        contract=contract, player=player(obs["declarer"])
                    )
                )
            else:
                facts.append(_("contract: **{contract}**").format(contract=contract))
        if obs["to_act"] is not None:
            facts.append(
                _("to act: {player} ({phase})").format(
                    player=player(obs["to_act"]), phase=phase_word(obs["phase"])
                )
            )
        facts.append(
            _("books this deal: {side1} {books1}, {side2} {books2}").format(
                side1=names[0], books1=obs["books"][0], side2=names[1], books2=obs["books"][1]
            )
        )
        out.markdown(" · ".join(facts))
    if obs["bids"]:
        out.caption(
            _("Bidding: {bids}").format(
                bids=join(f"{player(s)} {bid_words(b)}" for s, b in obs["bids"])
            )
        )
    if obs["turn_card"]:
        out.html(row(_("Turned"), card_html(obs["turn_card"], size=30)))

    out.html(_hands_html(state, obs))
    _tricks_and_deals(obs, out)
    if over_banner and state.is_terminal():
        winners = join(player(w) for w in state.winners())
        out.success(_("Game over — winners: {winners}").format(winners=winners))


def _hands_html(state, obs: dict) -> str:
    """Each seat's hand (or its backs), the straw, the kitty and the discard, as rows."""
    n = state.num_players
    parts = []
    for i in range(n):
        hand = obs["hands"][i]
        label = player(i) + (_(" (D)") if i == obs["dealer"] else "")
        if hand is None:
            body = back_html(size=28, label=str(obs["hand_sizes"][i]))
        else:
            body = cards_html(hand, size=30)
        parts.append(row(label, body))
        if obs["straw"]:
            parts.append(row(_("Straw {n}").format(n=i), straw_html(obs["straw"][i])))
    if state.bidw:
        if obs["kitty"] is not None and not state.kitty_taken:
            parts.append(row(_("Kitty"), cards_html(obs["kitty"], size=30)))
        elif obs["kitty_size"]:
            parts.append(row(_("Kitty"), back_html(size=28, label=str(obs["kitty_size"]))))
        if obs["discard_count"]:
            body = (
                cards_html(obs["discards"], size=28)
                if obs["discards"] is not None
                else back_html(size=28, label=str(obs["discard_count"]))
            )
            note = _("(the declarer's first book)")
            parts.append(row(_("Discard"), body + f" <small>{note}</small>"))
    return "".join(parts)


def _tricks_and_deals(obs: dict, out) -> None:
    """The trick in progress, the last trick, every trick of the deal and the deals scored."""
    if obs["trick"]:
        out.markdown(_("**Trick in progress**"))
        out.html(trick_html(obs["trick"], label=player))
    if obs["tricks"]:
        last = obs["tricks"][-1]
        out.markdown(_("**Last trick** — won by {player}").format(player=player(last["winner"])))
        out.html(trick_html(last["cards"], last["win_index"], label=player))
        count = len(obs["tricks"])
        with out.expander(_("All {n} tricks of this deal").format(n=count)):
            out.html(
                "".join(
                    row(
                        f"{k + 1}. → P{t['winner'] + 1}",
                        trick_html(t["cards"], t["win_index"], size=26, label=player),
                    )
                    for k, t in enumerate(obs["tricks"])
                )
            )
    if obs["deal_log"]:
        with out.expander(_("Deals scored so far ({n})").format(n=len(obs["deal_log"]))):
            cols = {
                "deal": _("deal"),
                "dealer": _("dealer"),
                "contract": _("contract"),
                "books": _("books"),
                "points": _("points"),
                "total": _("total"),
            }
            out.dataframe(
                [
                    {
                        cols["deal"]: d["deal"] + 1,
                        cols["dealer"]: player(d["dealer"]),
                        cols["contract"]: contract_words(d["contract"]),
                        cols["books"]: f"{d['books'][0]}-{d['books'][1]}",
                        cols["points"]: f"{d['points'][0]:+d} / {d['points'][1]:+d}",
                        cols["total"]: f"{d['scores'][0]} / {d['scores'][1]}",
                    }
                    for d in obs["deal_log"]
                ],
                hide_index=True,
                width="stretch",
            )


def charts(df, step):
    n_seats = 4 if df["actor"].max() is not None and df["actor"].max() >= 2 else 2
    names = side_names(n_seats)
    return [
        step_chart(
            df,
            ["score_0", "score_1"],
            step,
            title=_("Score per side"),
            y_title=_("points"),
            names=names,
        ),
        step_chart(
            df,
            ["books_0", "books_1"],
            step,
            title=_("Books this deal"),
            y_title=_("books"),
            names=names,
        ),
    ]


MEASURE = N_(
    "Tricks. Each graded decision is measured by the tricks its side can still take with "
    "the best play of everyone as if all hands were face up (double dummy); it says what "
    "was possible, not what a player could have known. The whole game is graded as it "
    "opens, deal by deal (the deal on view first): the marks fill in as each deal is done."
)
