"""A Whist deal's phases are a named type (:class:`engine.whist.phases.Phase`) whose values
are the integers the records and tables always held."""

import random

from engine import CHANCE, get_game
from engine.whist.phases import PHASES, Phase


def test_the_phases_keep_their_numbers_and_names():
    assert [int(p) for p in Phase] == list(range(8))
    assert [p.name.lower() for p in Phase] == [
        "dealer", "deal", "bid", "trump", "discard", "declare", "play", "end",
    ]  # fmt: skip
    assert len(PHASES) == len(Phase)


def test_a_whole_game_passes_through_named_phases():
    rng = random.Random(4)
    for variant in ("bid4", "whist4", "bid2", "whist2"):
        s = get_game("whist").new_initial_state(variant=variant)
        seen = set()
        while not s.is_terminal():
            assert isinstance(s.phase, Phase)
            assert s.phase_name == PHASES[s.phase]
            seen.add(s.phase)
            if s.current_player() == CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                s.apply(rng.choice(s.legal_actions()))
        assert s.phase is Phase.END
        assert {Phase.DEAL, Phase.PLAY} <= seen
