"""Stock Hold'em's drills: every answer equals a re-derivation written here from RULES.md §1
and the drill's ``position`` alone (not the engine's helpers), every wrong choice is wrong,
drills are deterministic, JSON round-trips, phrases are coded and the Learn section exists.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest

from engine.practice import drill, kinds
from engine.stock_holdem import drills as module

GAME = "stock_holdem"
ROOT = Path(__file__).resolve().parents[3]
LEARN = ROOT / "dashboard" / "views" / "stock_holdem" / "learn.py"
N = 2000  # seeds per kind

# --- an independent price rule (RULES.md §1, "The price of a company") --------------------

SYMBOLS = "AFSW"


def card(text: str) -> tuple[int, str | None]:
    """(number, symbol): Bull (10, None), Bear (0, None)."""
    if text == "BULL":
        return 10, None
    if text == "BEAR":
        return 0, None
    return int(text[:-1]), text[-1]


def symbol_hand(cards: list[str]) -> tuple[str, int]:
    symbols = {card(c)[1] for c in cards if card(c)[1]}
    if len(symbols) == 1:
        return "flush", 10
    if len(symbols) == 4:
        return "four symbols", 10
    return "none", 0


def number_hand(cards: list[str]) -> tuple[str, int]:
    numbers = [card(c)[0] for c in cards if c != "BEAR"]
    counts = sorted((numbers.count(n) for n in set(numbers)), reverse=True)
    distinct = set(numbers)
    found = [("none", 0)]
    if counts and counts[0] == 5:
        found.append(("five of a kind", 30))
    if counts and counts[0] == 4:
        found.append(("four of a kind", 25))
    if counts[:2] == [3, 2]:
        found.append(("full house", 20))
    if any(all(x + j in distinct for j in range(5)) for x in range(1, 7)):
        found.append(("large straight", 20))
    if any(all(x + j in distinct for j in range(4)) for x in range(1, 8)):
        found.append(("small straight", 10))
    if counts and counts[0] == 3:
        found.append(("three of a kind", 10))
    best = max(b for _, b in found)
    names = [n for n, b in found if b == best]
    if best == 20 and "large straight" in names and "full house" in names:
        raise AssertionError("five cards cannot make both")
    # a large straight contains a small one: the larger bonus is the hand
    return names[0], best


def base(cards: list[str]) -> int:
    sums = {s: 0 for s in SYMBOLS}
    for c in cards:
        n, s = card(c)
        if s:
            sums[s] += n
    return max(sums.values()) + 10 * cards.count("BULL")


def my_price(cards: list[str], stock_up: bool) -> int:
    total = base(cards) + 5 * stock_up + symbol_hand(cards)[1] + number_hand(cards)[1]
    return min(57, max(1, total))


def test_my_price_matches_the_rule_book_examples():
    assert my_price(["3A", "5A", "9A", "1A", "7A"], False) == 35
    assert my_price(["10A", "10F", "10S", "10W", "BULL"], False) == 57
    assert my_price(["2F", "3A", "4S", "5W", "BEAR"], False) == 25
    assert my_price(["6S", "6W", "6A", "2F", "2S"], True) == 43


ALL = [f"{n}{s}" for s in SYMBOLS for n in range(1, 11)] + ["BULL", "BEAR"]


def back(text: str, parity: str) -> str:
    """What the back of a card shows: '7?' (number), '?A' (symbol), '10?' Bull, 'BEAR'."""
    if text == "BULL":
        return "10?"
    if text == "BEAR":
        return "BEAR"
    n, s = card(text)
    even = (n + SYMBOLS.index(s)) % 2 == 0
    return f"{n}?" if even == (parity == "even") else f"?{s}"


# --- helpers ---------------------------------------------------------------------------


def all_drills(kind: str, n: int = N):
    return [drill(GAME, kind, seed) for seed in range(n)]


def check_choices(d) -> None:
    """The right choice is the answer and every other choice is different (so wrong)."""
    assert d.choices is not None and d.correct is not None
    assert d.choices[d.correct] == d.answer
    for i, c in enumerate(d.choices):
        if i != d.correct:
            assert c != d.answer, (d.seed, d.choices)
    assert len({json.dumps(c) for c in d.choices}) == len(d.choices)
    assert len(d.choice_words) == len(d.choices)


# --- the kinds ------------------------------------------------------------------------------


def test_there_are_at_least_five_kinds():
    assert len(kinds(GAME)) >= 5
    assert "price" in kinds(GAME)


def test_price_equals_the_rule():
    seen = set()
    for d in all_drills("price"):
        pos = d.position
        assert sorted(pos) == ["cards", "stock_up"]
        assert isinstance(pos["stock_up"], bool) and len(set(pos["cards"])) == 5
        assert all(c in ALL for c in pos["cards"])
        assert d.choices is None and isinstance(d.answer, int)
        assert d.answer == my_price(pos["cards"], pos["stock_up"]), (d.seed, pos)
        assert d.is_right(d.answer) and not d.is_right(d.answer + 1)
        seen.add(number_hand(pos["cards"])[0])
        seen.add(symbol_hand(pos["cards"])[0])
    # the drills reach every hand (five of a kind needs Bull: rare but drawn)
    assert seen >= {
        "flush",
        "four symbols",
        "three of a kind",
        "small straight",
        "full house",
        "large straight",
        "four of a kind",
    }


def test_hands_equal_the_rule_and_wrong_choices_are_wrong():
    for d in all_drills("hands"):
        cards = d.position["cards"]
        right = [symbol_hand(cards)[0], number_hand(cards)[0]]
        assert d.answer == right, (d.seed, cards)
        check_choices(d)
        for i, (s, n) in enumerate(d.choices):
            assert (i == d.correct) == ([s, n] == right)


def made_number_hands(cards: list[str]) -> set[str]:
    """Every number hand the cards make, not only the best: four equal numbers also hold
    three, a large straight also holds four consecutive numbers (a small straight)."""
    numbers = [card(c)[0] for c in cards if c != "BEAR"]
    counts = sorted((numbers.count(n) for n in set(numbers)), reverse=True)
    distinct = set(numbers)
    made = set()
    if counts[0] >= 3:
        made.add("three of a kind")
    if counts[0] >= 4:
        made.add("four of a kind")
    if counts[0] == 5:
        made.add("five of a kind")
    if counts[:2] == [3, 2]:
        made.add("full house")
    if any(all(x + j in distinct for j in range(5)) for x in range(1, 7)):
        made.add("large straight")
    if any(all(x + j in distinct for j in range(4)) for x in range(1, 8)):
        made.add("small straight")
    made.add(number_hand(cards)[0])  # Bear with four of one number: four of a kind
    return made - {"none"} or {"none"}


def test_hands_never_offer_a_wrong_choice_that_is_also_true():
    """ "Small straight" beside a right "large straight" is also true (a large straight
    has four consecutive numbers): no wrong choice names a hand the cards also make."""
    large = 0
    for seed in range(4 * N):
        d = drill(GAME, "hands", seed)
        cards = d.position["cards"]
        right_symbol = symbol_hand(cards)[0]
        large += d.answer[1] == "large straight"
        for i, (s, n) in enumerate(d.choices):
            if i != d.correct:
                assert not (s == right_symbol and n in made_number_hands(cards)), (
                    seed,
                    cards,
                    s,
                    n,
                )
    assert large > 20


def test_range_never_offers_the_literal_reading_as_wrong():
    """Read without the [A] card-back rule, a back showing 7 could be any 7 and one showing
    A any card of A: the range under that reading is never a wrong choice, and the drill
    names the card-back rule it uses."""
    differs = 0
    for d in all_drills("range", 1000):
        pos = d.position
        slots = pos["slots"]
        up = [s for s in slots if "?" not in s]
        options = []
        for t in slots:
            if "?" in t:
                if t.startswith("?"):
                    fits = [c for c in ALL[:40] if card(c)[1] == t[1]]
                else:
                    fits = [c for c in ALL[:40] if card(c)[0] == int(t[:-1])]
                    fits += ["BULL"] if t == "10?" else []
                options.append([c for c in fits if c not in up])
        prices = {
            my_price(up + list(fill), pos["stock_up"])
            for fill in product(*options)
            if len(set(fill)) == len(fill)
        }
        literal = [min(prices), max(prices)]
        differs += literal != d.answer
        for i, choice in enumerate(d.choices):
            if i != d.correct:
                assert list(choice) != literal, (d.seed, slots, literal)
        assert "card_back_parity" in {a.field for a in d.assumptions}
    assert differs > 300  # the reading matters: the drill must not rest on it unsaid


def test_price_range_equals_every_way_to_fill_the_face_down_cards():
    for d in all_drills("range", 1000):
        pos = d.position
        slots, parity = pos["slots"], pos["parity"]
        assert parity == "even"
        up = [s for s in slots if "?" not in s]
        hidden = [i for i, s in enumerate(slots) if "?" in s]
        assert 1 <= len(hidden) <= 3
        pool = [c for c in ALL if c not in up]
        prices = set()
        options = [[c for c in pool if back(c, parity) == slots[i]] for i in hidden]
        for fill in product(*options):
            if len(set(fill)) == len(fill):
                cards = list(slots)
                for c, i in zip(fill, hidden):
                    cards[i] = c
                prices.add(my_price(cards, pos["stock_up"]))
        right = [min(prices), max(prices)]
        assert d.answer == right, (d.seed, pos)
        check_choices(d)
        for lo, hi in d.choices:
            assert 1 <= lo <= hi <= 57


def test_range_enumeration_is_not_trivial():
    """Some drills have a range wider than one price (the question is worth asking)."""
    widths = [d.answer[1] - d.answer[0] for d in all_drills("range", 200)]
    assert max(widths) >= 10 and sum(w > 0 for w in widths) > 100


def my_start_player(chips: list[int], previous: int, gain: int, limit: int) -> int:
    after = [min(c + gain, limit) for c in chips]
    low = min(after)
    tied = [p for p, c in enumerate(after) if c == low]
    if len(tied) == 1:
        return tied[0]
    n = len(chips)
    for k in range(1, n):
        if (previous + k) % n in tied:
            return (previous + k) % n
    raise AssertionError("unreachable")


def test_start_player_equals_the_rule():
    ties = 0
    for d in all_drills("start_player"):
        pos = d.position
        assert (pos["gain"], pos["limit"]) == (2, 7)
        right = my_start_player(pos["chips"], pos["previous"], pos["gain"], pos["limit"])
        assert d.answer == right, (d.seed, pos)
        assert d.choices == tuple(range(len(pos["chips"])))
        check_choices(d)
        after = [min(c + 2, 7) for c in pos["chips"]]
        ties += after.count(min(after)) > 1
    assert ties > N // 3  # the tie-break is what the drill teaches


def test_net_worth_equals_the_settlement():
    for d in all_drills("net_worth"):
        pos = d.position
        right = (
            pos["money"]
            + sum(n * pos["prices"][co] for co, n in pos["shares"].items())
            + pos["chips"]
        )
        assert d.answer == right and d.choices is None, (d.seed, pos)


def test_turn_money_equals_the_trading_rules():
    paid = 0
    for d in all_drills("turn"):
        pos = d.position
        prices = dict(pos["prices"])
        money, chips, limit = pos["money"], pos["chips"], pos["limit"]
        over = 0
        if pos["sell"]:  # the sell step: the price paid, then the price drops by 1
            assert pos["shares"] == {pos["sell"]: 1}
            money += prices[pos["sell"]]
            prices[pos["sell"]] = max(1, prices[pos["sell"]] - 1)
        else:  # a chip; chips over the limit pay $1 each at once
            chips += 1
        over += max(0, chips - limit)
        money, chips = money + max(0, chips - limit), min(chips, limit)
        if pos["buy"]:  # the buy step, with the money there is now
            assert money >= prices[pos["buy"]]
            money -= prices[pos["buy"]]
        else:
            chips += 1
        over += max(0, chips - limit)
        money, chips = money + max(0, chips - limit), min(chips, limit)
        paid += over > 0
        assert d.answer == money and d.choices is None, (d.seed, pos)
    assert paid > N // 10  # the chip limit comes up


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
            assert len(d.choice_words) == len(d.choices)
            assert all(str(w) for w in d.choice_words)
    assert drill(GAME, kind, 1) != drill(GAME, kind, 2) or kind == "never"


@pytest.mark.parametrize("kind", list(module.KINDS))
def test_another_ruleset_gives_drills_or_says_why(kind):
    """Under a ruleset other than the default a kind still makes its drills (answered by
    that ruleset), or says in a coded error that the question needs what it lacks."""
    from engine.core.errors import EngineError
    from engine.core.ruleset import make_ruleset
    from engine.stock_holdem.rules import StockHoldemRules as Rules

    rules = make_ruleset(
        Rules,
        {
            "chip_limit": 3,
            "card_back_parity": "odd",
            "straights_wrap": True,
            "bull_counts_as_ten": False,
        },
    )
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
    assert all(r["game"] == GAME for r in rows)


@pytest.mark.slow
def test_price_over_many_more_seeds():
    for seed in range(N, 20 * N):
        d = drill(GAME, "price", seed)
        assert d.answer == my_price(d.position["cards"], d.position["stock_up"]), seed
