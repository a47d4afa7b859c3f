"""The checked ``apply`` written out for speed plays exactly the games of the general steps.

Issue 12: the checked card play of four players makes the next seat's legal cards at once
(following suit, void, or leading the next trick), discards shrink the cached legal tuple,
and four-player deals shuffle the deck's card bits. Each is checked here over whole games
against the trusted path and against a deck shuffled and dealt by hand.
"""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalAction
from engine.whist.actions import parse_action
from engine.whist.cards import CARD_TEXT, DISPLAY_ORDER
from tests.engine.whist.helpers import GAME, players

VARIANTS = ("bid4", "whist4", "bid2", "whist2")


def _play_out(variant: str, seed: int, checked: bool, **rules):
    """A whole game of random legal actions; the history, the scores and a few views."""
    s = GAME.new_initial_state(players(variant), variant=variant, **rules)
    rng = random.Random(seed)
    step = s.apply if checked else s.apply_trusted
    views = []
    n = 0
    while not s.is_terminal():
        if s.current_player() < 0:
            step(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            assert legal == s.clone().legal_actions()  # the cached tuple is the made one
            action = rng.choice(legal)
            if not checked:
                # legal cards unknown: apply_trusted takes the general ``_play`` steps
                # (with them known it would take apply's inline play, the path under test)
                s._legal = None
            step(action)
        n += 1
        if n % 5 == 0:
            views.append(s.observation(None))
    return s.history, s.returns(), views


@pytest.mark.parametrize("club", [False, True])
@pytest.mark.parametrize("variant", VARIANTS)
def test_checked_apply_plays_the_same_whole_games_as_the_trusted_steps(variant, club):
    """Same seed, same random choices: the checked ``apply`` (legal cards made at once)
    and ``apply_trusted`` (legal cards made when asked) give the same records and views."""
    rules = {"jokers_follow_trump": club} if variant.startswith("bid") else {}
    for seed in range(12):  # the club rule's trump leads first differ at seed 9
        assert _play_out(variant, seed, True, **rules) == _play_out(variant, seed, False, **rules)


@pytest.mark.parametrize("club", [False, True])
def test_cached_legal_cards_after_each_checked_play_are_the_rules_cards(club):
    """After every checked card play the cached legal tuple (made at once) equals the one
    ``legal_actions`` makes from the rules for that position (follow suit, void, lead;
    under the club rule a trump lead lets the jokers follow)."""
    for seed in range(40):
        s = GAME.new_initial_state(
            4, variant="bid4", first_dealer=seed % 4, jokers_follow_trump=club
        )
        rng = random.Random(seed)
        s.apply(s.sample_chance(rng))
        while s.deal_no == 0:
            s.apply(rng.choice(s.legal_actions()))
            if s.phase_name == "play" and s._legal is not None:
                fresh = s.clone()
                fresh._legal = None
                assert fresh.legal_actions() == s._legal
                assert fresh._lmask == s._lmask


@pytest.mark.parametrize("variant", ["bid4", "whist4"])
def test_drawn_four_player_deal_is_the_shuffled_deck_dealt_in_order(variant):
    """A drawn deal is ``Random.shuffle`` of the deck dealt 12 (13) cards a seat, the rest
    the kitty (Bid Whist) or the dealer's last card turned (Whist); the generator ends in
    the same state."""
    bid = variant == "bid4"
    size = 12 if bid else 13
    for seed in range(50):
        dealer = seed % 4
        s = GAME.new_initial_state(4, variant=variant, first_dealer=dealer)
        rng, ref = random.Random(seed), random.Random(seed)
        deal = s.sample_chance(rng)
        deck = list(range(54 if bid else 52))
        ref.shuffle(deck)
        hands = [deck[size * i : size * i + size] for i in range(4)]
        assert rng.getstate() == ref.getstate()
        for h, got in zip(hands, deal.hands):
            assert got == tuple(CARD_TEXT[c] for c in sorted(h, key=DISPLAY_ORDER.__getitem__))
        if bid:
            kitty = sorted(deck[48:], key=DISPLAY_ORDER.__getitem__)
            assert deal.kitty == tuple(CARD_TEXT[c] for c in kitty) and deal.turn == ""
        else:
            assert deal.kitty == () and deal.turn == CARD_TEXT[hands[dealer][-1]]


class _SetCards:
    """An rng whose shuffle sets the cards (like the OpenSpiel adapter's scripted deal)."""

    def __init__(self, order):
        self.order = order

    def shuffle(self, cards: list) -> None:
        cards[:] = self.order


def test_sample_chance_deals_the_cards_a_scripted_shuffle_sets():
    """Any rng other than a plain ``random.Random`` shuffles the cards themselves."""
    order = list(range(53, -1, -1))
    s = GAME.new_initial_state(4, variant="bid4", first_dealer=0)
    deal = s.sample_chance(_SetCards(order))
    assert deal.hands[0] == tuple(
        CARD_TEXT[c] for c in sorted(order[:12], key=DISPLAY_ORDER.__getitem__)
    )
    assert set(deal.kitty) == {CARD_TEXT[c] for c in order[48:]}
    s.apply(deal)
    assert s.phase_name == "bid"


def test_trusted_card_play_with_known_legal_cards_still_refuses_an_illegal_card():
    """``apply_trusted`` of a card play whose legal cards were asked takes apply's inline
    play, and with it its one-bit check: an illegal card raises and changes nothing."""
    s = GAME.new_initial_state(4, variant="bid4", first_dealer=0)
    rng = random.Random(3)
    s.apply(s.sample_chance(rng))
    while s.phase_name != "play":
        s.apply(rng.choice(s.legal_actions()))
    legal = {str(a) for a in s.legal_actions()}
    held = s.observation(None)["hands"][s.current_player()]
    other = next(c for c in CARD_TEXT if f"play {c}" not in legal and c not in held)
    before = s.history[:], s.observation(None)
    with pytest.raises(IllegalAction, match=f"play {other}"):
        s.apply_trusted(parse_action(f"play {other}"))
    assert (s.history, s.observation(None)) == before
