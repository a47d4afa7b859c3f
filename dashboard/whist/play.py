"""Whist and Bid Whist against the bots: the buttons (bids, trumps, directions, then cards
as cards) and the words of another player's face-down discard."""

from __future__ import annotations

from dashboard.game_ui import Group
from dashboard.i18n import _
from dashboard.play.words import who
from dashboard.whist.play_words import whist_bid_words, whist_card, whist_choice_words


def groups(state, actions, names, best) -> list[Group]:
    """Bids, trumps, directions, then cards as cards (red suits red)."""
    by_kind: dict[str, list] = {}
    for a in actions:
        kind = type(a).__name__
        if kind in ("Play", "Discard"):
            text = whist_card(a.card)
            label = f":red[**{text}**]" if a.card[-1:] in "HD" else f"**{text}**"
        elif kind == "Bid":
            label = whist_bid_words(a.number, a.kind)
        elif kind == "Pass":
            label = _("Pass")
        else:  # "Names ♠ trumps", "Plays no trump low", "Declares a high game"
            label = whist_choice_words(a)
        by_kind.setdefault(kind, []).append((a, label, str(a) in best))
    titles = {
        "Play": _("Play a card"),
        "Discard": _("Discard a card"),
        "Bid": _("Bid"),
        "Pass": _("Bid"),
    }
    merged: dict[str, list] = {}
    for kind, choices in by_kind.items():
        merged.setdefault(titles.get(kind, ""), []).extend(choices)
    return [(title, "", choices) for title, choices in merged.items()]


def hidden_words(action, names: list[str], actor: int) -> str | None:
    """Another player's discard goes face down: which card stays unsaid."""
    if type(action).__name__ == "Discard":
        return _("{who} discards a card").format(who=who(names, actor))
    return None
