"""Random playouts of every variant checking invariants after every action.

WHIST_PLAYOUT_DEALS (default 1200 per variant) sets the size; a larger run is in the
report: ``WHIST_PLAYOUT_DEALS=3000 pytest tests/engine/whist/test_playouts.py``.
"""

import os
import random

import pytest

from engine import GameRecord, replay, simulate
from engine.whist import (
    bid_whist_points,
    honours_points,
    two_player_whist_points,
    whist_points,
)
from engine.whist.cards import CARD_CODE, SUIT_MASK
from tests.engine.whist.helpers import GAME

DEALS = int(os.environ.get("WHIST_PLAYOUT_DEALS", "1200"))
VARIANTS = ["bid4", "whist4", "bid2", "whist2"]


def all_cards(s) -> list[int]:
    o = s.observation(None)
    cards = [c for h in o["hands"] for c in h]
    if o["kitty"] and not s.kitty_taken:
        cards += o["kitty"]
    cards += o["discards"] or []
    for row in o["straw"] or []:
        for p in row:
            if p["up"]:
                cards += [p["up"]] + p["down_cards"]
    cards += [c for t in o["tricks"] for _, c in t["cards"]]
    cards += [c for _, c in o["trick"]]
    return [CARD_CODE[c] for c in cards]


def expected_points(s, log, before):
    books = log["books"]
    if s.bidw:
        side = log["declarer"] % 2
        number, kind = int(log["contract"].split()[0]), log["contract"].split()[1]
        kind = "notrump" if kind == "no" else kind
        pts = [0, 0]
        pts[side] = bid_whist_points(number, kind, books[side])
        return tuple(pts)
    if s.two:
        game = "low" if log["contract"] == "low" else "high"
        return two_player_whist_points(game, books, log["declarer"] if game == "high" else None)
    pts = [whist_points(books[0]), whist_points(books[1])]
    after = [before[0] + pts[0], before[1] + pts[1]]
    if max(after) < s.ruleset.whist_target:
        bar = after if s.ruleset.honours_after_tricks else before
        for seat, h in enumerate(log["_honours_by_seat"]):
            pts[seat % 2] += honours_points(h, bar[seat % 2])
    return tuple(pts)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_playouts_keep_invariants(variant):
    rng = random.Random(variant)
    deals = 0
    games = 0
    deck = 54 if variant.startswith("bid") else 52
    while deals < DEALS:
        s = GAME.new_initial_state(2 if variant.endswith("2") else 4, variant=variant)
        games += 1
        honours = None
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_trusted(s.sample_chance(rng))
                if s.phase_name != "deal":
                    assert sorted(all_cards(s)) == list(range(deck))
                    honours = list(s.honours)
                continue
            legal = s.legal_actions()
            a = rng.choice(legal)
            if s.phase_name == "play":
                playable = s.hands[p] | s.tops[p]
                if s.trick_cards and s.led >= 0 and playable & SUIT_MASK[s.led]:
                    assert all(CARD_CODE[x.card] // 13 == s.led for x in legal)
                    assert CARD_CODE[a.card] < 52 and CARD_CODE[a.card] // 13 == s.led
                else:
                    assert len(legal) == playable.bit_count()
            before = tuple(s.scores)
            n_logs = len(s.deal_log)
            twin = s.clone() if rng.random() < 0.03 else None
            if twin is not None:
                twin.apply(a)
            s.apply(a)
            if twin is not None:
                assert twin.observation(None) == s.observation(None)
                assert twin.history == s.history
            if len(s.deal_log) > n_logs:
                deals += 1
                log = dict(s.deal_log[-1])
                assert sum(log["books"]) == 13
                log["_honours_by_seat"] = honours
                pts = expected_points(s, log, before)
                assert log["points"] == pts
                assert tuple(s.scores) == (before[0] + pts[0], before[1] + pts[1])
            elif s.phase_name != "deal":
                assert sorted(all_cards(s)) == list(range(deck))
        # end condition
        if s.bidw:
            t = s.ruleset.bid_target
            assert max(s.scores) >= t or min(s.scores) <= -t
            assert (
                all(-t < x < t for x in [s.deal_log[-2]["scores"][i] for i in (0, 1)])
                if len(s.deal_log) > 1
                else True
            )
        else:
            assert max(s.scores) >= s.ruleset.whist_target
        w = s.winners()
        assert w and all(s.returns()[i] == s.returns()[w[0]] for i in w)
    assert games > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_record_round_trip(variant):
    n = 2 if variant.endswith("2") else 4
    rec = simulate("whist", seed=11, players=["heuristic", "random"] * (n // 2), variant=variant)
    again = GameRecord.from_json(rec.to_json())
    steps = list(replay(again))
    assert steps[-1].state.is_terminal()
    assert steps[-1].state.returns() == rec.result["scores"]
