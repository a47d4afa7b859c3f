"""Whist micro-benchmarks: random full deals per variant (deal, bidding and play).

Each call plays ONE deal from a fresh state with uniformly random legal actions through
the checked-free driver path (``sample_chance`` + ``legal_actions`` + ``apply_trusted``),
which is what ``engine.simulate`` does with random bots.

    python -m engine bench whist
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from engine.core.protocol import CHANCE
from engine.core.ruleset import make_ruleset
from engine.whist import GAME, WhistRules
from engine.whist.scoring import trick_winner

if TYPE_CHECKING:
    from engine.whist.state import WhistState


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


def stepped_deal_runner(checked: bool, seed: int = 0):
    """One Bid Whist 4-player deal per call, random legal actions, stepped through the
    checked ``apply`` (``checked=True``) or the fast path ``apply_trusted``; the same
    seeds for both. The history texts are not read (they are made when a record asks)."""
    rng = random.Random(seed)
    rules = make_ruleset(WhistRules, {"variant": "bid4", "first_dealer": 0})

    def one_deal():
        s = GAME.new_initial_state(4, rules)
        step = s.apply if checked else s.apply_trusted
        choice = rng.choice
        step(s.sample_chance(rng))
        while s.deal_no == 0:
            step(choice(s.legal_actions()))

    return one_deal


def openspiel_bridge_runner(seed: int = 0):
    """One OpenSpiel bridge deal (auction and play, no double-dummy shortcut) stepped from
    Python with random legal actions, the yardstick for the two figures above; ``None``
    when ``pyspiel`` is not installed (it is not a dependency)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})
    rng = random.Random(seed)

    def one_deal():
        s = game.new_initial_state()
        choice = rng.choice
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(choice(s.chance_outcomes())[0])
            else:
                s.apply_action(choice(s.legal_actions()))

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
    ("Bid Whist 4p deals through checked apply", stepped_deal_runner(checked=True)),
    ("Bid Whist 4p deals through apply_trusted", stepped_deal_runner(checked=False)),
    ("random deal bid4", deal_runner("bid4")),
    ("random deal whist4", deal_runner("whist4")),
    ("random deal bid2", deal_runner("bid2")),
    ("random deal whist2", deal_runner("whist2")),
    ("heuristic deal bid4", heuristic_deal_runner("bid4")),
    ("trick_winner calculator", _trick),
]
if (_bridge := openspiel_bridge_runner()) is not None:  # pragma: no cover - optional
    BENCHMARKS.insert(2, ("OpenSpiel bridge stepped from Python (deals/s)", _bridge))


def annotate_deal_runner(first: int = 0, count: int = 5):
    """Each call grades every card of the first deal of the next shipped Bid Whist game
    (``data/whist/bid4.jsonl`` games ``first``…, cycling) against double-dummy par."""
    from itertools import cycle

    state = {}

    def one_deal():
        if "deals" not in state:
            state["deals"] = cycle(_first_deals(first, count))
        from engine.whist.analysis import analyse

        analyse(next(state["deals"]))

    return one_deal


def _first_deals(first: int, count: int) -> list:
    from pathlib import Path

    from engine.core.records import GameRecord, read_jsonl, states

    path = Path(__file__).resolve().parents[2] / "data" / "whist" / "bid4.jsonl"
    out = []
    for rec in read_jsonl(path)[first : first + count]:
        sts = cast("list[WhistState]", states(rec))  # the records of bid4.jsonl are Whist
        end = next(i for i in range(1, len(sts)) if sts[i].deal_no > 0 or sts[i].is_terminal())
        result = rec.result if sts[end].is_terminal() else None
        out.append(GameRecord(rec.game, rec.players, rec.actions[:end], result, rec.ruleset))
    return out


def _solver_kind() -> str:
    """Which double-dummy solver the grading uses: the C one
    (engine/doubledummy/four_hands.c) or the Python one."""
    from engine.doubledummy.four_hands_c import available

    return "C solver" if available() else "pure-Python solver"


BENCHMARKS.append(
    (f"annotate one Bid Whist deal (double dummy, {_solver_kind()})", annotate_deal_runner())
)


def win_rate(variant: str = "bid4", games: int = 500, seed: int = 0) -> tuple[int, int]:
    """(games the heuristic side won, games) against random bots, sides alternating."""
    from engine.core.simulate import simulate

    n = _players(variant)
    wins = 0
    for g in range(games):
        hs = g % 2
        players = (["heuristic", "random"] if hs == 0 else ["random", "heuristic"]) * (n // 2)
        rec = simulate(GAME, seed + g, players, variant=variant)
        assert rec.result is not None  # a simulated game is played to its end
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
