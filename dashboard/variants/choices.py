"""What the Rule variants page can compare: the games of the registry that have rules a
player may change, and of each the rules whose values the engine can play side by side
(yes/no, a choice, a number; not a list or a free text), with their limits. The page's
link (:func:`page_link`) opens it with a game and a rule preset; the Rule assumptions page
puts one beside each assumption."""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from urllib.parse import urlencode

from dashboard.i18n import current
from engine import get_game
from engine.core.registry import game_names
from engine.core.ruleset import INT_BOUND

#: the page's script (relative to ``dashboard/``), as :mod:`dashboard.nav` lists it
SCRIPT = "views/variants.py"


@dataclass(frozen=True)
class Rule:
    """One rule the page can compare: ``kind`` is ``"switch"`` (yes/no), ``"choice"``
    (``choices``) or ``"number"`` (whole or not, from ``low`` to ``high``)."""

    name: str
    kind: str
    default: object
    assumption: bool
    choices: tuple = ()
    low: float = -INT_BOUND
    high: float = INT_BOUND
    whole: bool = True


def rules(game_name: str) -> list[Rule]:
    """The rules of ``game_name`` the page can compare, in the ruleset's order."""
    cls = get_game(game_name).ruleset_class
    hints = typing.get_type_hints(cls)
    default = cls()
    out = []
    for f in dataclasses.fields(cls):
        meta, hint = f.metadata, hints[f.name]
        common = {
            "name": f.name,
            "default": getattr(default, f.name),
            "assumption": bool(meta.get("assumption")),
        }
        if hint is bool:
            out.append(Rule(kind="switch", choices=(False, True), **common))
        elif meta.get("choices"):
            out.append(Rule(kind="choice", choices=tuple(meta["choices"]), **common))
        elif hint in (int, float):
            out.append(
                Rule(
                    kind="number",
                    low=meta.get("min", -INT_BOUND),
                    high=meta.get("max", INT_BOUND),
                    whole=hint is int,
                    **common,
                )
            )
    return out


def rule(game_name: str, name: str) -> Rule | None:
    """The rule ``name`` of ``game_name`` if the page can compare it, else ``None``."""
    return next((r for r in rules(game_name) if r.name == name), None)


def games() -> list[str]:
    """The games with a rule the page can compare, in the registry's order (the demo
    game too: it is the quickest to play)."""
    return [n for n in game_names(include_demo=True) if rules(n)]


def neighbour(r: Rule):
    """A number rule's value to compare with by default: one step above its default, or
    below when the default is its highest (the default itself when it is the only value,
    which the page then asks to change)."""
    step = 1 if r.whole else 0.5
    default = typing.cast(float, r.default)
    if default + step <= r.high:
        return default + step
    return default - step if default - step >= r.low else default


def page_link(game_name: str, field: str) -> str:
    """The address of the page with ``game_name`` and its rule ``field`` preset, in the
    session's language.

    >>> page_link("pig", "target").startswith("/variants?game=pig&field=target&lang=")
    True
    """
    from dashboard.nav import all_pages

    url = next((p.url_path for p in all_pages() if p.script == SCRIPT), "variants")
    query = urlencode({"game": game_name, "field": field, "lang": current()})
    return f"/{url}?{query}"
