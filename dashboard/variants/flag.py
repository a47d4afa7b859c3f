"""A Learn page's assumption flag ([A] in RULES.md) with what changing it does: the
verdict of the rule's shipped report (``data/variants``) under the flag, and a link to
try it on the Rule variants page (or, for a rule that page cannot play, such as a die's
faces, to the Rule assumptions page where every verdict is listed)."""

from __future__ import annotations

import html

import streamlit as st

from dashboard import ui
from dashboard.i18n import _
from dashboard.variants import shipped
from dashboard.variants.choices import page_link
from dashboard.variants.choices import rules as variant_rules
from dashboard.variants.words import rule_name, verdict_words

ASSUMPTIONS_SCRIPT = "views/assumptions.py"


def _assumptions_link() -> str:
    from dashboard.i18n import current
    from dashboard.nav import all_pages

    url = next((p.url_path for p in all_pages() if p.script == ASSUMPTIONS_SCRIPT), "")
    return f"/{url}?lang={current()}"


def verdict_html(game: str, rules: tuple[str, ...]) -> str:
    """The "Does it matter?" line of ``game``'s ``rules``: each shipped verdict (named by
    its rule when there are several) and a link to try it; empty when no rule has one."""
    said = []
    for rule in rules:
        found = shipped.report(game, rule)
        if found is None:
            continue
        verdict = verdict_words(game, found["verdict"])
        said.append(
            _("{rule}: {verdict}").format(rule=rule_name(rule), verdict=verdict)
            if len(rules) > 1
            else verdict
        )
    if not said:
        return ""
    playable = {f.name for f in variant_rules(game)}
    first = next((r for r in rules if r in playable), None)
    href = page_link(game, first) if first else _assumptions_link()
    name = _("Try it yourself") if first else _("All the rule assumptions")
    link = f"<a href='{html.escape(href)}' target='_self'>{html.escape(name)}</a>"
    lead = _("Does it matter?")
    return (
        "<p class='tt-caption' style='font-size:14px;opacity:0.8;margin:-0.5rem 0 0.75rem'>"
        f"<b>{html.escape(lead)}</b> {html.escape(' '.join(said))} {link}</p>"
    )


def assumption(game: str, text: str, *rules: str) -> None:
    """Flag ``text`` as an assumption (:func:`dashboard.ui.assumption`) and say, under
    it, what changing ``rules`` did in the shipped bots' games."""
    ui.assumption(text)
    line = verdict_html(game, rules)
    if line:
        st.html(line)
