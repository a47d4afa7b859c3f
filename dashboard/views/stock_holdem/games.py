"""Stock Hold'em games: the shared explorer with this game's board view and charts."""

from dashboard.explorer import render_explorer
from dashboard.stock_holdem.explorer import PLUGIN

render_explorer(PLUGIN)
