"""The part of a deal's table the bid grading reads (engine.whist.grading.bidding_table) against
the whole table (engine.whist.grading.par.dd_table): the same best books per seat and kind, the
same calls of the kind won, so the same grades; and the whole table reuses its entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import read_jsonl, states
from engine.whist.grading import par as par_module
from engine.whist.grading.bidding_table import BiddingTable, bidding_table
from engine.whist.grading.contracts import CALLS, contract_name
from engine.whist.grading.par import Auction

DATA = Path(__file__).resolve().parents[3] / "data" / "whist"


def _deal_starts(count: int):
    """(state just after the deal, the contract the auction reached: declarer, kind,
    number, call) of the first
    deal of the first ``count`` shipped Bid Whist records."""
    out = []
    for rec in read_jsonl(DATA / "bid4.jsonl")[:count]:
        sts = states(rec)
        start = next(i + 1 for i, a in enumerate(rec.actions) if a.startswith("deal "))
        j = next(j for j in range(start, len(sts)) if sts[j].phase_name == "trump")
        trump, after = sts[j], sts[j + 1]
        call = ("low" if after.low else "high") if trump.kind == "notrump" else "SHDC"[after.trump]
        out.append((sts[start], (trump.to_act, trump.kind, trump.bid_number, call)))
    return out


def _same_as_whole_table(st, won) -> None:
    part = bidding_table(st, won, use_endplay=False)
    whole = par_module._dd_table(st, False)
    for seat in range(4):
        for kind, calls in CALLS.items():
            books = [whole.books_of(seat, contract_name(kind, c)) for c in calls]
            call, top = part.best[(seat, kind)]
            if call:
                assert top == max(books), (seat, kind)
                assert call == calls[books.index(top)], (seat, kind)  # the first of equals
            else:  # no call makes a bid: only that is known
                assert max(books) <= top < 9, (seat, kind)
            for n in range(3, 8):
                assert part.best_points(seat, kind, n) == whole.best_points(seat, kind, n)
    seat, kind, number, call = won
    for c in CALLS[kind]:
        assert part.points(seat, kind, c, number) == whole.points(seat, kind, c, number)
    name = contract_name(kind, call)
    assert part.books_of(seat, name) == whole.books_of(seat, name)  # the discard's measure
    for entry, books in part.known.items():
        assert whole.books_of(*entry) == books
    for entry, books in part.at_most.items():
        assert whole.books_of(*entry) <= books
    # so every bid of the auction is valued the same
    s = st.clone()
    a_part, a_whole = Auction(part), Auction(whole)
    while s.phase_name == "bid":
        assert a_part.action_values(s) == a_whole.action_values(s)
        s.apply(s.legal_actions()[-1])


def test_the_entries_the_grading_reads_equal_the_whole_tables():
    st, won = _deal_starts(1)[0]
    _same_as_whole_table(st, won)


@pytest.mark.slow
def test_the_entries_the_grading_reads_equal_the_whole_tables_on_more_deals():
    for st, won in _deal_starts(8)[1:]:
        _same_as_whole_table(st, won)


def test_the_whole_table_takes_the_entries_solved_for_the_grading(monkeypatch):
    """Kept by the host (the app's job workers share engine.core.memo): the table under
    the board, worked out after the grading, solves only what the grading did not."""
    from engine.core import memo

    monkeypatch.setattr(memo, "_SHARED", {})
    st, won = _deal_starts(1)[0]
    part = bidding_table(st, won, use_endplay=False)
    solved = []
    play_books = par_module.play_books
    monkeypatch.setattr(
        par_module, "play_books", lambda s, *a, **k: solved.append(1) or play_books(s, *a, **k)
    )
    whole = par_module.dd_table(st, use_endplay=False)
    # the entries it bounded start from their bounds (asked by zero-window questions)
    assert len(solved) == 40 - len(part.known) - len(part.at_most) and part.known
    assert all(whole.books_of(*e) == b for e, b in part.known.items())
    assert whole == par_module._dd_table(st, False)  # the same table as made afresh


def test_an_entry_it_did_not_solve_is_refused_in_words():
    t = BiddingTable("bid4", 0, {(0, "uptown S"): 9}, {(0, "uptown H"): 8},
                     {(0, "uptown"): ("S", 9)})  # fmt: skip
    with pytest.raises(Exception, match="no entry for seat 1 declaring 'uptown S'"):
        t.books_of(1, "uptown S")
    assert t.points(0, "uptown", "H", 3) == -3  # at most 8 books: set (9 needed)
    with pytest.raises(Exception, match="no entry for seat 0 declaring 'uptown D'"):
        t.points(0, "uptown", "D", 3)
