"""The faster Whist state keeps the rules: what its leaner representation
derives or makes lazily equals what it used to store.

- the seats of the trick in progress are derived from the leader;
- a whole trick's winner is compared without a loop (``scoring.strongest``);
- a drawn deal makes its card texts only when read, and stays a frozen value;
- the checked ``apply`` tests a card against the mask cached with ``legal_actions()``,
  made again when the position was edited (as ``world.py`` does) and the cache cleared.
"""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import FrozenInstanceError

import pytest

from engine.core.errors import IllegalAction
from engine.whist import actions as A
from engine.whist.cards import SUIT_MASK
from engine.whist.scoring import strength_table, strongest, winning_index
from tests.engine.whist.helpers import GAME, players

VARIANTS = ("bid4", "whist4", "bid2", "whist2")


@pytest.mark.parametrize("variant", VARIANTS)
def test_trick_seats_are_the_seats_that_played_in_whole_games(variant):
    """``trick_seats`` (derived from the leader) lists the seats that played to the trick
    in progress, and each finished trick records the seats that played it, in order."""
    s = GAME.new_initial_state(players(variant), variant=variant)
    rng = random.Random(21)
    played: list[int] = []
    while not s.is_terminal():
        if s.current_player() < 0:
            s.apply(s.sample_chance(rng))
            continue
        seat = s.current_player()
        playing = s.phase_name == "play"
        tricks = len(s.tricks)
        s.apply(rng.choice(s.legal_actions()))
        if not playing:
            continue
        played.append(seat)
        if len(s.tricks) > tricks:
            assert s.tricks[-1][1] == tuple(played)
            assert s.tricks[-1][3] == played[s.tricks[-1][4]]
            assert s.trick_seats == [] and s.trick_cards == []
            played = []
        else:
            assert s.trick_seats == played
            assert s.observation(None)["trick"][-1][0] == seat


def test_strongest_picks_the_first_strongest_card_like_the_general_comparison():
    """The unrolled four-card comparison equals 'index of the first maximum, -1 if no card
    can win' on random tricks of every contract (and 1-3 cards take the general path)."""
    rng = random.Random(4)
    for _ in range(3000):
        trump = rng.randrange(-1, 4)
        low = rng.random() < 0.5
        cards = rng.sample(range(54), rng.randint(1, 4))
        led = next((c // 13 for c in cards if c < 52), -1)
        table = strength_table(trump, low, led)
        values = [table[c] for c in cards]
        best = max(values)
        expect = values.index(best) if best >= 0 else -1
        assert strongest(table, cards) == expect == winning_index(cards, trump, low)


@pytest.mark.parametrize("variant", VARIANTS)
def test_drawn_deal_texts_are_made_on_reading_and_it_stays_a_frozen_value(variant):
    """A drawn deal equals, hashes and shows like the deal parsed from its text; it is
    frozen, pickles and copies as that value."""
    s = GAME.new_initial_state(players(variant), variant=variant, first_dealer=1)
    deal = s.sample_chance(random.Random(9))
    parsed = A.parse_action(str(deal))
    assert deal == parsed and hash(deal) == hash(parsed) and repr(deal) == repr(parsed)
    assert deal.text == str(parsed) and deal.hands == parsed.hands
    assert deal.kitty == parsed.kitty and deal.turn == parsed.turn
    for twin in (pickle.loads(pickle.dumps(deal)), copy.deepcopy(deal), copy.copy(deal)):
        assert twin == deal and str(twin) == str(deal)
    with pytest.raises(FrozenInstanceError):
        deal.turn = "AS"
    with pytest.raises(FrozenInstanceError):
        deal.hands = ()


def test_drawn_deal_text_is_not_made_when_nobody_reads_it():
    """Applying a drawn deal and playing it out reads no card text of the deal."""
    s = GAME.new_initial_state(4, variant="bid4", first_dealer=0)
    rng = random.Random(2)
    deal = s.sample_chance(rng)
    s.apply(deal)
    while s.deal_no == 0:
        s.apply(rng.choice(s.legal_actions()))
    assert deal._hands is None and deal._kitty is None
    assert s.history[0] == str(deal) and deal._hands is not None


def test_checked_play_after_the_hands_are_edited_uses_the_new_hand():
    """A position edited like a sampled world (hands swapped, the cached moves cleared)
    is checked against its new hand: the old hand's card is refused, the new one's taken."""
    s = GAME.new_initial_state(4, variant="bid4", first_dealer=0)
    rng = random.Random(6)
    s.apply(s.sample_chance(rng))
    while s.phase_name != "play":
        s.apply(rng.choice(s.legal_actions()))
    seat = s.current_player()
    old = s.legal_actions()  # caches the mask of the real hand
    other = (seat + 1) % 4
    world = s.clone()
    world.hands[seat], world.hands[other] = world.hands[other], world.hands[seat]
    world._legal = None
    new = world.legal_actions()
    gone = next(a for a in old if a not in new)
    with pytest.raises(IllegalAction):
        world.apply(gone)
    world.apply(new[0])
    assert world.trick_cards[-1] == new[0].code
    s.apply(gone)  # the real position still takes it
    assert s.trick_cards[-1] == gone.code


def test_checked_play_follows_suit_with_the_cached_mask():
    """After ``legal_actions()`` a card off the suit led is refused while the seat holds
    that suit, and taken when it is void."""
    s = GAME.new_initial_state(4, variant="bid4", first_dealer=0, jokers_follow_trump=False)
    rng = random.Random(8)
    s.apply(s.sample_chance(rng))
    while s.phase_name != "play":
        s.apply(rng.choice(s.legal_actions()))
    checked = 0
    while s.deal_no == 0 and checked < 40:
        legal = s.legal_actions()
        if s.led >= 0:
            seat = s.current_player()
            holds_suit = s.hands[seat] & SUIT_MASK[s.led]
            for a in A.PLAY:
                if s.hands[seat] >> a.code & 1 and not SUIT_MASK[s.led] >> a.code & 1:
                    twin = s.clone()
                    if holds_suit:
                        with pytest.raises(IllegalAction):
                            twin.apply(a)
                    else:
                        twin.apply(a)
                    checked += 1
        s.apply(rng.choice(legal))
    assert checked
