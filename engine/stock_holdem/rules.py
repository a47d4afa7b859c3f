"""The Stock Hold'em ruleset: values RULES.md §1 fixes, and the [A] values it leaves open.

>>> from engine.core.ruleset import make_ruleset
>>> make_ruleset(StockHoldemRules, {"start_price": 12}).start_price
12
>>> make_ruleset(StockHoldemRules, {"card_back_parity": "odd"}).card_back_parity
'odd'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import Phrase, RulesetError, quote_choices
from engine.core.ruleset import option

#: the game has 42 challenge chips; no count of chips in a ruleset is larger
MAX_CHIPS = 42
#: bound on starting money (the rules use $100-$150)
MAX_MONEY = 100_000


@dataclass(frozen=True)
class StockHoldemRules:
    start_price: int = option(10, "starting price of every company", assumption=True, min=1, max=57)
    card_back_parity: str = option(
        "even",
        "a regular card (number n, symbol index i with A=0 F=1 S=2 W=3) shows its "
        "number on the back when n+i has this parity, else its symbol; Bull's back "
        "shows 10 and Bear's back shows ×",
        assumption=True,
        choices=("even", "odd"),
    )
    symbol_names: tuple[str, ...] = option(
        ("anchor", "fish", "shell", "wave"),
        "display names of the symbols written A, F, S, W",
        assumption=True,
    )
    company_names: tuple[str, ...] = option(
        ("A", "B", "C", "D", "E", "F"), "display names of the six companies A-F", assumption=True
    )
    stock_up_per_company: int = option(
        1, "most stock-up chips one company may carry", assumption=True, min=1, max=3
    )
    bear_with_four_of_a_number: str = option(
        "four of a kind",
        "Bear plus four cards of one number scores as this number hand (RULES: "
        "five of a kind needs five equal numbers, the source is silent on Bear)",
        assumption=True,
        choices=("four of a kind", "five of a kind"),
    )
    straights_wrap: bool = option(
        False,
        "straights may run over 10 back to 1 (e.g. 9 10 1 2); off = numbers "
        "run 1-10 and do not wrap",
        assumption=True,
    )
    bull_counts_as_ten: bool = option(
        True,
        "the Bull also counts as the number 10 in number hands (straights, "
        "sets); off = the Bull is a symbol card only (it adds 10 to the best symbol "
        "and takes no part in number hands; RULES: the article says only that)",
        assumption=True,
    )
    free_action_after_buy: bool = option(
        True,
        "free actions are also allowed after the buy step, before the turn "
        "ends (RULES: “any time in the turn”); the turn then ends with “end”",
        assumption=True,
    )
    peek_hands: bool = option(
        False,
        "the 1-chip peek may also look at a card in another player's hand "
        "(RULES: “look at one face-down card”); off = only face-down cards on companies",
        assumption=True,
    )
    stock_up_chips: int = option(3, "stock-up chips in the game", min=0, max=6)
    chip_limit: int = option(
        7, "most challenge chips a player holds; each extra chip pays $1", min=1, max=MAX_CHIPS
    )
    shares_per_company: int = option(11, "share cards of each company", min=1, max=60)
    start_money: tuple[int, ...] = option(
        (150, 120, 100, 100), f"starting money for 3, 4, 5, 6 players (each 0-{MAX_MONEY})"
    )
    start_chips: tuple[int, ...] = option(
        (2, 3, 3, 4, 4, 5),
        f"challenge chips dealt clockwise from the start player (each 0-{MAX_CHIPS})",
    )
    preparation_chips: int = option(
        2, "challenge chips every player gains in the preparation phase", min=0, max=MAX_CHIPS
    )
    cost_cash: int = option(1, "chips paid to take $1", min=1, max=MAX_CHIPS)
    cost_peek: int = option(1, "chips paid to look at a face-down card", min=1, max=MAX_CHIPS)
    cost_free_sell: int = option(2, "chips paid for a free sale of 1 share", min=1, max=MAX_CHIPS)
    cost_free_buy: int = option(
        3, "chips paid for a free purchase of 1 share", min=1, max=MAX_CHIPS
    )
    cost_stock_up: int = option(3, "chips paid to place a stock-up chip", min=1, max=MAX_CHIPS)

    def validate(self) -> None:
        # a list of numbers or names in a message as the page's language writes a list
        money = Phrase.joined([str(m) for m in self.start_money], ", ")
        chips = Phrase.joined([str(c) for c in self.start_chips], ", ")
        if len(self.start_money) != 4:
            raise RulesetError.coded(
                "stock.start_money_len",
                "start_money ({value}): give 4 amounts (3, 4, 5, 6 players)",
                value=money,
            )
        if len(self.start_chips) != 6:
            raise RulesetError.coded(
                "stock.start_chips_len",
                "start_chips ({value}): give 6 counts (seats 1-6)",
                value=chips,
            )
        if len(self.symbol_names) != 4:
            raise RulesetError.coded(
                "stock.symbol_names_len",
                "symbol_names ({value}): give 4 names",
                value=quote_choices(self.symbol_names),
            )
        if len(self.company_names) != 6:
            raise RulesetError.coded(
                "stock.company_names_len",
                "company_names ({value}): give 6 names",
                value=quote_choices(self.company_names),
            )
        if not all(0 <= m <= MAX_MONEY for m in self.start_money):
            raise RulesetError.coded(
                "stock.start_money_range",
                "start_money ({value}): each amount must be 0-{most}",
                value=money,
                most=MAX_MONEY,
            )
        if not all(0 <= c <= MAX_CHIPS for c in self.start_chips):
            raise RulesetError.coded(
                "stock.start_chips_range",
                "start_chips ({value}): each count must be 0-{most}",
                value=chips,
                most=MAX_CHIPS,
            )
        for what, names in (
            ("symbol_names", self.symbol_names),
            ("company_names", self.company_names),
        ):
            if not all(0 < len(x.strip()) <= 24 for x in names):
                raise RulesetError.coded(
                    "stock.names_length",
                    "{field} ({value}): each name must be 1-24 characters",
                    field=what,
                    value=quote_choices(names),
                )


#: hand size and trading turns per player, by player count (RULES §1 set-up)
HAND_SIZE = {3: 6, 4: 5, 5: 4, 6: 4}
TURNS = {3: 6, 4: 5, 5: 4, 6: 4}
ROUNDS = 2
FACE_UP = 2
SLOTS = 5
