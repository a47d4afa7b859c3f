"""Stock Hold'em against the bots: the words of another player's face-down card."""

from __future__ import annotations

from dashboard.i18n import _
from dashboard.play.words import who


def hidden_words(action, names: list[str], actor: int) -> str | None:
    """Another player's card is placed face down: which card stays unsaid."""
    if getattr(action, "kind", "") == "place":
        from engine.stock_holdem.state import COMPANIES

        return _("{who} places a card on company {company}").format(
            who=who(names, actor), company=COMPANIES[action.company]
        )
    return None
