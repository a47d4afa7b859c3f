"""Owner's Choice sample_world: everything is public, only the dice are to come, so the
sampled world is a clone whose observation equals the real one."""

import random

from engine.owners_choice.search import sample_world
from tests.engine.test_search import random_positions


def test_sample_world_is_a_clone_with_the_same_observation_and_moves():
    for s in random_positions("owners_choice", 4, 200, seed=5):
        w = sample_world(s, s.current_player(), random.Random(0))
        assert w is not s
        assert w.observation(0) == s.observation(0)
        assert w.legal_actions() == s.legal_actions()
        assert w.returns() == s.returns()
