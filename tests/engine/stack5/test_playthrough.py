"""A golden playthrough (OpenSpiel style): a seeded 3-player game, step by step.

If a rule change alters it on purpose, regenerate with
``.venv/bin/python -m tests.engine.stack5.test_playthrough`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from engine import simulate, states
from engine.stack5.history import last_event

GOLDEN = Path(__file__).with_name("golden") / "playthrough_seed7_3p.txt"


def playthrough() -> str:
    rec = simulate("stack5", seed=7, players=["heuristic", "random", "heuristic"])
    lines = [f"players: {' '.join(rec.players)}; result: {rec.result}"]
    for i, s in enumerate(states(rec)):
        action = rec.actions[i - 1] if i else "(start)"
        event = last_event(s) if i else ""
        lines.append(
            f"{i:4d} {action:<26} scores {s.scores} deck {s.deck_total:2d} | "
            f"{s.describe_turn()}" + (f" | {event}" if event else "")
        )
    return "\n".join(lines) + "\n"


def test_playthrough_matches_golden():
    assert playthrough() == GOLDEN.read_text(encoding="utf-8")


if __name__ == "__main__":
    GOLDEN.write_text(playthrough(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
