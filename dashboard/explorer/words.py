"""The explorer's words for players and seats: seat 0 is Player 1, engine texts with
their seats as players, who is to act, a recorded file's and a record's one-line name."""

from __future__ import annotations

import re
from pathlib import Path

from dashboard.game_ui import GameUI
from dashboard.i18n import _, pgettext
from dashboard.ui import NAME_MAX_CHARS, plain, plain_label
from engine import GameRecord


def chance_word(word: str) -> str:
    """A game's chance in the session's language (``dealer/dice`` when it names none)."""
    words = {
        "dealer": pgettext("move list", "dealer"),
        "deck": pgettext("move list", "deck"),
        "dice": pgettext("move list", "dice"),
        "die": pgettext("move list", "die"),
    }
    return words.get(word) or plain_label("chance")


def player(seat: int) -> str:
    """Seat 0 is Player 1: how every explorer text names a seat.

    >>> player(0)
    'Player 1'
    """
    return _("Player {n}").format(n=seat + 1)


def who_label(players: list[str], seat: int) -> str:
    """``Player 1 · Ann`` (a bot by its player word: ``Player 2 · simple bot``)."""
    if 0 <= seat < len(players):
        return f"{player(seat)} · {plain(plain_label(players[seat]), NAME_MAX_CHARS)}"
    return player(seat)


_SEATS = re.compile(r"\b([Ss])eats (\d+)\+(\d+)\b")


_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def player_words(text: str) -> str:
    """An engine text with its seats named as players (seat 0 → Player 1).

    >>> player_words("seat 0 draws a card; seats 1+3 win")
    'Player 1 draws a card; Players 2+4 win'
    """
    text = _SEATS.sub(lambda m: _("Players {a}+{b}").format(a=int(m[2]) + 1, b=int(m[3]) + 1), text)
    return _SEAT.sub(lambda m: player(int(m[2])), text)


def turn_text(plugin: GameUI, state) -> str:
    """Who is to act, in the session's language: the plugin's words, else the engine's
    phrase with seats as players (its generic phrases translated)."""
    if plugin.turn_words is not None:
        return plugin.turn_words(state)
    from engine.core.protocol import CHANCE, TERMINAL

    phrase = state.describe_turn()
    seat = state.current_player()
    if seat == TERMINAL and phrase == "game over":
        return _("game over")
    if seat == CHANCE and phrase == "chance to act":
        return _("chance to act")
    if seat >= 0 and phrase == f"seat {seat} to act":
        return _("{player} to act").format(player=player(seat))
    return player_words(phrase)


def file_label(name: str) -> str:
    """A recorded file in player words: ``four_heuristic.jsonl`` → ``four simple bots``
    (the files the app ships are named whole, in the page's language; another file's
    name is read word by word).

    >>> file_label("heuristic_mirror.jsonl"), file_label("games.jsonl"), file_label("x_random")
    ('simple bot mirror', 'games', 'x random bot')
    """
    stem = Path(name).stem
    if stem == "games":
        return pgettext("recorded file", "games")
    if stem == "four_heuristic":
        return _("four simple bots")
    if stem == "heuristic_mirror":
        return _("simple bot mirror")
    return " ".join(plain_label(w) for w in stem.split("_") if w)


def summary(record: GameRecord) -> str:
    winners = (record.result or {}).get("winners")
    won = ", ".join(player(w) for w in winners) if winners else _("nobody yet (unfinished)")
    names = _(" vs ").join(plain(plain_label(p), NAME_MAX_CHARS) for p in record.players)
    if record.seed is None:  # a game played here, its chance drawn as it went
        return _("{players} · won by {winners}").format(players=names, winners=won)
    return _("{players} · seed {seed} · won by {winners}").format(
        players=names, seed=record.seed, winners=won
    )
