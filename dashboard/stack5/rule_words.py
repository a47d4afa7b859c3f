"""Stack 5's rules as the Learn page's table shows them, in a player's words
(``GameUI.rulesets.meanings``): the meanings of the rules whose engine doc names a ruleset
file's values ('own_and_draw3', True, off) rather than saying what they do."""

from __future__ import annotations

from dashboard.i18n import N_

#: rule → its meaning in a player's words
MEANINGS = {
    "numbers": N_("number cards run from 1 up to this number"),
    "min_draw_counts": N_(
        "which cards count toward the minimum draws: every card drawn this turn (the "
        "player's own draws, special cards included, and the three cards of a Draw 3), or "
        "only the player's own draws. A card turned by a bomb never counts"
    ),
    "draw3_joker": N_(
        "a Joker among the three cards of a Draw 3 is never kept: it is discarded and has "
        "no effect, or it is discarded but counts toward drawing both Jokers (with a kept "
        "Joker it ends the turn and discards the turn's cards)"
    ),
    "steal_from": N_(
        "which card a Steal takes: the top card of any row of another player (the stealer "
        "chooses the player and the row), or the card the chosen player placed last, if it "
        "is still in a row"
    ),
}
