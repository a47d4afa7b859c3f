"""What one grading actually left out of a Whist record, deal by deal, in words.

:func:`engine.whist.analysis.not_graded` says beforehand what a grading *may* leave out
(the cards before the last tricks with ``tricks_left``; for two players, decisions whose
exact search is over the budget). :func:`left_out` reads the annotations a grading
wrote and names the decisions it was asked to grade and did not: ``python -m engine
analyse`` says them on stderr, game by game, so a file's coverage is read off the
command itself. A decision is each bid or pass, each trump, direction or High/Low call,
each card, and the declarer's kitty discards together (one decision, as graded).

>>> from engine import read_jsonl
>>> from engine.core.annotation import Annotation
>>> from pathlib import Path
>>> rec = read_jsonl(Path(__file__).parents[3] / "data" / "whist" / "whist4.jsonl")[0]
>>> left_out(rec, [])[0]
'Deal 1 of 2, not graded: cards: 52 (tricks 1–13)'
>>> every = [Annotation(i, 0, a, a, 0.0, 0.0, "tricks", "", "books")
...          for i, a in enumerate(rec.actions)]
>>> left_out(rec, every), left_out(rec, [], tricks_left=0)
([], [])
"""

from __future__ import annotations

from typing import cast

from engine.core.errors import Phrase
from engine.core.records import GameRecord, states
from engine.doubledummy.two_hands_c import c_search
from engine.whist.decisions import decision_kind
from engine.whist.grading.vocabulary import BUDGET, DEAL_FACTOR, card_limit
from engine.whist.state import WhistState


def left_out(
    record: GameRecord,
    notes,
    *,
    tricks_left: int | None = None,
    deal: int | None = None,
    bidding: bool | None = None,
    budget: int | None = BUDGET,
) -> list[Phrase]:
    """One phrase per deal of ``record`` naming the decisions that the grading
    (``notes``: its annotations; the options as given to
    :func:`engine.whist.analysis.analyse`) was asked to grade and did not, with the
    reason when it is known (a two-player search over ``budget``; the defaults are
    ``analyse``'s). Empty when every decision asked for is graded."""
    sts = cast(list[WhistState], states(record))  # (a Whist record's)
    if not sts:
        return []
    two = sts[0].num_players == 2
    if bidding is None:
        bidding = tricks_left is None
    limit, bids_graded = tricks_left, bidding
    if two:
        limit, bids_graded = card_limit(tricks_left), bidding and c_search()
    graded = {n.step for n in notes}
    n_deals = 1 + max(st.deal_no for st in sts[: len(record.actions)])
    missing: dict[int, dict] = {}  # deal -> {"kinds": {kind: n}, "tricks": [trick no.]}
    group: list[int] = []  # the steps of one decision (the kitty discards are one)
    for i, st in enumerate(sts[: len(record.actions)]):
        if st.is_chance() or st.is_terminal() or (deal is not None and st.deal_no != deal):
            continue
        kind = decision_kind(st, record.actions[i])
        if (
            kind == "kitty"
            and group
            and group[-1] == i - 1
            and sts[i - 1].phase_name == st.phase_name
        ):
            group.append(i)  # the kitty discards: one decision
            continue
        _note(missing, sts, group, graded)
        group = [i]
        if kind == "card":
            if limit is not None and st.n_tricks - len(st.tricks) > limit:
                group = []  # not asked: said beforehand by ``not_graded``
        elif not bids_graded:
            group = []
    _note(missing, sts, group, graded)
    return [_phrase(d, n_deals, missing[d], two, budget) for d in sorted(missing)]


def _note(missing: dict, sts, group: list[int], graded: set[int]) -> None:
    """Count the decision of ``group`` in ``missing`` when none of its steps is graded."""
    if not group or graded.intersection(group):
        return
    st = sts[group[0]]
    entry = missing.setdefault(st.deal_no, {"kinds": {}, "tricks": []})
    kind = "card" if st.phase_name == "play" else st.phase_name
    entry["kinds"][kind] = entry["kinds"].get(kind, 0) + 1
    if kind == "card":
        entry["tricks"].append(len(st.tricks) + 1)


#: the words of each kind of decision left out (``n``: how many)
_KIND_WORDS = {
    "bid": lambda n: Phrase.coded("whist.left_out_bids", "bids and passes: {n}", n=n),
    "trump": lambda n: Phrase.coded("whist.left_out_calls", "trump or direction calls: {n}", n=n),
    "declare": lambda n: Phrase.coded(
        "whist.left_out_declarations", "High/Low declarations: {n}", n=n
    ),
    "discard": lambda n: Phrase.coded("whist.left_out_discards", "kitty discards: {n}", n=n),
}


def _phrase(deal: int, n_deals: int, entry: dict, two: bool, budget: int | None) -> Phrase:
    parts = []
    for kind, n in entry["kinds"].items():
        if kind != "card":
            parts.append(_KIND_WORDS[kind](n))
            continue
        lo, hi = min(entry["tricks"]), max(entry["tricks"])
        if lo == hi:
            parts.append(
                Phrase.coded("whist.left_out_cards_one", "cards: {n} (trick {lo})", n=n, lo=lo)
            )
        else:
            parts.append(
                Phrase.coded(
                    "whist.left_out_cards", "cards: {n} (tricks {lo}–{hi})", n=n, lo=lo, hi=hi
                )
            )
    what = Phrase.joined(parts)
    if two and budget is not None:
        return Phrase.coded(
            "whist.left_out_budget",
            "Deal {deal} of {deals}, not graded: {what} — over the search budget ({m} million "
            "positions a search, {t} million for the bidding or declarations of a deal "
            "together)",
            deal=deal + 1,
            deals=n_deals,
            what=what,
            m=format(budget / 1_000_000, "g"),
            t=format(DEAL_FACTOR * budget / 1_000_000, "g"),
        )
    return Phrase.coded(
        "whist.left_out", "Deal {deal} of {deals}, not graded: {what}",
        deal=deal + 1, deals=n_deals, what=what,
    )  # fmt: skip
