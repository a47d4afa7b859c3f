"""A score sheet for a real table: enter each deal, get points, totals and the end.

Points come from the same formulas as the game (:mod:`engine.whist.scoring`); sides are
0 and 1 (seats 0+2 and 1+3; with two players, the seats), shown by their names
(:func:`default_names`: North–South / East–West, or Player 1 / Player 2).

>>> sheet = ScoreSheet("bid4")
>>> sheet.add_bid(declarer_side=0, bid=4, kind="uptown", books=11)
(5, 0)
>>> sheet.add_bid(declarer_side=1, bid=3, kind="notrump", books=8)
(0, -6)
>>> sheet.totals(), sheet.result()
((5, -6), None)
>>> sheet.add_bid(declarer_side=0, bid=3, kind="downtown", books=9)
(3, 0)
>>> sheet.result()
'North–South wins with 8 (reached +7)'
>>> ScoreSheet.from_csv(sheet.to_csv()).totals()
(8, -6)
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

import polars as pl

from engine.core.errors import EngineError, ParseError, Phrase, word
from engine.whist.rules import VARIANTS, WhistRules
from engine.whist.scoring import (
    bid_whist_points,
    books_needed,
    honours_points,
    two_player_whist_points,
    whist_deal_points,
    whist_points,
)

MAX_CSV_CHARS = 1_000_000  # a real sheet is a few kilobytes
MAX_CSV_ROWS = 2_000  # deals; a game to +7/-7 or to 10 points is far shorter
MAX_CSV_FIELD = 200  # characters in one cell

CSV_FIELDS = ("variant", "declarer", "bid", "kind", "books", "tricks_0", "honours_side",
              "honours", "game")  # fmt: skip
#: what an exported sheet adds for a reader (a spreadsheet, a printout): each deal's points,
#: the running totals and the sides' names. Reading a sheet back re-scores every deal, so
#: these are never trusted; the names are taken when none are given.
REPORT_FIELDS = ("points_0", "points_1", "total_0", "total_1", "name_0", "name_1")


MAX_NAME_CHARS = 40  # a side's name


def default_names(variant: str) -> tuple[str, str]:
    """The sides' names before the players give theirs.

    >>> default_names("bid4"), default_names("whist2")
    (('North–South', 'East–West'), ('Player 1', 'Player 2'))
    """
    if variant.endswith("2"):
        return (word("Player 1"), word("Player 2"))
    return (word("North–South"), word("East–West"))


def check_names(names, variant: str) -> tuple[str, str]:
    """Two side names, trimmed; an empty one is its default; two equal names, a long name
    or a name that is not text are refused (:class:`ParseError`).

    >>> check_names(["  Ann  and Bo ", ""], "bid4")
    ('Ann and Bo', 'East–West')
    """
    default = default_names(variant)
    if names is None:
        return default
    if isinstance(names, str) or len(names) != 2:
        raise ParseError.coded(
            "sheet.two_names", "give two side names, got {names!r}", names=str(names)[:40]
        )
    out = []
    for side, name in enumerate(names):
        if not isinstance(name, str):
            raise ParseError.coded(
                "sheet.name_not_text", "side name {name!r} is not text", name=str(name)[:20]
            )
        name = " ".join(name.split())
        if len(name) > MAX_NAME_CHARS:
            raise ParseError.coded(
                "sheet.name_long",
                "side name {name!r}… has {n} characters; at most {most}",
                name=name[:20],
                n=len(name),
                most=MAX_NAME_CHARS,
            )
        out.append(name or default[side])
    if out[0].casefold() == out[1].casefold():
        raise ParseError.coded(
            "sheet.same_names",
            "both sides are called {name!r}: give them different names",
            name=out[0],
        )
    return (out[0], out[1])


def bid_outcome(bid: int, kind: str, books: int) -> tuple[int, bool, int]:
    """``(books needed, made?, points of the declaring side)`` of a Bid Whist contract,
    to show "made" or "set" before a deal is added.

    >>> bid_outcome(4, "uptown", 9), bid_outcome(4, "notrump", 10)
    ((10, False, -4), (10, True, 8))
    """
    points = bid_whist_points(bid, kind, books)
    need = books_needed(bid)
    return need, books >= need, points


class ScoreSheetError(ParseError):
    """A score sheet CSV that cannot be read: too large, malformed, or not a sheet."""


@dataclass
class ScoreSheet:
    variant: str = "bid4"
    rules: WhistRules | None = None
    entries: list[dict] = field(default_factory=list)
    #: the two sides' names (see :func:`default_names`)
    names: tuple[str, str] | None = None

    def __post_init__(self):
        if self.variant not in VARIANTS:
            raise EngineError.coded(
                "sheet.variant",
                "variant {variant!r} is not one of {variants}",
                variant=self.variant,
                variants=", ".join(VARIANTS),
            )
        if self.rules is None:
            self.rules = WhistRules(variant=self.variant)
        self.names = check_names(self.names, self.variant)

    @property
    def rules_in_force(self) -> WhistRules:
        """``rules``, or the variant's own when none were given (``__post_init__``)."""
        assert self.rules is not None  # __post_init__ fills it in
        return self.rules

    @property
    def side_names(self) -> tuple[str, str]:
        """``names``, checked and completed by ``__post_init__``."""
        assert self.names is not None  # __post_init__ fills them in
        return self.names

    def side(self, side: int) -> str:
        return self.side_names[side]

    # --- entering deals -----------------------------------------------------------------
    def _check_open(self):
        if self.result() is not None:
            raise EngineError.coded(
                "sheet.over", "the game is over ({result}); start a new sheet", result=self.result()
            )

    def add_bid(self, declarer_side: int, bid: int, kind: str, books: int) -> tuple[int, int]:
        """A Bid Whist deal: the declaring side, its contract and books (kitty included)."""
        if not self.variant.startswith("bid"):
            raise EngineError.coded(
                "sheet.not_bid",
                "{variant!r} is Whist: enter tricks, not a bid",
                variant=self.variant,
            )
        self._check_open()
        if declarer_side not in (0, 1):
            raise EngineError.coded(
                "sheet.declarer", "declaring side {side!r} must be 0 or 1", side=declarer_side
            )
        pts = [0, 0]
        pts[declarer_side] = bid_whist_points(bid, kind, books)
        return self._push(
            {"declarer": declarer_side, "bid": bid, "kind": kind, "books": books},
            f"{{{declarer_side}}}: {bid} {kind}, {books} books",
            pts,
        )

    def add_whist(
        self, tricks_0: int, honours_side: int | None = None, honours: int = 0
    ) -> tuple[int, int]:
        """A four-player Whist deal: side 0's tricks (side 1 has the rest) and, if one
        dealt hand held 3 or 4 trump honours, that side and the count."""
        if self.variant != "whist4":
            raise EngineError.coded("sheet.whist4", "add_whist is for four-player Whist (“whist4”)")
        self._check_open()
        t0 = whist_points(tricks_0)
        pts = [t0, whist_points(13 - tricks_0)]
        if honours_side not in (None, 0, 1):
            raise EngineError.coded(
                "sheet.honours_side",
                "honours side {side!r} must be 0, 1 or None",
                side=honours_side,
            )
        if honours_side is None and honours:
            raise EngineError.coded(
                "sheet.honours_whose", "give the side whose hand held the honours"
            )
        if honours_side is not None:
            honours_points(honours, 0)  # validate the count whatever the deal scores
        pts = list(
            whist_deal_points(
                self.totals(),
                pts,
                [] if honours_side is None else [(honours_side, honours)],
                target=self.rules_in_force.whist_target,
                honours_after_tricks=self.rules_in_force.honours_after_tricks,
                tricks_before_honours=self.rules_in_force.tricks_before_honours,
            )
        )
        desc = f"{{0}} {tricks_0} tricks, {{1}} {13 - tricks_0}"
        if honours_side is not None and honours >= 3:
            desc += f"; {honours} honours {{{honours_side}}}"
        return self._push(
            {"tricks_0": tricks_0, "honours_side": honours_side, "honours": honours}, desc, pts
        )

    def add_two_player_whist(
        self, game: str, tricks_0: int, declarer: int | None = None
    ) -> tuple[int, int]:
        """A two-player Whist deal: High/Low, seat 0's tricks, the High declarer."""
        if self.variant != "whist2":
            raise EngineError.coded(
                "sheet.whist2", "add_two_player_whist is for two-player Whist (“whist2”)"
            )
        self._check_open()
        if isinstance(tricks_0, bool) or not isinstance(tricks_0, int) or not 0 <= tricks_0 <= 13:
            raise EngineError.coded(
                "sheet.tricks", "tricks {tricks!r} must be 0-13", tricks=tricks_0
            )
        pts = two_player_whist_points(game, (tricks_0, 13 - tricks_0), declarer)
        desc = f"{game}" + (f" (declarer {{{declarer}}})" if declarer is not None else "")
        desc += f": {tricks_0}-{13 - tricks_0} tricks"
        return self._push({"game": game, "tricks_0": tricks_0, "declarer": declarer}, desc, pts)

    def _push(self, data: dict, desc: str, pts) -> tuple[int, int]:
        entry = {"variant": self.variant, **data, "text": desc, "points": (pts[0], pts[1])}
        self.entries.append(entry)
        return entry["points"]

    def undo(self) -> None:
        if not self.entries:
            raise EngineError.coded("sheet.empty_undo", "the sheet is empty: nothing to undo")
        self.entries.pop()

    # --- reading ------------------------------------------------------------------------
    def totals(self) -> tuple[int, int]:
        a = sum(e["points"][0] for e in self.entries)
        b = sum(e["points"][1] for e in self.entries)
        return (a, b)

    def result(self) -> Phrase | None:
        """The end of the game in words (a :class:`Phrase`), or None while it goes on."""
        a, b = self.totals()
        if self.variant.startswith("bid"):
            t = self.rules_in_force.bid_target
            for side, score in ((0, a), (1, b)):
                if score >= t:
                    return Phrase.coded(
                        "sheet.wins_bid",
                        "{side} wins with {score} (reached +{target})",
                        side=self._name(side),
                        score=score,
                        target=t,
                    )
                if score <= -t:
                    return Phrase.coded(
                        "sheet.loses_bid",
                        "{side} loses with {score} (reached -{target}); {other} wins",
                        side=self._name(side),
                        score=score,
                        target=t,
                        other=self._name(1 - side),
                    )
            return None
        t = self.rules_in_force.whist_target
        if a >= t or b >= t:
            side = 0 if a >= b else 1
            return Phrase.coded(
                "sheet.wins_target",
                "{side} wins with {score} (target {target})",
                side=self._name(side),
                score=max(a, b),
                target=t,
            )
        return None

    def _name(self, side: int) -> str:
        """A side's name in a phrase: a default name (:func:`default_names`) is a word the
        app translates, a name the players gave stays as they gave it."""
        name = self.side_names[side]
        return word(name) if name in default_names(self.variant) else name

    def frame(self) -> pl.DataFrame:
        """One row per deal: points and running totals per side."""
        rows, t0, t1 = [], 0, 0
        for i, e in enumerate(self.entries, start=1):
            t0 += e["points"][0]
            t1 += e["points"][1]
            rows.append(
                {
                    "deal": i,
                    "deal entered": e["text"].format(*self.side_names),
                    "points 0": e["points"][0],
                    "points 1": e["points"][1],
                    "total 0": t0,
                    "total 1": t1,
                }
            )
        schema = {"deal": pl.Int64, "deal entered": pl.Utf8, "points 0": pl.Int64,
                  "points 1": pl.Int64, "total 0": pl.Int64, "total 1": pl.Int64}  # fmt: skip
        return pl.DataFrame(rows, schema=schema)

    # --- CSV ---------------------------------------------------------------------------
    def to_csv(self, *, report: bool = False, names: tuple[str, str] | None = None) -> str:
        """The deals as CSV (what the store keeps); ``report=True`` adds each deal's points,
        the running totals and the sides' names (:data:`REPORT_FIELDS`), for an export a
        person reads; :meth:`from_csv` reads both. ``names``: the names the report writes
        (the sides' names as the reader's page shows them), else :attr:`names`.

        >>> sheet = ScoreSheet("bid4", names=("Us", "Them"))
        >>> sheet.add_bid(declarer_side=1, bid=3, kind="uptown", books=8)
        (0, -3)
        >>> print(sheet.to_csv(report=True), end="")
        variant,declarer,bid,kind,books,tricks_0,honours_side,honours,game,points_0,points_1,total_0,total_1,name_0,name_1
        bid4,1,3,uptown,8,,,,,0,-3,0,-3,Us,Them
        """
        out = io.StringIO()
        fields = CSV_FIELDS + (REPORT_FIELDS if report else ())
        w = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        totals = [0, 0]
        for e in self.entries:
            row = {k: ("" if e.get(k) is None else e.get(k, "")) for k in CSV_FIELDS}
            if report:
                for side in (0, 1):
                    totals[side] += e["points"][side]
                    row[f"points_{side}"] = e["points"][side]
                    row[f"total_{side}"] = totals[side]
                    row[f"name_{side}"] = (names or self.side_names)[side]
            w.writerow(row)
        return out.getvalue()

    @classmethod
    def from_csv(cls, text: str, rules: WhistRules | None = None, names=None) -> ScoreSheet:
        """Rebuild a sheet from :meth:`to_csv` text; every row is re-scored and checked.

        Refuses (:class:`ScoreSheetError`) text over :data:`MAX_CSV_CHARS`, more than
        :data:`MAX_CSV_ROWS` deals, a cell over :data:`MAX_CSV_FIELD` characters, and
        CSV the reader cannot parse."""
        if not isinstance(text, str):
            raise ScoreSheetError.coded("sheet.csv_text", "a score sheet is CSV text")
        if len(text) > MAX_CSV_CHARS:
            raise ScoreSheetError.coded(
                "sheet.csv_long",
                "the CSV has {n:,} characters; a score sheet has at most {most:,}",
                n=len(text),
                most=MAX_CSV_CHARS,
            )
        try:
            sheet = cls._from_rows(csv.DictReader(io.StringIO(text)), rules)
            if names is None:  # an exported report carries the names
                names = csv_names(text)
            sheet.names = check_names(names, sheet.variant)
            return sheet
        except csv.Error as exc:
            if "field limit" in str(exc):
                raise ScoreSheetError.coded(
                    "sheet.cell_huge",
                    "a cell is far too long; a score sheet cell has at most {most} characters",
                    most=MAX_CSV_FIELD,
                ) from None
            raise ScoreSheetError.coded(
                "sheet.csv_unreadable", "not a readable CSV file ({reason})", reason=str(exc)
            ) from None

    @classmethod
    def _from_rows(cls, reader: csv.DictReader, rules: WhistRules | None) -> ScoreSheet:
        if reader.fieldnames is None or "variant" not in reader.fieldnames:
            raise ScoreSheetError.coded(
                "sheet.csv_header",
                "not a score sheet CSV: the header must name {fields}",
                fields=", ".join(CSV_FIELDS),
            )
        sheet = None
        for n, row in enumerate(reader, start=2):
            if n - 1 > MAX_CSV_ROWS:
                raise ScoreSheetError.coded(
                    "sheet.csv_rows", "the CSV has more than {most:,} deals", most=MAX_CSV_ROWS
                )
            for k, value in row.items():
                if isinstance(value, list) or k is None:
                    raise ScoreSheetError.coded(
                        "sheet.csv_cells", "line {n}: more cells than the header names", n=n
                    )
                if value is not None and len(value) > MAX_CSV_FIELD:
                    raise ScoreSheetError.coded(
                        "sheet.csv_cell_long",
                        "line {n}: column {column!r} has {size:,} characters; at most {most}",
                        n=n,
                        column=str(k)[:20],
                        size=len(value),
                        most=MAX_CSV_FIELD,
                    )
            v = row.get("variant") or ""
            if sheet is None:
                try:
                    sheet = cls(v, rules if rules and rules.variant == v else None)
                except EngineError as exc:
                    raise ScoreSheetError.within(_line(n), exc) from None
            elif v != sheet.variant:
                raise ScoreSheetError.coded(
                    "sheet.csv_variant",
                    "line {n}: variant {variant!r} differs from {first!r}",
                    n=n,
                    variant=v,
                    first=sheet.variant,
                )
            try:
                if v.startswith("bid"):
                    sheet.add_bid(
                        _int(row, "declarer"), _int(row, "bid"), row["kind"], _int(row, "books")
                    )
                elif v == "whist4":
                    hs = row.get("honours_side") or ""
                    sheet.add_whist(
                        _int(row, "tricks_0"),
                        _int(row, "honours_side") if hs != "" else None,
                        _int(row, "honours") if row.get("honours") else 0,
                    )
                else:
                    d = row.get("declarer") or ""
                    sheet.add_two_player_whist(
                        row.get("game") or "",
                        _int(row, "tricks_0"),
                        _int(row, "declarer") if d != "" else None,
                    )
            except (EngineError, ValueError, KeyError, TypeError) as exc:
                raise ScoreSheetError.within(_line(n), exc) from None
        if sheet is None:
            raise ScoreSheetError.coded("sheet.csv_empty", "the CSV has no deals")
        return sheet


def csv_names(text: str) -> tuple[str, str] | None:
    """The sides' names an exported report carries (its first deal's ``name_0`` and
    ``name_1``), ``None`` when it carries none (checked by :func:`check_names` later).

    >>> csv_names("variant,name_0,name_1\\nbid4,Us,Them\\n"), csv_names("variant\\nbid4\\n")
    (('Us', 'Them'), None)
    """
    try:
        first = next(csv.DictReader(io.StringIO(text)), None) or {}
    except csv.Error:
        return None
    a, b = first.get("name_0"), first.get("name_1")
    return (a, b) if isinstance(a, str) and isinstance(b, str) and a and b else None


def _line(n: int) -> Phrase:
    return Phrase.coded("sheet.line", "line {n}", n=n)


def _int(row: dict, key: str) -> int:
    """A small whole number from a cell: ASCII digits, optionally negative."""
    value = row.get(key)
    text = value.strip() if isinstance(value, str) else ""
    digits = text.removeprefix("-")
    if not (0 < len(digits) <= 4 and digits.isascii() and digits.isdigit()):
        raise ScoreSheetError.coded(
            "sheet.csv_not_whole",
            "column {column!r}: {value!r} is not a whole number",
            column=key,
            value=value,
        )
    return int(text)
