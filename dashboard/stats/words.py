"""The words of the statistics page's tables: each game's tables are titled by the engine
in English (``engine/*/stats.py``); their titles, notes, axis titles and column names are
listed here as message ids, so the page shows them in the session's language (a text not
listed is shown as the engine wrote it)."""

from __future__ import annotations

from dashboard.i18n import N_

#: a table's column as a player reads it (the CSV keeps the engine's names)
COLUMN_WORDS = {
    "num_players": N_("players"),
    "players": N_("players"),
    "seat": N_("seat"),
    "bot": N_("bot"),
    "games": N_("games"),
    "wins": N_("wins"),
    "win_rate": N_("win rate"),
    "mean_score": N_("mean score"),
    "actions": N_("actions"),
    "price": N_("price"),
    "companies": N_("companies"),
    "round": N_("round"),
    "mean price": N_("mean price"),
    "number_hand": N_("number hand"),
    "symbol_hand": N_("symbol hand"),
    "recorded": N_("recorded"),
    "exact odds": N_("exact odds"),
    "fair share": N_("fair share"),
    "highest": N_("highest"),
    "bankruptcies": N_("bankruptcies"),
    "turns": N_("turns"),
    "own_draws": N_("own draws"),
    "bust_rate": N_("bust rate"),
    "bid": N_("bid"),
    "contracts": N_("contracts"),
    "made_rate": N_("made rate"),
    "mean books": N_("mean books"),
    "kind": N_("kind"),
    "deals": N_("deals"),
    "variant": N_("variant"),
    "swing": N_("swing"),
    "first player win rate": N_("first player win rate"),
    "seats": N_("seats"),
}

#: the engine's table titles, notes and axis titles (engine/*/stats.py)
ENGINE_TEXTS = (
    N_("A contract of bid b is made with at least 6 + b books, kitty included."),
    N_("Bankruptcies in the game"),
    N_("Bankruptcies per game"),
    N_("Bid (books over six)"),
    N_("Bid Whist: contracts by kind"),
    N_("Bid Whist: contracts made by bid"),
    N_("Bust rate by cards drawn"),
    N_("Cards drawn in the turn"),
    N_("Company (highest final price)"),
    N_("Company prices set"),
    N_("Company with the highest final price"),
    N_("Contract kind (trump suit, or no trump)"),
    N_("Contracts"),
    N_("Deals"),
    N_("Deals by variant"),
    N_("First-player advantage"),
    N_("Games"),
    N_("Mean price ($)"),
    N_("Mean price by round"),
    N_("Number hand"),
    N_("Number hands: recorded vs exact odds"),
    N_("Players"),
    N_("Points between the sides in one deal"),
    N_("Price ($)"),
    N_("Prices at the price phases"),
    N_("Round"),
    N_("Score swing per deal (all variants)"),
    N_("Share of company boards"),
    N_("Share of contracts made"),
    N_("Share of games the first player won"),
    N_("Share of turns that busted"),
    N_("Symbol hand"),
    N_("Symbol hands: recorded vs exact odds"),
    N_(
        "Turns by how many cards the drawer drew (the cards that count toward the minimum of "
        "two: own draws and, by default, the three cards of a Draw 3; never a card turned by "
        "a bomb), and how often they ended in a bust."
    ),
    N_("Turns in the game (all seats)"),
    N_("Turns to win"),
    N_(
        "exact odds = five cards drawn at random from the 42; bots do not place at random, "
        "so recorded games drift from them"
    ),
    N_("ties are listed together, e.g. “red/blue”"),
    N_("ties count as a win for every tied seat; fair share = 1 / players"),
)


def value_words(column: str):
    """How a column's values read for players (hand names, contract kinds, variants), as a
    function of the engine's value; ``None`` when the values are numbers or letters."""
    if column == "seat":  # seats are numbered from 1, as on every other page
        from dashboard.ui import seat_name

        return seat_name
    from dashboard.plugins import game_uis  # each game words its own columns

    for ui in game_uis():
        if ui.value_words and column in ui.value_words:
            return ui.value_words[column]
    return None


#: the kinds of decision of the Insights (``engine/<game>/decisions.py``)
KIND_WORDS = {
    "draw_stop": N_("draw or stop"),
    "placement": N_("placement"),
    "move": N_("move"),
    "trade": N_("trade"),
    "president": N_("president's choice"),
    "all_space": N_("ALL space"),
    "bankruptcy": N_("bankruptcy"),
    "peek": N_("peek"),
    "bid": N_("bid"),
    "trump": N_("trump or direction"),
    "kitty": N_("kitty discard"),
    "card": N_("card play"),
    "other": N_("other"),
}

#: the situations a decision is made in (``engine/<game>/decisions.py``; a kind made in
#: one situation only names it as the kind, and the page says the kind alone)
SITUATION_WORDS = {
    "held_0": N_("no card held yet"),
    "held_1": N_("1 card held"),
    "held_2": N_("2 cards held"),
    "held_3": N_("3 cards held"),
    "held_4_plus": N_("4 or more cards held"),
    "new_row": N_("onto an empty row"),
    "extend_row": N_("onto a row in progress"),
    "complete_row": N_("completing a row"),
    "discard_row": N_("discarding a row"),
    "before_move": N_("before the move"),
    "after_move": N_("after the move"),
    "sell_step": N_("the sell step"),
    "buy_step": N_("the buy step"),
    "free_action": N_("a free action"),
    "peek_company": N_("a company's face-down card"),
    "peek_hand": N_("a card in another hand"),
    "first_to_speak": N_("first to speak"),
    "after_bids": N_("after a bid"),
    "lead": N_("leading"),
    "follow": N_("following suit"),
    "ruff": N_("trumping another suit"),
    "throw": N_("throwing off another suit"),
    "other": N_("other"),
}
