"""Owner's Choice moves in player words: ``describe(action, names, actor, you)`` ("Aiko buys
a red share"; the reader's own moves in the second person, see :mod:`dashboard.play.words`)."""

from __future__ import annotations

from dashboard.i18n import N_, _, ngettext
from dashboard.play.words import say, who

#: Owner's Choice companies by letter (engine.owners_choice.rules.COMPANY_NAMES)
OC_COMPANIES = {"R": N_("red"), "Y": N_("yellow"), "B": N_("blue"), "G": N_("green")}


def oc_company(letter: str) -> str:
    return _(OC_COMPANIES[letter]) if letter in OC_COMPANIES else letter


def oc_die_face(arg: str) -> tuple[str, str]:
    """``'R +2'`` → ``('red', '+2')``; ``'fund 100/-2'`` → ``('Fund', '100/-2')``."""
    which, _sep, face = arg.partition(" ")
    if which == "fund":
        return _("Fund"), face
    if which == "event":
        return _("Event"), face
    return oc_company(which), face


#: Owner's Choice moves: (the reader's own, anyone else's)
OC_MOVES = {
    "buy": (N_("You buy a {company} share"), N_("{who} buys a {company} share")),
    "sell": (N_("You sell a {company} share"), N_("{who} sells a {company} share")),
    "done": (N_("You end trading"), N_("{who} ends trading")),
    "name": (N_("You name {company}"), N_("{who} names {company}")),
    "pay": (
        N_("You pay the fee and roll the president die"),
        N_("{who} pays the fee and rolls the president die"),
    ),
    "fund": (N_("You roll the Fund die"), N_("{who} rolls the Fund die")),
    "bankrupt": (
        N_("You declare bankruptcy and leave"),
        N_("{who} declares bankruptcy and leaves"),
    ),
    "stay": (N_("You stay in the game"), N_("{who} stays in the game")),
}


def describe(action, names: list[str], actor: int, you: int | None = None) -> str:
    kind, arg = action.kind, action.arg
    if kind == "die":
        from dashboard.owners_choice.words import face_words

        die, face = oc_die_face(arg)
        if face == "dividend":
            return _("the {die} die shows a dividend").format(die=die)
        which = arg.partition(" ")[0]
        if which == "event":  # every face in words: "every company pays its dividend"
            return _("Event die: {face}").format(face=face_words(face))
        if which == "fund":
            return _("Fund die: {face}").format(face=face_words(face))
        return _("the {die} die shows {face}").format(die=die, face=face_words(face))
    me, mine = who(names, actor), actor == you
    if kind == "move":
        count = int(arg) if arg.isascii() and arg.isdigit() else 2
        if mine:
            return ngettext("You move {n} space", "You move {n} spaces", count).format(n=arg)
        return ngettext("{who} moves {n} space", "{who} moves {n} spaces", count).format(
            who=me, n=arg
        )
    if kind in OC_MOVES:
        return say(mine, *OC_MOVES[kind], who=me, company=oc_company(arg))
    return f"{me}: {action}"
