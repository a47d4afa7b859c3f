# Over 600 lines: the small helpers every page shares (errors, URL values, forms, names, fragments).
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

from dashboard.html_charts import marked
from dashboard.i18n import N_, _, error_text, ngettext, number, pgettext
from dashboard.words import game as game_words
from engine import EngineError, RulesetError, get_game
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
        st.error(f"{prefix}{error_text(exc)}")


CRASH_MESSAGE = "Something went wrong on this page"  # the English start of crash_message
CALLBACK_ERROR = "_ui_callback_error"
URL_MAX_CHARS = 2000
URL_MAX_ITEMS = 64
NAME_MAX_CHARS = 40


def crash_message(exc: BaseException) -> str:
    """The one friendly message for an unexpected error (no traceback)."""
    detail = f"{type(exc).__name__}: {exc}"
    if len(detail) > 200:
        detail = detail[:199] + "…"
    return _(
        "Something went wrong on this page, so it stopped. Stored games and sheets are safe: "
        "reload the page to carry on. (For a bug report: {detail})"
    ).format(detail=detail)


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
            st.session_state[CALLBACK_ERROR] = error_text(exc)
        except Exception as exc:
            if os.environ.get("TABLETOP_DEBUG"):
                raise
            st.session_state[CALLBACK_ERROR] = crash_message(exc)
        return None

    return safe


def fragment(func=None, *, run_every=None):
    """``st.fragment`` with the app's catch-all: a widget inside reruns only this part of
    the page (what it shows is drawn again, the rest of the page stays as it is). A fragment
    rerun runs outside ``app.py``'s ``try``, so an unexpected error becomes the friendly
    message here (re-raised when ``TABLETOP_DEBUG`` is set); ``st.rerun`` and ``st.stop``
    are ``BaseException``s and pass. ``run_every`` (seconds) reruns it on a timer too, as
    ``st.fragment`` does (``@fragment(run_every=0.5)``)."""
    if func is None:
        return functools.partial(fragment, run_every=run_every)

    @functools.wraps(func)
    def guarded(*args, **kwargs):
        show_callback_error()  # a callback of this fragment ran before it
        try:
            return func(*args, **kwargs)
        except Exception as exc:
            if os.environ.get("TABLETOP_DEBUG"):
                raise
            st.error(crash_message(exc))

    return st.fragment(guarded, run_every=run_every)


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
            _("{what} {name}… has {count} characters; at most {limit}").format(
                what=what, name=f"“{name[:20]}”", count=len(name), limit=NAME_MAX_CHARS
            )
        )
    return name or default


def _url_int(raw: str) -> int:
    sign = -1 if raw.startswith("-") else 1
    digits = raw.removeprefix("-")
    if not (0 < len(digits) <= 12 and digits.isascii() and digits.isdigit()):
        raise ValueError(raw)
    return sign * int(digits)


def url_value(  # noqa: A002 — min/max as the widgets name them
    key: str,
    default,
    *,
    choices=None,
    min=None,  # noqa: A002
    max=None,  # noqa: A002
    clamp: bool = False,
    check=None,
    refused: dict | None = None,
):
    """The value of ``key`` in the page URL, converted to the type of ``default``: the one
    way a page reads its link.

    Lists are comma-separated (at most 64 items); a list of whole numbers when ``default``
    is one (every item ASCII digits, else the default list). Integers are ASCII digits (at
    most 12), floats finite. A value that does not convert, is over 2,000 characters, is
    not one of ``choices`` (for a list of texts: items not in ``choices`` are dropped), is
    outside ``min``/``max`` (with ``clamp``: brought inside instead, each item of a list
    too) or that ``check(value)`` refuses (raising ``EngineError``, ``ValueError`` or
    ``TypeError``) gives ``default``, and its text is noted in ``refused[key]`` for the
    page's notice. Never raises.
    """
    try:
        raw = st.query_params.get(key)
    except Exception:
        return default
    if raw is None or not isinstance(raw, str):
        return default
    try:
        if len(raw) > URL_MAX_CHARS:
            raise ValueError(raw[:40])
        value = _url_convert(raw, default, choices, min, max, clamp)
        if check is not None:
            check(value)
    except (EngineError, ValueError, TypeError, OverflowError):
        if refused is not None:
            refused[key] = raw
        return default
    return value


def _url_convert(raw: str, default, choices, low, high, clamp: bool):
    """:func:`url_value`'s conversion; ``ValueError`` for a value it cannot use."""

    def bounded(number):
        if clamp:
            number = number if low is None or number >= low else low
            return number if high is None or number <= high else high
        if (low is not None and number < low) or (high is not None and number > high):
            raise ValueError(raw)
        return number

    if isinstance(default, bool):
        return raw.lower() in ("1", "true", "yes", "on")
    if isinstance(default, (list, tuple)):
        items = [] if raw == "" else raw.split(",")
        if len(items) > URL_MAX_ITEMS:
            raise ValueError(raw)
        if default and all(type(d) is int for d in default):
            return [bounded(_url_int(i.strip())) for i in items]
        return items if choices is None else [i for i in items if i in choices]
    if isinstance(default, int):
        value = bounded(_url_int(raw))
    elif isinstance(default, float):
        if len(raw) > 40:
            raise ValueError(raw)
        value = float(raw)
        if not math.isfinite(value):
            raise ValueError(raw)
        value = bounded(value)
    else:
        value = raw
    if choices is not None and value not in choices:
        raise ValueError(raw)
    return value


def set_url(**values) -> None:
    """Mirror inputs in the URL so a result can be shared: the changed ones in one update
    (each change of ``st.query_params`` is a message and a ``history.pushState`` in the
    browser; a first load sets many at once)."""
    changed = {}
    for key, value in values.items():
        if isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        elif isinstance(value, bool):
            value = "1" if value else "0"
        value = str(value)
        if st.query_params.get(key) != value:
            changed[key] = value
    if changed:
        st.query_params.update(changed)


def init_state(**defaults) -> None:
    """Initialise ``st.session_state`` keys that are missing."""
    for key, value in defaults.items():
        if key not in st.session_state:
            st.session_state[key] = value


def assumption(text: str) -> None:
    """Flag a rule the sources leave open (RULES.md [A])."""
    badge = _("Assumption")
    st.markdown(f":orange-badge[{badge}] {text}")


def assumption_html(text: str) -> str:
    """:func:`assumption` as HTML, for a page that joins it to the HTML beside it (one
    element fewer for a phone to draw); ``text``'s ``**bold**`` is kept, the rest escaped.

    >>> "&lt;b&gt;" in assumption_html("<b>")
    True
    """
    return (
        "<p style='margin:0.5rem 0'><span style='background:rgba(255,164,33,0.15);"
        "color:#b35c00;border-radius:0.5rem;padding:0.05rem 0.4rem;font-size:14px;"
        "margin-right:0.35rem'>"
        f"{html.escape(_('Assumption'))}</span>{marked(text)}</p>"
    )


def ruleset_frame(game_name: str) -> pl.DataFrame:
    """The rules of a game a box may change, in player words: rule, default, whether it
    is an assumption, meaning (column names in English: :func:`ruleset_columns` words
    them for the page)."""
    from dashboard.plugins import REGISTRY, game_ui

    game = get_game(game_name)
    rows = describe(game.ruleset_class)
    plugin = game_ui(game_name) if game_name in REGISTRY else None
    meanings = (plugin.rulesets.meanings if plugin else None) or {}
    own_default = plugin.rulesets.default_words if plugin else None
    return pl.DataFrame(
        {
            "rule": [_field_label(r.name) for r in rows],
            "default": [
                (own_default(r.name, r.default) if own_default else None)
                or _short(_value_words(game.name, r.name, r.default))
                for r in rows
            ],
            "assumption": [_("yes") if r.assumption else "" for r in rows],
            "meaning": [
                _(meanings[r.name]) if r.name in meanings else (_(r.doc) if r.doc else "")
                for r in rows
            ],
        }
    )


def _value_words(game_name: str, name: str, value) -> str:
    """A ruleset value as a player reads it: yes/no, a list with commas, a choice's name."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (list, tuple)):
        return pgettext("list separator", ", ").join(
            _choice_word(game_name, name, v) for v in value
        )
    return _choice_word(game_name, name, value)


def _short(value, limit: int = 80) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def ruleset_table(game_name: str) -> None:
    """Show the ruleset of a game as a table, assumptions flagged."""
    try:
        frame = ruleset_frame(game_name)
    except EngineError as exc:
        st.info(error_text(exc))
        return
    ruleset_html(frame)


def ruleset_html(frame: pl.DataFrame) -> None:
    """:func:`ruleset_frame` as a plain HTML table: its sentences wrap on a 390 px screen
    (a canvas grid cuts them to a line each and loads a grid library)."""
    from dashboard.html_charts import table_html

    shown = ruleset_columns(frame)
    st.html(
        table_html(
            list(shown.columns),
            [list(r) for r in shown.iter_rows()],
            first_bold=True,
            label=_("The ruleset"),
            wide={shown.columns.index(_(RULESET_COLUMNS["meaning"]))},
        )
    )


#: the columns of :func:`ruleset_frame` as a page names them
RULESET_COLUMNS = {
    "rule": N_("rule"),
    "default": N_("default"),
    "assumption": N_("assumption"),
    "meaning": N_("meaning"),
}


def ruleset_columns(frame: pl.DataFrame) -> pl.DataFrame:
    """:func:`ruleset_frame` with its column names in the session's language."""
    return frame.rename({k: _(v) for k, v in RULESET_COLUMNS.items() if k in frame.columns})


def player_counts(game) -> list[int]:
    """Every player count the game knows (a ruleset may narrow it, e.g. a Whist variant)."""
    return list(range(game.min_players, game.max_players + 1))


def default_count_index(game) -> int:
    return player_counts(game).index(game.default_count(make_ruleset(game.ruleset_class)))


# --- player words ---------------------------------------------------------------------------

#: engine words and the words a player reads instead (see :func:`plain_label`)
PLAIN_WORDS = {
    "chance": N_("dealer/dice"),
    "heuristic": N_("simple bot"),
    "omniscient": N_("everything"),
    "random": N_("random bot"),
    "mcts": N_("search bot"),
    "hold20": N_("holds at 20"),
    "None": "—",
}


def plain_label(word) -> str:
    """The player word for an engine word (``chance`` → ``dealer/dice``, ``heuristic`` →
    ``simple bot``, ``omniscient`` → ``everything``, ``None`` → ``—``); any other word is
    itself.

    >>> plain_label("heuristic"), plain_label("Ann")
    ('simple bot', 'Ann')
    """
    word = "None" if word is None else str(word)
    if word == "None":
        return PLAIN_WORDS["None"]
    return _(PLAIN_WORDS[word]) if word in PLAIN_WORDS else word


def seat_name(seat: int, names=None) -> str:
    """A seat as players call it: its name when known, else ``Player n`` (seat 0 is
    Player 1) — the same on every page.

    >>> seat_name(0), seat_name(1, ["Ann", "Bo"])
    ('Player 1', 'Bo')
    """
    if names is not None and 0 <= seat < len(names) and str(names[seat]).strip():
        return " ".join(str(names[seat]).split())[:NAME_MAX_CHARS]
    return _("Player {n}").format(n=seat + 1)


def _plain(value) -> str:
    """A number as a player writes it: digits with the language's separators, never
    ``1e+08``; a fraction with two decimals."""
    return number(int(value)) if value == int(value) else number(value, 2)


def number_field(
    where,
    label: str,
    value=None,
    *,
    min=None,  # noqa: A002
    max=None,  # noqa: A002
    step=None,
    key=None,
    help=None,  # noqa: A002
    message_where=None,
):
    """A number input whose out-of-range value gets a message beside the field (returns
    ``None`` then) instead of the browser's silent red border with the old result kept.

    The allowed range is said in the help text; ``where`` is ``st`` or a column (the
    message goes there too, or to ``message_where``). ``value=None``: the value kept in
    ``st.session_state[key]``."""
    bounds = ""
    if min is not None and max is not None:
        bounds = _("From {min} to {max}.").format(min=min, max=max)
    elif min is not None:
        bounds = _("At least {min}.").format(min=min)
    elif max is not None:
        bounds = _("At most {max}.").format(max=max)
    help_text = " ".join(t for t in (help, bounds) if t) or None
    kwargs = {"step": step} if step is not None else {}
    if value is not None:
        kwargs["value"] = value
    got = where.number_input(label, key=key, help=help_text, **kwargs)
    say = message_where if message_where is not None else where
    if got is None:
        say.error(_("{label}: give a number.").format(label=label) + f" {bounds}".rstrip())
        return None
    if (min is not None and got < min) or (max is not None and got > max):
        say.error(
            _("{label}: {value} is out of range.").format(label=label, value=_plain(got))
            + f" {bounds}".rstrip()
        )
        return None
    return got


# --- ruleset forms ---------------------------------------------------------------------------


class RulesetChoice(dict):
    """The overrides a :func:`ruleset_form` gives (field → value, only changed fields),
    with ``errors``: the messages shown beside fields whose value is not allowed."""

    def __init__(self, values=(), errors=()):
        super().__init__(values)
        self.errors = list(errors)


def _field_label(name: str) -> str:
    return game_words.field_label(name)


def _choice_word(game_name: str, name: str, value) -> str:
    """A ruleset choice's readable name: the game's own (``GameUI.rulesets.choices``),
    else the shared words of :mod:`dashboard.words.game`."""
    from dashboard.plugins import REGISTRY, game_ui

    own = game_ui(game_name).rulesets.choices if game_name in REGISTRY else None
    words = (own or {}).get(name, {})
    if value in words:
        return _(words[value])
    return game_words.choice_word(value)


def _tuple_text(value) -> str:
    return ", ".join(str(v) for v in value)


def _tuple_value(text: str, inner, label: str):
    items = [t.strip() for t in str(text).split(",") if t.strip()]
    if inner is int:
        out = []
        for t in items:
            digits = t.removeprefix("-")
            if not (0 < len(digits) <= 9 and digits.isascii() and digits.isdigit()):
                raise EngineError(
                    _("{label}: {text} is not a whole number").format(
                        label=label, text=repr(t[:20])
                    )
                )
            out.append(int(t))
        return out
    return items


#: a field whose value is not allowed (its message is shown or kept in ``errors``)
_BAD = object()


def _field_widget(game, box, f, hint, start, wkey: str, errors: list[str]):
    """One ruleset field's widget in ``box`` (see :func:`ruleset_form`); its value, or
    :data:`_BAD` with the message shown beside it and added to ``errors``."""
    import typing

    meta, name = f.metadata, f.name
    label = _field_label(name)
    if meta.get("assumption"):
        badge = _("assumption")
        label = f":orange-badge[{badge}] {label}"
    doc = _(meta["doc"]) if meta.get("doc") else None
    with box:
        if meta.get("choices"):
            options = list(meta["choices"])
            kept = wkey in st.session_state  # set before (e.g. from the URL): no default
            return st.selectbox(
                label,
                options,
                format_func=functools.partial(_choice_word, game.name, name),
                key=wkey,
                help=doc,
                index=None if kept else options.index(start) if start in options else 0,
            )
        if hint is bool:
            kept = wkey in st.session_state
            return st.toggle(label, key=wkey, help=doc, **({} if kept else {"value": start}))
        if hint in (int, float):
            value = number_field(
                st,
                label,
                None if wkey in st.session_state else start,
                min=meta.get("min"),
                max=meta.get("max"),
                step=1 if hint is int else None,
                key=wkey,
                help=doc,
            )
            if value is None:
                errors.append(_("{label}: not an allowed number").format(label=_field_label(name)))
                return _BAD
            return int(value) if hint is int else float(value)
        if typing.get_origin(hint) is tuple:
            text = st.text_input(
                _("{label} (separated by commas)").format(label=label),
                value=_tuple_text(start),
                key=wkey,
                help=doc,
            )
            args = typing.get_args(hint)
            try:
                return _tuple_value(text, args[0] if args else str, _field_label(name))
            except EngineError as exc:
                st.error(error_text(exc))
                errors.append(error_text(exc))
                return _BAD
        return st.text_input(label, value=str(start), key=wkey, help=doc)


def _folded_value(kept, hint, meta, start, label: str, errors: list[str]):
    """A field's value from its kept widget value while the form is folded (the same
    checks as its widget, :func:`_field_widget`); :data:`_BAD` (its message in
    ``errors``) when not allowed.

    >>> errs = []
    >>> _folded_value(7, int, {"min": 1, "max": 5}, 3, "Target", errs) is _BAD, errs
    (True, ['Target: not an allowed number'])
    >>> _folded_value("1, 2", tuple[int, ...], {}, (3,), "Sizes", [])
    [1, 2]
    """
    import typing

    if meta.get("choices") or hint is bool:
        return kept
    if hint in (int, float):
        low, high = meta.get("min"), meta.get("max")
        if kept is None or (low is not None and kept < low) or (high is not None and kept > high):
            errors.append(_("{label}: not an allowed number").format(label=label))
            return _BAD
        return int(kept) if hint is int else float(kept)
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        try:
            return _tuple_value(kept, args[0] if args else str, label)
        except EngineError as exc:
            errors.append(error_text(exc))
            return _BAD
    return kept


def refused_rules(choice: RulesetChoice) -> str:
    """What a ruleset form refused, in one line (``""``: nothing), said under its fold
    while it is closed (:class:`dashboard.folds.Fold`)."""
    return _("Rules: {errors}").format(errors="; ".join(choice.errors)) if choice.errors else ""


def ruleset_title(game, fields=None) -> str:
    """The title of a ruleset form's fold: what it is, and how many assumptions it holds."""
    import dataclasses

    game = get_game(game) if isinstance(game, str) else game
    chosen = [
        f for f in dataclasses.fields(game.ruleset_class) if fields is None or f.name in fields
    ]
    assumptions = sum(bool(f.metadata.get("assumption")) for f in chosen)
    title = _("Rules (change them if your box differs)")
    if assumptions:
        title += " · " + ngettext("{n} assumption", "{n} assumptions", assumptions).format(
            n=assumptions
        )
    return title


def ruleset_form(
    game, key: str, *, fields=None, expanded: bool = False, draw: bool = True, into=None
) -> RulesetChoice:
    """Widgets for a game's ruleset, made from its metadata: a select box for a field
    with ``choices``, a number input for a number (its ``min``/``max`` said in the help
    and checked, with a message beside the field), a toggle for a yes/no field, a text
    box (comma-separated) for a list. Each field's doc is its help; assumptions are
    badged. Returns the changed fields (:class:`RulesetChoice`, checked by
    :func:`parse_overrides`). ``fields`` limits the form to some fields.

    ``draw=False``: the same choice, read from the session without drawing anything (the
    values the widgets hold, kept or changed before this run), so that a page can work
    with the rules first and draw their form below what it worked out, in the same run
    (:func:`ruleset_form` again), with no placeholder reserved above. ``into``: a fold the
    page drew open (:class:`dashboard.folds.Fold`), to draw the widgets into in place of
    the form's own expander."""
    import dataclasses
    import typing

    game = get_game(game) if isinstance(game, str) else game
    cls = game.ruleset_class
    hints = typing.get_type_hints(cls)
    default = cls()
    values: dict[str, object] = {}
    errors: list[str] = []
    chosen = [f for f in dataclasses.fields(cls) if fields is None or f.name in fields]
    # Folded, the form draws no widget: a closed expander's widgets still cost the page's
    # first load (about 0.7 s at 1280 px for ten fields, docs/benchmarks.md); it reruns
    # when opened or closed. The fields' values stay in the session meanwhile.
    box = into
    if box is None and draw:
        title = ruleset_title(game, fields)
        box = st.expander(title, expanded=expanded, key=f"{key}_open", on_change="rerun")
    shown = into is not None or (box is not None and bool(box.open))
    for f in chosen:
        meta = f.metadata
        name, hint = f.name, hints[f.name]
        start = getattr(default, name)
        wkey = f"{key}_{name}"
        # a widget's value is dropped once a run does not draw it: the field's value is
        # kept beside it (``…__kept``) and given back to the widget when it is drawn again
        kept_key = f"{wkey}__kept"
        if not shown:
            if wkey in st.session_state:  # drawn in the last run, or set by the page
                st.session_state[kept_key] = st.session_state[wkey]
            if kept_key not in st.session_state:
                continue  # never changed: the default
            value = _folded_value(
                st.session_state[kept_key], hint, meta, start, _field_label(name), errors
            )
        else:
            if wkey not in st.session_state and kept_key in st.session_state:
                st.session_state[wkey] = st.session_state[kept_key]
            value = _field_widget(game, box, f, hint, start, wkey, errors)
            st.session_state[kept_key] = st.session_state.get(wkey)
        if value is _BAD:
            continue
        if value != ruleset_overrides_value(start):
            values[name] = value
    if errors and not shown and draw:  # its messages are inside the folded form: said here too
        st.error(refused_rules(RulesetChoice((), errors)))
    if not errors:
        try:
            make_ruleset(cls, dict(values))
        except EngineError as exc:
            if box is not None:
                box.error(
                    _("These rules do not fit together: {error}").format(error=error_text(exc))
                )
            errors.append(error_text(exc))
    return RulesetChoice(values, errors)


def ruleset_overrides_value(value):
    """A ruleset value as a form returns it (tuples as lists)."""
    if isinstance(value, tuple):
        return [ruleset_overrides_value(v) for v in value]
    return value


def overrides_input(key: str, game=None) -> RulesetChoice:
    """The ruleset choices of a page, as a form (:func:`ruleset_form`); the result goes to
    :func:`parse_overrides`. ``game`` defaults to the variable ``game`` of the caller
    (every page that called this with a key only has one)."""
    if game is None:
        import inspect

        frame = inspect.currentframe()
        caller = frame.f_back if frame is not None else None
        game = caller.f_locals.get("game") if caller is not None else None
        del frame, caller
    if game is None:
        return RulesetChoice()
    return ruleset_form(game, key)


def parse_overrides(game, value) -> dict:
    """Checked overrides from a :func:`ruleset_form` result (or, for files, TOML text);
    raises :class:`EngineError` naming the problem."""
    if isinstance(value, dict):
        errors = getattr(value, "errors", None)
        if errors:
            raise RulesetError(_("Rules: {errors}").format(errors="; ".join(errors)))
        return overrides_of(make_ruleset(game.ruleset_class, dict(value)))
    return overrides_of(ruleset_from_toml(game.ruleset_class, value or "", source="overrides"))


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


def in_browser() -> bool:
    """Whether a browser runs this session's page (its components' JavaScript). A session
    without one (AppTest drives the page from Python and sends no browser headers) gets
    Streamlit widgets in their place."""
    try:
        return bool(st.context.headers)
    except Exception:  # noqa: BLE001 - no request behind the session: no browser
        return False
