"""Small Streamlit helpers shared by every page (no rules here)."""

from __future__ import annotations

import base64
import contextlib
import html

import polars as pl
import streamlit as st

from engine import EngineError, get_game
from engine.core.ruleset import describe, make_ruleset, overrides_of, ruleset_from_toml


@contextlib.contextmanager
def engine_errors(prefix: str = ""):
    """Show an engine error as ``st.error`` and skip the rest of the block.

    >>> with engine_errors():  # outside Streamlit it still swallows the error
    ...     raise EngineError("'G': no such company")
    """
    try:
        yield
    except EngineError as exc:
        st.error(f"{prefix}{exc}")


def url_value(key: str, default):
    """The value of ``key`` in the page URL, converted to the type of ``default``.

    Lists are comma-separated. A value that does not convert falls back to ``default``.
    """
    raw = st.query_params.get(key)
    if raw is None:
        return default
    try:
        if isinstance(default, bool):
            return raw.lower() in ("1", "true", "yes", "on")
        if isinstance(default, int):
            return int(raw)
        if isinstance(default, float):
            return float(raw)
        if isinstance(default, (list, tuple)):
            return [] if raw == "" else raw.split(",")
    except ValueError:
        return default
    return raw


def set_url(**values) -> None:
    """Mirror inputs in the URL so a result can be shared."""
    for key, value in values.items():
        if isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        elif isinstance(value, bool):
            value = "1" if value else "0"
        value = str(value)
        if st.query_params.get(key) != value:
            st.query_params[key] = value


def init_state(**defaults) -> None:
    """Initialise ``st.session_state`` keys that are missing."""
    for key, value in defaults.items():
        if key not in st.session_state:
            st.session_state[key] = value


def assumption(text: str) -> None:
    """Flag a rule the sources leave open (RULES.md [A])."""
    st.markdown(f":orange-badge[Assumption] {text}")


def ruleset_frame(game_name: str) -> pl.DataFrame:
    """The ruleset fields of a game: name, default, assumption flag, meaning."""
    game = get_game(game_name)
    rows = describe(game.ruleset_class)
    return pl.DataFrame(
        {
            "field": [r.name for r in rows],
            "default": [_short(r.default) for r in rows],
            "[A]": ["yes" if r.assumption else "" for r in rows],
            "meaning": [r.doc for r in rows],
        }
    )


def _short(value, limit: int = 80) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def ruleset_table(game_name: str) -> None:
    """Show the ruleset of a game as a table, assumptions flagged."""
    try:
        frame = ruleset_frame(game_name)
    except EngineError as exc:
        st.info(str(exc))
        return
    st.dataframe(frame, hide_index=True, width="stretch")


def seat_label(record_players: list[str], seat: int) -> str:
    return f"Seat {seat} · {record_players[seat]}" if seat < len(record_players) else f"Seat {seat}"


def player_counts(game) -> list[int]:
    """Every player count the game knows (a ruleset may narrow it, e.g. a Whist variant)."""
    return list(range(game.min_players, game.max_players + 1))


def default_count_index(game) -> int:
    return player_counts(game).index(game.default_count(make_ruleset(game.ruleset_class)))


def overrides_input(key: str) -> str:
    """A text area for ruleset overrides in TOML (checked by :func:`parse_overrides`)."""
    return st.text_area(
        "Ruleset overrides (TOML, optional)",
        placeholder='field = value   # e.g. variant = "whist2"',
        key=key,
        help="Change an assumption if your box differs; see the Rule assumptions page.",
    )


def parse_overrides(game, text: str) -> dict:
    """Checked overrides from TOML text; raises :class:`EngineError` naming the problem."""
    return overrides_of(ruleset_from_toml(game.ruleset_class, text or "", source="overrides"))


def svg_img(
    svg: str, width: int, height: int | None = None, *, alt: str = "", style: str = ""
) -> str:
    """An SVG as an ``<img>`` with a data URI: ``st.html`` sanitises inline ``<svg>``
    away, but keeps images.

    >>> svg_img("<svg xmlns='http://www.w3.org/2000/svg'/>", 10).startswith("<img src=")
    True
    """
    if "xmlns" not in svg[:200]:
        svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    data = base64.b64encode(svg.encode()).decode()
    extra = f' style="{style}"' if style else ""
    return (
        f'<img src="data:image/svg+xml;base64,{data}" width="{width}" '
        f'height="{height or width}" alt="{html.escape(alt)}"{extra}>'
    )
