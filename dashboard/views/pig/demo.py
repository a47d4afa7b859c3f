import streamlit as st

from dashboard.explorer.sources import recorded_files
from dashboard.explorer.view import render_explorer
from dashboard.i18n import N_, _
from dashboard.live import render_live
from dashboard.plugins import game_ui
from engine import simulate

MODES = {"Explore games": N_("Explore games"), "Live game": N_("Live game")}

st.info(
    _(
        "Pig is the small dice race that demonstrates the engine core, the explorer and the "
        "live-game tracker: roll as often as you like, a 1 loses the turn's total, hold to "
        "bank it."
    )
)
mode = (
    st.segmented_control(
        _("Mode"),
        list(MODES),
        format_func=lambda m: _(MODES[m]),
        default="Explore games",
        required=True,
        key="pig_mode",
    )
    or "Explore games"
)
if mode == "Explore games":
    first_visit = "xp_pig_source" not in st.session_state
    if first_visit and not recorded_files("pig") and "src" not in st.query_params:
        # Pig ships no recorded games: open on a simulated one, not on an empty page.
        st.query_params["src"] = "simulate"
    if "xp_pig_simulated" not in st.session_state:
        opening = simulate("pig", 1, ["hold20", "random"])
        st.session_state["xp_pig_simulated"] = opening.to_json()
    render_explorer(game_ui("pig"))
else:
    render_live(game_ui("pig"))
