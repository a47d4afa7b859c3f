"""The Whist search bot (engine.whist.search.WhistSearchBot): the last tricks of a
four-player deal valued by the deal's points over double-dummy worlds, the heuristic's
bids (with the search bot's extra books), trump and discards, the solver-node budget."""

from __future__ import annotations

import random

from engine import get_game
from engine.whist.bots import HeuristicBot
from engine.whist.scoring import bid_whist_points
from engine.whist.search import BID_EXTRA, DD_TRICKS, search_bot
from engine.whist.state import PLAY


def _play_until(pred, seed: int):
    """A Bid Whist state (4 players) reached by heuristic play where ``pred`` holds."""
    game = get_game("whist")
    rng = random.Random(seed)
    bot = HeuristicBot()
    s = game.new_initial_state(4)
    while not s.is_terminal():
        p = s.current_player()
        if p < 0:
            s.apply_trusted(s.sample_chance(rng))
            continue
        if pred(s):
            return s
        s.apply_trusted(bot.choose(s, p, rng))
    raise AssertionError("no such position")


def test_double_dummy_cards_are_valued_by_the_deals_points_for_the_side():
    """Made: the books over six (no trump doubled); set: minus the bid; the defenders
    count the declarers' points against them; one more book breaks a tie."""
    for seed in range(4):
        s = _play_until(lambda s: s.phase == PLAY and len(s.tricks) == 12 - DD_TRICKS, seed)
        left = s.n_tricks - len(s.tricks)
        d = s.declarer & 1
        bot = search_bot(iterations=4)
        for seat in range(4):
            value = bot._valuer(s, seat, left)
            for k in range(left + 1):
                books = s.books[d] + (k if seat & 1 == d else left - k)
                pts = bid_whist_points(s.bid_number, s.kind, books)
                want = pts if seat & 1 == d else -pts
                assert value(k) == want + 0.01 * k
        # making the contract by one book is worth more than any number of books short
        need = 6 + s.bid_number - s.books[d]
        if 0 < need <= left:
            value = bot._valuer(s, s.declarer, left)
            assert value(need) > 0 > value(need - 1)


def test_double_dummy_cards_are_valued_by_books_without_the_points_option():
    s = _play_until(lambda s: s.phase == PLAY and len(s.tricks) == 6, 1)
    value = search_bot(iterations=4, dd_points=False)._valuer(s, 0, 6)
    assert [value(k) for k in range(7)] == list(range(7))


def test_whist_search_bot_bids_names_trump_and_discards_like_the_heuristic():
    """Bids, the trump (or direction) and the kitty discards are the heuristic's, bidding
    with the search bot's extra books; the cards are searched."""
    game = get_game("whist")
    rng = random.Random(5)
    s = game.new_initial_state(4)
    bot = search_bot(iterations=4)
    heuristic = HeuristicBot(bid_extra=BID_EXTRA)
    seen = set()
    while not s.is_terminal() and len(seen) < 3:
        p = s.current_player()
        if p < 0:
            s.apply_trusted(s.sample_chance(rng))
            continue
        if s.phase != PLAY and len(s.legal_actions()) > 1:
            seen.add(s.phase)
            assert bot.choose(s, p, random.Random(1)) == heuristic.choose(s, p, random.Random(1))
            assert bot.last_iterations == 0
        s.apply_trusted(heuristic.choose(s, p, rng))
    assert len(seen) == 3  # bid, trump, discard


def test_whist_search_bot_stops_sampling_worlds_at_its_solver_node_budget():
    """``dd_nodes``: worlds are solved until the solver has searched that many nodes (at
    least ``dd_min_worlds``, at most ``dd_worlds``) — deterministic, unlike a clock."""
    s = _play_until(
        lambda s: s.phase == PLAY and len(s.tricks) == 6 and len(s.legal_actions()) > 1, 2
    )
    seat = s.current_player()
    bot = search_bot(iterations=4, dd_nodes=1, dd_min_worlds=3)
    a = bot.choose(s, seat, random.Random(0))
    assert bot.last_iterations == 3 and a in s.legal_actions()
    big = search_bot(iterations=4, dd_nodes=10**9, dd_min_worlds=3)
    big.choose(s, seat, random.Random(0))
    assert big.last_iterations == big.dd_worlds
