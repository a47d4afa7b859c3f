import streamlit as st

from dashboard.ui import ruleset_frame
from engine import EngineError, game_names, get_game
from engine.core.ruleset import describe

st.title("Rule assumptions")
st.markdown(
    "The rules follow the project's specification (RULES.md). Where the original articles "
    "are silent, the engine uses an **assumption [A]**: a ruleset field with a default that "
    "you can change if your box differs (`--rule FIELD=VALUE` on the command line, or a "
    "TOML file with `--rules FILE`)."
)
names = game_names(include_demo=True)
if not names:
    st.info("No game engine is installed yet.")
for name in names:
    try:
        game = get_game(name)
        frame = ruleset_frame(name)
    except EngineError as exc:
        st.error(str(exc))
        continue
    st.subheader(game.title)
    flagged = [f for f in describe(game.ruleset_class) if f.assumption]
    st.caption(f"{len(flagged)} assumption(s) among {frame.height} ruleset field(s).")
    st.dataframe(frame, hide_index=True, width="stretch")
