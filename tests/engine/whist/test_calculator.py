import pytest

from engine import EngineError, ParseError
from engine.whist import (
    bid_whist_points,
    honours_points,
    trick_winner,
    two_player_whist_points,
    whist_points,
)


@pytest.mark.parametrize(
    "cards, trump, low, want",
    [
        (["10H", "KH", "BJ", "2S"], "S", False, 2),  # big joker is the highest trump
        (["10H", "KH", "LJ", "2S"], "S", False, 2),
        (["10H", "KH", "LJ", "BJ"], "D", False, 3),  # big over little
        (["10H", "KH", "2S", "3S"], "S", False, 3),  # highest trump
        (["10H", "KH", "BJ", "2S"], None, False, 1),  # jokers never win in no trump
        (["10H", "KH", "AD", "2S"], None, False, 1),  # off-suit cannot win
        (["10H", "KH", "AH", "2H"], None, True, 2),  # low: A highest
        (["10H", "KH", "3H", "2H"], None, True, 3),  # low: 2 next
        (["10H", "KH", "3H", "JH"], None, True, 2),
        (["KH", "QH"], None, True, 1),  # low: K lowest
        (["3H", "2H", "4S", "AS"], "S", True, 3),  # downtown with trump S: A highest
        (["3H", "2H", "4S", "5S"], "S", True, 2),  # downtown: 4 over 5
        (["3H", "2H", "4S", "BJ"], "S", True, 3),  # jokers top downtown too
        (["LJ", "5D", "AD", "9C"], None, False, 2),  # led joker: first non-joker sets suit
        (["LJ", "BJ", "5D", "AC"], None, False, 2),
        (["LJ", "5D", "AD", "9C"], "C", False, 0),  # in trump contracts a led joker wins
        (["LJ", "5D", "AD", "BJ"], "C", False, 3),
        (["2C"], None, False, 0),
    ],
)
def test_trick_winner(cards, trump, low, want):
    assert trick_winner(cards, trump=trump, low=low) == want


@pytest.mark.parametrize(
    "cards, match",
    [
        (["AS", "AS"], "twice"),
        (["1S", "AS"], "'1S'"),
        ([], "at least one"),
        (["AS", "KS", "QS", "JS", "10S"], "at most 4"),
        (["BJ", "LJ"], "never win"),
    ],
)
def test_trick_winner_errors(cards, match):
    with pytest.raises(EngineError, match=match):
        trick_winner(cards)


def test_trick_winner_bad_suit():
    with pytest.raises(ParseError, match="'X'"):
        trick_winner(["AS"], trump="X")


def test_bid_whist_points_table():
    for bid in range(3, 8):
        for books in range(14):
            made = books >= 6 + bid
            for kind in ("uptown", "downtown", "notrump"):
                want = (books - 6) if made else -bid
                if kind == "notrump":
                    want *= 2
                assert bid_whist_points(bid, kind, books) == want


@pytest.mark.parametrize(
    "args, match",
    [
        ((2, "uptown", 9), "bid 2"),
        ((8, "uptown", 9), "bid 8"),
        ((4, "uptown", 14), "books 14"),
        ((4, "uptown", -1), "books -1"),
        ((4, "sideways", 9), "'sideways'"),
        ((True, "uptown", 9), "bid True"),
    ],
)
def test_bid_whist_points_errors(args, match):
    with pytest.raises(EngineError, match=match):
        bid_whist_points(*args)


def test_whist_and_honours_points():
    assert [whist_points(t) for t in range(14)] == [0] * 7 + list(range(1, 8))
    assert honours_points(4, 0) == 4 and honours_points(3, 3) == 2
    assert honours_points(2, 0) == 0
    assert honours_points(4, 4) == 0 and honours_points(3, 6) == 0
    with pytest.raises(EngineError, match="honours 5"):
        honours_points(5, 0)
    with pytest.raises(EngineError, match="tricks 14"):
        whist_points(14)


def test_two_player_whist_points():
    assert two_player_whist_points("high", (7, 6), 0) == (1, 0)
    assert two_player_whist_points("high", (6, 7), 0) == (0, 2)
    assert two_player_whist_points("high", (3, 10), 0) == (0, 8)
    assert two_player_whist_points("high", (10, 3), 1) == (8, 0)
    assert two_player_whist_points("high", (3, 10), 1) == (0, 4)
    assert two_player_whist_points("low", (5, 8)) == (2, 0)
    assert two_player_whist_points("low", (13, 0)) == (0, 7)
    with pytest.raises(EngineError, match="add up to 13"):
        two_player_whist_points("low", (5, 5))
    with pytest.raises(EngineError, match="declarer"):
        two_player_whist_points("high", (5, 8))
    with pytest.raises(EngineError, match="'medium'"):
        two_player_whist_points("medium", (5, 8))
