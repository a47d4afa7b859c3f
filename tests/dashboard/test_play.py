"""Play against the bots (AppTest): a whole Bid Whist hand played through the page, bots
chosen per seat with plain labels, seeded chance recorded as actions, the game kept in
the store, your own view only."""

from __future__ import annotations

import random
import re
import time

import pytest

from dashboard.play.view import KIND, PLAY_SECONDS, bot_label, next_action
from dashboard.store.entries import default_store
from engine import GameRecord, get_game, replay
from engine.ladder import strongest_bot
from tests.apptest import open_page


def start(game: str, name: str = "Aiko", seed: str = "7", n: int | None = None, seat: int = 0):
    at = open_page("views/play.py")
    at.selectbox(key="play_game").set_value(game).run()
    if n is not None:
        at.selectbox(key=f"play_n_{game}").set_value(n).run()
    at.selectbox(key="play_seat").set_value(seat).run()
    at.text_input(key="play_name").set_value(name)
    at.text_input(key="play_seed").set_value(seed)
    at.button(key="play_start").click().run()
    assert not at.exception, at.exception
    return at


def stored(at) -> GameRecord:
    return GameRecord.from_json(default_store().load(KIND, at.query_params["play"])[0])


def play_first_buttons(at, limit: int = 2000, wait_s: float = 300) -> int:
    """Tap the first move button when it is our turn, 'Skip to my turn' otherwise, at most
    ``limit`` moves of ours; wait while the bots' moves are made in a worker process. A
    loaded machine makes the bots slow (more taps on 'Skip' find them still thinking), not
    the game longer: only our moves count toward ``limit``, and the test fails when the game
    stands still for ``wait_s`` seconds. Returns the number of our moves."""
    taps, last, since = 0, -1, time.monotonic()
    while taps < limit:
        if any(s.value.startswith("Game over") for s in at.success):
            return taps
        done = len(stored(at).actions) if "play" in at.query_params else 0
        if done != last:
            last, since = done, time.monotonic()
        elif time.monotonic() - since > wait_s:
            raise AssertionError(f"the game stood still for {wait_s} s at {done} actions")
        moves = [b.key for b in at.button if b.key and b.key.startswith("play_m_")]
        if not moves and not [b for b in at.button if b.key == "play_skip"]:
            time.sleep(0.2)  # the bots play on to your turn
            at.run()
            continue
        at.button(key=moves[0] if moves else "play_skip").click().run()
        if moves:
            taps += 1
        else:
            time.sleep(0.05)  # a 'Skip' that finds the bots still thinking: let them think
        assert not at.exception, at.exception
        assert not at.error, at.error[0].value
    raise AssertionError(f"the game did not end within {limit} moves of ours")


def bots_played(at, seconds: float = 300) -> None:
    """Rerun the page (as its timer does) until the bots' moves asked for are made (the
    search bot thinks in a worker process)."""
    deadline = time.monotonic() + seconds
    while "play_bot_job" in at.session_state or "play_skipping" in at.session_state:
        assert time.monotonic() < deadline, "the bots are still playing"
        time.sleep(0.2)
        at.run()
    assert not at.exception, at.exception


def test_bot_choices_use_plain_labels():
    at = open_page("views/play.py")
    at.selectbox(key="play_game").set_value("Stack 5").run()
    box = at.selectbox(key="play_bot1")
    assert box.options[:2] == ["random", "simple bot"]  # then any stronger bot
    # the default: the strongest bot of the shipped ladder that answers within a second
    assert box.value == strongest_bot("stack5", PLAY_SECONDS)


@pytest.mark.slow  # a minute through AppTest; the short hands below run in make test
def test_a_full_bid_whist_hand_against_the_bots_through_the_page():
    at = start("Bid Whist", seat=1)
    record = stored(at)
    assert record.ruleset == {"variant": "bid4"}
    best = strongest_bot("whist", PLAY_SECONDS)
    assert record.meta["human"] == 1 and record.meta["bots"] == {"0": best, "2": best, "3": best}
    taps = play_first_buttons(at)
    assert taps > 10
    record = stored(at)
    state = list(replay(record))[-1].state
    assert state.is_terminal() or state.observation(None)["deal_no"] >= 1  # a whole hand
    # every event not made by Aiko is the seeded one the app would make: a twin agrees
    twin = get_game("whist").new_initial_state(4, variant="bid4")
    for i, text in enumerate(record.actions):
        if twin.current_player() != 1:
            partial = GameRecord("whist", record.players, record.actions[:i], record.ruleset)
            partial.meta = record.meta
            assert str(next_action(partial, twin)) == text
        twin.apply(text)
    shown = " ".join(m.value for m in [*at.markdown, *at.caption])
    assert "Aiko" in shown  # the name stays on the table
    assert re.search(r"\bYou (bid|pass|play|name|discard)\b", shown)  # own moves: "You …"
    assert not re.search(r"\bAiko (bids|passes|plays)\b", shown)


def test_you_see_only_your_own_hand_while_playing():
    at = start("Bid Whist", seat=0)
    if any(b.key == "play_skip" for b in at.button):
        at.button(key="play_skip").click().run()
        bots_played(at)
    state = list(replay(stored(at)))[-1].state
    html = " ".join(h.proto.body for h in at.get("html"))
    mine = state.observation(0)["hands"][0]
    others = [c for s in (1, 2, 3) for c in state.observation(None)["hands"][s]]
    assert mine and others
    assert all(f'title="{c}"' in html for c in mine if c not in ("LJ", "BJ"))
    assert not any(f'title="{c}"' in html for c in others if c not in ("LJ", "BJ"))


def test_stack5_against_two_bots_ends_and_is_stored_with_names():
    at = start("Stack 5", name="Aiko", seed="3", n=3)
    play_first_buttons(at, limit=600)
    record = stored(at)
    best = bot_label(strongest_bot("stack5", PLAY_SECONDS)).capitalize()
    assert record.players[0] == "Aiko" and record.players[1] == f"{best} 2"
    assert list(replay(record))[-1].state.is_terminal()
    at.button(key="play_explore").click().run()
    assert GameRecord.from_json(at.session_state["xp_stack5_live"]).actions == record.actions


def test_seeded_games_are_the_same_game(store_location):  # on SQLite and PostgreSQL
    a = start("Owner's Choice", seed="11", n=2)
    b = start("Owner's Choice", seed="11", n=2)
    for at in (a, b):
        for _ in range(3):
            moves = [x.key for x in at.button if x.key and x.key.startswith("play_m_")]
            at.button(key=moves[-1] if moves else "play_skip").click().run()
            bots_played(at)
    assert stored(a).actions == stored(b).actions
    assert random.Random("11:0").random() == random.Random("11:0").random()


@pytest.mark.parametrize(
    ("game", "n"), [("Stock Hold'em", 3), pytest.param("Whist", 2, marks=pytest.mark.slow)]
)
def test_games_play_to_the_end_through_the_page_with_one_banner(game, n):
    at = start(game, n=n, seed="5")
    play_first_buttons(at, limit=800)
    assert list(replay(stored(at)))[-1].state.is_terminal()
    over = [s.value for s in at.success if "Game over" in s.value]
    assert len(over) == 1 and "won by" in over[0], over  # one banner, with the names


def test_ending_a_game_ends_it_and_its_link_shows_it_ended_with_the_scores():
    """ "End this game" ends it where it stands: no further event is added, the page and
    the game's link show it ended with the scores it had, and the wording says so."""
    at = start("Stack 5", name="Aiko", seed="3", n=2)
    at.button(key="play_end").click().run()
    assert "its link then shows it ended" in at.warning[0].value
    at.button(key="play_end_yes").click().run()
    assert not at.exception, at.exception
    record = stored(at)
    assert record.meta["ended"] is True
    said = [i.value for i in at.info if "You ended this game" in i.value]
    assert len(said) == 1 and "Aiko" in said[0], [i.value for i in at.info]
    assert not [b for b in at.button if b.key and b.key.startswith("play_m_")]
    assert {"play_download", "play_explore", "play_new"} <= {
        b.key for b in at.get("download_button")
    } | {b.key for b in at.button}
    # the old link opens the ended game, and nothing moves on in it
    link = open_page("views/play.py")
    link.query_params["play"] = at.query_params["play"]
    link.run()
    assert any("You ended this game" in i.value for i in link.info)
    assert stored(link).actions == record.actions


def test_play_words_in_japanese_name_you_and_chance_plainly():
    """ja: no name given is "your turn" (not 「あなたさん」), and chance's turn is the cards
    or dice (not 「偶然」, coincidence)."""
    from dashboard.i18n import language

    with language("ja"):  # AppTest words the widgets' options in this thread
        at = open_page("views/play.py", lang="ja")
        at.selectbox(key="play_game").set_value("スタック5").run()
        at.selectbox(key="play_seat").set_value(0).run()
        at.text_input(key="play_seed").set_value("3")
        at.button(key="play_start").click().run()
        for _ in range(40):
            assert not at.exception, at.exception
            text = " ".join(m.value for m in at.markdown) + " ".join(i.value for i in at.info)
            assert "あなたさん" not in text and "偶然" not in text, text
            moves = [b.key for b in at.button if b.key and b.key.startswith("play_m_")]
            if moves:
                assert "**あなたの手番です：**" in [m.value for m in at.markdown]
                break
            if any(b.key == "play_skip" for b in at.button):
                at.button(key="play_skip").click().run()
            bots_played(at)
        else:
            raise AssertionError("never your turn")
