"""Bots: the rating ladder of each game (shipped in data/ladder/), the head-to-head
matrix, and a small match a player can run here with a progress bar."""

import time
from pathlib import Path

import streamlit as st

from dashboard.ui import engine_errors
from engine import EngineError, get_game
from engine.core.registry import game_names
from engine.ladder import load_ladder, run_ladder

DATA = Path(__file__).resolve().parents[2] / "data" / "ladder"
MAX_GAMES = 20
MAX_SECONDS = 60
PAGE_SEARCH_BUDGET = 20  # look-ahead games per move of the search bot in a match here
WORDS = {"random": "random bot", "heuristic": "simple bot", "mcts": "search bot"}


def bot_words(name: str) -> str:
    base, _, budget = name.partition("@")
    words = WORDS.get(base, f"{base} bot")
    return f"{words} ({budget} look-ahead games a move)" if budget else words


def ratings_rows(data: dict) -> list[dict]:
    return [
        {
            "Bot": bot_words(r["bot"]),
            "Rating": round(r["mu"], 1),
            "Likely range": f"{r['low']:.1f} to {r['high']:.1f}",
            "Games": r["games"],
            "Won": f"{r['win_share']:.0%}",
        }
        for r in data["ratings"]
    ]


def head_to_head_rows(data: dict) -> list[dict]:
    h2h = data["head_to_head"]
    bots = list(h2h)
    rows = []
    for a in bots:
        row = {"Finished ahead of →": bot_words(a)}
        for b in bots:
            v = h2h[a].get(b) if a != b else None
            row[bot_words(b)] = "—" if a == b else ("not met" if v is None else f"{v:.0%}")
        rows.append(row)
    return rows


def show_ladder(data: dict) -> None:
    st.dataframe(ratings_rows(data), hide_index=True, width="stretch")
    st.caption(
        "Rating: the bot's estimated skill; the likely range is two standard deviations "
        "either side. Won: the share of seats that won (fair share: one in "
        f"{data['players']})."
    )
    st.markdown("**Head to head**: how often the bot of the row finished ahead of the column's.")
    st.dataframe(head_to_head_rows(data), hide_index=True, width="stretch")


st.title("Bots")
st.markdown(
    "Each game has a **random bot**, a **simple bot** that follows rules of thumb, and a "
    "**search bot** that looks ahead by playing many quick games from the position before "
    "each move. The ladder rates them from matches where the seats rotate."
)

names = [n for n in game_names() if "mcts" in get_game(n).bots or (DATA / f"{n}.json").exists()]
if not names:
    st.info("No game has a search bot yet.")
    st.stop()
game_name = st.selectbox("Game", names, format_func=lambda n: get_game(n).title, key="bots_game")
game = get_game(game_name)

st.subheader("Ladder")
path = DATA / f"{game_name}.json"
if path.exists():
    try:
        shipped = load_ladder(path.read_text(encoding="utf-8"))
    except (EngineError, OSError):
        st.warning("The saved ladder for this game could not be read.")
    else:
        st.caption(f"{shipped['games']} games with {shipped['players']} players, seats rotating.")
        show_ladder(shipped)
else:
    st.info("No ladder has been played for this game yet: run a match below.")

st.subheader("Run a small match")
bots = [b for b in ("random", "heuristic", "mcts") if b in game.bots]
with st.form("bots_match"):
    chosen = st.multiselect(
        "Bots", bots, default=[b for b in ("heuristic", "mcts") if b in bots],
        format_func=bot_words,
    )  # fmt: skip
    c1, c2 = st.columns(2)
    games = int(c1.number_input(f"Games (at most {MAX_GAMES})", 1, MAX_GAMES, 4))
    seconds = int(
        c2.number_input(f"Time limit in seconds (at most {MAX_SECONDS})", 5, MAX_SECONDS, 20)
    )
    play = st.form_submit_button("Play the match")
if play:
    if len(chosen) < 2:
        st.warning("Choose at least two bots.")
    else:
        entrants = [f"mcts@{PAGE_SEARCH_BUDGET}" if b == "mcts" else b for b in chosen]
        bar = st.progress(0.0, text="Starting…")
        start = time.monotonic()

        def on_game(i, record):
            bar.progress((i + 1) / games, text=f"Game {i + 1} of {games} played")

        with engine_errors():
            result = run_ladder(
                game,
                entrants,
                games,
                seed=int(time.time()) % 1_000_000,
                on_game=on_game,
                should_stop=lambda: time.monotonic() - start > seconds,
            )
            if result.games < games:
                st.info(f"Time is up: {result.games} of {games} games were played.")
            show_ladder(result.to_dict())
