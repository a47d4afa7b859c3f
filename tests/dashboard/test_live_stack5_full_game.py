"""A whole Stack 5 game entered on the live page through its widgets, to the end.

The test plays the part of the people at the table: a twin engine state (with the
heuristic bot for decisions and a seeded draw for the deck) decides what "happens", and
every move and every card drawn is entered through the page's selectbox and Apply button.
"""

from __future__ import annotations

import random

from engine import CHANCE, GameRecord, get_game, replay
from tests.apptest import open_page

KEY = "live_stack5"


def test_full_live_stack5_game_through_the_widgets():
    game = get_game("stack5")
    at = open_page("views/stack5/live.py")
    at.selectbox(key=f"{KEY}_n").set_value(2)
    at.text_input(key=f"{KEY}_name0").set_value("Ann")
    at.text_input(key=f"{KEY}_name1").set_value("Bob")
    at.button[[b.label for b in at.button].index("Start the game")].click().run()
    assert not at.exception

    twin = game.new_initial_state(2)
    bot = game.make_bot("heuristic")
    rng = random.Random(4)
    entered = 0
    while not twin.is_terminal():
        if twin.current_player() == CHANCE:
            action = twin.sample_chance(rng)
        else:
            action = bot.choose(twin, twin.current_player(), rng)
        at.selectbox(key=f"{KEY}_choice").set_value(str(action))
        at.button(key=f"{KEY}_apply").click().run()
        assert not at.exception
        assert not at.error, at.error[0].value
        twin.apply(action)
        entered += 1
        assert entered < 2000

    assert entered == len(twin.history) > 30  # a real game, not a stub
    winner = ["Ann", "Bob"][twin.winners()[0]]
    assert any(f"Game over — won by {winner}" in s.value for s in at.success)
    at.button(key=f"{KEY}_explore").click().run()
    record = GameRecord.from_json(at.session_state["xp_stack5_live"])
    assert record.actions == twin.history
    assert record.result == {"scores": twin.returns(), "winners": twin.winners()}
    assert list(replay(record))[-1].state.returns() == twin.returns()
