"""Issue 16: every Whist error a player can meet carries a code and parameters (the app
words it in the player's language) while ``str(error)`` stays the English message, word for
word as before the errors were coded."""

from __future__ import annotations

import random

import pytest

from engine import get_game
from engine.core.errors import EngineError, IllegalAction, ParseError, Phrase, Word
from engine.whist.actions import Deal, parse_action
from engine.whist.cards import parse_card, parse_suit
from engine.whist.rules import WhistRules
from engine.whist.scoring import (
    bid_whist_points,
    contract_is_low,
    honours_points,
    playable_cards,
    trick_winner,
    two_player_whist_points,
    whist_points,
)
from tests.engine.whist.helpers import deal_for, dealt, new

CARD_HELP = (
    "not a card; write rank 2-10 J Q K A then suit S H D C (like “10H”, “AS”), or “BJ” / "
    "“LJ” for the jokers"
)
FORMS = (
    "“pass”, “bid N KIND” (N 3-7, KIND uptown/downtown/notrump), “trump S|H|D|C”, "
    "“direction high|low”, “discard CARD”, “declare high|low”, “play CARD” (or just CARD), "
    "“dealer N”, “deal …”"
)


def _apply(variant: str, actions: tuple, bad, dealer: int = 0):
    def run():
        s = new(variant, dealer) if dealer >= 0 else get_game("whist").new_initial_state(4)
        for a in actions:
            s.apply(a)
        s.apply(bad)

    return run


# (call, error class, code, the English message exactly as before)
CASES = {
    "card": (lambda: parse_card("1H"), ParseError, "whist.card_unknown", f"'1H': {CARD_HELP}"),
    "card_not_text": (lambda: parse_card(5), ParseError, "whist.card_unknown", f"5: {CARD_HELP}"),
    "suit": (
        lambda: parse_suit("X"),
        ParseError,
        "whist.suit_unknown",
        "'X': not a suit; write S, H, D or C",
    ),
    "deal_no_label": (
        lambda: parse_action("deal 0 AS"),
        ParseError,
        "whist.deal_part_label",
        "'deal 0 AS': deal part '0 AS' has no “label:”; labels are seat numbers, "
        "“straw0”/“straw1”, “kitty” and “turn”",
    ),
    "deal_hand_twice": (
        lambda: parse_action("deal 0: AS | 0: KS"),
        ParseError,
        "in",
        "'deal 0: AS | 0: KS': hand 0 is given twice",
    ),
    "deal_label_digits": (
        lambda: parse_action("deal 0x: AS"),
        ParseError,
        "in",
        "'deal 0x: AS': '0x': a hand label (seat number) must be written in digits 0-9",
    ),
    "deal_straw_pile": (
        lambda: parse_action("deal 0: AS | straw0: 4S"),
        ParseError,
        "in",
        "'deal 0: AS | straw0: 4S': '4S': a straw pile is written DOWN/UP, like “4S/KH”",
    ),
    "deal_turn_one": (
        lambda: parse_action("deal 0: AS | turn: AS KS"),
        ParseError,
        "in",
        "'deal 0: AS | turn: AS KS': 'AS KS': the turned card is one card",
    ),
    "deal_part_unknown": (
        lambda: parse_action("deal 0: AS | pot: KS"),
        ParseError,
        "in",
        "'deal 0: AS | pot: KS': 'pot': unknown deal part; parts are seat numbers, “straw0”, "
        "“straw1”, “kitty” and “turn”",
    ),
    "deal_card": (
        lambda: parse_action("deal 0: 1H"),
        ParseError,
        "in",
        f"'deal 0: 1H': '1H': {CARD_HELP}",
    ),
    "deal_hands_order": (
        lambda: parse_action("deal 1: AS"),
        ParseError,
        "whist.deal_hands_order",
        "'deal 1: AS': hands must be numbered 0, 1, … in order",
    ),
    "deal_straw_rows": (
        lambda: parse_action("deal 0: AS | 1: KS | straw0: 4S/KH"),
        ParseError,
        "whist.deal_straw_rows",
        "'deal 0: AS | 1: KS | straw0: 4S/KH': give a straw row for every seat "
        "(“straw0”, “straw1”)",
    ),
    "action_not_text": (
        lambda: parse_action(5),
        ParseError,
        "whist.action_not_text",
        f"5: not a Whist action; write {FORMS}",
    ),
    "action_empty": (
        lambda: parse_action("  "),
        ParseError,
        "whist.action_empty",
        f"'  ': empty; write {FORMS}",
    ),
    "bid_form": (
        lambda: parse_action("bid 4"),
        ParseError,
        "whist.bid_form",
        "'bid 4': write a bid as “bid N KIND”, like “bid 4 uptown”",
    ),
    "bid_number_digits": (
        lambda: parse_action("bid x uptown"),
        ParseError,
        "whist.bid_number_digits",
        "'bid x uptown': 'x': the bid number must be written in digits 0-9; the bid number "
        "must be 3-7",
    ),
    "bid_number_range": (
        lambda: parse_action("bid 9 uptown"),
        ParseError,
        "whist.bid_number_range",
        "'bid 9 uptown': the bid number must be 3-7",
    ),
    "bid_kind": (
        lambda: parse_action("bid 4 sideways"),
        ParseError,
        "whist.bid_kind",
        "'bid 4 sideways': the bid kind must be uptown, downtown or notrump",
    ),
    "trump_suit": (
        lambda: parse_action("trump X"),
        ParseError,
        "whist.trump_suit",
        "'trump X': the trump suit must be S, H, D or C",
    ),
    "dealer_form": (
        lambda: parse_action("dealer x"),
        ParseError,
        "whist.dealer_form",
        "'dealer x': 'x': the dealer seat must be written in digits 0-9; write “dealer N”, "
        "N a seat 0-3",
    ),
    "play_bad_card": (
        lambda: parse_action("play 1H"),
        ParseError,
        "in",
        f"'play 1H': '1h': {CARD_HELP}",
    ),
    "action_unknown": (
        lambda: parse_action("hello"),
        ParseError,
        "whist.action_unknown",
        f"'hello': not a Whist action; write {FORMS}",
    ),
    "first_dealer_now": (
        _apply("bid4", (), "dealer 9", dealer=-1),
        IllegalAction,
        "whist.first_dealer_now",
        "'dealer 9': the first dealer is drawn now; write “dealer N” with N 0-3",
    ),
    "chance_not_now": (
        _apply("bid4", (), "pass"),
        IllegalAction,
        "whist.chance_not_now",
        "'pass' is not allowed now (chance deals (seat 0 deals))",
    ),
    "deal_invalid_bid": (
        _apply("bid4", (), "deal 0: AS | 1: KS | 2: QS | 3: JS"),
        IllegalAction,
        "whist.deal_invalid",
        "'deal 0: AS | 1: KS | 2: QS | 3: JS'…: not a valid deal: hand 0 has 1 cards, not 12; "
        "hand 1 has 1 cards, not 12; hand 2 has 1 cards, not 12; hand 3 has 1 cards, not 12; "
        "the kitty must be 6 cards, not 0",
    ),
    "deal_invalid_whist": (
        _apply("whist4", (), "deal 0: AS | 1: KS | 2: QS | 3: JS | kitty: 2S | turn: 3S"),
        IllegalAction,
        "whist.deal_invalid",
        "'deal 0: AS | 1: KS | 2: QS | 3: JS | kitty: 2S | turn: 3S'…: not a valid deal: "
        "hand 0 has 1 cards, not 13; hand 1 has 1 cards, not 13; hand 2 has 1 cards, not 13; "
        "hand 3 has 1 cards, not 13; Whist has no kitty; the turned card 3S must be in the "
        "dealer's (seat 0) hand",
    ),
    "trick_not_list": (
        lambda: trick_winner("AS KS"),
        ParseError,
        "whist.trick_not_list",
        "'AS KS': give the trick as a list of cards, like “10H”, “KH”",
    ),
    "trick_empty": (
        lambda: trick_winner([]),
        EngineError,
        "whist.trick_empty",
        "a trick needs at least one card",
    ),
    "trick_too_long": (
        lambda: trick_winner(["AS", "KS", "QS", "JS", "10S"]),
        EngineError,
        "whist.trick_too_long",
        "a trick has at most 4 cards, got 5: ['AS', 'KS', 'QS', 'JS', '10S']",
    ),
    "trick_card_twice": (
        lambda: trick_winner(["AS", "AS"]),
        EngineError,
        "whist.trick_card_twice",
        "card 'AS' is played twice in the trick ['AS', 'AS']",
    ),
    "trick_no_winner": (
        lambda: trick_winner(["BJ", "LJ"]),
        EngineError,
        "whist.trick_no_winner",
        "no card of ['BJ', 'LJ'] can win: jokers never win a no trump trick",
    ),
    "trick_trump_suit": (
        lambda: trick_winner(["AS"], trump="X"),
        ParseError,
        "whist.suit_unknown",
        "'X': not a suit; write S, H, D or C",
    ),
    "bid_points_range": (
        lambda: bid_whist_points(8, "uptown", 13),
        EngineError,
        "whist.number_range",
        "bid 8 is outside 3-7",
    ),
    "bid_points_whole": (
        lambda: bid_whist_points(4.0, "uptown", 13),
        EngineError,
        "whist.number_whole",
        "bid 4.0 must be a whole number from 3 to 7",
    ),
    "bid_points_kind": (
        lambda: bid_whist_points(4, "sideways", 9),
        EngineError,
        "whist.bid_kind_unknown",
        "contract kind 'sideways' is not one of “uptown”, “downtown”, “notrump”",
    ),
    "books_range": (
        lambda: bid_whist_points(4, "uptown", 14),
        EngineError,
        "whist.number_range",
        "books 14 is outside 0-13",
    ),
    "tricks_range": (
        lambda: whist_points(14),
        EngineError,
        "whist.number_range",
        "tricks 14 is outside 0-13",
    ),
    "honours_range": (
        lambda: honours_points(5, 0),
        EngineError,
        "whist.number_range",
        "honours 5 is outside 0-4",
    ),
    "score_before": (
        lambda: honours_points(4, "1"),
        EngineError,
        "whist.score_before_whole",
        "score_before '1' must be a whole number",
    ),
    "two_player_game": (
        lambda: two_player_whist_points("mid", (6, 7)),
        EngineError,
        "whist.game_unknown",
        "game 'mid' is not “high” or “low”",
    ),
    "two_player_pair": (
        lambda: two_player_whist_points("high", (6,)),
        EngineError,
        "whist.tricks_pair",
        "tricks (6,) must be two numbers, one per seat",
    ),
    "two_player_total": (
        lambda: two_player_whist_points("high", (6, 6), 0),
        EngineError,
        "whist.tricks_total",
        "tricks (6, 6) must add up to 13",
    ),
    "low_declarer": (
        lambda: two_player_whist_points("low", (6, 7), 0),
        EngineError,
        "whist.low_no_declarer",
        "a Low game has no declarer; give declarer=None",
    ),
    "high_declarer": (
        lambda: two_player_whist_points("high", (6, 7), 2),
        EngineError,
        "whist.high_declarer",
        "declarer 2 of a High game must be seat 0 or 1",
    ),
    "contract_kind": (
        lambda: contract_is_low("sideways"),
        EngineError,
        "whist.contract_kind",
        "contract kind 'sideways' is not one of “uptown”, “downtown”, “notrump”, “high”, “low”",
    ),
    "playable_card_twice": (
        lambda: playable_cards(["AS", "AS"]),
        EngineError,
        "whist.card_twice",
        "a card appears twice in hand ['AS', 'AS'] / trick []",
    ),
    "ruleset_first_dealer": (
        lambda: WhistRules(variant="bid2", first_dealer=3).validate(),
        EngineError,
        "whist.first_dealer_seat",
        "first_dealer 3 is not a seat of 'bid2' (seats 0-1, or -1 for random)",
    ),
}


def _raised(call) -> EngineError:
    with pytest.raises(EngineError) as info:
        call()
    return info.value


def _check_coded(err) -> None:
    """``err`` (an error or a phrase) and every coded parameter inside it: a code, a
    template that makes the English text from the parameters; a list (code ``choices`` or
    ``join``) has no template: its items or parts are worded one by one."""
    if getattr(err, "code", None) in ("choices", "join"):
        assert err.params.get("items") or err.params.get("parts"), err
        return
    assert err.code and err.template, err
    assert err.template.format(**err.params) == str(err)
    for value in err.params.values():
        if getattr(value, "code", None):
            _check_coded(value)


@pytest.mark.parametrize("name", list(CASES))
def test_whist_error_is_coded_and_its_english_unchanged(name):
    call, cls, code, message = CASES[name]
    err = _raised(call)
    assert isinstance(err, cls)
    assert str(err) == message
    assert err.code == code
    _check_coded(err)


def test_english_words_in_whist_errors_are_marked_for_translation():
    # parse_count's ``what`` inside a bad bid number and a bad hand label
    inner = _raised(lambda: parse_action("bid x uptown")).params["error"]
    assert inner.code == "count.digits" and isinstance(inner.params["what"], Word)
    inner = _raised(lambda: parse_action("deal 0x: AS")).params["error"]
    assert isinstance(inner.params["what"], Word)
    inner = _raised(lambda: parse_action("dealer x")).params["error"]
    assert isinstance(inner.params["what"], Word)
    # the list of action forms, the name of a checked number, the variant's title
    assert isinstance(_raised(lambda: parse_action("hello")).params["forms"], Word)
    assert isinstance(_raised(lambda: whist_points(14)).params["name"], Word)
    bad = Deal((("AS",),))
    err = _raised(lambda: new("bid4").apply(bad))
    first = err.params["why"].params["first"]
    assert first.code == "whist.deal_why_hand_count"
    assert first.params["title"] == "Bid Whist, 4 players"
    assert isinstance(first.params["title"], Word)


def _deal_reasons(variant: str, deal) -> list[tuple[str, str]]:
    """The (code, English) of each reason a deal is refused, in order."""
    err = _raised(lambda: new(variant).apply(deal))
    assert err.code == "whist.deal_invalid"
    out, why = [], err.params["why"]
    while why.code == "whist.reasons":
        out.append((why.params["first"].code, str(why.params["first"])))
        why = why.params["rest"]
    return out + [(why.code, str(why))]


def test_each_reason_a_deal_is_refused_is_a_coded_phrase():
    good = deal_for("bid4", 0, {})
    hands = good.hands
    assert _deal_reasons("bid4", Deal(hands[:3], good.kitty)) == [
        ("whist.deal_why_hand_count", "Bid Whist, 4 players deals 4 hands, not 3")
    ]
    assert _deal_reasons("bid4", Deal(hands, good.kitty, turn="AS")) == [
        ("whist.deal_why_bid_no_turn", "Bid Whist turns no card")
    ]
    twice = (hands[0][:-1] + (hands[1][0],),) + hands[1:]
    assert _deal_reasons("bid4", Deal(twice, good.kitty)) == [
        ("whist.deal_why_twice", f"cards dealt twice: {hands[1][0]}")
    ]
    assert _deal_reasons("bid4", Deal(hands, good.kitty, straw=(((("2S", "3S"),),)))) == [
        ("whist.deal_why_straw_two", "straw piles are only for two players"),
        ("whist.deal_why_twice", "cards dealt twice: 2S 3S"),
    ]
    w = deal_for("whist4", 0, {})
    assert _deal_reasons("whist4", Deal(w.hands)) == [
        (
            "whist.deal_why_turn_needed",
            "Whist needs the turned card (“turn: XX”, the dealer's last card)",
        )
    ]
    joker = (w.hands[0][:-1] + ("BJ",),) + w.hands[1:]
    assert _deal_reasons("whist4", Deal(joker, turn=w.hands[0][0])) == [
        ("whist.deal_why_not_in_deck", "cards not in this deck: BJ")
    ]
    two = deal_for("whist2", 0, {})
    assert _deal_reasons("whist2", Deal(two.hands, straw=two.straw[:1], turn=two.turn)) == [
        ("whist.deal_why_straw", "each player needs 7 straw piles (down/up pairs)")
    ]


def test_refused_moves_name_the_turn_as_a_coded_phrase():
    """An illegal card, a bad bid, a card not held to discard, a move in the wrong phase:
    the protocol's refusal with the Whist turn phrase inside, English as before."""
    s = dealt("bid4", 0, {1: ("AS", "KS", "QS"), 2: ("AH",)})
    err = _raised(lambda: s.apply("trump S"))
    assert err.code == "action.not_allowed"
    assert err.params["turn"].code == "whist.turn_bid"
    assert str(err).startswith("'trump S' is not allowed now (seat 1 to bid); allowed: 'pass'")
    s.apply("bid 5 uptown")
    err = _raised(lambda: s.apply("bid 4 notrump"))
    assert err.params["turn"].code == "whist.turn_bid"
    assert str(err).startswith("'bid 4 notrump' is not allowed now (seat 2 to bid); allowed: ")
    for _ in range(3):
        s.apply("pass")
    err = _raised(lambda: s.apply("direction low"))
    assert (err.params["turn"].code, str(err.params["turn"])) == (
        "whist.turn_trump",
        "seat 1 to name the trump suit",
    )
    s.apply("trump H")
    err = _raised(lambda: s.apply("discard AH"))  # seat 2's card
    assert (err.params["turn"].code, str(err.params["turn"])) == (
        "whist.turn_discard",
        "seat 1 to discard (6 more)",
    )
    for a in s.legal_actions()[:6]:
        s.apply(a)
    err = _raised(lambda: s.apply("play AH"))
    assert (err.params["turn"].code, str(err.params["turn"])) == (
        "whist.turn_play",
        "seat 1 to play a card",
    )
    _check_coded(err)


@pytest.mark.parametrize("variant", ["bid4", "whist4", "bid2", "whist2"])
def test_every_turn_phrase_and_refusal_coded_in_whole_games(variant):
    rng = random.Random(16)
    s = get_game("whist").new_initial_state(2 if variant.endswith("2") else 4, variant=variant)
    seen = set()
    while s.phase_name != "end":
        turn = s.describe_turn()
        assert isinstance(turn, Phrase) and turn.code.startswith("whist.turn_")
        assert turn.template.format(**turn.params) == turn
        seen.add(turn.code)
        if s.current_player() < 0:
            s.apply(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        wrong = next(
            a
            for a in ("pass", "bid 7 notrump", "play 2C", "play BJ", "trump S")
            if a not in map(str, legal)
        )
        err = _raised(lambda: s.apply(wrong))  # noqa: B023 - called at once
        assert err.code == "action.not_allowed" and err.params["turn"] == turn
        _check_coded(err)
        s.apply(rng.choice(legal))
    over = s.describe_turn()
    assert (over.code, over) == ("whist.turn_over", "game over")
    err = _raised(lambda: s.apply("pass"))
    assert err.code == "action.game_over"
    assert "whist.turn_play" in seen and "whist.turn_deal" in seen
