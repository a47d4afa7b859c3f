"""Folds whose content a page draws only once opened, that cost a phone's first load no
element while closed.

Closed, a fold is a link in the look of a folded ``st.expander``, joined to the page's HTML
beside it (:meth:`Fold.link_html`): a tap on it sets ``?{param}=1`` on the page's own link
and reruns the page in the same session (the start page's script,
:mod:`dashboard.frame.head`). Open, it is an expander (:meth:`Fold.box`), drawn open, whose
content the page draws; closing it drops the value from the link, and the next run draws
the link again. A shared link with the value opens the fold.

Why: a Streamlit expander, even folded and empty, cost a phone (390 px, CPU 4× slower)
about as much as a custom component on first load: a table tracker's three folds as
expanders took 0.27× an empty Streamlit page's load (``docs/benchmarks.md``).

>>> fold = Fold("Rules & more", "rules_open", "rules")
>>> fold.link_html()
'<a class="tt-fold" href="?rules=1" data-tt-page="" data-tt-keep>Rules &amp; more</a>'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from dashboard.html_charts import alert_html


@dataclass(frozen=True)
class Fold:
    """A fold: its ``title`` (plain text, in the page's language), the ``key`` of its
    expander's state (``True`` in the session opens it, as a tap does) and the link value
    ``param`` that opens it; ``also``: other link values that open it (its content's own,
    a link giving them is about it), dropped with ``param`` when it is folded.
    ``refused``: what is wrong with a value in it, said under its link while it is closed
    (open, its content says it beside the value)."""

    title: str
    key: str
    param: str
    refused: str = ""
    also: tuple[str, ...] = ()

    def is_open(self) -> bool:
        """Whether the page draws it open: its link was followed (or shared), or its
        expander is open."""
        return (
            st.query_params.get(self.param, "0") != "0"  # ?param=0: closed
            or any(p in st.query_params for p in self.also)
            or bool(st.session_state.get(self.key))
        )

    def link_html(self) -> str:
        """The closed fold, as HTML to join to the page's HTML beside it."""
        href = "?" + urlencode({self.param: 1})
        return (
            f'<a class="tt-fold" href="{html.escape(href)}" data-tt-page="" data-tt-keep>'
            f"{html.escape(self.title)}</a>"
        )

    def closed_html(self) -> str:
        """:meth:`link_html`, and what is refused in it under the link."""
        said = alert_html(self.refused, "error") if self.refused else ""
        return self.link_html() + said

    def link_if_closed(self) -> str:
        """:meth:`closed_html` while the fold is closed, else ``""``: for a page that joins
        a fold's link to an element of another part than the one that draws it open."""
        if self.is_open():
            return ""
        # a state left by an expander of an earlier run would fold the next one
        st.session_state.pop(self.key, None)
        return self.closed_html()

    def box(self):
        """The open fold: an expander, open, for the page to draw into (``with``). Closed
        by a tap, it reruns the page, which then drops the link's value and draws the
        link (:meth:`is_open` is then false)."""
        # always the same arguments: Streamlit tells an expander from another by them, and
        # a new one starts folded (open at first, its state kept in the session after)
        box = st.expander(self.title, expanded=True, key=self.key, on_change="rerun")
        if box.open:
            if st.query_params.get(self.param, "0") == "0":  # (a value of its content's stays)
                st.query_params[self.param] = "1"
        else:
            for name in (self.param, *self.also):
                if name in st.query_params:
                    del st.query_params[name]
        return box


def boxes(folds: Sequence[Fold], before_html: str = "", after_html: str = "") -> list[Any]:
    """Folds one under the other, for a page that draws into them later: ``before_html``,
    each closed fold's link and ``after_html`` joined into one element between open ones,
    each drawn as an expander. Returns each fold's expander while it is open, else
    ``None``, in order."""
    links = before_html
    out: list[Any] = []
    for fold in folds:
        closed = fold.link_if_closed()
        if closed:
            links += closed
            out.append(None)
            continue
        if links:
            st.html(links)
            links = ""
        box = fold.box()
        if not box.open and fold.refused:  # folded by the tap that reran the page
            links += alert_html(fold.refused, "error")
        out.append(box if box.open else None)
    if links or after_html:
        st.html(links + after_html)
    return out


def draw(
    folds: Sequence[tuple[Fold, Callable[[], object]]],
    after_html: str = "",
    *,
    before_html: str = "",
) -> None:
    """:func:`boxes`, each open one's content drawn by its function (the second of the
    pair, called with no argument)."""
    opened = boxes([fold for fold, _content in folds], before_html, after_html)
    for (_fold, content), box in zip(folds, opened, strict=True):
        if box is not None:
            with box:
                content()
