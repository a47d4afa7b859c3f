"""The solver against stored values of the solver before partition search.

``solver_reference.json`` holds random positions of shipped Bid Whist and Whist deals
(the recorded play, then random legal cards) with their double-dummy values, written by
the solver as it was before the transposition table kept only the ranks a result rests
on ("partition search"; that solver was itself checked against brute force and DDS).
One solver per deal answers all its positions in the stored (random) order, so entries
one position stores are looked up by others, as in the analysis of a whole deal.

Write the file anew (only with a solver known to be exact):
``python -m tests.engine.whist.test_solver_reference``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from engine.doubledummy.four_hands import Solver

REFERENCE = Path(__file__).with_name("solver_reference.json")


def test_partition_search_solver_equals_the_previous_solver_on_random_positions_of_shipped_deals():
    deals = json.loads(REFERENCE.read_text())["deals"]
    assert len(deals) >= 20
    checked = 0
    for d in deals:
        solver = Solver(d["hands"], d["trump"], d["low"], d["club"])
        for hands, leader, trick, value in d["positions"]:
            assert solver.tricks(hands, leader, trick) == value, (d["name"], hands, leader, trick)
            # the zero-window questions either side of the value
            assert solver.at_least(value, hands, leader, trick)
            assert not solver.at_least(value + 1, hands, leader, trick)
            checked += 1
    assert checked >= 200


def _positions(rng: random.Random, rec, max_tricks: int, count: int, boundary: bool):
    from engine.core.records import states

    sts = states(rec)
    play = [i for i, s in enumerate(sts) if s.phase_name == "play"]
    first = sts[play[0]]
    out = []
    while len(out) < count:
        st = sts[rng.choice(play)].clone()
        for _ in range(rng.randrange(8)):
            if st.phase_name != "play" or st.deal_no != first.deal_no:
                break
            st.apply_trusted(rng.choice(st.legal_actions()))
        if st.phase_name != "play" or st.deal_no != first.deal_no:
            continue
        if boundary and st.trick_cards:
            continue
        leader = st.trick_seats[0] if st.trick_seats else st.to_act
        left = st.hands[leader].bit_count() + (1 if st.trick_cards else 0)
        if 1 <= left <= max_tricks:
            out.append((list(st.hands), leader, list(st.trick_cards)))
    return first, out


def main() -> None:  # pragma: no cover - writes the reference file
    from engine.core.records import read_jsonl
    from engine.whist.analysis_bench import first_deals

    rng = random.Random(14)
    deals = []
    records = [(f"bid4 {k}", r) for k, r in enumerate(first_deals(20))]
    data = Path(__file__).resolve().parents[3] / "data" / "whist" / "whist4.jsonl"
    records += [(f"whist4 {k}", r) for k, r in enumerate(read_jsonl(data)[:4])]
    for name, rec in records:
        for club in (False, True):
            first, positions = _positions(rng, rec, 8, 16, boundary=club)
            if club and first.trump < 0:
                continue
            solver = Solver(first.hands, first.trump, first.low, club)
            rows = [[h, leader, t, solver.tricks(h, leader, t)] for h, leader, t in positions]
            deals.append(
                {
                    "name": f"{name}{' club' if club else ''}",
                    "hands": list(first.hands),
                    "trump": first.trump,
                    "low": first.low,
                    "club": club,
                    "positions": rows,
                }
            )
            print(name, club, [r[-1] for r in rows], flush=True)
    REFERENCE.write_text(json.dumps({"deals": deals}, separators=(",", ":")) + "\n")


if __name__ == "__main__":  # pragma: no cover
    main()
