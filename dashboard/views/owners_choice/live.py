from dashboard.live import render_live
from dashboard.plugins import game_ui

render_live(game_ui("owners_choice"))
