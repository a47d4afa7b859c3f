"""One test (or a few) per clause of RULES.md §4."""

import random

import pytest

from engine import CHANCE, TERMINAL, EngineError, IllegalAction, ParseError
from engine.whist.actions import Bid, Deal, parse_action
from tests.engine.whist.helpers import GAME, deal_for, dealt, new, texts


# --- set-up and variants ------------------------------------------------------------------
def test_variant_fixes_players():
    assert list(GAME.players_for(GAME.ruleset_class())) == [4]
    s = GAME.new_initial_state(2, variant="whist2")
    assert s.num_players == 2
    with pytest.raises(EngineError, match="allowed: 2"):
        GAME.new_initial_state(4, variant="bid2")


def test_random_first_dealer_is_chance():
    s = GAME.new_initial_state()
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["dealer 0", "dealer 1", "dealer 2", "dealer 3"]
    s.apply("dealer 2")
    assert s.dealer == 2 and s.phase_name == "deal"
    with pytest.raises(EngineError, match="sample_chance"):
        s.chance_outcomes()


def test_first_dealer_must_be_a_seat():
    with pytest.raises(EngineError, match="first_dealer 3"):
        GAME.new_initial_state(variant="bid2", first_dealer=3)


@pytest.mark.parametrize("variant", ["bid4", "whist4", "bid2", "whist2"])
def test_sampled_deal_is_valid_and_round_trips(variant):
    s = new(variant, 1)
    d = s.sample_chance(random.Random(5))
    s.check_chance(d)
    assert parse_action(str(d)) == d
    s.apply(str(d))
    obs = s.observation(None)
    n = 54 if variant.startswith("bid") else 52
    cards = [c for h in obs["hands"] for c in h] + (obs["kitty"] or [])
    for row in obs["straw"] or []:
        for p in row:
            cards += [p["up"]] + p["down_cards"]
    assert len(cards) == len(set(cards)) == n


def test_bad_deals_are_refused_with_reasons():
    s = new("bid4", 0)
    good = deal_for("bid4", 0, {})
    swapped = Deal(good.hands[:3] + (good.hands[3][:-1] + (good.hands[0][0],),), good.kitty)
    with pytest.raises(IllegalAction, match="dealt twice: "):
        s.apply(swapped)
    with pytest.raises(IllegalAction, match="kitty must be 6"):
        s.apply(Deal(good.hands, good.kitty[:5]))
    with pytest.raises(IllegalAction, match="Bid Whist turns no card"):
        s.apply(Deal(good.hands, good.kitty, (), "AS"))
    with pytest.raises(ParseError, match="'ZZ'"):
        s.apply("deal 0: ZZ")
    assert s.phase_name == "deal" and s.history == []
    w = new("whist4", 0)
    d = deal_for("whist4", 0, {})
    with pytest.raises(IllegalAction, match="dealer's"):
        w.apply(Deal(d.hands, (), (), d.hands[1][0]))


# --- Bid Whist bidding --------------------------------------------------------------------
def test_bidding_starts_left_of_dealer_and_ladder():
    s = dealt("bid4", 2)
    assert s.current_player() == 3
    acts = texts(s.legal_actions())
    assert acts[0] == "pass" and "bid 3 uptown" in acts and len(acts) == 16
    s.apply("bid 4 uptown")
    acts = texts(s.legal_actions())
    # same number as no trump beats uptown; uptown/downtown of the same number do not
    assert "bid 4 notrump" in acts and "bid 4 downtown" not in acts and "bid 4 uptown" not in acts
    assert "bid 3 notrump" not in acts and "bid 5 downtown" in acts
    s.apply("bid 4 notrump")
    acts = texts(s.legal_actions())
    assert "bid 4 notrump" not in acts and acts[1] == "bid 5 uptown"
    with pytest.raises(IllegalAction, match="'bid 4 downtown' is not allowed now"):
        s.apply("bid 4 downtown")


def test_dealer_must_bid_when_all_pass():
    s = dealt("bid4", 0)
    for _ in range(3):
        s.apply("pass")
    assert s.current_player() == 0
    assert "pass" not in texts(s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply("pass")
    s.apply("bid 3 downtown")
    assert s.declarer == 0 and s.phase_name == "trump"


def test_one_round_of_bidding_dealer_may_overcall():
    s = dealt("bid4", 0)
    s.apply("bid 3 uptown")  # seat 1
    s.apply("pass")
    s.apply("bid 5 downtown")  # seat 3
    s.apply("bid 5 notrump")  # dealer overcalls
    assert s.declarer == 0 and s.kind == "notrump"
    assert texts(s.legal_actions()) == ["direction high", "direction low"]


def test_two_player_bidding():
    s = dealt("bid2", 0)
    assert s.current_player() == 1
    s.apply("pass")
    assert "pass" not in texts(s.legal_actions())
    s.apply("bid 3 uptown")
    assert s.declarer == 0


# --- trump, kitty -------------------------------------------------------------------------
def kitty_state():
    kitty = ("2S", "3S", "4S", "5S", "6S", "7S")
    s = dealt(
        "bid4",
        3,
        {0: ("BJ", "LJ", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "AH", "KH", "QH")},
        kitty=kitty,
    )
    s.apply("bid 7 uptown")  # seat 0
    for _ in range(3):
        s.apply("pass")
    return s, kitty


def test_trump_then_kitty_and_discards_make_the_first_book():
    s, kitty = kitty_state()
    assert texts(s.legal_actions()) == ["trump S", "trump H", "trump D", "trump C"]
    assert s.observation(0)["kitty"] is None and s.observation(1)["kitty"] is None
    s.apply("trump S")
    assert s.phase_name == "discard" and s.current_player() == 0
    assert len(s.observation(0)["hand"]) == 18
    assert s.observation(0)["kitty"] == list(kitty[::-1])
    assert s.observation(1)["kitty"] is None and s.observation(1)["hand_sizes"][0] == 18
    for c in ("AH", "KH", "QH", "2S", "3S", "4S"):
        s.apply(f"discard {c}")
    assert s.books == [1, 0]
    assert s.observation(0)["discards"] is not None and s.observation(2)["discards"] is None
    assert s.phase_name == "play" and s.current_player() == 0  # declarer leads
    with pytest.raises(IllegalAction):
        s.apply("play AH")  # discarded


def test_sweep_scores_seven_and_wins():
    s, _ = kitty_state()
    s.apply("trump S")
    for c in ("AH", "KH", "QH", "2S", "3S", "4S"):
        s.apply(f"discard {c}")
    rng = random.Random(0)
    while s.phase_name == "play":
        s.apply(rng.choice(s.legal_actions()) if s.current_player() else s.legal_actions()[-1])
    # seat 0 holds every trump plus both jokers: 12 tricks + kitty book
    assert s.deal_log[0]["books"] == (13, 0) and s.deal_log[0]["points"] == (7, 0)
    assert s.current_player() == TERMINAL and s.returns() == [7, 0, 7, 0]
    assert s.winners() == [0, 2]


# --- play: following suit and jokers -------------------------------------------------------
def play_state(fixed, bid="bid 3 uptown", trump="trump S", dealer=3, variant="bid4"):
    s = dealt(variant, dealer, fixed)
    s.apply(bid)
    while s.phase_name == "bid":
        s.apply("pass")
    s.apply(trump)
    while s.phase_name == "discard":
        hand = s.observation(s.declarer)["hand"]
        keep = set(fixed.get(s.declarer, ()))
        s.apply("discard " + next(c for c in reversed(hand) if c not in keep))
    return s


def test_must_follow_suit_and_joker_only_when_void():
    s = play_state(
        {
            0: ("AH",),
            1: ("2H", "BJ", "AS", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D"),
        }
    )
    s.apply("play AH")
    assert texts(s.legal_actions()) == ["play 2H"]  # has a heart: no joker
    s.apply("play 2H")


def test_void_player_may_play_joker_or_anything():
    s = play_state(
        {
            0: ("AH",),
            1: ("BJ", "AS", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D", "4D"),
        }
    )
    s.apply("play AH")
    acts = texts(s.legal_actions())
    assert "play BJ" in acts and "play AS" in acts and "play KD" in acts


def test_led_joker_lets_first_non_joker_set_suit():
    s = play_state(
        {
            0: ("LJ",),
            1: ("2H", "AS", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D", "4D"),
            2: ("3H", "2C", "AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C"),
        },
        bid="bid 3 notrump",
        trump="direction high",
    )
    s.apply("play LJ")
    assert len(s.legal_actions()) == 12  # no suit yet: anything
    s.apply("play 2H")
    assert texts(s.legal_actions()) == ["play 3H"]  # hearts now set
    s.apply("play 3H")
    s.apply(s.legal_actions()[0])
    assert s.tricks[0][3] in (1, 2, 3)  # a joker never wins in no trump


def test_joker_wins_trump_contract():
    s = play_state({0: ("LJ",), 1: ("BJ",)}, bid="bid 3 downtown", trump="trump C")
    s.apply("play LJ")
    s.apply("play BJ")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.tricks[0][3] == 1 and s.books == [1, 1]


def test_observation_hides_hands():
    s = dealt("bid4", 0)
    obs = s.observation(1)
    assert obs["hand"] is not None and obs["hands"][0] is None and obs["hands"][2] is None
    assert obs["kitty"] is None
    assert s.observation(None)["hands"][0] is not None
    with pytest.raises(EngineError, match="seat 7"):
        s.observation(7)


# --- Whist 4 players -------------------------------------------------------------------------
def test_whist4_turned_trump_and_eldest_leads():
    s = dealt("whist4", 1, {1: ("2D",)}, turn=None)
    turn = s.observation(3)["turn_card"]
    assert turn is not None and s.trump == "SHDC".index(turn[-1])
    assert s.current_player() == 2 and s.phase_name == "play"
    assert turn in s.observation(1)["hand"]


def whist4_to_end_of_deal(fixed, dealer=3, scores=(0, 0), **rules):
    s = new("whist4", dealer, **rules)
    s.scores = list(scores)
    s.apply(deal_for("whist4", dealer, fixed))
    while s.phase_name == "play":
        s.apply(s.legal_actions()[-1])
    return s


def test_whist4_honours_from_one_hand():
    spades = ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S")
    # dealer 0 holds all 13 trumps: 13 tricks → 7 points; scores ≥ 4 so no honours
    s = whist4_to_end_of_deal({0: spades}, dealer=0)
    assert s.deal_log[0]["points"] == (7, 0) and s.deal_log[0]["honours"] == (0, 0)
    assert s.winners() == [0, 2]


@pytest.mark.parametrize("after_tricks", [False, True])
def test_whist4_honours_bar_field(after_tricks):
    # seat 1 (side 1) holds A K Q J of hearts; hearts trump (dealer 1 turns 2H)
    fixed = {1: ("AH", "KH", "QH", "JH", "2H")}
    s = new("whist4", 1, honours_after_tricks=after_tricks)
    d = deal_for("whist4", 1, fixed, turn="2H")
    s.apply(d)
    assert s.honours[1] == 4
    s.scores = [0, 0]
    while s.phase_name == "play":
        s.apply(s.legal_actions()[0])
    log = s.deal_log[0]
    tricks_pts = max(0, log["books"][1] - 6)
    bar = tricks_pts if after_tricks else 0  # default: the score before the deal
    won_on_tricks = tricks_pts >= s.ruleset.whist_target  # tricks are scored first
    want = 4 if bar < 4 and not won_on_tricks else 0
    assert log["honours"] == (0, want)


def test_whist4_three_honours_two_points_and_bar():
    from engine.whist.scoring import honours_points

    assert honours_points(3, 3) == 2 and honours_points(3, 4) == 0


def test_whist_target_field():
    s = new("whist4", 0, whist_target=7)
    assert s.ruleset.whist_target == 7
    with pytest.raises(EngineError, match="allowed"):
        new("whist4", 0, whist_target=6)


# --- two players ---------------------------------------------------------------------------
def test_straw_piles_public_and_turned_when_played():
    straw = (
        (
            ("2S", "AS"),
            ("3S", "KS"),
            ("4S", "QS"),
            ("5S", "JS"),
            ("6S", "10S"),
            ("7S", "9S"),
            ("8S", "AH"),
        ),
        (
            ("2H", "KH"),
            ("3H", "QH"),
            ("4H", "JH"),
            ("5H", "10H"),
            ("6H", "9H"),
            ("7H", "8H"),
            ("2D", "AD"),
        ),
    )
    s = new("whist2", 0)
    s.apply(deal_for("whist2", 0, {}, straw=straw))
    o = s.observation(1)
    assert o["straw"][0][0] == {"up": "AS", "down": 1, "down_cards": None}
    s.apply("declare high")  # non-dealer 1 declares High: dealer (0) leads
    assert s.hl_declarer == 1 and s.current_player() == 0
    assert "play AS" in texts(s.legal_actions())
    s.apply("play AS")
    assert s.observation(1)["straw"][0][0] == {"up": "2S", "down": 0, "down_cards": None}
    assert s.current_player() == 1
    s.apply(s.legal_actions()[0])
    assert s.current_player() == 0  # leader plays again
    acts = texts(s.legal_actions())
    assert all(a.endswith("S") for a in acts) and "play 2S" in acts  # follow spades
    s.apply(acts[0])
    assert s.current_player() == 1
    s.apply(s.legal_actions()[0])
    assert len(s.tricks) == 1 and len(s.tricks[0][2]) == 4


def test_high_low_declarations_and_leads():
    s = dealt("whist2", 0)
    assert s.current_player() == 1  # non-dealer declares
    s.apply("declare low")
    assert s.current_player() == 0  # dealer may change it
    s.apply("declare high")
    assert s.hl_game == "high" and s.hl_declarer == 0 and s.current_player() == 1
    assert s.trump == "SHDC".index(s.observation(1)["turn_card"][-1])

    s = dealt("whist2", 0)
    s.apply("declare low")
    s.apply("declare low")
    assert s.hl_game == "low" and s.trump == -1 and s.current_player() == 1

    s = dealt("whist2", 1)
    s.apply("declare high")  # non-dealer 0 decides High; dealer 1 leads
    assert s.hl_declarer == 0 and s.current_player() == 1


def test_two_player_deal_scores_by_formula():
    s = dealt("whist2", 0)
    s.apply("declare low")
    s.apply("declare low")
    while s.phase_name == "play":
        s.apply(s.legal_actions()[0])
    from engine.whist import two_player_whist_points

    log = s.deal_log[0]
    assert sum(log["books"]) == 13
    assert log["points"] == two_player_whist_points("low", log["books"])


def test_bid2_twelve_tricks_plus_kitty():
    s = play_state({}, bid="bid 3 uptown", trump="trump H", dealer=1, variant="bid2")
    while s.phase_name == "play":
        s.apply(s.legal_actions()[0])
    log = s.deal_log[0]
    assert sum(log["books"]) == 13 and log["books"][s.declarer] >= 1


# --- actions text ----------------------------------------------------------------------------
def test_action_text_round_trip():
    s = dealt("bid4", 0)
    for a in s.legal_actions():
        assert parse_action(str(a)) == a
        assert eval(repr(a), {"Bid": Bid, "Pass": type(a)}) == a
    with pytest.raises(ParseError, match="'bid 4 sideways'"):
        s.apply("bid 4 sideways")
    with pytest.raises(ParseError, match="'hello'"):
        s.apply("hello")


def test_minus_seven_loses():
    low = [r + x for x in "SHD" for r in ("2", "3", "4", "5")]
    mid = [r + x for x in "SHD" for r in ("6", "7", "8", "9")]
    kitty = ("2C", "3C", "4C", "5C", "6C", "7C")
    s = dealt("bid4", 3, {0: tuple(low), 2: tuple(mid)}, kitty=kitty)
    s.scores = [-5, 0]
    s.apply("bid 7 notrump")  # seat 0, with nothing
    for _ in range(3):
        s.apply("pass")
    s.apply("direction high")
    for c in kitty:
        s.apply(f"discard {c}")
    while s.phase_name == "play":
        s.apply(s.legal_actions()[-1])
    assert s.deal_log[0]["books"][0] == 1  # only the kitty book
    assert s.deal_log[0]["points"] == (-14, 0)
    assert s.is_terminal() and s.winners() == [1, 3] and s.returns() == [-19, 0, -19, 0]


def test_game_continues_and_deal_passes_left():
    s = dealt("bid4", 3)
    s.apply("bid 3 uptown")
    for _ in range(3):
        s.apply("pass")
    s.apply("trump S")
    while s.phase_name in ("discard", "play"):
        s.apply(s.legal_actions()[0])
    if not s.is_terminal():
        assert s.phase_name == "deal" and s.dealer == 0 and s.deal_no == 1
        assert s.current_player() == CHANCE


def test_whist_target_reached_ends_game():
    s = new("whist4", 0)
    s.scores = [4, 0]
    s.apply(
        deal_for(
            "whist4",
            0,
            {0: ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S")},
        )
    )
    while s.phase_name == "play":
        s.apply(s.legal_actions()[-1])
    assert s.is_terminal() and s.scores[0] >= 5 and s.winners() == [0, 2]
