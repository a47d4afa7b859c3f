"""Stack 5's drills: every answer equals a re-derivation written here from RULES.md §2 and
the drill's ``position`` alone (not the engine's helpers), every wrong choice is wrong,
drills are deterministic, JSON round-trips, phrases are coded and the Learn section exists.
Probabilities are enumerated exactly.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from engine.practice import drill, kinds
from engine.stack5 import drills as module

GAME = "stack5"
ROOT = Path(__file__).resolve().parents[3]
LEARN = ROOT / "dashboard" / "views" / "stack5" / "learn.py"
N = 2000  # seeds per kind
SPECIALS = {"D3", "NB", "CB", "ST", "JK"}
DECK = Counter(
    {f"{c}{n}": 3 for c in "RBGYP" for n in range(1, 6)}
    | {"D3": 3, "NB": 2, "CB": 2, "ST": 3, "JK": 2}
)

# --- independent rules (RULES.md §2) --------------------------------------------------------


def is_number(card: str) -> bool:
    return card not in SPECIALS


def number(card: str) -> int:
    return int(card[1:])


def colour(card: str) -> str:
    return card[0]


def viable(row: list[str]) -> bool:
    """Ignoring Jokers: all numbers differ, or all numbers equal, or all colours equal."""
    cards = [c for c in row if c != "JK"]
    nums = [number(c) for c in cards]
    return (
        len(set(nums)) == len(nums) or len(set(nums)) <= 1 or len({colour(c) for c in cards}) <= 1
    )


def points(row: list[str]) -> int:
    """A full row: colour run 3, same number 2, same colour 2, all different 1 (Jokers wild:
    they fill any missing number or colour, and 5 numbers leave room for them)."""
    cards = [c for c in row if c != "JK"]
    nums = [number(c) for c in cards]
    different = len(set(nums)) == len(nums)
    equal = len(set(nums)) <= 1
    one_colour = len({colour(c) for c in cards}) <= 1
    if one_colour and different:
        return 3
    if equal or one_colour:
        return 2
    return 1 if different else 0


def bust_chance(drawn: list[str], unseen: dict[str, int]) -> Fraction:
    """The next card busts: a number already drawn; a Draw 3 busts when one of its three
    cards repeats a number drawn this turn (or one of the three before it); every other
    special (a second Joker too) does not. Enumerated over card classes: each number 1-5
    and 'anything else' (specials drawn by a Draw 3 do nothing)."""
    numbers = frozenset(number(c) for c in drawn if is_number(c))
    total = sum(unseen.values())
    classes = Counter()
    for card, n in unseen.items():
        classes[number(card) if is_number(card) else "other"] += n

    def draw3(left: Counter, seen: frozenset, m: int) -> Fraction:
        size = sum(left.values())
        if m == 0 or size == 0:
            return Fraction(0)
        out = Fraction(0)
        for cls, n in left.items():
            if not n:
                continue
            p = Fraction(n, size)
            if cls != "other" and cls in seen:
                out += p
                continue
            rest = left.copy()
            rest[cls] -= 1
            out += p * draw3(rest, seen | {cls} if cls != "other" else seen, m - 1)
        return out

    out = Fraction(0)
    for card, n in unseen.items():
        p = Fraction(n, total)
        if is_number(card):
            if number(card) in numbers:
                out += p
        elif card == "D3":
            rest = classes.copy()
            rest["other"] -= 1
            out += p * draw3(rest, numbers, 3)
    return out


def test_my_bust_chance_small_cases():
    # one card left that repeats: certain; a Draw 3 then two cards: one repeats
    assert bust_chance(["R1"], {"B1": 1}) == 1
    assert bust_chance(["R1"], {"D3": 1, "B2": 1, "G1": 1}) == Fraction(2, 3)
    # a second Joker ends the turn without a bust
    assert bust_chance(["R1", "JK"], {"JK": 1, "B2": 1}) == 0
    # the Draw 3's own cards bust on each other
    assert bust_chance(["R1"], {"D3": 1, "B2": 2}) == Fraction(1, 3)


# --- helpers ---------------------------------------------------------------------------


def all_drills(kind: str, n: int = N):
    return [drill(GAME, kind, seed) for seed in range(n)]


def check_choices(d, bracket: bool = False) -> None:
    """The right choice is the answer (or, for a probability, its bracket); choices differ."""
    assert d.choices is not None and d.correct is not None
    assert bracket or d.choices[d.correct] == d.answer
    assert len({json.dumps(c) for c in d.choices}) == len(d.choices)
    assert len(d.choice_words) in (0, len(d.choices))  # none: the values are shown


# --- the kinds ------------------------------------------------------------------------------


def test_there_are_at_least_five_kinds():
    assert len(kinds(GAME)) >= 5
    assert "bust_next" in kinds(GAME)


def test_can_place_equals_the_viability_rule():
    answers = Counter()
    for d in all_drills("can_place"):
        row, card = d.position["row"], d.position["card"]
        assert 1 <= len(row) <= 4 and viable(row)
        right = "yes" if viable(row + [card]) else "no"
        assert d.answer == right, (d.seed, row, card)
        assert d.choices == ("yes", "no")
        check_choices(d)
        answers[right] += 1
    assert min(answers.values()) > N // 5  # both answers come up


def test_after_draw_equals_the_bust_rule():
    answers = Counter()
    for d in all_drills("after_draw"):
        drawn, card = d.position["drawn"], d.position["card"]
        numbers = [number(c) for c in drawn if is_number(c)]
        assert len(set(numbers)) == len(numbers) and drawn.count("JK") <= 1
        if card == "JK":
            right = "jokers" if "JK" in drawn else "safe"
        else:
            right = "bust" if number(card) in numbers else "safe"
        assert d.answer == right, (d.seed, drawn, card)
        assert d.choices == ("bust", "safe", "jokers")
        check_choices(d)
        answers[right] += 1
    assert set(answers) == {"bust", "safe", "jokers"}


def test_row_score_equals_the_combinations():
    answers = Counter()
    for d in all_drills("row_score"):
        row = d.position["row"]
        assert len(row) == 5 and all(row.count(c) <= DECK[c] for c in row)
        assert d.answer == points(row), (d.seed, row)
        assert d.choices == (1, 2, 3)
        check_choices(d)
        answers[d.answer] += 1
    assert set(answers) == {1, 2, 3}


def test_bust_next_is_the_exact_chance_and_its_bracket():
    brackets = Counter()
    for d in all_drills("bust_next", 1500):
        pos = d.position
        assert sorted(pos) == ["drawn", "unseen"]
        drawn, unseen = pos["drawn"], pos["unseen"]
        used = Counter(drawn) + Counter(unseen)
        assert all(used[c] <= DECK[c] for c in used)  # a real deck
        assert sum(unseen.values()) >= 12  # a Draw 3 never runs the deck out
        right = bust_chance(drawn, unseen)
        assert Fraction(d.answer) == right, (d.seed, pos)
        assert d.is_right(d.correct)
        check_choices(d, bracket=True)
        for i, (lo, hi) in enumerate(d.choices):
            lo, hi = Fraction(lo), Fraction(hi)
            inside = lo <= right < hi or (hi == 1 and right == 1)
            assert inside == (i == d.correct), (d.seed, right, d.choices)
        brackets[d.correct] += 1
    assert set(brackets) == {0, 1, 2, 3}  # the right bracket is not always in one place


def test_bomb_equals_the_bomb_rule():
    seen = Counter()
    for d in all_drills("bomb"):
        pos = d.position
        bomb, turned = pos["bomb"], pos["turned"]
        cards = [c for seat in pos["rows"] for row in seat for c in row]
        assert all(viable(row) for seat in pos["rows"] for row in seat)
        assert Counter(cards)[turned] < DECK[turned]  # a copy is left to turn
        if not is_number(turned):
            right = 0
        elif bomb == "NB":
            right = sum(1 for c in cards if c != "JK" and number(c) == number(turned))
        else:
            right = sum(1 for c in cards if c != "JK" and colour(c) == colour(turned))
        assert d.answer == right and d.choices is None, (d.seed, pos)
        seen[bomb, is_number(turned)] += 1
    assert len(seen) == 4


def test_steal_takes_the_top_card_of_another_players_row():
    for d in all_drills("steal"):
        rows, you = d.position["rows"], d.position["you"]
        assert you == 0 and all(viable(r) for seat in rows for r in seat)
        tops = {r[-1] for seat, rs in enumerate(rows) if seat != you for r in rs if r}
        in_rows = {c for rs in rows for r in rs for c in r}
        assert d.answer in tops, (d.seed, rows)
        check_choices(d)
        for i, c in enumerate(d.choices):
            assert c in in_rows
            assert (c in tops) == (i == d.correct), (d.seed, rows, d.choices)


# --- every kind ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(module.KINDS))
def test_drills_are_deterministic_json_and_coded(kind):
    source = LEARN.read_text(encoding="utf-8")
    for seed in range(200):
        d = drill(GAME, kind, seed)
        assert d == drill(GAME, kind, seed)
        assert d.kind == f"{GAME}.{kind}" and d.seed == seed
        data = d.to_json()
        assert json.loads(json.dumps(data)) == data
        assert data["position"] == json.loads(json.dumps(d.position))
        assert d.prompt.code == f"{GAME}.drill.{kind}"
        assert d.explanation.code == f"{GAME}.drill.{kind}.why"
        assert d.explanation.startswith("RULE:")
        assert d.rule.code.startswith(f"{GAME}.rule.")
        assert re.search(rf'anchor="{re.escape(d.learn)}"', source), d.learn
        assert "None" not in d.prompt and "None" not in d.explanation
        if d.choices is not None:
            assert len(d.choice_words) in (0, len(d.choices))


@pytest.mark.parametrize("kind", list(module.KINDS))
def test_another_ruleset_gives_drills_or_says_why(kind):
    """Under a ruleset other than the default a kind still makes its drills (answered by
    that ruleset), or says in a coded error that the question needs what it lacks."""
    from engine.core.errors import EngineError
    from engine.core.ruleset import make_ruleset
    from engine.stack5.rules import Stack5Rules as Rules

    rules = make_ruleset(Rules, {"jokers": 0, "steals": 0, "number_bombs": 0, "colour_bombs": 1})
    for seed in range(100):
        try:
            d = drill(GAME, kind, seed, rules)
        except EngineError as exc:
            assert exc.code and seed == 0, exc  # from the first seed on, never by chance
            return
        json.dumps(d.to_json())
        assert d.explanation.code == f"{GAME}.drill.{kind}.why"


def test_cli_writes_twenty_drills(tmp_path):
    out = tmp_path / "d.jsonl"
    subprocess.run(
        [sys.executable, "-m", "engine", "drills", GAME, "--n", "20", "--seed", "0", "--out", out],
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 20
    rows = [json.loads(line) for line in lines]
    assert {r["kind"] for r in rows} == {f"{GAME}.{k}" for k in module.KINDS}
    bust = [r for r in rows if r["kind"] == "stack5.bust_next"]
    assert bust and all(Fraction(r["answer"]) == bust_chance(**r["position"]) for r in bust)


@pytest.mark.slow
def test_bust_next_over_many_more_seeds():
    for seed in range(N, 10 * N):
        d = drill(GAME, "bust_next", seed)
        assert Fraction(d.answer) == bust_chance(**d.position), seed
