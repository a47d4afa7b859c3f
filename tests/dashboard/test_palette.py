"""One palette for every chart: the colours of each set (companies, seats, cards) stay
apart under a simulation of protanopia, deuteranopia and tritanopia (Machado, Oliveira and
Fernandes 2009, severity 1, applied in linear sRGB), measured as a CIELAB distance
(ΔE 1976), and apart from the white page."""

from __future__ import annotations

import itertools

import pytest

from dashboard import palette

MIN_DELTA_E = 20.0

MACHADO_2009 = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def linear_rgb(hex_colour: str) -> list[float]:
    h = hex_colour.lstrip("#")
    out = []
    for i in (0, 2, 4):
        c = int(h[i : i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def simulate(rgb: list[float], vision: str) -> list[float]:
    m = MACHADO_2009[vision]
    return [min(1.0, max(0.0, sum(a * b for a, b in zip(row, rgb, strict=True)))) for row in m]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str, vision: str) -> float:
    la, lb = (lab(simulate(linear_rgb(c), vision)) for c in (a, b))
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


@pytest.mark.parametrize("vision", list(MACHADO_2009))
@pytest.mark.parametrize("name", list(palette.ALL_SETS))
def test_palette_colours_stay_distinct_under_colour_blindness_simulation(name, vision):
    colours = palette.ALL_SETS[name]
    assert len(set(colours)) == len(colours)
    for a, b in itertools.combinations(colours, 2):
        assert delta_e(a, b, vision) >= MIN_DELTA_E, (name, vision, a, b)
    for c in colours:
        assert delta_e(c, "#FFFFFF", vision) >= MIN_DELTA_E, (name, vision, c, "white page")


def test_the_simulation_catches_the_old_red_green_company_colours():
    # the price lines drew R "#d62728" and G "#2ca02c": near-identical for deuteranopes
    assert delta_e("#d62728", "#2ca02c", "deuteranopia") < MIN_DELTA_E
    assert delta_e("#d62728", "#2ca02c", "normal") > MIN_DELTA_E


def test_owners_choice_companies_are_drawn_in_their_own_colours():
    hue = {}
    for name, colour in palette.OWNERS_CHOICE.items():
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        hue[name] = max(("red", r), ("green", g), ("blue", b), key=lambda t: t[1])[0]
    assert hue["R"] == "red" and hue["B"] == "blue" and hue["G"] in ("green", "blue")
    r, g, b = (int(palette.OWNERS_CHOICE["Y"][i : i + 2], 16) for i in (1, 3, 5))
    assert r > 200 and g > 150 and b < 100  # yellow: red and green, no blue
    assert palette.company_colour("owners_choice", "b") == palette.OWNERS_CHOICE["B"]
    assert palette.bar_colours("owners_choice", "highest", ["R", "R/B"]) == [
        palette.OWNERS_CHOICE["R"],
        palette.MUTED,
    ]


@pytest.mark.parametrize("game", ["owners_choice", "stock_holdem"])
def test_explorer_price_lines_use_the_company_colours(game):
    """The explorer's price chart draws each company in its own colour (Owner's Choice R
    red, B blue, not plotly's defaults) and marks the step in the palette's marker."""
    from dashboard.components.board import chart_spec
    from dashboard.plugins import game_ui
    from engine import get_game, simulate

    plugin = game_ui(game)
    record = simulate(game, 3, list(get_game(game).bots)[:1] * get_game(game).min_players)
    prices = plugin.charts(plugin.history(record), None)[0]
    colours = {t.name: t.line.color for t in prices.data}
    assert colours == palette.company_colours(game)
    assert all(t.marker.color == t.line.color for t in prices.data)  # click targets too
    worth = plugin.charts(plugin.history(record), None)[1]
    assert [t.line.color for t in worth.data] == [
        palette.seat_colour(s) for s in range(record.num_players)
    ]
    assert [t.name for t in worth.data][0] == "Player 1"
    # the board draws the same series in the same colours
    assert {s["name"]: s["colour"] for s in chart_spec(prices)["series"]} == colours


def test_the_step_marker_and_the_decision_marks_come_from_the_palette():
    from dashboard.charts import MARK_STYLE, step_marker

    assert step_marker(4)["line"]["color"] == palette.MARKER
    assert {mark: colour for mark, (_, colour) in MARK_STYLE.items()} == palette.MARKS
    assert "decision marks" in palette.ALL_SETS


def test_owners_choice_and_stack5_write_dark_ink_on_yellow_and_green():
    from dashboard.owners_choice import draw as oc
    from dashboard.stack5 import draw as s5
    from dashboard.stock_holdem import draw as sh

    assert oc.COLOURS == palette.OWNERS_CHOICE
    assert oc.INK["Y"] == oc.INK["G"] == "#222" and oc.INK["R"] == oc.INK["B"] == "#fff"
    assert {c: bg for c, (bg, _) in s5.COLOURS.items()} == palette.STACK5
    assert s5.COLOURS["Y"][1] == s5.COLOURS["G"][1] == "#222"
    assert tuple(palette.STOCK_HOLDEM.values()) == sh.COMPANY_COLOURS
    assert sh.COMPANY_INK[1] == "#222"  # the sand-coloured B
    assert "background:#000000" in sh.board_html(_stock_holdem_obs())


def _stock_holdem_obs() -> dict:
    from engine import get_game, simulate, states

    record = simulate("stock_holdem", 1, ["random"] * get_game("stock_holdem").min_players)
    return states(record)[-1].observation(None)
