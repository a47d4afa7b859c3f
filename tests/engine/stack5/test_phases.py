"""A Stack 5 turn's phases are a named type (:class:`engine.stack5.phases.Phase`) whose
values are the integers the records and tables always held."""

import random

from engine import CHANCE, get_game
from engine.stack5.phases import PHASE_NAMES, Phase


def test_the_phases_keep_their_numbers():
    assert [int(p) for p in Phase] == list(range(9))
    assert len(PHASE_NAMES) == len(Phase)


def test_a_whole_game_passes_through_named_phases():
    rng = random.Random(2)
    for players in (2, 3, 4):
        s = get_game("stack5").new_initial_state(players)
        while not s.is_terminal():
            assert isinstance(s.phase, Phase)
            assert s.observation(0)["phase"] == PHASE_NAMES[s.phase]
            if s.current_player() == CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                s.apply(rng.choice(s.legal_actions()))
        assert s.phase is Phase.OVER
