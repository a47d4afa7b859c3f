"""The Rule variants results in the player's words: the rule and its values as the Learn
and Rule assumptions pages word them (:func:`dashboard.words.game.field_label`, the
game's own choice words through :mod:`dashboard.ui`), the measures and their tests, and
the engine's verdicts worded from their code and parameters (``variants.seat``,
``variants.change``, ``variants.none``, ``variants.same``; the English text is never
read)."""

from __future__ import annotations

from dashboard.i18n import N_, _, ngettext, number, pgettext
from dashboard.plugins import REGISTRY, game_ui
from dashboard.ui import _choice_word, _value_words, plain_label, seat_name
from dashboard.words.game import field_label
from engine import EngineError, get_game

#: the engine's measures, in the order the page shows them
MEASURES = ("seat_win_share", "mean_length", "score_spread", "skill_gap")

MEASURE_NAMES = {
    "seat_win_share": N_("Wins by seat"),
    "mean_length": N_("Length (decisions a game)"),
    "score_spread": N_("Score gap (best − worst)"),
    "skill_gap": N_("Skill gap"),
}

#: the test :mod:`engine.variants` runs for each measure
TEST_NAMES = {
    "seat_win_share": N_("chi-square test of homogeneity (settings × seats)"),
    "mean_length": N_("Welch's t-test against the default, Bonferroni-corrected"),
    "score_spread": N_("Welch's t-test against the default, Bonferroni-corrected"),
    "skill_gap": N_("Welch's t-test against the default, Bonferroni-corrected"),
}


def rule_name(field: str) -> str:
    """A rule's name as the Learn and Rule assumptions pages word it."""
    return field_label(field)


def value_words(game: str, field: str, value) -> str:
    """A rule's value as a player reads it: yes/no, a choice's name, a number with the
    language's separators (or the game's own words for it, as "drawn at random")."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        own = _choice_word(game, field, value)
        if own != str(value).replace("_", " "):
            return own
        return number(value) if value == int(value) else number(value, 2)
    if isinstance(value, (list, tuple)):
        return _list_words(game, field, tuple(value))
    return _value_words(game, field, value)


def _item_words(game: str, field: str, item) -> str:
    """One entry of a list rule (a die's face, a space of the board) in words."""
    own = game_ui(game).rulesets.default_words if game in REGISTRY else None
    said = own(field, (item,)) if own else None
    return said if said and len(said) < 40 else _value_words(game, field, item)


def _list_words(game: str, field: str, value: tuple) -> str:
    """A list rule's value (the edition's tables, the dice, the names): the default as the
    Rules box words it; another list by how it differs from the default (the entries
    changed, or the same entries in another order), since a whole track or board is too long
    to read in a sentence."""
    try:
        default = tuple(getattr(get_game(game).ruleset_class(), field))
    except (EngineError, AttributeError):
        return _value_words(game, field, value)
    own = game_ui(game).rulesets.default_words if game in REGISTRY else None
    if value == default:
        said = own(field, value) if own else None
        return said or _value_words(game, field, value)
    if len(value) == len(default):
        changed = [(a, b) for a, b in zip(default, value, strict=True) if a != b]
        shifts = {
            b - a
            for a, b in zip(default, value, strict=True)
            if isinstance(a, int) and isinstance(b, int)
        }
        if len(changed) == len(value) and len(shifts) == 1:  # every number moved alike
            (shift,) = shifts
            sign = "+" if shift > 0 else "−"
            return _("{change} on every entry").format(change=sign + number(abs(shift)))
        if len(changed) > 5 and sorted(map(str, value)) == sorted(map(str, default)):
            return _("the same entries in another order")
        shown = pgettext("list separator", ", ").join(
            _("{old} → {new}").format(
                old=_item_words(game, field, a), new=_item_words(game, field, b)
            )
            for a, b in changed[:5]
        )
        if len(changed) > 5:
            shown += " " + ngettext("and {n} more", "and {n} more", len(changed) - 5).format(
                n=number(len(changed) - 5)
            )
        return shown
    return _value_words(game, field, value)


def setting_words(game: str, field: str, value, default) -> str:
    """A setting's heading: its value, "(default)" after the rule's default."""
    words = value_words(game, field, value)
    return _("{value} (default)").format(value=words) if value == default else words


def bot_words(bot: str) -> str:
    """The bot the games were played with, as players call it."""
    return plain_label(bot)


def _amount(x: float) -> str:
    return number(round(x, 1), 0 if float(x).is_integer() else 1)


def verdict_words(game: str, verdict: dict) -> str:
    """The engine's verdict (``code`` and ``params``) as a sentence."""
    code, p = verdict.get("code"), verdict.get("params", {})
    if code == "variants.none":
        n = int(p["games"])
        return ngettext(
            "No measurable difference in {games} game.",
            "No measurable difference in {games} games.",
            n,
        ).format(games=number(n))
    if code == "variants.same":
        return _("No measurable difference.")
    if code not in ("variants.seat", "variants.change"):
        return _("The settings differ.")
    field, value = rule_name(p["field"]), value_words(game, p["field"], p["value"])
    if code == "variants.seat":
        seat = (
            N_(
                "With {field} at {value}, {player} wins {points} percentage points more often "
                "(± {pm})."
            )
            if p["more"]
            else N_(
                "With {field} at {value}, {player} wins {points} percentage points less often "
                "(± {pm})."
            )
        )
        return _(seat).format(
            field=field,
            value=value,
            player=seat_name(int(p["seat"]) - 1),
            points=_amount(p["points"]),
            pm=_amount(p["pm"]),
        )
    measure, more = p["measure"], p["more"]
    change, pm = float(p["change"]), float(p["pm"])
    if measure == "skill_gap":  # a share of games: said in percentage points
        change, pm = 100 * change, 100 * pm
    templates = {
        ("mean_length", True): N_(
            "With {field} at {value}, a game is {change} decisions longer (± {pm})."
        ),
        ("mean_length", False): N_(
            "With {field} at {value}, a game is {change} decisions shorter (± {pm})."
        ),
        ("score_spread", True): N_(
            "With {field} at {value}, the gap between the best and the worst final score "
            "grows by {change} (± {pm})."
        ),
        ("score_spread", False): N_(
            "With {field} at {value}, the gap between the best and the worst final score "
            "shrinks by {change} (± {pm})."
        ),
        ("skill_gap", True): N_(
            "With {field} at {value}, the stronger bot's edge over its fair share grows by "
            "{change} percentage points (± {pm})."
        ),
        ("skill_gap", False): N_(
            "With {field} at {value}, the stronger bot's edge over its fair share shrinks by "
            "{change} percentage points (± {pm})."
        ),
    }
    template = templates.get((measure, bool(more)))
    if template is None:
        return _("The settings differ.")
    return _(template).format(field=field, value=value, change=_amount(change), pm=_amount(pm))


def test_words(measure: str, test: dict) -> str:
    """A measure's test in a line: its name and p (below 0.05: the settings differ)."""
    name = _(TEST_NAMES[measure]) if measure in TEST_NAMES else ""
    if test["p"] < 0.001:
        return _("{test}: p < {p}").format(test=name, p=number(0.001, 3))
    return _("{test}: p = {p}").format(test=name, p=number(test["p"], 3))
