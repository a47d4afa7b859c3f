"""Owner's Choice's rules as the Learn page's table shows them, in a player's words
(``GameUI.rulesets.meanings``): the meanings of the rules whose engine doc names a ruleset
file's values ('own_and_draw3', True, off) rather than saying what they do."""

from __future__ import annotations

from dashboard.i18n import N_

#: rule → its meaning in a player's words
MEANINGS = {
    "move_range_players": N_(
        "the move range (1-4 with 2-3 players, 1-3 with 4-5) counts the players still in "
        "the game, so it widens when a bankrupt player leaves, or the players who started"
    ),
    "president_timing": N_(
        "president dice change hands once a trade is complete, comparing the holdings "
        "before and after the whole trade, or after every single share bought or sold"
    ),
    "fee_low": N_(
        "fee into the Fund to roll a president die while the price is below the threshold "
        "(a president who cannot pay must roll the Fund die)"
    ),
    "president_bonus": N_("paid per president die held on a PRESIDENT space"),
    "goal_take": N_("taken from the Fund by the player who reaches GOAL"),
    "board": N_("the spaces from START to GOAL, in order"),
    "fund_die": N_("the faces of the Fund die: the money taken from the Fund and the steps back"),
    "sale_tie_active_last": N_(
        "when a sale ties the most shares, the tied player nearest clockwise after the "
        "active player takes the die. Yes: the active player counts last; no: first"
    ),
    "bankrupt_on_overshoot": N_(
        "Yes: a fall of several steps that would pass below the lowest price bankrupts the "
        "company. No: it stops at the lowest price, unless it was already there"
    ),
    "last_player_may_leave": N_(
        "whether the last player still in the game may declare personal bankruptcy. No: the "
        "game always keeps one player; yes: if everyone leaves, the game ends with every "
        "player at $0"
    ),
    "max_trades_per_turn": N_(
        "the most buys and sells in one turn, so that every game ends (the rules say any "
        "number; 24, selling 12 and buying 12, is already pointless)"
    ),
}


def default_words(name: str, value) -> str | None:
    """A rule's default in words where a value needs more than its choice's name (the
    faces of a die, the board), else ``None``."""
    from dashboard.i18n import _, pgettext
    from dashboard.owners_choice.words import face_words

    if name in ("president_die", "fund_die", "event_die"):
        return pgettext("list separator", ", ").join(face_words(f) for f in value)
    if name == "board":
        return _("the printed board: {n} spaces from START to GOAL").format(n=len(value))
    return None
