"""Issue 11: hostile text never raises anything but the engine's own errors, quickly and
with a short message naming the problem (RULES.md §3 is not involved: input hygiene)."""

import re

import pytest

from engine import ParseError, RulesetError, get_game, make_ruleset
from engine.owners_choice import (
    OwnersChoiceRules,
    default_ruleset_text,
    from_position,
    load_ruleset,
    parse_company,
)
from engine.owners_choice.rules import (
    MAX_BOARD,
    parse_event_face,
    parse_fund_face,
    parse_president_face,
)

GAME = get_game("owners_choice")
HUGE = "9" * 5000
NUMBERS = ["²", "٣", HUGE, "+-1", "1.5", ""]


def _state_at_each_parser():
    """States where each kind of action is expected: trade/move, a die, a name."""
    s = from_position(2, holdings=[[1, 0, 0, 0], [0] * 4])
    t = s.clone()
    t.apply("move 1")
    t.apply("pay")  # R die rolling
    return [s, t]


@pytest.mark.parametrize(
    "word", NUMBERS, ids=["superscript", "arabic-indic", "5000", "-1", "1.5", "empty"]
)
def test_parse_count_clause_every_action_parser_refuses_non_ascii_and_huge_numbers(word):
    texts = [
        f"move {word}",
        f"die {word}",
        f"die R {word}",
        f"die R +{word}",
        f"die R -{word}",
        f"die fund {word}",
        f"die fund {word}/-1",
        f"die fund 50/-{word}",
        f"die event {word}",
        f"die event pay{word}",
        f"die event all+{word}",
        f"buy {word}",
        f"sell {word}",
        f"name {word}",
        f"{word}",
    ]
    for s in _state_at_each_parser():
        for text in texts:
            with pytest.raises(ParseError) as exc:
                s.apply(text)
            assert len(str(exc.value)) < 400, text[:30]
    with pytest.raises(ParseError):
        parse_company(word)


def test_parse_count_clause_move_in_ascii_digits_still_parses():
    s = from_position(2)
    assert str(s.parse_action("move 03")) == "move 3"
    with pytest.raises(ParseError, match=r"'move 13': a move is 1 to 4 spaces"):
        s.parse_action("move 13")


@pytest.mark.parametrize("parse", [parse_president_face, parse_fund_face, parse_event_face])
@pytest.mark.parametrize(
    "face",
    [
        "+²",
        "-٣",
        "٣/-1",
        "50/-²",
        "pay٣",
        "all+²",
        "+" + HUGE,
        HUGE + "/-1",
        "pay" + HUGE,
        "all-" + HUGE,
        5,
        None,
        ["+1"],
    ],
)
def test_ruleset_die_faces_refuse_non_ascii_and_huge_numbers(parse, face):
    with pytest.raises(RulesetError) as exc:
        parse(face)
    assert len(str(exc.value)) < 300


def test_ruleset_die_face_numbers_are_bounded():
    with pytest.raises(RulesetError, match=r"a move of 99 is above 60"):
        parse_president_face("+99")
    with pytest.raises(RulesetError, match=r"\$ 200000 is above 100000"):
        parse_fund_face("200000/-1")


def replace(old, new):
    text = default_ruleset_text()
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (replace('"+3", "-1"', '"+3", "-' + HUGE + '"'), r"'dice.president\[4\]'.*5001 characters"),
        (
            replace('"+3", "-1"', '"+3", ["-1"]'),
            r"'dice.president\[4\]': the list '-1' is not a string",
        ),
        (
            replace("start_price = 100", "start_price = true"),
            r"'track.start_price': yes \(true\) is not a whole",
        ),
        (
            replace("start_price = 100", "start_price = [100]"),
            "'track.start_price': the list 100 is not",
        ),
        (
            replace("start_price = 100", "start_price = " + HUGE),
            "line 13 .*start_price.*a number of thousands of digits",
        ),
        (
            replace("start_price = 100", "start_price = 99999999999999999999"),
            "'track.start_price': a number of more than 19 digits",
        ),
        (
            replace("prices = [40, 50,", "prices = [40, true,"),
            r"'track.prices\[1\]': yes \(true\) is not a whole number",
        ),
        (
            replace("prices = [40, 50,", "prices = [40, [50],"),
            r"'track.prices\[1\]': the list 50 is not a whole number",
        ),
        (
            replace("prices = [40, 50,", "prices = [40, 5000000,"),
            r"'track.prices\[1\]': 5000000 is out of range",
        ),
        (
            replace("dividends = [10,", "dividends = [1.5,"),
            r"'track.dividends\[0\]': 1.5 is not a whole number",
        ),
        (
            re.sub(r"spaces = \[.*?\]", "spaces = 7", default_ruleset_text(), flags=re.S),
            "'board.spaces' must be a list, not 7",
        ),
        (
            default_ruleset_text() + "\n[rules]\nstart_cash = true\n",
            r"'start_cash'.*yes \(true\) is not an integer",
        ),
        (
            default_ruleset_text() + "\n[rules]\nstart_cash = [1, [2]]\n",
            "'rules.start_cash' must be a single value",
        ),
        (
            default_ruleset_text() + "\n[rules]\nstart_cash = 123456789\n",
            "'rules.start_cash': 123456789 is out of range",
        ),
        (
            default_ruleset_text() + "\n[rules]\nmax_trades_per_turn = 1000\n",
            "'max_trades_per_turn'.*1000 is above 100",
        ),
        (default_ruleset_text() + "\n[rules]\nfund_start = -5\n", "'fund_start'.*-5 is below 0"),
        ("x = " + "[" * 5000 + "]" * 5000, "nested too deeply|not valid TOML"),
    ],
)
def test_ruleset_file_refuses_hostile_values_naming_the_field(text, message):
    with pytest.raises(RulesetError, match=message) as exc:
        load_ruleset(text)
    assert len(str(exc.value)) < 400


def test_ruleset_board_length_is_capped():
    spaces = ", ".join(['"R"'] * 100_000)
    text = replace('spaces = ["START",', f'spaces = ["START", {spaces},')
    with pytest.raises(
        RulesetError, match=f"'board.spaces' has 100036 entries; at most {MAX_BOARD}"
    ):
        load_ruleset(text)
    board = ("START",) + ("R",) * 500 + ("GOAL",)
    with pytest.raises(RulesetError, match=f"board: 502 spaces; a board has at most {MAX_BOARD}"):
        make_ruleset(OwnersChoiceRules, {"board": board})
    board = ("START",) + ("R",) * 100_000 + ("GOAL",)
    with pytest.raises(RulesetError, match="board"):
        make_ruleset(OwnersChoiceRules, {"board": board})


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"track_prices": list(range(10, 1000, 10))}, "the track has 2 to 60 steps"),
        ({"track_prices": [40, 10**30]}, "track.prices.*(digits|out of range)"),
        ({"start_cash": 10**7}, "above"),
        ({"shares_per_company": 5000}, "above 100"),
        ({"goal_take": True}, "not an integer"),
        ({"president_die": ["+1"] * 5 + ["+" + HUGE]}, "president.die.*(face|characters)"),
    ],
)
def test_ruleset_numeric_fields_have_sane_bounds(overrides, message):
    with pytest.raises(RulesetError, match=message) as exc:
        make_ruleset(OwnersChoiceRules, overrides)
    assert len(str(exc.value)) < 400


@pytest.mark.parametrize(
    "kwargs",
    [
        {"cash": [10**5000, 1]},
        {"fund": 10**5000},
        {"pos": 10**5000},
        {"to_act": -(10**5000)},
        {"holdings": [[10**5000, 0, 0, 0], [0] * 4]},
        {"prices": [10**5000] * 4},
        {"num_players": 10**5000},
        {"cash": list(range(100))},
        {"holdings": [[0] * 5000, [0] * 4]},
    ],
)
def test_from_position_refuses_huge_numbers_with_a_short_message(kwargs):
    from engine import EngineError

    with pytest.raises(EngineError) as exc:
        from_position(**kwargs)
    assert len(str(exc.value)) < 200
