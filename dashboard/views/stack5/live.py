from dashboard.live import render_live
from dashboard.stack5.explorer import LIVE

render_live(LIVE)
