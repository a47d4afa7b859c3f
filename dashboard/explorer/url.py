"""The explorer's address bar: source, file, game number, step and grading in the URL, so a
link opens that position and a reload keeps it."""

from __future__ import annotations

import streamlit as st

from dashboard.i18n import _
from dashboard.ui import set_url, url_value

MAX_URL_NUMBER = 10**6


# URL word → label of the source control ("Live game" comes from the live page only).
SOURCES = {"recorded": "Recorded", "simulate": "Simulate", "upload": "Upload"}


def url_in(key: str, files: list[str]) -> None:
    """Apply the URL to the controls when it is not the one this session last wrote (a
    link was opened, the page reloaded or the address edited). A value that is there but
    junk falls back to its default; a value that is not there leaves its control alone
    (e.g. the live page's "open in the explorer")."""
    refused: dict[str, str] = {}
    want = {
        "src": url_value("src", "recorded", choices=list(SOURCES)),
        "file": url_value("file", files[0] if files else "", choices=files or None),
        "game": url_value("game", 1, min=1, max=MAX_URL_NUMBER, refused=refused),
        "step": url_value("step", 0, min=0, max=MAX_URL_NUMBER, refused=refused),
        "grade": url_value("grade", False),
    }
    if st.session_state.get(f"{key}_url") == want:
        return
    st.session_state[f"{key}_url"] = want
    # said once, where the record is known (link_notices)
    st.session_state[f"{key}_link_refused"] = refused
    given = set(want) & set(st.query_params.keys())
    if not given:
        return
    apply = {
        "src": (f"{key}_source", SOURCES[want["src"]]),
        "file": (f"{key}_file", want["file"]),
        "game": (f"{key}_num", want["game"]),
        "grade": (f"{key}_grade", want["grade"]),
        "step": (f"{key}_url_step", want["step"]),  # applied once the record is known
    }
    for name in given:
        if name != "file" or files:
            state_key, value = apply[name]
            st.session_state[state_key] = value
    st.session_state.pop(f"{key}_current", None)


def url_out(key: str, **values) -> None:
    """Write the current position to the URL (and remember it as this session's own)."""
    seen = dict(st.session_state.get(f"{key}_url") or {})
    seen.update(values)
    st.session_state[f"{key}_url"] = seen
    set_url(**values)


def drop_url(*names: str) -> None:
    for name in names:
        if name in st.query_params:
            del st.query_params[name]


def jump_to(key: str, step: int) -> None:
    """Ask for ``step`` (applied before the slider is drawn on the next run)."""
    st.session_state[f"{key}_jump"] = int(step)


def refuse_game(key: str, value: int, games: int) -> None:
    """Note that the link's game number ``value`` is not one of the file's ``games``."""
    st.session_state.setdefault(f"{key}_link_refused", {})["game_range"] = (value, games)


def refuse_step(key: str, value: int, last: int) -> None:
    """Note that the link's step ``value`` is past the record's ``last`` step."""
    st.session_state.setdefault(f"{key}_link_refused", {})["step_range"] = (value, last)


def link_notices(key: str) -> None:
    """Say what of the page's link was not used and what is shown instead (once)."""
    refused = st.session_state.pop(f"{key}_link_refused", None) or {}
    if "game" in refused:
        st.warning(
            _("The link's game number “{value}” is not a number; game 1 is shown.").format(
                value=refused["game"][:40]
            )
        )
    if "game_range" in refused:
        value, games = refused["game_range"]
        st.warning(
            _(
                "The link asks for game {value}, but this file has games 1–{n}; game 1 is shown."
            ).format(value=value, n=games)
        )
    if "step" in refused:
        st.warning(
            _(
                "The link's step “{value}” is not a number; the game is shown from its start."
            ).format(value=refused["step"][:40])
        )
    if "step_range" in refused:
        value, last = refused["step_range"]
        st.warning(
            _(
                "The link asks for step {value}, but this game ends at step {last}; it is "
                "shown from its start."
            ).format(value=value, last=last)
        )
