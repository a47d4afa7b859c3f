"""Stock Hold'em games: the shared explorer with this game's board view and charts."""

from dashboard.explorer.view import render_explorer
from dashboard.plugins import game_ui

render_explorer(game_ui("stock_holdem"))
