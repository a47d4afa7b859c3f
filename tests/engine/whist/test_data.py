from pathlib import Path

from engine import read_jsonl

DATA = Path(__file__).resolve().parents[3] / "data" / "whist"


def test_recorded_games_replay_and_cover_every_variant():
    files = sorted(DATA.glob("*.jsonl"))
    records = [r for f in files for r in read_jsonl(f, verify=True)]
    assert len(records) >= 200
    variants = {r.ruleset.get("variant", "bid4") for r in records}
    assert variants == {"bid4", "whist4", "bid2", "whist2"}
