"""Owner's Choice drills: every answer equals a re-derivation written here from the
position alone (RULES.md §3, not the engine's helpers), every wrong choice is wrong,
drills are deterministic, JSON round-trips, phrases are coded and the Learn section
exists."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from engine.practice import drill, kinds

ROOT = Path(__file__).resolve().parents[3]
LEARN = (ROOT / "dashboard/views/owners_choice/learn.py").read_text("utf-8")
KINDS = list(kinds("owners_choice"))
N = 3000  # seeds per kind
COMPANIES = "RYBG"
# RULES.md §3 [A]: the board's spaces 1–34, between START and GOAL
SPACES = (
    "R Y EVENT B G ALL DIVIDEND R PRESIDENT Y EVENT B G ALL R DIVIDEND Y EVENT B PRESIDENT G "
    "ALL R EVENT Y DIVIDEND B G PRESIDENT EVENT ALL DIVIDEND PRESIDENT EVENT"
)
BOARD = ["START", *SPACES.split(), "GOAL"]
GOAL = 35
MAX_HELD, PER_COMPANY = 12, 15


@cache
def made(kind: str, larger: bool = False) -> tuple:
    """The drills of the usual seeds, or (``larger``, a slow run) three times as many more."""
    n = N
    seeds = range(n, 4 * n) if larger else range(n)
    return tuple(drill("owners_choice", kind, seed) for seed in seeds)


#: each answer test runs on the usual seeds, and in a slow run on three times as many more
LARGER = pytest.mark.parametrize("larger", [False, pytest.param(True, marks=pytest.mark.slow)])


def dividend_of(price: int) -> int:
    """30% of the price rounded down to a multiple of $10 (RULES.md §3 [A])."""
    return price * 3 // 10 // 10 * 10


def move_most(players_in: int) -> int:
    return 4 if players_in <= 3 else 3


def clockwise_after(active: int, seats, n: int) -> int:
    """The first of ``seats`` clockwise after ``active``, the active player last."""
    return next((active + i) % n for i in range(1, n + 1) if (active + i) % n in seats)


# --- the answers --------------------------------------------------------------------------
@LARGER
def test_lands_pays_answer(larger):
    spaces = set()
    for d in made("lands_pays", larger):
        p = d.position
        n, seat, h = p["players"], p["seat"], p["holdings"]
        assert p["board"] == BOARD
        assert 1 <= p["move"] <= move_most(n)
        dest = p["pos"] + p["move"]
        # presidents: the strict top holder of each company, none on a tie
        pres = []
        for c in range(4):
            best = max(x[c] for x in h)
            top = [q for q in range(n) if h[q][c] == best and best]
            pres.append(top[0] if len(top) == 1 else None)
        assert p["presidents"] == pres
        if BOARD[dest] == "PRESIDENT":
            want = 100 * sum(1 for q in pres if q == seat)
        else:
            assert BOARD[dest] == "DIVIDEND"
            top = max(p["prices"])
            want = sum(dividend_of(top) * h[seat][c] for c in range(4) if p["prices"][c] == top)
        assert d.answer == want, (d.seed, p)
        spaces.add((BOARD[dest], want > 0))
    assert len(spaces) == 4


@LARGER
def test_dividend_answer(larger):
    for d in made("dividend", larger):
        p = d.position
        assert d.answer == dividend_of(p["price"]) * p["shares"], p


@LARGER
def test_president_answer_and_choices(larger):
    cases = set()
    for d in made("president", larger):
        p = d.position
        n, a, k = p["players"], p["active"], p["shares"]
        before = list(p["holdings"])
        after = before[:]
        after[a] += k if p["trade"] == "buy" else -k
        best = max(after)
        top = [q for q in range(n) if after[q] == best and best]
        if not top:
            want, case = None, "pool"
        elif len(top) == 1:
            want, case = top[0], "most"
        elif p["president"] is not None and p["president"] not in top:
            want, case = clockwise_after(a, top, n), "moved"
        elif p["trade"] == "sell" and before[a] > max(before[q] for q in range(n) if q != a):
            want, case = clockwise_after(a, top, n), "sale tie"
        else:
            want, case = p["president"], "stays"
        assert d.answer == want, (d.seed, p)
        assert d.choices == (*range(n), None) and d.choices[d.correct] == want
        cases.add(case)
        cases.add(want is None)
    # (nobody holding a share after a trade cannot happen: the only holder keeps one)
    assert cases == {"most", "moved", "sale tie", "stays", True, False}


@LARGER
def test_trade_allowed_answer_and_choices(larger):
    verdicts = set()
    for d in made("trade_allowed", larger):
        p = d.position
        h, a = p["holdings"], p["active"]
        verb, company = p["action"].split()
        c = COMPANIES.index(company)
        supply = [PER_COMPANY - sum(x[i] for x in h) for i in range(4)]
        assert p["supply"] == supply
        if verb == "buy":
            checks = {
                "full": sum(h[a]) < MAX_HELD,
                "supply": supply[c] > 0,
                "cash": p["cash"] >= p["prices"][c],
            }
        else:
            others = sum(h[q][c] for q in range(len(h)) if q != a)
            checks = {"none": h[a][c] > 0, "last": not (h[a][c] == 1 and others == 0)}
        ok = all(checks.values())
        assert d.answer == ("yes" if ok else "no"), (d.seed, p)
        assert d.choices == ("yes", "no") and d.choices[d.correct] == d.answer
        verdicts.add((verb, ok))
        verdicts.update(name for name, passed in checks.items() if not passed)
    assert verdicts >= {("buy", True), ("sell", True), "full", "supply", "cash", "none", "last"}


@LARGER
def test_move_range_answer_and_choices(larger):
    seen = set()
    for d in made("move_range", larger):
        p = d.position
        want = min(move_most(p["players"] - p["left"]), GOAL - p["pos"])
        assert d.answer == want, p
        assert d.choices[d.correct] == want and len(set(d.choices)) == len(d.choices)
        seen.add(want)
    assert seen == {1, 2, 3, 4}


# --- every kind ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_deterministic_json_phrases_and_learn(kind):
    assert len(KINDS) >= 5
    for d in made(kind)[:300]:
        again = drill("owners_choice", kind, d.seed)
        assert again == d and again.to_json() == d.to_json()
        data = d.to_json()
        assert json.loads(json.dumps(data)) == data
        assert data["kind"] == f"owners_choice.{kind}"
        # one prompt a kind, or a variant of it (the president die in the pool)
        code = d.prompt.code
        assert code == f"owners_choice.drill.{kind}" or code.startswith(
            f"owners_choice.drill.{kind}."
        )
        assert d.explanation.code == f"owners_choice.drill.{kind}.why"
        assert d.rule.code.startswith("owners_choice.rule.")
        assert "RULE:" in str(d.explanation)
        assert f'anchor="{d.learn}"' in LEARN
        if d.choices is not None:
            assert d.is_right(d.correct)
            assert not any(d.is_right(i) for i in range(len(d.choices)) if i != d.correct)
        else:
            assert d.is_right(d.answer) and not d.is_right(d.answer + 10)
    assert len({json.dumps(d.to_json(), sort_keys=True) for d in made(kind)[:200]}) > 20


def test_cli_writes_drills(tmp_path):
    out = tmp_path / "d.jsonl"
    subprocess.run(
        [sys.executable, "-m", "engine", "drills", "owners_choice", "--n", "20", "--seed", "0"]
        + ["--out", str(out)],
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    lines = out.read_text("utf-8").splitlines()
    assert len(lines) == 20
    rows = [json.loads(line) for line in lines]
    assert {r["kind"] for r in rows} == {f"owners_choice.{k}" for k in KINDS}
