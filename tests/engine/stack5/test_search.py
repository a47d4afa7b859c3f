"""Stack 5 sample_world: only the deck order is secret, and it is chance, so the sampled
world is a clone whose every observation equals the real one."""

import random

from engine.stack5.search import sample_world
from tests.engine.test_search import random_positions


def test_sample_world_is_a_clone_with_the_same_observation_for_every_seat():
    for s in random_positions("stack5", 3, 200, seed=5):
        w = sample_world(s, s.current_player(), random.Random(0))
        assert w is not s
        for seat in range(3):
            assert w.observation(seat) == s.observation(seat)
        assert w.legal_actions() == s.legal_actions()
        if w.is_chance():
            assert w.chance_outcomes() == s.chance_outcomes()
