"""Bots: the rating ladder of each game (shipped in data/ladder/), the head-to-head
matrix, and a small match a player can run here with a progress bar."""

import time
from pathlib import Path

import streamlit as st

from dashboard import plugins
from dashboard.i18n import N_, _, error_text, number, percent, pgettext
from dashboard.jobs.bots_match import ladder_match
from dashboard.jobs.pool import JOBS, Busy, session_id
from dashboard.ui import callback, crash_message, fragment
from engine import EngineError, get_game
from engine.core.registry import game_names
from engine.ladder import load_ladder

DATA = Path(__file__).resolve().parents[2] / "data" / "ladder"
MAX_GAMES = 20
MAX_SECONDS = 60
PAGE_SEARCH_BUDGET = 20  # look-ahead games per move of the search bot in a match here
WORDS = {"random": N_("random bot"), "heuristic": N_("simple bot"), "mcts": N_("search bot")}


def bot_words(name: str) -> str:
    base, _sep, budget = name.partition("@")
    words = _(WORDS[base]) if base in WORDS else _("{name} bot").format(name=base)
    if budget:
        return _("{bot} ({n} look-ahead games a move)").format(bot=words, n=budget)
    return words


def ratings_rows(data: dict) -> list[dict]:
    return [
        {
            # the answer columns next to the name: a phone shows these first
            _("Bot"): bot_words(r["bot"]),
            _("Won"): percent(r["win_share"], 0),
            _("Rating"): round(r["mu"], 1),
            _("Likely range"): _("{low} to {high}").format(
                low=number(r["low"], 1), high=number(r["high"], 1)
            ),
            _("Games"): r["games"],
        }
        for r in data["ratings"]
    ]


def head_to_head_rows(data: dict) -> list[dict]:
    h2h = data["head_to_head"]
    bots = list(h2h)
    rows = []
    for a in bots:
        row = {_("Finished ahead of →"): bot_words(a)}
        for b in bots:
            v = h2h[a].get(b) if a != b else None
            row[bot_words(b)] = "—" if a == b else (_("not met") if v is None else percent(v, 0))
        rows.append(row)
    return rows


def show_ladder(data: dict) -> None:
    st.dataframe(
        ratings_rows(data),
        hide_index=True,
        width="stretch",
        column_config={
            _("Bot"): st.column_config.TextColumn(width="medium", pinned=True),
            _("Rating"): st.column_config.NumberColumn(format="%.1f"),  # 25.0, not 25
        },
    )
    st.caption(
        _(
            "Rating: the bot's estimated skill; the likely range is two standard deviations "
            "either side. Won: the share of its seats that were among the winners (a "
            "winning side counts for each of its seats); equal bots would each win {fair}."
        ).format(fair=percent(data.get("fair_win_share", 1 / data["players"]), 0))
    )
    if len(data["ratings"]) >= 2:
        top, second = data["ratings"][0], data["ratings"][1]
        if second["high"] >= top["low"]:  # the two best are not told apart
            st.caption(
                _(
                    "The likely ranges of the {first} and the {second} overlap, so their "
                    "ratings alone do not tell which is stronger; the head-to-head table "
                    "below compares them game by game."
                ).format(first=bot_words(top["bot"]), second=bot_words(second["bot"]))
            )
    st.markdown(_("**Head to head**: how often the bot of the row finished ahead of the column's."))
    st.dataframe(head_to_head_rows(data), hide_index=True, width="stretch")


st.title(_("Bots"))
st.markdown(
    _(
        "Each game has a **random bot**, a **simple bot** that follows rules of thumb, and a "
        "**search bot** that looks ahead by playing many quick games from the position before "
        "each move. The ladder rates them from matches where the seats rotate."
    )
)

names = [n for n in game_names() if "mcts" in get_game(n).bots or (DATA / f"{n}.json").exists()]
if not names:
    st.info(_("No game has a search bot yet."))
    st.stop()
game_name = st.selectbox(
    pgettext("which game", "Game"), names, format_func=plugins.title, key="bots_game"
)
game = get_game(game_name)

st.subheader(_("Ladder"))
path = DATA / f"{game_name}.json"
if path.exists():
    try:
        shipped = load_ladder(path.read_text(encoding="utf-8"))
    except (EngineError, OSError):
        st.warning(_("The saved ladder for this game could not be read."))
    else:
        st.caption(
            _("{games} games with {players} players, seats rotating.").format(
                games=shipped["games"], players=shipped["players"]
            )
        )
        show_ladder(shipped)
else:
    st.info(_("No ladder has been played for this game yet: run a match below."))

st.subheader(_("Run a small match"))
bots = [b for b in ("random", "heuristic", "mcts") if b in game.bots]


def _count(where, label: str, low: int, high: int, value: int, key: str) -> int | None:
    """A whole number the match needs, checked by the app (the field itself has no bounds:
    Streamlit would say an out-of-range value in English): ``None`` and the app's own
    message, in the page's language, when it is outside ``low``..``high``."""
    got = where.number_input(label, value=value, step=1, key=key)
    if got is not None and low <= got <= high:
        return int(got)
    bounds = _("From {min} to {max}.").format(min=low, max=high)
    if got is None:
        where.error(_("{label}: give a number.").format(label=label) + f" {bounds}")
    else:
        text = _("{label}: {value} is out of range.").format(label=label, value=number(got))
        where.error(f"{text} {bounds}")
    return None


# enter_to_submit=False: no "Press Enter to submit form" (Streamlit's English) over a field
with st.form("bots_match", enter_to_submit=False):
    chosen = st.multiselect(
        _("Bots"), bots, default=[b for b in ("heuristic", "mcts") if b in bots],
        format_func=bot_words,
    )  # fmt: skip
    c1, c2 = st.columns(2)
    games_label = _("Games (at most {n})").format(n=MAX_GAMES)
    games = _count(c1, games_label, 1, MAX_GAMES, 4, "bots_games")
    seconds_label = _("Time limit in seconds (at most {n})").format(n=MAX_SECONDS)
    seconds = _count(c2, seconds_label, 5, MAX_SECONDS, 20, "bots_seconds")
    play = st.form_submit_button(_("Play the match"))
JOB, RESULT = "bots_job", "bots_result"  # session keys: the running match, its outcome


def _cancel() -> None:
    JOBS.cancel(st.session_state[JOB]["id"])


@fragment(run_every=0.5)
def match_progress() -> None:
    """The running match (in a worker process, :mod:`dashboard.jobs.pool`): its progress and a
    Cancel button, polled twice a second; once it is over, the page shows the result."""
    job = st.session_state[JOB]
    status = JOBS.poll(job["id"])
    if status is None or status.finished:
        st.session_state.pop(JOB)
        JOBS.forget(job["id"])
        st.session_state[RESULT] = dict(job, status=status)
        st.rerun(scope="app")
    text = (
        _("Game {i} of {n} played").format(i=status.done, n=job["games"])
        if status.done
        else _("Starting…")
    )
    st.progress(status.done / job["games"], text=text)
    if status.cancelled:
        st.caption(_("Stopping after the game being played…"))
    else:
        st.button(_("Cancel the match"), key="bots_cancel", on_click=callback(_cancel))


def show_result(outcome: dict) -> None:
    status = outcome["status"]
    if status is None:  # the server restarted while the match was played
        st.warning(_("The match was lost (the server restarted); play it again."))
        return
    if status.error is not None:
        if isinstance(status.error, EngineError):
            st.error(error_text(status.error))
        else:
            st.error(crash_message(status.error))
        return
    result = status.result or {"played": 0, "cancelled": True}  # cancelled before it began
    played, n = result["played"], outcome["games"]
    if result["cancelled"]:
        st.info(_("Match cancelled: {played} of {n} games were played.").format(played=played, n=n))
    elif played < n:
        st.info(_("Time is up: {played} of {n} games were played.").format(played=played, n=n))
    else:
        st.success(_("Match played: {n} games.").format(n=n))
    if played:
        show_ladder(result["ladder"])


if play and games is not None and seconds is not None:
    if len(chosen) < 2:
        st.warning(_("Choose at least two bots."))
    elif JOB in st.session_state:
        st.warning(_("The match is still being played: wait for it or cancel it."))
    else:
        entrants = [f"mcts@{PAGE_SEARCH_BUDGET}" if b == "mcts" else b for b in chosen]
        seed = int(time.time()) % 1_000_000
        try:
            job = JOBS.submit(session_id(), ladder_match, game_name, entrants, games, seed, seconds)
        except Busy as exc:
            st.warning(error_text(exc))
        else:
            st.session_state[JOB] = {"id": job, "games": games}
            st.session_state.pop(RESULT, None)
if JOB in st.session_state:
    match_progress()
elif RESULT in st.session_state:
    show_result(st.session_state[RESULT])
