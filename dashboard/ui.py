"""Small Streamlit helpers shared by every page (no rules here)."""

from __future__ import annotations

import base64
import contextlib
import functools
import html
import math
import os
import re

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


CRASH_MESSAGE = "Something went wrong on this page"
CALLBACK_ERROR = "_ui_callback_error"
URL_MAX_CHARS = 2000
URL_MAX_ITEMS = 64
NAME_MAX_CHARS = 40


def crash_message(exc: BaseException) -> str:
    """The one friendly message for an unexpected error (no traceback)."""
    detail = f"{type(exc).__name__}: {exc}"
    if len(detail) > 200:
        detail = detail[:199] + "…"
    return (
        f"{CRASH_MESSAGE}, so it stopped. Stored games and sheets are safe: reload the page "
        f"to carry on. (For a bug report: {detail})"
    )


def callback(fn):
    """Wrap a widget callback (``on_click``/``on_change``): callbacks run before the page
    script, outside the app's catch-all. An :class:`EngineError` becomes its message, any
    other error the generic friendly one (re-raised when ``TABLETOP_DEBUG`` is set); the
    app shows it at the top of the next run (:func:`show_callback_error`)."""

    @functools.wraps(fn)
    def safe(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except EngineError as exc:
            st.session_state[CALLBACK_ERROR] = str(exc)
        except Exception as exc:
            if os.environ.get("TABLETOP_DEBUG"):
                raise
            st.session_state[CALLBACK_ERROR] = crash_message(exc)
        return None

    return safe


def show_callback_error() -> None:
    """Show (once) the message a wrapped callback left."""
    message = st.session_state.pop(CALLBACK_ERROR, None)
    if message:
        st.error(message)


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~:$&=\"'^%@])")


def plain(text: str, limit: int | None = None) -> str:
    """Text to put inside Markdown as itself: every Markdown, directive, emoji and LaTeX
    character escaped, line breaks flattened, optionally cut to ``limit`` characters.

    >>> print(plain("[x](http://e.vil) *y*"))
    \\[x\\]\\(http\\:/ /e\\.vil\\) \\*y\\*
    """
    text = " ".join(str(text).split())
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    # "//" would still autolink in some renderers: break it.
    return _MD_SPECIAL.sub(r"\\\1", text.replace("//", "/ /"))


def check_name(name: str, what: str, default: str) -> str:
    """A player name as entered: trimmed, ``default`` when empty, at most
    :data:`NAME_MAX_CHARS` characters (else :class:`EngineError`)."""
    name = " ".join((name or "").split())
    if len(name) > NAME_MAX_CHARS:
        raise EngineError(
            f"{what} {name[:20]!r}… has {len(name)} characters; at most {NAME_MAX_CHARS}"
        )
    return name or default


def _url_int(raw: str) -> int:
    sign = -1 if raw.startswith("-") else 1
    digits = raw.removeprefix("-")
    if not (0 < len(digits) <= 12 and digits.isascii() and digits.isdigit()):
        raise ValueError(raw)
    return sign * int(digits)


def url_value(key: str, default, *, choices=None, min=None, max=None):  # noqa: A002
    """The value of ``key`` in the page URL, converted to the type of ``default``.

    Lists are comma-separated (at most 64 items). Integers are ASCII digits (at most 12),
    floats finite; a value that does not convert, is over 2,000 characters, is not one of
    ``choices`` (for a list: items not in ``choices`` are dropped) or is outside
    ``min``/``max`` falls back to ``default``. Never raises.
    """
    try:
        raw = st.query_params.get(key)
    except Exception:
        return default
    if raw is None or not isinstance(raw, str) or len(raw) > URL_MAX_CHARS:
        return default
    try:
        if isinstance(default, bool):
            value = raw.lower() in ("1", "true", "yes", "on")
        elif isinstance(default, int):
            value = _url_int(raw)
        elif isinstance(default, float):
            if len(raw) > 40:
                raise ValueError(raw)
            value = float(raw)
            if not math.isfinite(value):
                raise ValueError(raw)
        elif isinstance(default, (list, tuple)):
            items = [] if raw == "" else raw.split(",")
            if len(items) > URL_MAX_ITEMS:
                raise ValueError(raw)
            if choices is not None:
                items = [i for i in items if i in choices]
            return items
        else:
            value = raw
    except (ValueError, OverflowError):
        return default
    if choices is not None and value not in choices:
        return default
    if min is not None and value < min:
        return default
    if max is not None and value > max:
        return default
    return value


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
    """``Seat 1 · Ann`` with the name as plain text (safe inside Markdown)."""
    if seat < len(record_players):
        return f"Seat {seat} · {plain(record_players[seat], NAME_MAX_CHARS)}"
    return f"Seat {seat}"


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
