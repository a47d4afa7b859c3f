"""The guided first game (engine/tutorial.py, engine/<game>/tutorial.py, ``python -m engine
tutorial``): the file's record replays, each moment is the first step at which its rule
applies — re-derived here from the replayed states' observations and the rules, not with
the games' detectors — every section a game can meet is met, and the same seed gives the
same bytes."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.core.records import GameRecord, replay, states
from engine.core.registry import get_game
from engine.tutorial import Moment, find, guide, play, tutorial_games

ROOT = Path(__file__).resolve().parents[2]

#: the seed ``python -m engine tutorial GAME`` chooses with its defaults (seeds 0-19)
CHOSEN = {"stack5": 3, "whist": 12, "stock_holdem": 11, "owners_choice": 18}
GAMES = list(CHOSEN)


# --- independent re-derivation: each rule from the observations, action texts and rules --


def _stack5(before, action: str, after, state_before, state_after) -> set[str]:
    out = set()
    phase = before["phase"]
    if phase in ("draw", "draw3") and action[:1] in "RGBYP" and action[1:].isdigit():
        held = {c[1:] for c in before["hand"] if c[1:].isdigit()}
        if action[1:] in held:  # a second card of a number drawn this turn
            out.add("stack5.rule.bust")
    if phase == "draw" and action == "D3":
        out.add("stack5.tutorial.draw3")
    if phase == "draw" and action == "JK":
        out.add("stack5.tutorial.joker")
    if phase == "draw" and action in ("NB", "CB"):
        out.add("stack5.rule.bombs")
    if phase == "draw" and action == "ST":  # a Steal needs a card in another player's rows
        others = [
            r for seat, rows in enumerate(before["rows"]) if seat != before["player"] for r in rows
        ]
        out.add("stack5.rule.steal" if any(others) else "stack5.tutorial.steal_nothing")
    if action == "draw":
        out.add("stack5.tutorial.draw")
    if action == "stop" and before["hand"]:
        out.add("stack5.tutorial.stop")
    if re.fullmatch(r"place \S+ row \d+", action):
        out.add("stack5.rule.placing")
    if re.fullmatch(r"place \S+ discard row \d+", action):
        out.add("stack5.tutorial.discard_row")
    if sum(after["scores"]) > sum(before["scores"]):
        out.add("stack5.rule.scoring")
    if after["winner"] >= 0 > before["winner"]:
        out.add("stack5.tutorial.win")
    if after["reshuffles"] > before["reshuffles"]:
        out.add("stack5.tutorial.reshuffle")
    return out


def _suit(card: str) -> str | None:
    return None if card in ("BJ", "LJ") else card[-1]


def _whist(before, action: str, after, state_before, state_after) -> set[str]:
    out = set()
    phase = before["phase"]
    if phase == "deal":
        out.add("whist.tutorial.deal")
    if phase == "bid" and action.startswith("bid "):
        out.add("whist.tutorial.bid")
    if phase == "trump":
        out.add("whist.tutorial.trump")
        if before["kitty_size"] == 6 and after["kitty_size"] == 0:
            out.add("whist.tutorial.kitty")
    if phase == "discard":
        out.add("whist.tutorial.discard")
    if phase == "play":
        card = action.removeprefix("play ")
        if _suit(card) is None:
            out.add("whist.tutorial.joker")
        led, trump = before["led"], before["trump"]
        if before["trick"] and led is not None:
            club = state_before.ruleset.jokers_follow_trump

            def follows(c: str) -> bool:
                return _suit(c) == led or (_suit(c) is None and club and led == trump)

            hand = before["hands"][before["to_act"]]
            if not any(follows(c) for c in hand):
                out.add("whist.tutorial.void")
        if len(after["tricks"]) > len(before["tricks"]):
            out.add("whist.rule.trick")
            trick = after["tricks"][-1]
            cards = [c for _, c in trick["cards"]]
            won = cards[trick["win_index"]]
            if trump and _suit(won) == trump and _suit(cards[0]) not in (None, trump):
                out.add("whist.tutorial.ruff")
    if len(after["deal_log"]) > len(before["deal_log"]):
        entry = after["deal_log"][-1]
        side = entry["declarer"] % 2
        made = entry["books"][side] >= 6 + entry["bid"]  # books over six, the kitty's too
        out.add("whist.tutorial.made" if made else "whist.tutorial.set")
    if state_after.is_terminal() and not state_before.is_terminal():
        out.add("whist.tutorial.game_over")
    return out


_FREE = {
    "peek": "stock_holdem.tutorial.peek",
    "free": "stock_holdem.tutorial.free_trade",
    "stock-up": "stock_holdem.tutorial.stock_up",
    "cash": "stock_holdem.tutorial.cash",
}


def _stock(before, action: str, after, state_before, state_after) -> set[str]:
    out = set()
    word = action.split()[0]
    if before["phase"] == "trade":
        if word in ("buy", "sell", "place"):
            out.add(f"stock_holdem.tutorial.{word}")
        elif word == "no":
            out.add("stock_holdem.tutorial.no_trade")
            seat = before["to_act"]
            if before["chips"][seat] >= state_before.ruleset.chip_limit:
                out.add("stock_holdem.tutorial.chip_limit")
        elif word in _FREE:
            out.add(_FREE[word])
    if after["phase"] == "cleanup" and before["phase"] != "cleanup":
        out.add("stock_holdem.tutorial.cleanup")
    if len(after["results"]) > len(before["results"]):
        out.add("stock_holdem.rule.price")
        if after["phase"] != "over":
            out.add("stock_holdem.rule.start_player")
    if after["phase"] == "over" and before["phase"] != "over":
        out.add("stock_holdem.rule.settlement")
    return out


def _owners(before, action: str, after, state_before, state_after) -> set[str]:
    out = set()
    word = action.split()[0]
    phase = before["phase"]
    if phase == "setup":
        if word == "buy":
            out.add("owners_choice.tutorial.opening")
        if after["phase"] != "setup" and any(p is not None for p in after["presidents"]):
            out.add("owners_choice.tutorial.first_presidents")
    if phase in ("pre-move", "post-move"):
        if word in ("buy", "sell"):
            out.add("owners_choice.rule.trade")
        if word == "move":
            out.add("owners_choice.rule.move")
        if after["presidents"] != before["presidents"] and word in ("buy", "sell", "move", "done"):
            out.add("owners_choice.rule.presidents")
    if word == "move":
        space = state_after.space_name(after["pos"])
        if space == "DIVIDEND":
            out.add("owners_choice.rule.dividends")
        if space == "PRESIDENT":
            out.add("owners_choice.tutorial.bonus")
        if space == "EVENT":
            out.add("owners_choice.tutorial.event_die")
    if action.endswith(" dividend") or action == "die event dividends":
        out.add("owners_choice.rule.dividends")
    if after["phase"] == "choose" and phase != "choose":
        out.add("owners_choice.tutorial.choose")
    if after["phase"] == "name":
        out.add("owners_choice.tutorial.all_space")
    if phase == "choose":
        out.add(
            "owners_choice.tutorial.president_die"
            if word == "pay"
            else "owners_choice.tutorial.fund_die"
        )
    bankrupt = sum(state_after.bankruptcies) > sum(state_before.bankruptcies)
    if bankrupt:
        out.add("owners_choice.tutorial.bankrupt")
    elif after["prices"] != before["prices"]:
        out.add("owners_choice.tutorial.price_moves")
    if after["phase"] == "leave" and phase != "leave":
        out.add("owners_choice.tutorial.leave")
    if after["phase"] == "over" and phase != "over":
        out.add("owners_choice.tutorial.goal")
    return out


CHECKS: dict[str, Callable] = {
    "stack5": _stack5,
    "whist": _whist,
    "stock_holdem": _stock,
    "owners_choice": _owners,
}


def first_steps(record: GameRecord) -> dict[str, int]:
    """Each rule's first step, re-derived from every replayed state's observation."""
    check = CHECKS[record.game]
    all_states: list[Any] = states(record)
    views = [s.observation(None) for s in all_states]  # None: every hand seen
    first: dict[str, int] = {}
    for i, action in enumerate(record.actions):
        for code in check(views[i], action, views[i + 1], all_states[i], all_states[i + 1]):
            first.setdefault(code, i)
    return first


def _run(tmp_path: Path, game: str, *args: str, name: str = "t.json") -> tuple[Path, dict]:
    out = tmp_path / name
    assert main(["tutorial", game, *args, "--out", str(out)]) == 0
    return out, json.loads(out.read_text(encoding="utf-8"))


# --- tests ---------------------------------------------------------------------------------


def test_every_game_but_the_demo_has_a_guided_game():
    assert tutorial_games() == [n for n in tutorial_games() if not get_game(n).demo]
    assert sorted(tutorial_games()) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_file_replays_and_each_moment_is_the_rules_first_step(tmp_path, game):
    _, data = _run(tmp_path, game, "--seed", str(CHOSEN[game]), "--tries", "1")
    record = GameRecord.from_dict(data["record"])
    assert record.seed == CHOSEN[game] and record.game == game
    assert sum(1 for _ in replay(record)) == len(record.actions)  # replays, result checked
    assert record.players == [record.players[0]] * record.num_players  # the practical bot
    moments = data["moments"]
    for m in moments:
        assert set(m) == {"step", "section", "rule", "code"}
    rules = {r.code: r for r in guide(game).rules}
    for m in moments:
        assert rules[m["code"]].section == m["section"]
        assert str(rules[m["code"]].phrase) == m["rule"]
    assert {m["code"]: m["step"] for m in moments} == first_steps(record)
    assert [m["step"] for m in moments] == sorted(m["step"] for m in moments)


@pytest.mark.parametrize("game", GAMES)
def test_every_reachable_section_is_met(tmp_path, game):
    _, data = _run(tmp_path, game, "--seed", str(CHOSEN[game]), "--tries", "1")
    g = guide(game)
    met = {m["section"] for m in data["moments"]}
    assert set(g.reachable) <= met
    assert set(g.reachable) <= set(g.sections)
    assert {r.section for r in g.rules} <= set(g.sections)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_moments_match_the_rules_on_other_seeds(game, seed):
    t = play(game, seed)
    assert {m.code: m.step for m in t.moments} == first_steps(t.record)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_bytes(tmp_path, game):
    first, _ = _run(tmp_path, game, "--seed", "5", "--tries", "2", name="a.json")
    second, _ = _run(tmp_path, game, "--seed", "5", "--tries", "2", name="b.json")
    assert first.read_bytes() == second.read_bytes()


def test_the_search_keeps_the_best_seed():
    t = find("stack5", seed=0, tries=20)
    assert t.record.seed == CHOSEN["stack5"]
    assert find("stack5", seed=CHOSEN["stack5"], tries=1).record == t.record


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_default_command_chooses_the_listed_seed(tmp_path, game):
    _, data = _run(tmp_path, game)
    assert data["record"]["seed"] == CHOSEN[game]


def test_the_cli_writes_the_file_and_says_so(tmp_path, capsys):
    out, data = _run(tmp_path, "stack5", "--seed", "3", "--tries", "1")
    said = capsys.readouterr().out
    assert str(out) in said and "seed 3" in said
    assert data["record"]["game"] == "stack5"
    assert out.read_text(encoding="utf-8").endswith("}\n")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["nope"], "unknown game 'nope'"),
        (["pig"], "no guided first game for 'pig'"),
        (["stack5", "--seed", "-1"], "seed -1"),
        (["stack5", "--tries", "0"], "--tries 0"),
        (["stack5", "--tries", "1001"], "--tries 1001"),
    ],
)
def test_bad_input_is_named(tmp_path, capsys, args, words):
    out = tmp_path / "x.json"
    assert main(["tutorial", *args, "--out", str(out)]) == 1
    assert words in capsys.readouterr().err
    assert not out.exists()


def test_a_missing_folder_is_named_before_any_game_is_played(tmp_path, capsys):
    out = tmp_path / "no" / "x.json"
    assert main(["tutorial", "stack5", "--out", str(out)]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_moment_repr_pastes_back():
    m = Moment(3, "bust", "Busting", "stack5.rule.bust")
    assert eval(repr(m)) == m
    assert m.phrase.code == "stack5.rule.bust" and m.phrase == "Busting"


@pytest.mark.parametrize("game", GAMES)
def test_the_sections_follow_the_learn_page(game):
    """Every anchor the Learn page has is a section here, in the page's order."""
    page = (ROOT / "dashboard" / "views" / game / "learn.py").read_text(encoding="utf-8")
    anchors = re.findall(r'anchor="([a-z0-9-]+)"', page)
    sections = guide(game).sections
    assert set(anchors) <= set(sections)
    assert [s for s in sections if s in anchors] == anchors
