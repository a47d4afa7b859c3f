"""Stock Hold'em's rules as the Learn page's table shows them, in a player's words
(``GameUI.rulesets.meanings``): the meanings of the rules whose engine doc names a ruleset
file's values ('own_and_draw3', True, off) rather than saying what they do."""

from __future__ import annotations

from dashboard.i18n import N_

#: rule → its meaning in a player's words
MEANINGS = {
    "card_back_parity": N_(
        "a regular card (number n; symbol number i: anchor 0, fish 1, shell 2, wave 3) "
        "shows its number on the back when n + i is even (or odd, as chosen), else its "
        "symbol; the Bull's back shows 10 and the Bear's ×"
    ),
    "bear_with_four_of_a_number": N_(
        "the Bear with four cards of one number scores as this hand (five of a kind needs "
        "five equal numbers; the rules say nothing of the Bear)"
    ),
    "straights_wrap": N_(
        "Yes: a straight may run past 10 back to 1 (e.g. 9 10 1 2). No: numbers run from 1 "
        "to 10 and do not wrap"
    ),
    "bull_counts_as_ten": N_(
        "Yes: the Bull also counts as the number 10 in number hands (straights, sets). No: "
        "the Bull is a symbol card only (it adds 10 to the best symbol and takes no part in "
        "number hands; the article says only that)"
    ),
    "free_action_after_buy": N_(
        "Yes: free actions are also allowed after the buy step, until the player ends the "
        "turn (the rules: any time in the turn). No: only before buying"
    ),
    "peek_hands": N_(
        "Yes: the 1-chip peek may also look at a card in another player's hand (the rules: "
        "look at one face-down card). No: only face-down cards on the companies"
    ),
}
