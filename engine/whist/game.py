"""The Whist game's entry in the registry: its players, ruleset, states and bots (each
imported on first use, so that listing the games stays cheap)."""

from __future__ import annotations

from engine.core.protocol import Game, RandomBot
from engine.whist.rules import WhistRules, players_for


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
    parallel_bench_games=18000,  # Bid Whist: ~6,000 games a second on one core
)
