from dashboard.live import render_live
from dashboard.owners_choice.explorer import LIVE

render_live(LIVE)
