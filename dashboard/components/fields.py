"""A table tool's inputs as one component: rows of text, number, switch and choice fields,
with a message under a row, its buttons (:class:`Action`) and an optional heading, drawn as
plain HTML.

Why one component: a phone (CPU 4× slower) takes about 420 ms to draw eighteen Streamlit
input widgets (each a styled React widget) and about 95 ms to draw the same fields as one
component (measured against an empty page in one run of the browser bench's method).

Every field keeps its value in ``st.session_state[field.key]``, as a Streamlit widget with
that key would, so a page reads its inputs the same way on either path, before or after
drawing them:

- in a browser, the component sends every field's value when one changes (a text or a
  number when it is left or Enter is pressed, a switch at once); the change callback
  stores them and the page reruns;
- a session without a browser (AppTest) gets the same fields as Streamlit widgets with
  those keys (:func:`dashboard.ui.in_browser`), so tests drive them as widgets.

A number field holds an ``int``, or ``None`` for text that is not a whole number (the page
says so, as it says a value out of range: :func:`number_problem`). A field's value set by
the page (a "Clear" button) is drawn on the next run, except in the field being typed in.

>>> Field("tt_price0", "Price now", kind="number", low=1, high=57)
Field(key='tt_price0', label='Price now', kind='number', low=1, high=57)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from dataclasses import fields as dc_fields
from pathlib import Path

import streamlit as st

from dashboard.components.tap import compact
from dashboard.i18n import _

_HERE = Path(__file__).resolve().parent

#: a text, a whole number, an on/off switch, one of some options (pills, one always
#: chosen), any of some options (pills, in the options' order)
KINDS = ("text", "number", "switch", "choice", "choices")
#: how a line said under the fields reads: plain, good news, bad news
TONES = ("", "good", "bad")


@dataclass(frozen=True)
class Field:
    """One input: ``key`` (its session-state key), ``label`` (in the page's language),
    ``kind`` (one of :data:`KINDS`); a text's ``placeholder``, ``max_chars`` and
    ``size`` (its width in characters, 0: as wide as its row allows); a number's
    ``low``/``high`` (checked and said by :func:`number_problem`); a choice's
    ``options`` and their ``labels`` (the options themselves when not given); ``help``
    (a line under the field); ``capitals``: what a phone's keyboard capitalises in a text
    (``"characters"`` for card codes, ``"words"`` for names, ``"off"``)."""

    key: str
    label: str
    kind: str = "text"
    placeholder: str = ""
    max_chars: int = 400
    size: int = 0
    low: int | None = None
    high: int | None = None
    options: tuple[str | int, ...] = ()
    labels: tuple[str, ...] = ()
    help: str = ""
    capitals: str = "characters"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"field kind {self.kind!r}: one of {', '.join(KINDS)}")
        if (self.kind in ("choice", "choices")) != bool(self.options):
            raise ValueError(f"field {self.key!r}: options go with a choice, and only there")
        if self.labels and len(self.labels) != len(self.options):
            raise ValueError(f"field {self.key!r}: one label per option")

    def shown_labels(self) -> tuple[str, ...]:
        return self.labels or tuple(str(o) for o in self.options)

    def __repr__(self) -> str:
        defaults = Field(self.key, self.label)
        shown = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in dc_fields(self)
            if f.name in ("key", "label") or getattr(self, f.name) != getattr(defaults, f.name)
        ]
        return f"Field({', '.join(shown)})"


@dataclass(frozen=True)
class Row:
    """Fields drawn side by side (they wrap on a narrow screen), under an optional
    ``title`` and a ``note`` (a muted line, as a caption reads: the page need not draw
    one more element for it) and over an optional ``error`` (plain text, in the page's
    language: what is wrong with this row's values)."""

    fields: tuple[Field, ...]
    title: str = ""
    error: str = ""
    note: str = ""


@dataclass(frozen=True)
class Action:
    """A button drawn with the fields (``key``: as a Streamlit button's; ``label`` and
    ``help`` in the page's language; ``primary``: the page's main action; ``disabled``):
    one element fewer than a Streamlit button beside them, and a tap on it comes after the
    field just typed in is sent.

    >>> Action("tt_clear", "Clear")
    Action(key='tt_clear', label='Clear', help='', primary=False, disabled=False)
    """

    key: str
    label: str
    help: str = ""
    primary: bool = False
    disabled: bool = False


def whole_number(text: str) -> int | None:
    """``text`` as a whole number (a phone's full-width digits too), or ``None``.

    >>> whole_number(" 12 "), whole_number("－３"), whole_number("1.5"), whole_number("")
    (12, -3, None, None)
    """
    text = unicodedata.normalize("NFKC", text).strip()
    return int(text) if re.fullmatch(r"[+-]?\d{1,9}", text, re.ASCII) else None


def number_problem(f: Field, value) -> str | None:
    """What is wrong with a number field's ``value`` in the page's words, or ``None``."""
    bounds = _bounds(f)
    if value is None:
        return (_("{label}: give a number.").format(label=f.label) + f" {bounds}").rstrip()
    if (f.low is not None and value < f.low) or (f.high is not None and value > f.high):
        return (
            _("{label}: {value} is out of range.").format(label=f.label, value=value) + f" {bounds}"
        ).rstrip()
    return None


def _bounds(f: Field) -> str:
    if f.low is not None and f.high is not None:
        return _("From {min} to {max}.").format(min=f.low, max=f.high)
    if f.low is not None:
        return _("At least {min}.").format(min=f.low)
    if f.high is not None:
        return _("At most {max}.").format(max=f.high)
    return ""


_component = st.components.v2.component(
    "tabletop_fields",
    html='<div class="tt-fields" data-fields-seq="0"></div>',
    # its styles are in the start page's <head> (dashboard/frame/head.py): a stylesheet
    # inserted when the first one mounts makes a phone restyle the whole page
    css=None,
    js=compact((_HERE / "fields.js").read_text(encoding="utf-8")),
    isolate_styles=False,  # the page's fonts and colours; every rule is under .tt-fields
)


def value_of(f: Field, raw):
    """A value the browser sent, as the field keeps it (``None``: not taken)."""
    if f.kind == "switch":
        return bool(raw) if isinstance(raw, bool) else None
    if f.kind == "choices":
        if not isinstance(raw, list) or any(isinstance(v, bool) for v in raw):
            return None
        return [o for o in f.options if o in raw]
    if f.kind == "choice":
        return raw if raw in f.options and not isinstance(raw, bool) else None
    if not isinstance(raw, str):
        return None
    if f.kind == "number":
        return whole_number(raw[:20])
    return raw[: f.max_chars]


def _shown(f: Field) -> object:
    value = st.session_state.get(f.key)
    if f.kind == "switch":
        return bool(value)
    if f.kind == "choices":
        return [o for o in f.options if o in (value or ())]
    if f.kind == "choice":
        return value if value in f.options else ""
    return "" if value is None else str(value)


def field_rows(
    key: str,
    rows: Sequence[Row],
    *,
    on_change: Callable[[set[str]], None] | None = None,
    actions: Sequence[Action] = (),
    on_action: Callable[[str], None] | None = None,
    actions_first: bool = False,
    heading: str = "",
    said: str = "",
    tone: str = "",
    boxed: bool = False,
    browser: bool | None = None,
) -> None:
    """Draw ``rows``; each field's value is in ``st.session_state[field.key]`` (set it
    before, e.g. from the page's link, with :func:`dashboard.ui.init_state`).
    ``on_change(keys)``: called before the rerun an edit causes, with the keys of the
    fields whose value changed (their new values already kept). ``actions``: buttons in a
    line under the fields (``actions_first``: above them); ``on_action(key)`` is called
    before the rerun a tap on one causes (once per tap; never for a disabled one).
    ``heading``: a heading over them, as ``st.subheader`` draws one (one element fewer).
    ``said``: a line under the fields, over the buttons (what the values make; ``**bold**``
    kept), marked as good or bad news by ``tone`` (``"good"``, ``"bad"`` or ``""``), and
    redrawn without building the fields again. ``boxed``: a border round it all, as
    ``st.container(border=True)`` draws one (one element fewer)."""
    from dashboard.ui import in_browser

    if tone not in TONES:
        raise ValueError(f"tone {tone!r}: one of {', '.join(map(repr, TONES))}")
    if browser is None:
        browser = in_browser()
    if not browser:  # one element either way: the widgets in a container
        with st.container(border=boxed):
            if heading:
                st.subheader(heading)
            if actions_first:
                _buttons(actions, on_action)
            _widgets(rows, on_change)
            if said:
                st.markdown(said)
            if not actions_first:
                _buttons(actions, on_action)
        return
    every = {f.key: f for row in rows for f in row.fields}
    widget = f"{key}_fields"
    enabled = {a.key for a in actions if not a.disabled}

    def acted() -> None:
        sent = (st.session_state.get(widget) or {}).get("action")
        if isinstance(sent, str) and sent in enabled and on_action is not None:
            on_action(sent)

    def changed() -> None:
        sent = (st.session_state.get(widget) or {}).get("values")
        if not isinstance(sent, dict) or not isinstance(sent.get("values"), dict):
            return
        # each send once: a value the page has set since (a "Clear") is not undone by
        # the component's last send coming round again
        seq = sent.get("seq")
        if not isinstance(seq, int) or seq == st.session_state.get(f"{widget}_seq"):
            return
        st.session_state[f"{widget}_seq"] = seq
        changed_keys = set()
        for name, raw in sent["values"].items():
            f = every.get(name)
            if f is None:
                continue
            value = value_of(f, raw)
            if (value is not None or f.kind == "number") and value != st.session_state.get(name):
                st.session_state[name] = value
                changed_keys.add(name)
        if on_change is not None and changed_keys:
            on_change(changed_keys)

    data = _data(key, rows, actions, actions_first, heading, said, tone, boxed)
    _component(
        key=widget,
        data=data,
        on_values_change=changed,
        on_action_change=acted,
        height="content",
    )


def _data(
    key: str,
    rows: Sequence[Row],
    actions: Sequence[Action],
    actions_first: bool,
    heading: str,
    said: str,
    tone: str,
    boxed: bool,
) -> dict:
    """What the component draws: every row, field and action, as the browser reads it."""
    return {
        "key": key,
        "rows": [
            {
                "title": row.title,
                "note": row.note,
                "error": row.error,
                "fields": [
                    {
                        "key": f.key,
                        "label": f.label,
                        "kind": f.kind,
                        "placeholder": f.placeholder,
                        "max": f.max_chars,
                        "size": f.size,
                        "capitals": f.capitals,
                        "options": list(f.options),
                        "labels": list(f.shown_labels()),
                        # a number's range is said when a value is out of it (a line under
                        # a narrow field would push its neighbours out of line)
                        "help": f.help,
                        "value": _shown(f),
                    }
                    for f in row.fields
                ],
            }
            for row in rows
        ],
        "actions": [
            {
                "key": a.key,
                "label": a.label,
                "help": a.help,
                "primary": a.primary,
                "disabled": a.disabled,
            }
            for a in actions
        ],
        "actionsFirst": actions_first,
        "heading": heading,
        "said": said,
        "tone": tone,
        "boxed": boxed,
    }


def _buttons(actions: Sequence[Action], on_action: Callable[[str], None] | None) -> None:
    """The actions as Streamlit buttons in a line (a session without a browser)."""
    if not actions:
        return
    line = st.container(horizontal=True)
    for a in actions:
        line.button(
            a.label,
            key=a.key,
            help=a.help or None,
            type="primary" if a.primary else "secondary",
            disabled=a.disabled,
            width="stretch",
            on_click=on_action,
            args=(a.key,),
        )


def _widgets(rows: Sequence[Row], on_change: Callable[[set[str]], None] | None) -> None:
    """The same fields as Streamlit widgets (a session without a browser): a choice as a
    segmented control, any of some options as pills."""
    for row in rows:
        if row.title:
            st.markdown(f"**{row.title}**")
        if row.note:
            st.caption(row.note)
        line = st.container(horizontal=True, gap="small")
        for f in row.fields:
            if f.kind == "text":
                line.text_input(
                    f.label,
                    key=f.key,
                    **_hook(on_change, f.key),
                    placeholder=f.placeholder or None,
                    max_chars=f.max_chars,
                    help=f.help or None,
                    width=max(64, 10 * f.size) if f.size else "stretch",
                )
            elif f.kind == "number":
                line.number_input(
                    f.label,
                    key=f.key,
                    step=1,
                    help=" ".join(t for t in (f.help, _bounds(f)) if t),
                    **_hook(on_change, f.key),
                )
            elif f.kind == "switch":
                line.toggle(f.label, key=f.key, help=f.help or None, **_hook(on_change, f.key))
            elif f.kind == "choice":
                names = dict(zip(f.options, f.shown_labels()))
                line.segmented_control(
                    f.label,
                    f.options,
                    required=True,
                    format_func=names.__getitem__,
                    key=f.key,
                    help=f.help or None,
                    **_hook(on_change, f.key),
                )
            else:
                names = dict(zip(f.options, f.shown_labels()))
                line.pills(
                    f.label,
                    f.options,
                    selection_mode="multi",
                    format_func=names.__getitem__,
                    key=f.key,
                    help=f.help or None,
                    **_hook(on_change, f.key),
                )
        if row.error:
            st.error(row.error)


def _hook(on_change: Callable[[set[str]], None] | None, key: str) -> dict:
    """A widget's ``on_change`` that calls ``on_change({key})``, or nothing."""
    return {} if on_change is None else {"on_change": on_change, "args": ({key},)}


__all__ = ["Action", "Field", "Row", "field_rows", "number_problem", "whole_number"]
