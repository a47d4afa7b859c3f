"""The fast paths of the Whist state keep the rules and the records exactly.

The checked ``apply`` tests a card play or discard with one bit mask; the history keeps
action objects and makes the texts when read; a drawn deal carries its hand masks; the
deck is shuffled by a written-out copy of ``random.shuffle``. Each is checked here against
the general path over whole random games of every variant.
"""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalAction
from engine.whist import actions as A
from engine.whist.cards import shuffle
from engine.whist.dealing import drawn_deal_ok
from tests.engine.whist.helpers import GAME, players

VARIANTS = ("bid4", "whist4", "bid2", "whist2")


def _game(variant: str, seed: int, **rules):
    s = GAME.new_initial_state(players(variant), variant=variant, **rules)
    rng = random.Random(seed)
    return s, rng


@pytest.mark.parametrize("club", [True, False])
@pytest.mark.parametrize("variant", VARIANTS)
def test_checked_play_and_discard_accept_exactly_the_legal_actions_in_whole_games(variant, club):
    """Follow suit (and the club rule's jokers) through the bit-mask check: every card is
    tried at sampled steps; ``apply`` takes it iff ``legal_actions()`` lists it, and a
    refused card leaves the state unchanged."""
    s, rng = _game(variant, 7 + club, jokers_follow_trump=club)
    step = 0
    while not s.is_terminal():
        if s.current_player() < 0:
            s.apply(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        if s.phase_name in ("play", "discard") and step % 3 == 0:
            table = A.PLAY if s.phase_name == "play" else A.DISCARD
            for action in table:
                twin = s.clone()
                before = twin.observation(None)
                if action in legal:
                    twin.apply(action)
                    assert twin.history[-1] == str(action)
                else:
                    with pytest.raises(IllegalAction):
                        twin.apply(action)
                    assert twin.observation(None) == before
                    assert twin.history == s.history
        s.apply(rng.choice(legal))
        step += 1


def test_checked_play_refuses_other_card_objects_like_the_general_check():
    """A Play naming a card the seat does not hold, or not a card at all, is refused."""
    s, rng = _game("bid4", 3, first_dealer=0)
    s.apply(s.sample_chance(rng))
    while s.phase_name != "play":
        s.apply(s.legal_actions()[0])
    held = {str(a) for a in s.legal_actions()}
    other = next(a for a in A.PLAY if str(a) not in held)
    for bad in (other, A.Play("ZZ"), A.Play("7c"), A.Discard(s.legal_actions()[0].card)):
        with pytest.raises(IllegalAction, match="allowed:"):
            s.apply(bad)


@pytest.mark.parametrize("variant", VARIANTS)
def test_history_texts_are_made_on_read_and_clones_are_independent(variant):
    """``history`` equals the texts of the applied actions whenever it is read, and a
    clone's history and the original's never share later actions."""
    s, rng = _game(variant, 11)
    applied = []
    twin = None
    while not s.is_terminal() and len(applied) < 400:
        if s.current_player() < 0:
            a = s.sample_chance(rng)
            s.apply_trusted(a)
        else:
            a = rng.choice(s.legal_actions())
            s.apply(a)
        applied.append(str(a))
        if len(applied) % 37 == 0:
            assert s.history == applied
        if len(applied) == 50:
            twin = s.clone()
    assert s.history == applied
    assert twin.history == applied[:50]
    twin.apply_trusted(
        rng.choice(twin.legal_actions()) if twin.current_player() >= 0 else twin.sample_chance(rng)
    )
    assert len(twin.history) == 51 and s.history == applied


@pytest.mark.parametrize("variant", VARIANTS)
def test_drawn_deal_equals_its_text_and_applies_like_it(variant):
    """A deal from ``sample_chance`` (carrying hand masks) equals the deal parsed from its
    text, and both give the same position."""
    s, rng = _game(variant, 5, first_dealer=1)
    deal = s.sample_chance(rng)
    parsed = s.parse_action(str(deal))
    assert parsed == deal and parsed.codes is None and deal.codes is not None
    a, b = s.clone(), s.clone()
    a.apply(deal)
    b.apply(parsed)
    assert a.observation(None) == b.observation(None)
    assert a.legal_actions() == b.legal_actions()


def test_deck_shuffle_draws_exactly_like_random_shuffle():
    """Recorded games depend on the shuffle: same order, same generator state after."""
    for seed in range(300):
        for n in (0, 1, 2, 52, 54):
            a, b = random.Random(seed), random.Random(seed)
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            shuffle(b, y)
            assert x == y and a.getstate() == b.getstate()

    class Own(random.Random):  # a subclass takes the library's own shuffle
        pass

    a, b = Own(4), random.Random(4)
    x, y = list(range(54)), list(range(54))
    shuffle(a, x)
    b.shuffle(y)
    assert x == y


@pytest.mark.parametrize("variant", ["bid4", "whist4"])
def test_drawn_deal_check_on_masks_agrees_with_the_full_deal_check(variant):
    """A deal carrying masks is checked on them; good and broken deals (a card twice, the
    turned card outside the dealer's hand) get the same verdict as the full check."""
    rng = random.Random(9)
    verdicts = set()
    for _ in range(150):
        s = GAME.new_initial_state(4, variant=variant, first_dealer=rng.randrange(4))
        deck = list(range(54 if variant == "bid4" else 52))
        rng.shuffle(deck)
        size = 12 if variant == "bid4" else 13
        hands = [deck[size * k : size * k + size] for k in range(4)]
        if rng.random() < 0.5:
            hands[rng.randrange(4)][rng.randrange(12)] = hands[rng.randrange(4)][0]
        kitty = deck[48:54] if variant == "bid4" else ()
        turn = -1
        if variant == "whist4":
            seat = s.dealer if rng.random() < 0.7 else (s.dealer + 1) % 4
            turn = hands[seat][rng.randrange(12)]
        drawn = A.deal_text(hands, kitty, (), turn)
        plain = A.Deal(drawn.hands, drawn.kitty, drawn.straw, drawn.turn)
        try:
            s.check_chance(plain)
            full = True
        except IllegalAction:
            full = False
        assert drawn_deal_ok(s, drawn) == full
        if full:
            s.check_chance(drawn)
        else:
            with pytest.raises(IllegalAction, match="not a valid deal"):
                s.check_chance(drawn)
        verdicts.add(full)
    assert verdicts == {True, False}


#: every well-formed player action (a card to play or discard, a bid or pass, a trump suit, a
#: direction, a declaration): parsed from its text, so the parser's objects are tried too
EVERY_ACTION = tuple(
    str(a)
    for a in (*A.PLAY, *A.DISCARD, A.PASS, *A.ALL_BIDS, *A.TRUMPS, *A.DIRECTIONS, *A.DECLARES)
)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_well_formed_action_is_taken_iff_legal_else_refused_naming_the_turn(variant):
    """Legality lives in ``legal_actions()``; ``apply`` checks a card with a bit mask, a bid,
    trump, direction or declaration by identity, anything else by the general check. Over
    whole games, at every decision of sampled steps, each well-formed action (by its text)
    is taken iff it is listed; a refused one gets the coded reason that names whose turn it
    is, and leaves the state and its history unchanged."""
    s, rng = _game(variant, 11)
    bot = GAME.make_bot("heuristic")
    step = 0
    while not s.is_terminal():
        seat = s.current_player()
        if seat < 0:
            s.apply(s.sample_chance(rng))
            continue
        if step % 6 == 0 or s.phase_name != "play":
            legal = {str(a) for a in s.legal_actions()}
            for text in EVERY_ACTION:
                twin = s.clone()
                before = twin.observation(None)
                if text in legal:
                    twin.apply(text)
                    assert twin.history[-1] == text
                    continue
                with pytest.raises(IllegalAction) as refused:
                    twin.apply(text)
                assert refused.value.code == "action.not_allowed", (text, str(refused.value))
                assert refused.value.params["turn"] == s.describe_turn()
                assert twin.observation(None) == before and twin.history == s.history
        s.apply(bot.choose(s, seat, rng))
        step += 1
