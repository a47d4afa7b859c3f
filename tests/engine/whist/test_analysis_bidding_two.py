"""Two-player bids, calls, kitty discards and High/Low declarations graded against the deal
played perfectly from the first lead (engine.whist.grading.par_two_hands), on hand-made deals where
the right choice is plain."""

from __future__ import annotations

import pytest

from engine import GameRecord
from engine.core.errors import EngineError
from engine.core.records import states
from engine.doubledummy.two_hands_c import SearchBudget, c_search
from engine.whist.analysis import UNIT, analyse, not_graded
from engine.whist.grading import par_two_hands as par2
from engine.whist.grading import vocabulary
from engine.whist.grading.bidding_table import bidding_table
from engine.whist.grading.contracts import CALLS
from engine.whist.grading.left_out import left_out
from engine.whist.grading.vocabulary import BID_UNIT

pytestmark = pytest.mark.skipif(
    not c_search(), reason="the two-player bids are graded with the C search (make install)"
)

# Whist for two, dealer 1: seat 0 (the non-dealer) holds the 26 highest cards, seat 1 the
# 26 lowest; hearts are trump in a High game (the turned card). Seat 0 takes every trick
# whatever the game: declared High it scores 13 - 6 = 7; declared Low, the dealer keeps
# Low (seat 1 then scores 7 - 0 = 7) rather than change to High (seat 0 would score
# 2 x 7 = 14). So High is seat 0's one right declaration.
WHIST2 = (
    "deal 0: AS KS QS JS 10S 9S AH KH QH JH 10H 9H | 1: 2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 7H"
    " | straw0: AD/KD QD/JD 10D/9D AC/KC QC/JC 10C/9C 8S/8H"
    " | straw1: 2D/3D 4D/5D 6D/7D 8D/2C 3C/4C 5C/6C 7C/8C | turn: 7H"
)

# Bid Whist for two, dealer 0: seat 1 (bids first) holds both jokers, the aces, kings,
# queens, jacks and tens and the 9S 9H; seat 0 the 3s to 9s, the kitty the 2s and 3S 3H.
# Seat 1 takes every book in no trump high (its jokers go on its own winning tricks):
# 7 no trump = 14 points. Passing makes the dealer bid: its best is 3 no trump (low, with
# the kitty's 2s), worth 6 points to seat 0.
BID2 = (
    "deal 0: 9D 9C 8S 8H 8D 8C 7S 7H 7D 7C 6S 6H | 1: BJ LJ AS KS QS JS 10S AH KH QH JH 10H"
    " | straw0: 6D/6C 5S/5H 5D/5C 4S/4H 4D/4C 3D/3C"
    " | straw1: AD/KD QD/JD 10D/AC KC/QC JC/10C 9S/9H | kitty: 2S 2H 2D 2C 3S 3H"
)


def _rec(variant: str, dealer: str, deal: str, *actions: str) -> GameRecord:
    return GameRecord("whist", ["a", "b"], [dealer, deal, *actions], ruleset={"variant": variant})


def _by_step(record, **options) -> dict:
    return {a.step: a for a in analyse(record, **options)}


def _whist2(*actions: str) -> GameRecord:
    return _rec("whist2", "dealer 1", WHIST2, *actions)


def test_declaring_low_with_every_winner_is_a_blunder():
    got = _by_step(_whist2("declare low", "declare low"))
    first, second = got[2], got[3]
    assert (first.seat, first.action, first.best, first.unit) == (
        0,
        "declare low",
        "declare high",
        BID_UNIT,
    )
    assert (first.value_played, first.value_best, first.mark) == (-7.0, 7.0, "??")
    assert first.measure.code == "whist.declare_measure"
    # the dealer keeps Low: changing to High would give seat 0 fourteen points
    assert (second.seat, second.action, second.loss, second.value_best) == (
        1,
        "declare low",
        0.0,
        7.0,
    )
    assert second.mark == "!?"


def test_the_dealer_changing_low_to_high_is_graded_by_the_high_game():
    got = _by_step(_whist2("declare low", "declare high"))
    change = got[3]
    assert (change.action, change.best) == ("declare high", "declare low")
    assert (change.value_played, change.value_best, change.mark) == (-14.0, 7.0, "??")


def test_the_right_declaration_loses_nothing_and_the_cards_are_graded_too():
    # the last card is left out: it ends the game (seat 0 reaches 7 points)
    record = _whist2("declare high", *_plays_to_end(_whist2("declare high"))[:-1])
    got = _by_step(record)
    assert (got[2].action, got[2].loss, got[2].value_best) == ("declare high", 0.0, 7.0)
    cards = [a for a in got.values() if a.action.startswith("play ")]
    assert cards and {a.unit for a in cards} == {UNIT}
    assert len(cards) == 51  # every card of the deal in the record


def test_the_quick_grading_leaves_the_declarations_out_and_says_so():
    record = _whist2("declare low", "declare low")
    assert not [a for a in analyse(record, tricks_left=3) if a.action.startswith("declare")]
    said = [w.code for w in not_graded(record, tricks_left=3)]
    assert "whist.not_graded_declarations_two_quick" in said
    assert not_graded(record) == []  # every decision is asked for (the budget: left_out)


def test_a_deal_over_the_search_budget_keeps_its_declarations_ungraded(monkeypatch):
    def over(st, solvers, *args, **kwargs):
        raise SearchBudget("over the budget")

    monkeypatch.setattr(par2, "final_books0", over)
    monkeypatch.setattr(par2, "books0_at_least", over)
    assert analyse(_whist2("declare low", "declare low")) == []


def test_a_deal_whose_searches_together_pass_the_deal_budget_is_not_graded(monkeypatch):
    """Each search within the per-search budget, but not all of them together."""
    record = _whist2("declare low", "declare low")
    assert len(analyse(record)) == 2
    monkeypatch.setattr(par2, "DEAL_FACTOR", 1_000 / vocabulary.BUDGET)  # 1,000 together
    assert analyse(record) == []


def _bid2(*actions: str) -> GameRecord:
    return _rec("bid2", "dealer 0", BID2, *actions)


def test_bid_whist_for_two_grades_bids_calls_and_the_discard(monkeypatch):
    """The auction over the two-player table (a stand-in search: seat 1 takes every book
    in any contract it declares, seat 0 takes 9 as declarer in no trump low and 1
    otherwise), the call and the discard."""

    def books0(st, solvers, allowance=None, guess=None):  # seat 0's final books
        if st.declarer == 1:
            return 0
        return 9 if (st.kind, st.low) == ("notrump", True) else 1

    monkeypatch.setattr(par2, "final_books0", books0)
    monkeypatch.setattr(
        par2, "books0_at_least", lambda st, solvers, b, allowance=None: books0(st, solvers) >= b
    )
    kitty = [f"discard {c}" for c in ["2S", "2H", "2D", "2C", "3S", "3H"]]
    got = _by_step(_bid2("bid 7 notrump", "pass", "direction high", *kitty))
    bid, answer, call, discard = got[2], got[3], got[4], got[5]
    assert (bid.seat, bid.action, bid.value_best, bid.loss, bid.mark) == (
        1,
        "bid 7 notrump",
        14.0,
        0.0,
        "!?",
    )
    assert (answer.seat, answer.action, answer.loss) == (0, "pass", 0.0)
    assert (call.action, call.loss, call.unit) == ("direction high", 0.0, BID_UNIT)
    assert discard.action == "discard 2S 2H 2D 2C 3S 3H" and discard.unit == UNIT
    assert discard.value_played == 13.0 and discard.loss == 0.0
    got = _by_step(_bid2("pass", "bid 3 uptown", "trump S"))
    assert (got[2].action, got[2].best, got[2].value_played, got[2].value_best) == (
        "pass",
        "bid 7 notrump",
        -6.0,
        14.0,
    )
    assert got[2].mark == "??"
    assert (got[3].action, got[3].best, got[3].value_played, got[3].value_best) == (
        "bid 3 uptown",
        "bid 3 notrump",
        -3.0,
        6.0,
    )
    # a set contract's discard: only whether the bot's discard beats it is asked
    st = states(_bid2("pass", "bid 3 uptown", "trump S"))[-1]
    discards = []
    while st.phase_name == "discard":
        discards.append(str(st.legal_actions()[0]))
        st.apply(st.legal_actions()[0])
    got = _by_step(_bid2("pass", "bid 3 uptown", "trump S", *discards))
    discard = got[5]
    assert discard.action.startswith("discard ") and discard.unit == UNIT
    assert (discard.value_played, discard.loss) == (1.0, 0.0)


@pytest.mark.slow
def test_bid_whist_for_two_bids_under_the_real_search():
    """The same auction under the real search, and the entries it reads against the whole
    table (its 20 entries searched; about 40 s)."""
    got = _by_step(_bid2("pass", "bid 3 uptown", "trump S"))
    assert (got[2].action, got[2].best, got[2].value_played, got[2].value_best) == (
        "pass",
        "bid 7 notrump",
        -6.0,
        14.0,
    )
    assert (got[3].best, got[3].value_best) == ("bid 3 notrump", 6.0)
    assert got[4].action == "trump S" and got[4].value_played == -3.0
    st = states(_bid2())[-1]
    table = par2.table_two(st, par2.Solvers())
    assert table.seats == (0, 1) and len(table.contracts) == 10
    assert table.books_of(1, "notrump high") == 13 and table.books_of(0, "notrump low") == 9
    # the entries the grading reads (engine.whist.grading.bidding_table) are the whole table's
    part = bidding_table(
        st, (0, "uptown", 3, "S"), entry=lambda s, *_: par2._Entry2(s, par2.Solvers(), None)
    )
    for seat in (0, 1):
        for kind in CALLS:
            for n in range(3, 8):
                assert part.best_points(seat, kind, n) == table.best_points(seat, kind, n)
    for call in CALLS["uptown"]:
        assert part.points(0, "uptown", call, 3) == table.points(0, "uptown", call, 3)
    assert part.books_of(0, "uptown S") == table.books_of(0, "uptown S")


def _plays_to_end(record) -> list[str]:
    """The rest of the deal of ``record`` played by the first legal card each turn."""
    st = states(record)[-1]
    out = []
    while st.phase_name == "play":
        action = st.legal_actions()[0]
        out.append(str(action))
        st.apply(action)
    return out


def test_the_search_budget_is_an_option_and_none_is_no_limit():
    """A page's grading keeps :data:`vocabulary.BUDGET`; the command gives more, or none."""
    record = _whist2("declare low", "declare low")
    assert analyse(record, budget=1_000) == []  # each search of this deal takes more
    (said,) = left_out(record, [], budget=1_000)
    assert said.code == "whist.left_out_budget" and "High/Low declarations: 2" in said
    assert len(analyse(record, budget=None)) == 2
    for bad in (0, -5, 2.5, True, "20"):
        with pytest.raises(EngineError, match="must be a number of positions, 1 or more"):
            analyse(record, budget=bad)
