"""Whist score sheet: enter each deal at the table, see points, totals and the end.

The sheet is kept in the durable store (dashboard/store/entries.py) under an id in the URL
(``?sheet=…``): it survives a reload and a server restart. A write from a tab that shows
an older version of the sheet is refused ("changed in another tab")."""

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from urllib.parse import urlencode

import polars as pl
import streamlit as st

from dashboard import folds
from dashboard.charts import step_chart
from dashboard.components.fields import Action, Field, Row, field_rows, number_problem
from dashboard.html_charts import alert_html, caption_html, figures_html, table_html
from dashboard.i18n import _, error_text, ngettext, number, pgettext
from dashboard.store.entries import (
    Damaged,
    NotStored,
    Opened,
    StaleWrite,
    StoreError,
    WrongKind,
    stored_document,
)
from dashboard.ui import (
    assumption,
    callback,
    engine_errors,
    fragment,
    init_state,
    set_url,
    url_value,
)
from dashboard.whist.words import (
    entry_words,
    high_low,
    kind_word,
    result_words,
    shown_name,
    stored_name,
    variant_title,
)
from engine import EngineError
from engine.whist import books_needed
from engine.whist.rules import VARIANTS, WhistRules
from engine.whist.score_sheet import (
    MAX_CSV_CHARS,
    MAX_NAME_CHARS,
    ScoreSheet,
    bid_outcome,
    check_names,
    csv_names,
    default_names,
)

#: the kinds of a Bid Whist bid, in the order the deal's field offers them
KINDS = ("uptown", "downtown", "notrump")

st.title(_("Whist score sheet"))

# Choices on this page are rows of buttons (the fields component): a tap each on a phone,
# and no drop-down's script to load before the totals show.
init_state(ws_v=url_value("v", "bid4", choices=VARIANTS))
game_rows = [
    Row(
        (
            Field(
                "ws_v",
                pgettext("kind of game", "Game"),
                kind="choice",
                options=tuple(VARIANTS),
                labels=tuple(variant_title(v) for v in VARIANTS),
            ),
        ),
        # the page's words as the row's note: one element fewer on a phone's first load
        note=_("Enter each deal as it is played; the sheet scores it with the game's own rules."),
    )
]
variant = st.session_state.ws_v
rules_kw = {"variant": variant}
if variant in ("whist4", "whist2"):
    target = url_value("target", 5, choices=(5, 7, 10))
    init_state(ws_target=target if target in (5, 7, 10) else 5)
    game_rows.append(Row((Field("ws_target", _("Play to"), kind="choice", options=(5, 7, 10)),)))
    target = st.session_state.ws_target
    rules_kw["whist_target"] = target
field_rows("ws_game", game_rows)
if variant in ("whist4", "whist2"):
    assumption(_("Whist is played to 5 points by default (7 or 10 selectable)."))
    set_url(v=variant, target=target)
else:
    set_url(v=variant)
rules = WhistRules(**rules_kw)
two = variant.endswith("2")


def _decode(payload: str) -> dict:
    """The stored sheets: ``{"sheets": {key: CSV}, "names": {variant: [side names]}}``."""
    data = json.loads(payload)
    if not (
        isinstance(data, dict)
        and isinstance(data.get("sheets"), dict)
        and all(isinstance(v, str) for v in data["sheets"].values())
    ):
        raise ValueError("the stored sheet is damaged")
    found = data.get("names")
    names: dict = found if isinstance(found, dict) else {}
    return {
        "sheets": dict(data["sheets"]),
        "names": {v: n for v, n in names.items() if v in VARIANTS and isinstance(n, list)},
    }


SHEETS = stored_document(
    "score_sheet",
    "sheet",
    _decode,
    json.dumps,
    session_key="ws_sheet_id",
    stale=lambda: _(
        "this sheet changed in another tab — the latest version is shown now; "
        "your change was not saved"
    ),
)


@dataclass
class _Open:
    """The stored sheets this run works on: the open document (``None`` until the first
    save), the version this tab showed last, and this game's sheet with its side names
    (``shown``: the default names in the page's language)."""

    key: str
    opened: Opened[dict] | None
    expected: int | None
    sheets: dict[str, str]
    names_by_variant: dict[str, list]
    sheet: ScoreSheet
    sides: list[str]
    shown: list[str]

    def check_fresh(self) -> None:
        """Refuse a change made in a tab that shows an older version of the sheet."""
        if self.opened:
            SHEETS.check_fresh(self.expected, self.opened.version)

    def save(self, s: ScoreSheet) -> None:
        self.sheets[self.key] = s.to_csv() if s.entries else ""
        self.names_by_variant[variant] = list(s.side_names)
        doc = {"sheets": self.sheets, "names": self.names_by_variant}
        try:
            self.opened = (
                SHEETS.create(doc) if self.opened is None else SHEETS.save(self.opened, doc)
            )
        except StaleWrite as exc:  # another tab wrote in the last instant
            st.session_state["ws_error"] = error_text(exc)
            st.rerun()
        st.session_state["ws_seen"] = (self.opened.id, self.opened.version)


@fragment
def sheet_view() -> None:
    """The stored sheet, its entry and its table: adding a deal reruns and redraws only
    this part (the sheet is read from the store on every run, so a fragment rerun never
    works on an old copy). A deal a tap asked for is scored before anything is drawn, so
    the totals come first (readable on a phone) in the element of the names' fold."""
    at = _open_sheet()
    entry = _deal_fields(at.shown)
    _score_tapped(at, entry)
    _names_fields(at, before_html=_totals_html(at))
    _deal_entry(entry)
    _importer(at, before_html=_sheet_table(at))


def _open_sheet() -> _Open:
    """The sheet of this game and target from the store (a new one when the link names
    none, or one that cannot be read, said above the sheet)."""
    key = f"{variant}_{rules_kw.get('whist_target', 0)}"
    # The stored sheet: one CSV per game and target, so switching games keeps each sheet.
    try:
        opened = SHEETS.open()
    except WrongKind as exc:
        st.warning(
            _("This link does not open a score sheet ({reason}); a new sheet is shown.").format(
                reason=error_text(exc, inside=True)[:160]
            )
        )
        opened = None
    except Damaged:  # not the shape this page stores
        st.warning(_("This score sheet is damaged and cannot be read; a new sheet is shown."))
        opened = None
    except NotStored:
        st.warning(
            _(
                "This score sheet is no longer stored (never saved, or removed after "
                "long disuse); a new sheet is shown."
            )
        )
        opened = None
    except StoreError as exc:
        st.error(_("Score sheets cannot be stored here: {reason}").format(reason=error_text(exc)))
        st.stop()
    stored = opened.doc if opened else {"sheets": {}, "names": {}}
    sheets: dict[str, str] = stored["sheets"]
    names_by_variant: dict[str, list] = stored["names"]  # the side names, stored with the sheet
    # The version this tab showed last: a write based on an older one is refused.
    seen = st.session_state.get("ws_seen")
    current = (opened.id, opened.version) if opened else (None, None)
    expected = seen[1] if seen and seen[0] == current[0] else current[1]
    st.session_state["ws_seen"] = current

    error = st.session_state.pop("ws_error", None)
    if error:
        st.error(error)

    try:
        names = check_names(names_by_variant.get(variant), variant)
    except EngineError:
        names = default_names(variant)
    sheet = ScoreSheet(variant, rules, names=names)
    if sheets.get(key):
        try:
            sheet = ScoreSheet.from_csv(sheets[key], rules, names=names)
        except EngineError as exc:
            st.error(
                _("The saved sheet could not be read ({reason}); starting a new one.").format(
                    reason=error_text(exc, inside=True)
                )
            )
            sheets[key] = ""
    sides = list(sheet.side_names)
    shown = [shown_name(n) for n in sides]  # the default names in the page's language
    return _Open(key, opened, expected, sheets, names_by_variant, sheet, sides, shown)


def _names_fields(at: _Open, before_html: str) -> None:
    """The side names, folded (``before_html`` joined to the element of its link): a
    change is saved with the sheet."""
    shown = at.shown
    # folded, the names' fields are not drawn: closed, the fold is a link (no element of
    # Streamlit's own on a phone's first load); opened, it reruns the page
    fold = folds.Fold(
        _("Names: {side1} · {side2}").format(side1=shown[0], side2=shown[1]),
        "ws_names_open",
        "names",
    )
    folds.draw([(fold, lambda: _names_drawn(at))], before_html=before_html)


def _names_drawn(at: _Open) -> None:
    """The side names' fields, in their opened fold."""
    shown, sheet = at.shown, at.sheet
    st.session_state.setdefault("ws_name0", shown[0])
    st.session_state.setdefault("ws_name1", shown[1])
    names_of = (at.opened and at.opened.id, variant, tuple(shown))
    if st.session_state.get("ws_names_of") != names_of:  # another sheet, game or language
        st.session_state["ws_names_of"] = names_of
        st.session_state["ws_name0"], st.session_state["ws_name1"] = shown
    field_rows(
        "ws_names",
        [
            Row(
                (
                    Field(
                        "ws_name0",
                        _("Side 1") if not two else _("Player 1"),
                        max_chars=MAX_NAME_CHARS,
                        help=_("Seats 1 and 3 (North and South)") if not two else "",
                        capitals="words",
                        size=14,
                    ),
                    Field(
                        "ws_name1",
                        _("Side 2") if not two else _("Player 2"),
                        max_chars=MAX_NAME_CHARS,
                        help=_("Seats 2 and 4 (East and West)") if not two else "",
                        capitals="words",
                        size=14,
                    ),
                )
            )
        ],
    )
    typed = [st.session_state.ws_name0, st.session_state.ws_name1]
    typed = [stored_name(t) if isinstance(t, str) else t for t in typed]
    with engine_errors():
        wanted = check_names(typed, variant)
        if list(wanted) != at.sides:
            at.check_fresh()
            sheet.names = wanted
            at.save(sheet)
            st.rerun()


@callback
def _preset_books(changed: set[str]) -> None:
    """The books field follows the bid: a new bid presets the books that just make it."""
    if "ws_bid" in changed:
        st.session_state["ws_books"] = books_needed(int(st.session_state.get("ws_bid", 3)))


#: a deal's fields: their rows, whether they make a deal, the deal's scoring on a sheet
#: (the side points) and what to say under the fields once they make a deal (a line and
#: its tone, ``"good"``/``"bad"``/``""``; ``None``: nothing)
DealFields = tuple[
    list[Row], bool, Callable[[ScoreSheet], tuple[int, int]], Callable[[], tuple[str, str]] | None
]


def _tap_add(_key: str) -> None:
    """A tap on "Add deal": the run it causes scores the deal (once per tap)."""
    st.session_state["ws_add_tapped"] = True


def _deal_fields(shown: list[str]) -> DealFields:
    """The fields of a deal in this game, read before anything is drawn."""
    tricks_of = _("Tricks of {side}").format(side=shown[0])
    if variant.startswith("bid"):
        rows, ready, add, said = _bid_fields(shown)
    elif variant == "whist4":
        rows, ready, add, said = _whist_fields(tricks_of, shown)
    else:
        rows, ready, add, said = _two_player_fields(tricks_of, shown)
    # the heading is the first row's title: one element for a phone to draw, not two
    rows[0] = replace(rows[0], title=_("Enter a deal"))
    return rows, ready, add, said


def _score_tapped(at: _Open, entry: DealFields) -> None:
    """Score the deal a tap on "Add deal" asked for onto the sheet (once per tap)."""
    _rows, ready, add, _said = entry
    if st.session_state.pop("ws_add_tapped", False) and ready:
        with engine_errors():
            at.check_fresh()
            pts = add(at.sheet)
            at.save(at.sheet)
            shown = at.shown
            st.toast(
                _("Deal scored: {side1} {points1}, {side2} {points2}").format(
                    side1=shown[0], points1=f"{pts[0]:+d}", side2=shown[1], points2=f"{pts[1]:+d}"
                )
            )


def _deal_entry(entry: DealFields) -> None:
    """The fields of a deal, what they make and the button that scores it onto the sheet:
    one element in a border (a phone draws it at once)."""
    rows, ready, _add, said = entry
    line, tone = "", ""
    if said is not None and ready:
        with engine_errors():  # said beside the fields, as a refused deal would be
            line, tone = said()
    field_rows(
        "ws_deal",
        rows,
        on_change=_preset_books,
        actions=(Action("ws_add", _("Add deal"), primary=True, disabled=not ready),),
        on_action=_tap_add,
        said=line,
        tone=tone,
        boxed=True,
    )


def _bid_fields(shown: list[str]) -> DealFields:
    """A Bid Whist deal: the declaring side, the bid, its kind and the books won."""
    init_state(ws_side=0, ws_bid=3, ws_kind="uptown")
    st.session_state.setdefault("ws_books", books_needed(int(st.session_state.ws_bid)))
    books_field = Field(
        "ws_books",
        _("Books won by the declaring side (kitty book included)"),
        kind="number",
        low=0,
        high=13,
    )
    rows = [
        Row(
            (
                Field(
                    "ws_side",
                    _("Declaring side"),
                    kind="choice",
                    options=(0, 1),
                    labels=tuple(shown),
                ),
                Field("ws_bid", _("Bid"), kind="choice", options=(3, 4, 5, 6, 7)),
            )
        ),
        # the kind alone on its row: its three words need the width on a phone
        Row(
            (
                Field(
                    "ws_kind",
                    _("Kind"),
                    kind="choice",
                    options=KINDS,
                    labels=tuple(kind_word(k) for k in KINDS),
                ),
            )
        ),
        Row(
            (books_field,),
            error=number_problem(books_field, st.session_state.ws_books) or "",
        ),
    ]
    side, bid = st.session_state.ws_side, st.session_state.ws_bid
    kind, books = st.session_state.ws_kind, st.session_state.ws_books
    ready = number_problem(books_field, books) is None

    def outcome() -> tuple[str, str]:
        """The bid's outcome as entered: the books it needs, made or set, and its points."""
        need, made, points = bid_outcome(int(bid), kind, int(books))
        line = _(
            "{number} {kind} needs {need} books: with {books} it is {verdict} — "
            "{side} scores **{points}**."
        ).format(
            number=bid,
            kind=kind_word(kind),
            need=need,
            books=int(books),
            verdict=pgettext("contract", "made") if made else pgettext("contract", "set"),
            side=shown[int(side)],
            points=f"{points:+d}",
        )
        return line, "good" if made else "bad"

    return (
        rows,
        ready,
        lambda sheet: sheet.add_bid(int(side), int(bid), kind, int(books)),
        outcome,
    )


def _whist_fields(tricks_of: str, shown: list[str]) -> DealFields:
    """A four-player Whist deal: the first side's tricks and who held honours."""
    init_state(ws_tricks=7, ws_hside=-1, ws_hon=3)
    tricks_field = Field("ws_tricks", tricks_of, kind="number", low=0, high=13)
    rows = [
        Row(
            (tricks_field,),
            error=number_problem(tricks_field, st.session_state.ws_tricks) or "",
        ),
        Row(
            (
                Field(
                    "ws_hside",
                    _("Honours held in one hand by"),
                    kind="choice",
                    options=(-1, 0, 1),
                    labels=(_("nobody"), *shown),
                ),
                Field("ws_hon", _("How many of A K Q J"), kind="choice", options=(3, 4)),
            )
        ),
    ]
    tricks, hon_side, hon = (
        st.session_state.ws_tricks,
        st.session_state.ws_hside,
        st.session_state.ws_hon,
    )

    def add(sheet: ScoreSheet) -> tuple[int, int]:
        hs = None if int(hon_side) < 0 else int(hon_side)
        return sheet.add_whist(int(tricks), hs, int(hon) if hs is not None else 0)

    return rows, number_problem(tricks_field, tricks) is None, add, None


def _two_player_fields(tricks_of: str, shown: list[str]) -> DealFields:
    """A two-player Whist deal: high or low game, the high declarer and the first tricks."""
    init_state(ws_game="high", ws_tricks2=7, ws_decl=0)
    tricks_field = Field("ws_tricks2", tricks_of, kind="number", low=0, high=13)
    rows = [
        Row(
            (
                Field(
                    "ws_game",
                    pgettext("kind of game", "Game"),
                    kind="choice",
                    options=("high", "low"),
                    labels=(high_low("high"), high_low("low")),
                ),
                Field(
                    "ws_decl",
                    _("High declarer"),
                    kind="choice",
                    options=(0, 1),
                    labels=tuple(shown),
                ),
            )
        ),
        Row(
            (tricks_field,),
            error=number_problem(tricks_field, st.session_state.ws_tricks2) or "",
        ),
    ]
    game, tricks, declarer = (
        st.session_state.ws_game,
        st.session_state.ws_tricks2,
        st.session_state.ws_decl,
    )
    return (
        rows,
        number_problem(tricks_field, tricks) is None,
        lambda sheet: sheet.add_two_player_whist(
            game, int(tricks), int(declarer) if game == "high" else None
        ),
        None,
    )


def _totals_html(at: _Open) -> str:
    """The totals and the end condition, or how the game ended."""
    sheet, shown = at.sheet, at.shown
    a, b = sheet.totals()
    totals = figures_html([(shown[0], number(a)), (shown[1], number(b))])
    result = sheet.result()
    if result:
        return totals + alert_html(
            _("Game over: {result}.").format(result=result_words(result)), "success"
        )
    goal = (
        _("+{target} wins, -{target} loses").format(target=rules.bid_target)
        if rules.bidding
        else _("first to {target} wins").format(target=rules.whist_target)
    )
    return totals + caption_html(_("End condition: {goal}.").format(goal=goal))


def _sheet_table(at: _Open) -> str:
    """The deals, their chart and the buttons that undo, start anew and export; with no
    deal, returns what to say instead (joined to the next element by the caller)."""
    sheet, shown = at.sheet, at.shown
    frame = sheet.frame()
    if frame.height:
        entered = [entry_words(e, sheet.names) for e in sheet.entries]
        if len(entered) == frame.height and all(entered):
            frame = frame.with_columns(pl.Series("deal entered", entered, dtype=pl.Utf8))
        deal_word = _("deal")
        table = frame.select(
            "deal", "deal entered", "total 0", "total 1", "points 0", "points 1"
        ).rename(  # what was bid first: on a phone the totals are in the row above
            {
                "deal": deal_word,
                "points 0": _("{side} points").format(side=shown[0]),
                "points 1": _("{side} points").format(side=shown[1]),
                "total 0": _("{side} total").format(side=shown[0]),
                "total 1": _("{side} total").format(side=shown[1]),
                "deal entered": _("deal entered"),
            }
        )
        # plain HTML (no grid library on a phone): the deal words wrap, the figures do not
        st.html(
            table_html(
                table.columns,
                table.rows(),
                right={0, 2, 3, 4, 5},
                first_bold=True,
                label=_("Deals of this sheet"),
            )
        )
        # the totals are written above; their chart (plotly's scripts cost a phone a second
        # of the first load) is drawn on request, and at once for ``?chart=1`` in a link
        chart_on = st.toggle(
            _("Chart: running totals"),
            value=url_value("chart", 0, choices=(0, 1)) == 1,
            key="ws_chart",
        )
        set_url(chart=int(chart_on))
        if chart_on:
            chart_df = pl.concat(
                [
                    pl.DataFrame({"deal": [0], "total 0": [0], "total 1": [0]}),
                    frame.select("deal", "total 0", "total 1"),
                ]
            ).rename({"deal": deal_word})
            fig = step_chart(
                chart_df,
                ["total 0", "total 1"],
                None,
                title=_("Running totals"),
                y_title=_("points"),
                x=deal_word,
                names=shown,
                shape="linear",
            )
            # Deals are whole numbers: integer ticks, at most about ten of them.
            fig.update_xaxes(tickformat="d", tick0=0, dtick=max(1, -(-frame.height // 10)))
            st.plotly_chart(fig, width="stretch")
        c1, c2 = st.columns(2)
        if c1.button(_("Undo last deal"), key="ws_undo", width="stretch"):
            with engine_errors():
                at.check_fresh()
                sheet.undo()
                at.save(sheet)
                st.rerun()
        if c2.button(_("New sheet"), key="ws_new", width="stretch"):
            with engine_errors():
                at.check_fresh()
                at.save(ScoreSheet(variant, rules, names=sheet.names))
                st.rerun()
        st.download_button(
            _("Export sheet (CSV)"),
            # with points, totals and the names as this page shows them; imports back as is
            sheet.to_csv(report=True, names=(shown[0], shown[1])),
            file_name=f"whist-{variant}-sheet.csv",
            mime="text/csv",
            key="ws_export",
        )
        return ""
    return alert_html(_("No deals yet: enter the first one above."), "info")


def _importer(at: _Open, before_html: str) -> None:
    """The import of a sheet exported here and the points calculator, folded until asked
    for (``before_html`` joined to the element of their links), and what the last import
    did."""
    sheet, opened, key, sides = at.sheet, at.opened, at.key, at.sides
    note = st.session_state.get("ws_import_note")
    if note and opened and (opened.id, opened.version) == (note["id"], note["version"]):
        imported_note(note)  # until the imported sheet changes
    # folded until asked for (closed, a link: no element of Streamlit's own): an import is
    # rare, and the uploader's script is part of a phone's first load otherwise
    uploaded = []

    def uploader() -> None:
        uploaded.append(
            st.file_uploader(
                _("Import a sheet (CSV exported here)"),
                type=["csv"],
                key="ws_import",
                label_visibility="collapsed",
            )
        )

    fold = folds.Fold(_("Import a sheet (CSV exported here)"), "ws_import_open", "import")
    # the points calculator's link too, while it is folded (open, it is a part of its own)
    folds.draw([(fold, uploader)], CALCULATOR.link_if_closed(), before_html=before_html)
    upload = uploaded[0] if uploaded else None
    if upload is not None and st.session_state.get("ws_imported") != upload.file_id:
        with engine_errors(_("Import refused: ")):
            if upload.size > MAX_CSV_CHARS:
                raise EngineError(
                    _("{name} has {size} bytes; a score sheet has at most {most}").format(
                        name=upload.name, size=number(upload.size), most=number(MAX_CSV_CHARS)
                    )
                )
            try:
                text = upload.getvalue().decode("utf-8")
            except UnicodeDecodeError:
                raise EngineError(_("{name} is not UTF-8 text").format(name=upload.name)) from None
            at.check_fresh()
            given = csv_names(text)  # the file's names (as its page showed them), else ours
            imported = ScoreSheet.from_csv(
                text, rules, names=[stored_name(n) for n in given] if given else sides
            )
            if imported.variant != variant:
                raise EngineError(
                    _("{name} is a {game} sheet; choose that game first").format(
                        name=upload.name, game=variant_title(imported.variant)
                    )
                )
            # A sheet with deals is never written over: the file becomes a new sheet (a new
            # link) and the old one stays stored under its own link, offered below.
            previous = opened.id if opened and sheet.entries else None
            if previous:
                opened = at.opened = SHEETS.create(
                    {
                        "sheets": {key: imported.to_csv()},
                        "names": {variant: list(imported.side_names)},
                    }
                )
                st.session_state["ws_seen"] = (opened.id, opened.version)
            else:
                at.save(imported)
                opened = at.opened
            assert opened is not None  # created above, or saved (which opens it)
            st.session_state["ws_imported"] = upload.file_id
            st.session_state["ws_import_note"] = {
                "id": opened.id,
                "version": opened.version,
                "deals": len(imported.entries),
                "previous": previous,
                "previous_deals": len(sheet.entries),
                "query": {k: str(v) for k, v in st.query_params.items() if k != "sheet"},
            }
            st.rerun()


def imported_note(note: dict) -> None:
    """What an import did: how many deals it read and, when it did not replace the open
    sheet, the link to that previous sheet and a button back to it."""
    said = ngettext("Imported {n} deal.", "Imported {n} deals.", note["deals"]).format(
        n=note["deals"]
    )
    if not note["previous"]:
        st.success(said)
        return
    link = "?" + urlencode({**note["query"], "sheet": note["previous"]})
    kept = ngettext(
        "It is a new sheet with its own link; your previous sheet ({n} deal) is kept: "
        "[your previous sheet]({link}).",
        "It is a new sheet with its own link; your previous sheet ({n} deals) is kept: "
        "[your previous sheet]({link}).",
        note["previous_deals"],
    ).format(n=note["previous_deals"], link=link)
    st.success(_("{imported} {kept}").format(imported=said, kept=kept))
    if st.button(_("Back to the previous sheet"), key="ws_back"):
        SHEETS.remember(note["previous"])
        st.session_state.pop("ws_import_note", None)
        st.rerun()


# --- one-shot calculator ----------------------------------------------------------------------

#: the points calculator, folded until asked for (or a link gives its bid, kind or books):
#: the sheet is what the page opens for
CALCULATOR = folds.Fold(
    _("Bid Whist points calculator"), "wc_open", "calc", also=("bid", "kind", "books")
)


@fragment
def points_calculator() -> None:
    """The one-shot calculator, opened: an edit redraws only its own lines. Folded by a
    tap, the page runs again to draw its link with the sheet's."""
    folds.draw([(CALCULATOR, _points_lines)])
    if not CALCULATOR.is_open():
        st.rerun()


def _points_lines() -> None:
    c1, c2, c3 = st.columns(3)
    qb = url_value("bid", 4, min=3, max=7)
    qk = url_value("kind", "uptown", choices=("uptown", "downtown", "notrump"))
    qn = url_value("books", 10, min=0, max=13)
    kinds = ["uptown", "downtown", "notrump"]
    cb = c1.segmented_control(
        _("Bid"),
        [3, 4, 5, 6, 7],
        default=qb if qb in range(3, 8) else 4,
        required=True,
        key="wc_bid",
    )
    ck = c2.segmented_control(
        _("Kind"),
        kinds,
        default=qk if qk in kinds else "uptown",
        required=True,
        key="wc_kind",
        format_func=kind_word,
    )
    cn = c3.number_input(
        _("Books (kitty included)"), 0, 13, qn if 0 <= qn <= 13 else 10, key="wc_books"
    )
    set_url(bid=cb, kind=ck, books=int(cn))
    with engine_errors():
        need, made, pts = bid_outcome(int(cb), ck, int(cn))
        verdict = pgettext("contract", "made") if made else pgettext("contract", "set")
        st.markdown(
            _(
                "Contract **{number} {kind}** needs {need} books; with {books} it is "
                "**{verdict}**: the declaring side scores **{points}**."
            ).format(
                number=cb,
                kind=kind_word(ck),
                need=need,
                books=int(cn),
                verdict=verdict,
                points=f"{pts:+d}",
            )
        )
        st.caption(
            _("Only the declaring side scores. No trump doubles both the gain and the loss.")
        )


sheet_view()
if CALCULATOR.is_open():
    points_calculator()
