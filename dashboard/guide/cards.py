"""The guided game's drawing: the rule card, the list of rules met at the end and the
"Play your first game" door."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from dashboard.guide.game import Card
from dashboard.guide.words import card_text, rule_name
from dashboard.i18n import _, current
from dashboard.nav import SHARED_PAGES, learn_page, practice_page
from dashboard.sections import section_link
from dashboard.ui import plain


def _learn_link(game: str, section: str) -> str | None:
    page = learn_page(game)
    return section_link(page.url_path, section) if page is not None else None


def rule_card(game: str, card: Card, happened: str, on_continue: Callable, args: tuple) -> None:
    """The card of a rule that just came up: its name, its sentences, what happened and the
    link to the Learn section; "Continue" (``on_continue(*args)``) lets the game go on."""
    box = st.container(border=True, key="guide_card")
    name = plain(rule_name(game, card.code))
    box.caption(_("New rule"))
    box.markdown("#### " + name)
    text = card_text(game, card.code)
    if text:
        box.markdown(plain(text))
    if happened:
        box.caption(_("What just happened: {event}").format(event=plain(happened)))
    link = _learn_link(game, card.section)
    if link:
        read = _("Read this rule")
        box.markdown(f"[{read}]({link})")
    box.button(
        _("Continue"),
        type="primary",
        icon=":material/play_arrow:",
        key="guide_continue",
        on_click=on_continue,
        args=args,
    )


def rules_met(game: str, cards: list[Card]) -> None:
    """The end of a guided game: the rules it taught, each linked to its Learn section, and
    the Practice page to drill them."""
    if not cards:
        return
    lines = []
    for card in cards:
        name = plain(rule_name(game, card.code))
        link = _learn_link(game, card.section)
        lines.append(f"- [{name}]({link})" if link else f"- {name}")
    st.markdown("**" + _("Rules you met") + "**  \n" + "\n".join(lines))
    page = practice_page(game)
    if page is not None:
        drills = _("Practise these rules with drills")
        st.markdown(f"[{drills}]({_page_url(page.url_path)})")


def play_link(game: str) -> str:
    """The address of ``game``'s guided first game (the Play page opens it)."""
    page = next(p for p in SHARED_PAGES if p.script == "views/play.py")
    return f"/{page.url_path}?guide={game}&lang={current()}"


def _page_url(url_path: str) -> str:
    return f"/{url_path}?lang={current()}"


def door(game: str) -> None:
    """A Learn page's doors: "Play your first game" (the guided game) and the Practice
    page's drills."""
    first = _("Play your first game")
    links = [f":material/school: [{first}]({play_link(game)})"]
    page = practice_page(game)
    if page is not None:
        drills = _("Practise the rules")
        links.append(f":material/quiz: [{drills}]({_page_url(page.url_path)})")
    st.markdown(" · ".join(links))


def play_doors(game: str) -> None:
    """The Practice page's doors to play: the guided first game, where ``game`` has one,
    and the Play page."""
    from dashboard.guide.game import has_guide

    play = next(p for p in SHARED_PAGES if p.script == "views/play.py")
    bots, first = _("Play against the bots"), _("Play your first game")
    links = [f":material/smart_toy: [{bots}]({_page_url(play.url_path)})"]
    if has_guide(game):
        links.insert(0, f":material/school: [{first}]({play_link(game)})")
    st.markdown(" · ".join(links))


def rules_door(game: str) -> None:
    """The Play page's door to the rules: ``game``'s Learn page."""
    page = learn_page(game)
    if page is not None:
        read = _("Read the rules")
        st.caption(f":material/menu_book: [{read}]({_page_url(page.url_path)})")
