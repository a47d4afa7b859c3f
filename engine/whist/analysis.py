"""Whist and Bid Whist grading, as :mod:`engine.analysis` asks every game for it: every
card against double-dummy par, and each Bid Whist bid, call and kitty discard (or
two-player High/Low declaration) against the deal's table played perfectly with every
hand known (hindsight).

This module is the game's entry point and its settings (what a page, the command and the
Insights grade); the grading itself is :mod:`engine.whist.grading` — four players
(:mod:`~engine.whist.grading.four_hands`: the measures and marks of the cards, and the
bidding against :mod:`~engine.whist.grading.par`), two players
(:mod:`~engine.whist.grading.two_hands`, :mod:`~engine.whist.grading.par_two_hands`), what
a grading left out (:mod:`~engine.whist.grading.left_out`), and the units, thresholds and
budgets they share (:mod:`~engine.whist.grading.vocabulary`).

>>> from engine import read_jsonl
>>> from pathlib import Path
>>> rec = read_jsonl(Path(__file__).parents[2] / "data" / "whist" / "whist4.jsonl")[0]
>>> notes = analyse(rec, tricks_left=1, deal=0)
>>> [(n.action, n.unit) for n in notes][:1], THRESHOLDS.blunder
([('play QC', 'tricks')], 2)
"""

from __future__ import annotations

from engine.core.annotation import Annotation
from engine.core.errors import EngineError, Phrase
from engine.core.records import GameRecord, states
from engine.doubledummy.four_hands_c import available as c_solver_available
from engine.doubledummy.two_hands_c import ENTRY_BYTES, TABLE_LOG2, TABLE_LOG2_LARGE
from engine.whist.grading.four_hands import analyse_four, not_graded_four
from engine.whist.grading.left_out import left_out
from engine.whist.grading.two_hands import analyse_two, not_graded_two
from engine.whist.grading.vocabulary import BUDGET, MARKS_KEY, THRESHOLDS, UNIT, check_budget

__all__ = [
    "COMMAND_MEMORY",
    "INSIGHT_GAMES",
    "MARKS_KEY",
    "ON_COMMAND",
    "ON_PAGE",
    "QUICK",
    "THRESHOLDS",
    "UNIT",
    "analyse",
    "left_out",
    "not_graded",
]

#: what a page's job grades (:func:`engine.analysis.analyse_on_page`): every card, and the
#: bids, calls and discards when the C solver is built — the entries of the deal's
#: double-dummy table they read (:mod:`engine.whist.grading.auction_bounds`) take about
#: 0.1–2 s of CPU a deal with it, far longer with the Python one (``docs/benchmarks.md``;
#: ``python -m engine analyse`` grades them either way)
ON_PAGE = {"bidding": c_solver_available()}
#: what ``python -m engine analyse`` adds: two-player deals' searches may take 500 times
#: the page's, so that the command grades the first tricks and the bids a page leaves
#: out (``--budget`` changes it). The hardest shipped deal measured, whist2 game 16's
#: third, takes 3,675 M positions (about 9 minutes) for its Low game's value from the
#: first lead, which the declarations need: the budget leaves room over it, and stays
#: a bound, so that a run ends (up to about 40 minutes a search)
ON_COMMAND = {"budget": 10_000_000_000}
#: the memory one process may hold while the command grades a record (bytes): with that
#: budget a two-player deal's contract is searched with the large table, and while a Bid
#: Whist deal's bidding is graded the other 19 contracts each keep a small one; plus the
#: interpreter (2.7 GB measured on bid2 game 2). The command runs no more processes than
#: the free memory holds
COMMAND_MEMORY = ENTRY_BYTES * ((1 << TABLE_LOG2_LARGE) + 19 * (1 << TABLE_LOG2)) + (256 << 20)
#: the bounded grading a page runs at once and ``--quick`` asks for: the last 5 tricks of
#: each deal (each trick more grows the double-dummy search steeply)
QUICK = {"tricks_left": 5}
#: games the Insights grade by default (a whole game, every card double dummy, takes
#: 2–6 s of CPU with the C solver, tens of seconds without it; other games grade ten)
INSIGHT_GAMES = 3


def analyse(
    record: GameRecord,
    *,
    tricks_left: int | None = None,
    deal: int | None = None,
    use_endplay: bool = True,
    bidding: bool | None = None,
    budget: int | None = BUDGET,
) -> list[Annotation]:
    """One :class:`Annotation` per graded decision of ``record`` (ordered by step); see
    :mod:`engine.whist.grading.four_hands` and :mod:`engine.whist.grading.two_hands` for
    the measures and the marks.
    ``deal``: grade only that deal (0 = the first), e.g. in full on a page whose quick
    grading stops at ``tricks_left``. ``bidding``: grade the bids, calls and discards
    too (default: when ``tricks_left`` is None, i.e. when every card is graded).
    ``budget``: two-player deals only, the positions each exact search may take (None:
    no limit; :data:`engine.whist.grading.vocabulary.BUDGET` by default, as on a page; the
    command gives more)."""
    if tricks_left is not None and (
        isinstance(tricks_left, bool) or not isinstance(tricks_left, int) or tricks_left < 0
    ):
        raise EngineError(f"tricks_left {tricks_left!r} must be a whole number 0 or more")
    if deal is not None and (isinstance(deal, bool) or not isinstance(deal, int) or deal < 0):
        raise EngineError(f"deal {deal!r} must be a deal number, 0 (the first) or more")
    check_budget(budget)
    if bidding is None:
        bidding = tricks_left is None
    sts = states(record)
    if not sts:
        return []
    if sts[0].num_players != 4:
        return analyse_two(
            record, sts, tricks_left=tricks_left, deal=deal, bidding=bidding, budget=budget
        )
    return analyse_four(
        record, sts, tricks_left=tricks_left, deal=deal, use_endplay=use_endplay, bidding=bidding
    )


def not_graded(
    record: GameRecord,
    *,
    tricks_left: int | None = None,
    deal: int | None = None,
    use_endplay: bool = True,
    bidding: bool | None = None,
) -> list[Phrase]:
    """What :func:`analyse` with these options leaves out of ``record``'s decisions, in
    words (``python -m engine analyse`` says it on stderr before it starts): with
    ``tricks_left`` the earlier cards, unless ``bidding`` the bids, calls, discards and
    declarations, for two players without the C search all but the last tricks' cards.
    What a two-player search over its budget left out is said after the grading
    (:func:`~engine.whist.grading.left_out.left_out`)."""
    from engine.core.ruleset import make_ruleset
    from engine.whist.rules import WhistRules

    rules = make_ruleset(WhistRules, record.ruleset)
    if bidding is None:
        bidding = tricks_left is None
    if rules.num_players == 2:
        return not_graded_two(rules.title, tricks_left, bidding, rules.bidding)
    return not_graded_four(rules, tricks_left, bidding)
