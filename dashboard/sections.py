"""Open a page at one of its sections: ``?section=<anchor>`` in the address.

Streamlit's navigation drops a URL's ``#anchor`` when it loads a page, so a link to "the
rule on the Learn page" (from a drill's answer) names the section in the query instead,
and the page calls :func:`open_section` once it has drawn everything: a tiny component
scrolls to the heading with that anchor, first opening the tab it sits in. It does so once
per page load, so using the page afterwards never jumps back.
"""

from __future__ import annotations

import re

import streamlit as st

from dashboard.i18n import current
from dashboard.ui import url_value

_ANCHOR = re.compile(r"[a-z0-9][a-z0-9-]{0,40}")

_JS = """
export default function ({ data }) {
  const w = window;
  const id = data.section;
  if (!id || w.tabletopSectionOpened === location.pathname + "?" + id) return;
  let tries = 0;
  const open = () => {
    const target = document.getElementById(id);
    if (!target) { if (++tries < 50) setTimeout(open, 100); return; }
    w.tabletopSectionOpened = location.pathname + "?" + id;
    const panel = target.closest('[data-testid="stTabPanel"]');
    const tabs = panel && panel.closest('[data-testid="stTabs"]');
    if (tabs) {  // open the tab the section is in (its panel's place among the panels)
      const panels = Array.from(tabs.querySelectorAll('[data-testid="stTabPanel"]'))
        .filter((p) => p.closest('[data-testid="stTabs"]') === tabs);
      const tab = tabs.querySelectorAll('[role="tab"]')[panels.indexOf(panel)];
      if (tab && tab.getAttribute("aria-selected") !== "true") tab.click();
    }
    setTimeout(() => target.scrollIntoView({ block: "start" }), 50);
  };
  open();
}
"""

_opener = st.components.v2.component("tabletop_open_section", js=_JS)


def _check(anchor: str) -> None:
    if not _ANCHOR.fullmatch(anchor):
        raise ValueError(anchor)


def open_section() -> None:
    """Scroll to the section the address names (``?section=``), if any (call it last)."""
    anchor = url_value("section", "", check=_check)
    if anchor:
        _opener(key="open_section", data={"section": anchor}, height=0)


def section_link(url_path: str, anchor: str) -> str:
    """The address of a page's section, in the session's language.

    >>> section_link("stack5_learn", "deck")
    '/stack5_learn?section=deck&lang=en'
    """
    return f"/{url_path}?section={anchor}&lang={current()}"
