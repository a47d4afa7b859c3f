"""Play against the bots: one page for every game (the flow is the same for all; the
game is a choice on the page, and its stored id in the URL)."""

from dashboard.play.view import render_play

render_play()
