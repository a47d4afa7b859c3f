"""Whist micro-benchmarks: random full deals per variant (deal, bidding and play).

Each call plays ONE deal from a fresh state with uniformly random legal actions through
the checked-free driver path (``sample_chance`` + ``legal_actions`` + ``apply_trusted``),
which is what ``engine.simulate`` does with random bots.

    python -m engine bench whist
"""

from __future__ import annotations

import random

from engine.core.protocol import CHANCE
from engine.core.ruleset import make_ruleset
from engine.whist import GAME, WhistRules
from engine.whist.scoring import trick_winner


def _players(variant: str) -> int:
    return 2 if variant.endswith("2") else 4


def deal_runner(variant: str, seed: int = 0):
    rng = random.Random(seed)
    rules = make_ruleset(WhistRules, {"variant": variant, "first_dealer": 0})

    def one_deal():
        s = GAME.new_initial_state(_players(variant), rules)
        choice = rng.choice
        s.apply_trusted(s.sample_chance(rng))
        while s.deal_no == 0:
            p = s.current_player()
            if p == CHANCE:  # pragma: no cover - only the first deal is played
                break
            s.apply_trusted(choice(s.legal_actions()))

    return one_deal


def heuristic_deal_runner(variant: str, seed: int = 0):
    rng = random.Random(seed)
    rules = make_ruleset(WhistRules, {"variant": variant, "first_dealer": 0})
    bot = GAME.make_bot("heuristic")

    def one_deal():
        s = GAME.new_initial_state(_players(variant), rules)
        s.apply_trusted(s.sample_chance(rng))
        while s.deal_no == 0:
            p = s.current_player()
            s.apply_trusted(bot.choose(s, p, rng))

    return one_deal


def _trick():
    trick_winner(["10H", "KH", "BJ", "2S"], trump="S")


BENCHMARKS = [
    ("random deal bid4", deal_runner("bid4")),
    ("random deal whist4", deal_runner("whist4")),
    ("random deal bid2", deal_runner("bid2")),
    ("random deal whist2", deal_runner("whist2")),
    ("heuristic deal bid4", heuristic_deal_runner("bid4")),
    ("trick_winner calculator", _trick),
]


def win_rate(variant: str = "bid4", games: int = 500, seed: int = 0) -> tuple[int, int]:
    """(games the heuristic side won, games) against random bots, sides alternating."""
    from engine.core.simulate import simulate

    n = _players(variant)
    wins = 0
    for g in range(games):
        hs = g % 2
        players = (["heuristic", "random"] if hs == 0 else ["random", "heuristic"]) * (n // 2)
        rec = simulate(GAME, seed + g, players, variant=variant)
        wins += hs in rec.result["winners"]
    return wins, games


if __name__ == "__main__":  # python -m engine.whist.bench [GAMES]
    import sys
    import time

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    for v in ("bid4", "whist4", "bid2", "whist2"):
        start = time.perf_counter()
        w, total = win_rate(v, count)
        took = time.perf_counter() - start
        print(f"{v}: heuristic side won {w}/{total} = {w / total:.1%} ({took:.1f} s)")
