import streamlit as st

from dashboard.ui import ruleset_frame
from engine import EngineError, game_names, get_game
from engine.core.ruleset import describe

st.title("Rule assumptions")
st.markdown(
    "The rules follow the project's rule book. Where the original articles are silent, "
    "the app makes an **assumption**: a rule with a default that you can change if your "
    "box differs — in the **Rules** box of the live-game, games and statistics pages."
)
names = game_names(include_demo=True)
if not names:
    st.info("No game is installed yet.")
for name in names:
    try:
        game = get_game(name)
        frame = ruleset_frame(name)
    except EngineError as exc:
        st.error(str(exc))
        continue
    st.subheader(game.title)
    flagged = [f for f in describe(game.ruleset_class) if f.assumption]
    st.caption(
        f"{len(flagged)} assumption{'s' if len(flagged) != 1 else ''} among "
        f"{frame.height} rules you can change."
    )
    # A table that wraps its text: the meanings stay readable on a phone.
    st.table(
        frame.with_columns(frame["assumption"].replace("yes", "assumed"))
        .to_pandas()
        .set_index("rule")
    )
