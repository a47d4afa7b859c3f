"""The rulesets' words in the session's language: the labels of ruleset fields and the
words of their choices (a game's title and description are its
:class:`dashboard.game_ui.GameUI`'s). The engine stays English; pages show these instead
(``field_label("bust_limit")``). Every entry is an English message id (``N_``); a name with no
entry is shown as the engine gives it."""

from __future__ import annotations

from dashboard.i18n import N_, _

#: ruleset field → its label (the field name in words)
FIELD_LABELS = {
    "start_price": N_("Start price"),
    "card_back_parity": N_("Card back parity"),
    "symbol_names": N_("Symbol names"),
    "company_names": N_("Company names"),
    "stock_up_per_company": N_("Stock up per company"),
    "bear_with_four_of_a_number": N_("Bear with four of a number"),
    "straights_wrap": N_("Straights wrap"),
    "bull_counts_as_ten": N_("Bull counts as ten"),
    "free_action_after_buy": N_("Free action after buy"),
    "peek_hands": N_("Peek hands"),
    "stock_up_chips": N_("Stock up chips"),
    "chip_limit": N_("Chip limit"),
    "shares_per_company": N_("Shares per company"),
    "start_money": N_("Start money"),
    "start_chips": N_("Start chips"),
    "preparation_chips": N_("Preparation chips"),
    "cost_cash": N_("Cost cash"),
    "cost_peek": N_("Cost peek"),
    "cost_free_sell": N_("Cost free sell"),
    "cost_free_buy": N_("Cost free buy"),
    "cost_stock_up": N_("Cost stock up"),
    "colours": N_("Colours"),
    "numbers": N_("Numbers"),
    "copies": N_("Copies"),
    "draw3": N_("Draw3"),
    "number_bombs": N_("Number bombs"),
    "colour_bombs": N_("Colour bombs"),
    "steals": N_("Steals"),
    "jokers": N_("Jokers"),
    "min_draws": N_("Min draws"),
    "min_draw_counts": N_("Min draw counts"),
    "draw3_joker": N_("Draw3 joker"),
    "steal_from": N_("Steal from"),
    "max_rows": N_("Max rows"),
    "target": N_("Target"),
    "start_cash": N_("Start cash"),
    "fund_start": N_("Fund start"),
    "max_shares": N_("Max shares"),
    "move_range_players": N_("Move range players"),
    "president_timing": N_("President timing"),
    "move_max_small": N_("Move max small"),
    "move_max_large": N_("Move max large"),
    "fee_low": N_("Fee low"),
    "fee_high": N_("Fee high"),
    "fee_threshold": N_("Fee threshold"),
    "president_bonus": N_("President bonus"),
    "goal_take": N_("Goal take"),
    "track_prices": N_("Track prices"),
    "track_dividends": N_("Track dividends"),
    "board": N_("Board"),
    "president_die": N_("President die"),
    "fund_die": N_("Fund die"),
    "event_die": N_("Event die"),
    "no_president": N_("No president"),
    "sale_tie_active_last": N_("Sale tie active last"),
    "bankrupt_on_overshoot": N_("Bankrupt on overshoot"),
    "last_player_may_leave": N_("Last player may leave"),
    "max_trades_per_turn": N_("Max trades per turn"),
    "variant": N_("Variant"),
    "bid_target": N_("Bid target"),
    "whist_target": N_("Whist target"),
    "first_dealer": N_("First dealer"),
    "honours_after_tricks": N_("Honours after tricks"),
    "tricks_before_honours": N_("Tricks before honours"),
    "jokers_follow_trump": N_("Jokers follow trump"),
    "high_game_trump": N_("High game trump"),
    "two_player_honours": N_("Two player honours"),
    "die_faces": N_("Die faces"),
}

#: a choice of a ruleset field → its words
CHOICE_WORDS = {
    "even": N_("even"),
    "odd": N_("odd"),
    "four of a kind": N_("four of a kind"),
    "five of a kind": N_("five of a kind"),
    "own_and_draw3": N_("own and draw3"),
    "own": N_("own"),
    "no_effect": N_("no effect"),
    "counts_for_both": N_("counts for both"),
    "any_row": N_("any row"),
    "last_placed": N_("last placed"),
    "in_game": N_("in game"),
    "starting": N_("starting"),
    "after_trade": N_("after trade"),
    "each_share": N_("each share"),
    "nothing": N_("nothing"),
    "active_player": N_("active player"),
    "bid4": N_("bid4"),
    "whist4": N_("whist4"),
    "bid2": N_("bid2"),
    "whist2": N_("whist2"),
    "dealer_last": N_("dealer last"),
    "none": N_("none"),
}


def field_label(name: str) -> str:
    """A ruleset field as a label: ``bust_limit`` → ``Bust limit`` (translated)."""
    if name in FIELD_LABELS:
        return _(FIELD_LABELS[name])
    return name.replace("_", " ").capitalize()


def choice_word(value) -> str:
    """A ruleset choice in words: ``any_row`` → ``any row`` (translated)."""
    if isinstance(value, str) and value in CHOICE_WORDS:
        return _(CHOICE_WORDS[value])
    return str(value).replace("_", " ")
