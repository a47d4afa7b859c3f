from dashboard.live import render_live
from dashboard.play_stack5 import LIVE

render_live(LIVE)
