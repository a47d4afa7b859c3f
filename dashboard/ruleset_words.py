"""A ruleset's fields as the Learn pages' tables show them, in a player's words.

The engine's field docs name the values a ruleset file takes ('own_and_draw3', True, off,
a die face '50/-1'); a player reads the choice itself. Here are the meanings and default
values of the fields whose engine doc or value is not a player's sentence (the others are
shown from the engine doc, translated). Whist has its own (:mod:`dashboard.whist.words`).
"""

from __future__ import annotations

from dashboard.i18n import N_, _, pgettext

#: (game, field) → the meaning in a player's words
MEANINGS = {
    ("stack5", "numbers"): N_("number cards run from 1 up to this number"),
    ("stack5", "min_draw_counts"): N_(
        "which cards count toward the minimum draws: every card drawn this turn (the "
        "player's own draws, special cards included, and the three cards of a Draw 3), or "
        "only the player's own draws. A card turned by a bomb never counts"
    ),
    ("stack5", "draw3_joker"): N_(
        "a Joker among the three cards of a Draw 3 is never kept: it is discarded and has "
        "no effect, or it is discarded but counts toward drawing both Jokers (with a kept "
        "Joker it ends the turn and discards the turn's cards)"
    ),
    ("stack5", "steal_from"): N_(
        "which card a Steal takes: the top card of any row of another player (the stealer "
        "chooses the player and the row), or the card the chosen player placed last, if it "
        "is still in a row"
    ),
    ("owners_choice", "move_range_players"): N_(
        "the move range (1-4 with 2-3 players, 1-3 with 4-5) counts the players still in "
        "the game, so it widens when a bankrupt player leaves, or the players who started"
    ),
    ("owners_choice", "president_timing"): N_(
        "president dice change hands once a trade is complete, comparing the holdings "
        "before and after the whole trade, or after every single share bought or sold"
    ),
    ("owners_choice", "fee_low"): N_(
        "fee into the Fund to roll a president die while the price is below the threshold "
        "(a president who cannot pay must roll the Fund die)"
    ),
    ("owners_choice", "president_bonus"): N_("paid per president die held on a PRESIDENT space"),
    ("owners_choice", "goal_take"): N_("taken from the Fund by the player who reaches GOAL"),
    ("owners_choice", "board"): N_("the spaces from START to GOAL, in order"),
    ("owners_choice", "fund_die"): N_(
        "the faces of the Fund die: the money taken from the Fund and the steps back"
    ),
    ("owners_choice", "sale_tie_active_last"): N_(
        "when a sale ties the most shares, the tied player nearest clockwise after the "
        "active player takes the die. Yes: the active player counts last; no: first"
    ),
    ("owners_choice", "bankrupt_on_overshoot"): N_(
        "Yes: a fall of several steps that would pass below the lowest price bankrupts the "
        "company. No: it stops at the lowest price, unless it was already there"
    ),
    ("owners_choice", "last_player_may_leave"): N_(
        "whether the last player still in the game may declare personal bankruptcy. No: the "
        "game always keeps one player; yes: if everyone leaves, the game ends with every "
        "player at $0"
    ),
    ("owners_choice", "max_trades_per_turn"): N_(
        "the most buys and sells in one turn, so that every game ends (the rules say any "
        "number; 24, selling 12 and buying 12, is already pointless)"
    ),
    ("stock_holdem", "card_back_parity"): N_(
        "a regular card (number n; symbol number i: anchor 0, fish 1, shell 2, wave 3) "
        "shows its number on the back when n + i is even (or odd, as chosen), else its "
        "symbol; the Bull's back shows 10 and the Bear's ×"
    ),
    ("stock_holdem", "bear_with_four_of_a_number"): N_(
        "the Bear with four cards of one number scores as this hand (five of a kind needs "
        "five equal numbers; the rules say nothing of the Bear)"
    ),
    ("stock_holdem", "straights_wrap"): N_(
        "Yes: a straight may run past 10 back to 1 (e.g. 9 10 1 2). No: numbers run from 1 "
        "to 10 and do not wrap"
    ),
    ("stock_holdem", "bull_counts_as_ten"): N_(
        "Yes: the Bull also counts as the number 10 in number hands (straights, sets). No: "
        "the Bull is a symbol card only (it adds 10 to the best symbol and takes no part in "
        "number hands; the article says only that)"
    ),
    ("stock_holdem", "free_action_after_buy"): N_(
        "Yes: free actions are also allowed after the buy step, until the player ends the "
        "turn (the rules: any time in the turn). No: only before buying"
    ),
    ("stock_holdem", "peek_hands"): N_(
        "Yes: the 1-chip peek may also look at a card in another player's hand (the rules: "
        "look at one face-down card). No: only face-down cards on the companies"
    ),
}


def meaning(game: str, name: str) -> str | None:
    """The field's meaning in the page's language, where :data:`MEANINGS` has one."""
    text = MEANINGS.get((game, name))
    return _(text) if text else None


def default_words(game: str, name: str, value) -> str | None:
    """The field's default in words where a value needs more than its choice's name (the
    faces of a die, the board), else ``None``."""
    if game != "owners_choice":
        return None
    comma = pgettext("list separator", ", ")
    if name in ("president_die", "fund_die", "event_die"):
        from dashboard.owners_choice.words import face_words

        return comma.join(face_words(f) for f in value)
    if name == "board":
        return _("the printed board: {n} spaces from START to GOAL").format(n=len(value))
    return None
