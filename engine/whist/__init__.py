"""Whist and Bid Whist (RULES.md §4): four variants in one game, with calculators.

The variant is a ruleset field — ``bid4`` (default), ``whist4``, ``bid2``, ``whist2`` —
and fixes the number of players. A game runs deal after deal until the end condition.

>>> from engine import simulate
>>> rec = simulate("whist", seed=2, players=["random"] * 4)
>>> rec.result["winners"] in ([0, 2], [1, 3])
True
>>> trick_winner(["10H", "KH", "BJ", "2S"], trump="S"), bid_whist_points(4, "notrump", 11)
(2, 10)
"""

from __future__ import annotations

from engine.core.protocol import Game, RandomBot
from engine.whist.rules import WhistRules, players_for
from engine.whist.scoring import (
    bid_whist_points,
    books_needed,
    card_order,
    honours_points,
    playable_cards,
    trick_winner,
    two_player_whist_points,
    whist_points,
)


def _new_state(num_players, ruleset):
    if not _STATE:  # imported on first use
        from engine.whist.state import WhistState

        _STATE.append(WhistState)
    return _STATE[0](num_players, ruleset)


_STATE: list = []


def _heuristic():
    from engine.whist.bots import HeuristicBot

    return HeuristicBot()


def _search(**budget):
    from engine.whist.search import search_bot

    return search_bot(**budget)


GAME = Game(
    name="whist",
    title="Whist and Bid Whist",
    min_players=2,
    max_players=4,
    ruleset_class=WhistRules,
    new_state=_new_state,
    bots={"random": RandomBot, "heuristic": _heuristic, "mcts": _search},
    description="Classic trick-taking in four variants: Bid Whist (bidding, kitty, jokers) "
    "and Whist, for four players in partnerships or two players with straw piles.",
    default_players=4,  # the variant's count; benches and tools that read no ruleset use it
    players_fixed_by_ruleset=players_for,
)

__all__ = [
    "GAME",
    "WhistRules",
    "bid_whist_points",
    "books_needed",
    "card_order",
    "honours_points",
    "playable_cards",
    "trick_winner",
    "two_player_whist_points",
    "whist_points",
]
