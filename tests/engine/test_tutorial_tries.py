"""The refused moves a guided game offers the learner to try (``engine.tutorial.tries``):
over whole guided games of every game, every try is refused by the state itself (applied
to a copy it raises ``IllegalAction`` and the state is unchanged) and carries a coded reason;
Stack 5's and Whist's reasons hold together with their legal moves (a placement, a held
card, has a reason exactly when it is not legal)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.records import initial_state
from engine.stack5.actions import Give, Place
from engine.tutorial import guide, play, tries, tutorial_games

#: the games whose guide names tries
TRYING = [g for g in tutorial_games() if guide(g).tries is not None]


def _learner_states(game: str, seed: int):
    record = play(game, seed).record
    state = initial_state(record)
    for text in record.actions:
        if state.current_player() >= 0:
            yield state
        state.apply(text)


def test_every_guided_game_offers_tries():
    assert tutorial_games() == TRYING


@pytest.mark.parametrize("game", TRYING)
@pytest.mark.parametrize("seed", [0, 3])
def test_every_try_is_refused_and_has_a_coded_reason(game, seed):
    offered = 0
    for state in _learner_states(game, seed):
        before = list(state.history)
        found = tries(state)
        assert state.history == before
        for t in found:
            assert t.action not in {str(a) for a in state.legal_actions()}
            assert t.reason.code and t.reason.template, t
            copy = state.clone()
            with pytest.raises(IllegalAction):
                copy.apply(t.action)
            assert copy.history == state.history
        offered += len(found)
    assert offered > 0, "a whole guided game offered no try"


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_stack5_a_placement_has_a_reason_exactly_when_it_is_not_legal(seed):
    checked = 0
    for state in _learner_states("stack5", seed):
        legal = {str(a) for a in state.legal_actions()}
        placing = [a for a in state.legal_actions() if isinstance(a, Place)]
        cards = {a.card for a in placing}
        rows = state.ruleset.max_rows
        for card in cards:
            for row in range(1, rows + 1):
                for discard in (False, True):
                    a = Place(card, row, discard)
                    why = state.why_illegal(a)
                    assert (why is None) == (str(a) in legal), (str(a), why, sorted(legal))
                    checked += 1
        gives = [a for a in state.legal_actions() if isinstance(a, Give)]
        if gives:
            assert state.why_illegal(Give(state.player)) is not None
            assert all(state.why_illegal(a) is None for a in gives)
    assert checked > 0


@pytest.mark.parametrize("seed", [0, 2])
def test_whist_a_held_card_has_a_reason_exactly_when_it_may_not_be_played(seed):
    from engine.whist.actions import Play
    from engine.whist.cards import card_text
    from engine.whist.reasons import why_illegal
    from engine.whist.state import PLAY

    checked = 0
    for state in _learner_states("whist", seed):
        if state.phase != PLAY or state.led < 0:
            continue
        seat = state.to_act
        held = state.hands[seat] | state.tops[seat]
        legal = {str(a) for a in state.legal_actions()}
        for code in range(54):
            if held >> code & 1:
                a = Play(card_text(code))
                assert (why_illegal(state, a) is None) == (str(a) in legal), str(a)
                checked += 1
    assert checked > 0
