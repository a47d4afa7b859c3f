from dashboard.live import render_live
from dashboard.play_owners_choice import LIVE

render_live(LIVE)
