"""The phases of a Whist deal, in the order they come, and the constants of a trick."""

from __future__ import annotations

from enum import IntEnum

from engine.whist.cards import ACE


class Phase(IntEnum):
    """The phases of a deal (``WhistState.phase``), in the order they come; their names in
    ``observation()`` are :data:`PHASES`."""

    DEALER = 0  # chance draws the first dealer
    DEAL = 1  # chance deals
    BID = 2
    TRUMP = 3  # the trump suit named (or, at no trump, the direction)
    DISCARD = 4
    DECLARE = 5  # high or low declared
    PLAY = 6
    END = 7  # the game is over


DEALER, DEAL, BID, TRUMP, DISCARD, DECLARE, PLAY, END = Phase
PHASES = ("dealer", "deal", "bid", "trump", "discard", "declare", "play", "end")
HONOUR_RANKS = (ACE, ACE - 1, ACE - 2, ACE - 3)
TRICK_CARDS = 4  # cards in a trick (two players play two each)
