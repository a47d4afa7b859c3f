"""The edition file: loading, overriding and validation errors."""

import pytest

from engine import RulesetError, get_game, make_ruleset, simulate
from engine.owners_choice import OwnersChoiceRules, default_ruleset_text, load_ruleset


def test_default_file_matches_rules_md():
    r = load_ruleset(default_ruleset_text())
    assert r == OwnersChoiceRules()
    assert r.track_prices[:3] == (40, 50, 60) and r.track_prices[-6:] == (
        200,
        220,
        240,
        260,
        280,
        300,
    )
    div = dict(zip(r.track_prices, r.track_dividends))
    assert (div[40], div[100], div[190], div[300]) == (10, 30, 50, 90)
    assert all(d == p * 3 // 100 * 10 for p, d in div.items())
    assert len(r.board) == 36 and r.board[0] == "START" and r.board[35] == "GOAL"
    assert r.board.count("PRESIDENT") == 4 and r.board.count("ALL") == 4


def test_load_from_path_and_rules_table(tmp_path):
    text = default_ruleset_text() + "\n[rules]\nstart_cash = 800\n"
    path = tmp_path / "my_box.toml"
    path.write_text(text)
    r = load_ruleset(path)
    assert r.start_cash == 800
    assert load_ruleset(str(path)).start_cash == 800
    assert get_game("owners_choice").new_initial_state(2, ruleset=r).cash == [800, 800]


def replace(old, new):
    text = default_ruleset_text()
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (replace("start_price = 100", ""), "missing field 'track.start_price'"),
        (replace("[dice]", "[dyce]"), "missing field 'dice.president'"),
        (replace("prices = [40, 50, 60", "prices = [50, 40, 60"), "are not sorted"),
        (replace('"50/-1", "50/-1", ', ""), "fund die has 4 faces"),
        (replace('"+3", "-1"', '"+3", "-1", "+4"'), "president die has 7 faces"),
        (replace('"pay50"', '"pay fifty"'), "event die face 'pay fifty'"),
        (replace("start_price = 100", "start_price = 105"), "start price 105 is not on"),
        (replace('"G", "ALL", "R"', '"G", "JAIL", "R"'), "'JAIL' is not a space type"),
        (replace("dividends = [10, 10, 10,", "dividends = [10, 10,"), "22 prices but 21"),
        ("prices = [", "not valid TOML"),
        (default_ruleset_text() + "\n[extra]\nx = 1\n", "unknown table 'extra'"),
        (default_ruleset_text() + "\n[rules]\nstart_kash = 1\n", "unknown ruleset field"),
    ],
)
def test_bad_files_name_the_problem(text, message):
    with pytest.raises(RulesetError, match=message):
        load_ruleset(text)


def test_missing_path():
    with pytest.raises(RulesetError, match="cannot read ruleset file 'nope.toml'"):
        load_ruleset("nope.toml")


def test_overrides_through_the_core():
    r = make_ruleset(OwnersChoiceRules, {"fee_threshold": 200, "no_president": "active_player"})
    assert r.fee_threshold == 200
    with pytest.raises(RulesetError, match="'nobody' is not allowed"):
        make_ruleset(OwnersChoiceRules, {"no_president": "nobody"})
    with pytest.raises(RulesetError, match="not sorted"):
        make_ruleset(OwnersChoiceRules, {"track_prices": [100, 90] + [0] * 20})


def test_custom_dice_play_whole_games():
    rec = simulate(
        "owners_choice",
        seed=4,
        players=["random"] * 3,
        president_die=["+1", "+1", "+1", "-1", "-1", "dividend"],
        fund_die=["all/-1"] * 6,
    )
    assert rec.result["winners"]
    assert rec.ruleset["fund_die"] == ["all/-1"] * 6


def test_every_field_is_documented_and_assumptions_flagged():
    from engine.core.ruleset import describe

    info = {f.name: f for f in describe(OwnersChoiceRules)}
    assert all(f.doc for f in info.values())
    for name in (
        "track_prices",
        "board",
        "president_die",
        "fund_die",
        "event_die",
        "sale_tie_active_last",
        "no_president",
        "bankrupt_on_overshoot",
        "fund_start",
        "move_range_players",
        "president_timing",
    ):
        assert info[name].assumption, name


def test_a_refused_ruleset_is_refused_every_time_and_a_valid_one_stays_valid():
    # validate remembers the rulesets that passed (a ruleset per new state), never a failure
    for _ in range(2):
        with pytest.raises(RulesetError, match="a die has six faces"):
            make_ruleset(OwnersChoiceRules, {"fund_die": ["50/-1"] * 5})
        with pytest.raises(RulesetError, match="not sorted"):
            OwnersChoiceRules(track_prices=(50, 40), track_dividends=(0, 0)).validate()
    r = make_ruleset(OwnersChoiceRules, {"move_max_large": 2})
    r.validate()
    assert make_ruleset(OwnersChoiceRules, {"move_max_large": 2}) == r
