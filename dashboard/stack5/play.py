"""Stack 5 on the live page and against the bots: the board with names, the full advice
(bust odds, draw/stop with its reason, row outlooks, the simple bot's placement) and the
buttons (cards drawn as cards). Words and pictures only; every number is the engine's."""

from __future__ import annotations

import random

import streamlit as st

from dashboard.game_ui import Group
from dashboard.i18n import N_, _, error_text, pgettext
from dashboard.i18n import percent as pct
from dashboard.live import percent
from dashboard.play.words import who
from dashboard.stack5 import words
from dashboard.stack5.draw import COLOURS, SPECIAL_FACE, card_html, named_player_html
from dashboard.ui import plain
from engine import CHANCE, EngineError
from engine.stack5 import Deal, Decide, Give, Place, Steal, draw_odds, draw_or_stop, row_outlook
from engine.stack5.bots import HeuristicBot

_SHORT = {"D3": "+3", "NB": N_("N-bomb"), "CB": N_("C-bomb"), "ST": N_("Steal"), "JK": "★"}


def board(
    state, names: list[str], seat: int | None = None, you: int | None = None, out=None
) -> None:
    """Every player's rows with their names; the cards in play above them. ``you``: the
    reader's seat, whose draw and placement are said in the second person. ``out``: where
    to draw (default ``st``; the live page's tap pad passes an HTML collector)."""
    out = st if out is None else out
    obs = state.observation(seat)
    target = state.ruleset.target
    over = state.is_terminal()
    parts = []
    if obs["hand"]:
        if you is not None and obs["player"] == you:
            parts.append(_("You drew"))
        else:
            parts.append(_("{player} drew").format(player=who(names, obs["player"])))
        parts.append(_cards(obs["hand"]))
    if obs["to_place"]:
        if you is not None and obs["placer"] == you:
            parts.append(_("You place"))
        else:
            parts.append(_("{player} places").format(player=who(names, obs["placer"])))
        parts.append(_cards(obs["to_place"]))
    if obs["stolen"]:
        parts.append(_("stolen"))
        parts.append(_cards([obs["stolen"]]))
    if obs["effect"]:
        parts.append(_("taking effect"))
        parts.append(_cards([obs["effect"]]))
    top = ""
    if parts:
        top = (
            '<div style="display:flex;flex-wrap:wrap;gap:4px;align-items:center;'
            'font-size:13px">' + "".join(parts) + "</div>"
        )
    acting = obs["to_act"] if obs["to_act"] >= 0 else obs["player"]
    players = "".join(
        named_player_html(
            who(names, s),
            rows,
            obs["scores"][s],
            target,
            _("◀ to act") if s == acting and not over else "",
            active=s == acting and not over,
        )
        for s, rows in enumerate(obs["rows"])
    )
    out.html(top + players)
    out.caption(
        _(
            "Deck {deck} · discard pile {discard} · reshuffles {reshuffles} · first to "
            "{target} points"
        ).format(
            deck=obs["deck_size"],
            discard=sum(obs["discard"].values()),
            reshuffles=obs["reshuffles"],
            target=target,
        )
    )


def _cards(cards) -> str:
    return "".join(card_html(c, "sm") for c in cards)


def outcome(action: Deal, probability) -> tuple[str, str]:
    """A chance button that looks like the card: its colour, its number, its odds."""
    card = action.card
    if card in SPECIAL_FACE:
        face, bg, fg = SPECIAL_FACE[card]
        face = _(_SHORT[card]) if card in _SHORT else card
    else:
        bg, fg = COLOURS.get(card[0], ("#666", "#fff"))
        face = card[1:]
    css = (
        f"background:{bg};color:{fg};border:2px solid rgba(0,0,0,.35);min-width:44px;"
        "min-height:42px;padding:0 5px;border-radius:7px;font-weight:700;"
    )
    return f"**{face}** {percent(probability)}", css


def _bot_pick(state) -> str | None:
    seat = state.current_player()
    if seat == CHANCE or state.is_terminal():
        return None
    try:
        return str(HeuristicBot().choose(state, seat, random.Random(0)))
    except EngineError:  # pragma: no cover - the bot only picks legal moves
        return None


def coach(state, names: list[str], out=None) -> set[str]:
    """Bust odds, the draw/stop suggestion and its reason, the placement helper; returns
    the move the simple bot would make (highlighted on its button). ``out``: as
    :func:`board`'s."""
    out = st if out is None else out
    obs = state.observation(None)
    phase = obs["phase"]
    seat = state.current_player()
    lines = []
    best = _bot_pick(state)
    if obs["hand"] and phase in ("draw", "decide", "draw3", "bomb"):
        try:
            odds = draw_odds(
                obs["hand"],
                obs["unseen"] or obs["discard"],
                state.ruleset,
                horizon=3,
                jokers_this_turn=obs["jokers_this_turn"],
            )
        except EngineError as exc:
            lines.append(_("(odds unavailable: {error})").format(error=error_text(exc)))
        else:
            within = ", ".join(
                f"{k + 1}: {pct(float(p), 0)}" for k, p in enumerate(odds.bust_within[:3])
            )
            lines.append(
                _(
                    "Next draw: **bust {bust}**, second Joker {joker}, safe {safe} "
                    "(bust within 1/2/3 draws: {within})."
                ).format(
                    bust=pct(float(odds.bust)),
                    joker=pct(float(odds.double_joker)),
                    safe=pct(float(odds.safe)),
                    within=within,
                )
            )
            if phase == "decide":
                verb, why = draw_or_stop(odds)
                lines.append(
                    _("Suggestion: **{verb}** — {why}.").format(
                        verb=words.verb(verb), why=words.why_text(why)
                    )
                )
    if phase in ("place", "steal_place", "decide", "give", "steal") and seat >= 0:
        rows = obs["rows"][obs["placer"] if phase == "place" else seat]
        looks = []
        for i, row in enumerate(rows):
            if row:
                look = row_outlook(row, state.ruleset)
                looks.append(
                    _("row {n}: {outlook}").format(n=i + 1, outlook=plain(words.outlook_text(look)))
                )
        if looks:
            lines.append(_("Your rows — {rows}.").format(rows=_("; ").join(looks)))
    if best and phase != "decide":
        from engine.stack5 import parse_action

        action = parse_action(best)
        lines.append(
            _("The simple bot would: **{move}**.").format(move=plain(_short_words(action, names)))
        )
    if lines:
        with out.container(border=True):
            out.markdown("  \n".join(lines))
    return {best} if best else set()


def _short_words(action, names) -> str:
    if isinstance(action, Place):
        if action.discard:
            return _("discard row {row}, start it with {card}").format(
                row=action.row, card=action.card
            )
        return _("{card} on row {row}").format(card=action.card, row=action.row)
    if isinstance(action, Give):
        return _("give to {player}").format(player=who(names, action.seat))
    if isinstance(action, Steal):
        return _("steal from {player}'s row {row}").format(
            player=who(names, action.seat), row=action.row
        )
    return str(action)


def groups(state, actions: list, names: list[str], best: set[str]) -> list[Group]:
    """Draw/stop; give to whom; steal which row; one group per card to place (one
    button per legal row)."""
    out: list[Group] = []
    decide = [a for a in actions if isinstance(a, Decide)]
    if decide:
        out.append(
            (
                _("Draw another card or stop?"),
                "",
                [
                    (
                        a,
                        pgettext("button", "Draw") if a.kind == "draw" else _("Stop"),
                        str(a) in best,
                    )
                    for a in decide
                ],
            )
        )
    give = [a for a in actions if isinstance(a, Give)]
    if give:
        out.append(
            (
                _("Bust! Give the cards to"),
                "",
                [(a, plain(who(names, a.seat)), str(a) in best) for a in give],
            )
        )
    steal = [a for a in actions if isinstance(a, Steal)]
    if steal:
        out.append(
            (
                _("Steal the top card of"),
                "",
                [
                    (
                        a,
                        _("{player} row {row}").format(player=plain(who(names, a.seat)), row=a.row),
                        str(a) in best,
                    )
                    for a in steal
                ],
            )
        )
    by_card: dict[str, list] = {}
    for a in actions:
        if isinstance(a, Place):
            by_card.setdefault(a.card, []).append(a)
    rows = state.observation(None)["rows"]
    seat = state.current_player()
    mine = rows[seat] if 0 <= seat < len(rows) else []
    for card, places in by_card.items():
        choices = []
        for a in places:
            if a.discard:
                label = _("discard row {row}").format(row=a.row)
            elif a.row - 1 < len(mine) and not mine[a.row - 1]:
                label = _("row {n} (new)").format(n=a.row)
            else:
                label = _("row {n}").format(n=a.row)
            choices.append((a, label, str(a) in best))
        out.append(
            (
                _("Place {card} on").format(card=plain(_card_words(card))),
                card_html(card, "sm"),
                choices,
            )
        )
    return out


def _card_words(card: str) -> str:
    """'R3' → 'R3 (red 3)'; a special card by its name (the card code players see)."""
    if card in words.SPECIAL:
        return words.special(card)
    return _("{card} ({name})").format(card=card, name=words.card_label(card))


def chance_note(state, names: list[str]) -> str | None:
    """During a Draw 3: which of its cards comes now and how many follow."""
    obs = state.observation(None)
    if obs["phase"] != "draw3" or not obs["extra_draws"]:
        return None
    left = obs["extra_draws"]  # this card included
    player = plain(who(names, obs["player"]))
    if left == 1:
        return _("**Draw 3** for {player}: card 3 of 3, the last one.").format(player=player)
    return _("**Draw 3** for {player}: card {k} of 3, {n} more to come after it.").format(
        player=player, k=4 - left, n=left - 1
    )
