"""Start the app under AppTest the way a user arrives: at dashboard/app.py."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")


def open_page(
    script: str = "views/home.py", timeout: float = 120, lang: str | None = None
) -> AppTest:
    """Run the app, then switch to ``script`` (relative to dashboard/); ``lang`` (``ja``,
    ``zh-TW``) arrives with ``?lang=`` in the URL, as a shared link does."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    if lang is not None:
        at.query_params["lang"] = lang
    at.run()
    if script != "views/home.py":
        at.switch_page(script)
        at.run()
    return at


def finish_job(at: AppTest, key: str, seconds: float = 120) -> AppTest:
    """Rerun the page (as its progress fragment does twice a second) until the job kept
    under ``key`` (:mod:`dashboard.jobs.panel`) is over and the page has shown its result."""
    import time

    deadline = time.monotonic() + seconds
    while key in at.session_state and time.monotonic() < deadline:
        time.sleep(0.2)
        at.run()
    assert key not in at.session_state, f"the job {key} is still running after {seconds} s"
    assert not at.exception, at.exception
    return at


def open_rules(at: AppTest, key: str) -> AppTest:
    """Open a ruleset form (:func:`dashboard.ui.ruleset_form` with ``key``), as a click on
    its folded expander does: folded, it draws no widget."""
    at.session_state[f"{key}_open"] = True
    return at.run()


class _Tables(HTMLParser):
    """The tables of a piece of HTML: ``(label, rows)``, each row a list of cell texts."""

    def __init__(self):
        super().__init__()
        self.tables: list[tuple[str, list[list[str]]]] = []
        self.label = ""
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "aria-label" in attrs and attrs.get("role") == "region":
            self.label = attrs["aria-label"]
        if tag == "table":
            self.tables.append((self.label, []))
            self.label = ""
        elif tag == "tr" and self.tables:
            self.tables[-1][1].append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None and self.tables:
            self.tables[-1][1][-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def _number(text: str):
    cleaned = text.replace(",", "").replace("$", "").replace("−", "-").strip()
    try:
        return float(cleaned)
    except ValueError:
        return text


def html_tables(at: AppTest, label: str | None = None):
    """The HTML tables the page drew (``dashboard.html_charts.table_html``) as pandas
    frames, figures as numbers; ``label``: only the tables named so (their aria-label)."""
    import pandas as pd

    frames = []
    for element in at.get("html"):
        parser = _Tables()
        parser.feed(element.proto.body)
        for name, rows in parser.tables:
            if rows and (label is None or name == label):
                body = [[_number(c) for c in row] for row in rows[1:]]
                frames.append(pd.DataFrame(body, columns=rows[0]))
    return frames


def alerts(at: AppTest, kind: str) -> list[str]:
    """The texts of the alerts the page drew as HTML (``dashboard.html_charts.alert_html``)
    of ``kind`` (``success``, ``info``, ``warning``, ``error``), its bold as ``**bold**``
    (as ``at.success`` gave the Markdown of ``st.success``), then the same kind of
    Streamlit alert."""
    import html as html_module

    found = []
    pattern = re.compile(rf'<div class="tt-alert tt-{kind}"[^>]*>(.*?)</div>', re.S)
    for element in at.get("html"):
        for inner in pattern.findall(element.proto.body):
            text = re.sub(r"</?b>", "**", inner)
            found.append(html_module.unescape(re.sub(r"<[^>]+>", "", text)))
    return found + [a.value for a in getattr(at, kind)]


def assumptions(at: AppTest) -> list[str]:
    """The assumption lines of the page: those drawn as HTML
    (``dashboard.ui.assumption_html``) as text, then the Markdown ones
    (``dashboard.ui.assumption``); each starts with its badge, "Assumption"."""
    import html as html_module

    badge = re.compile(r"<p[^>]*><span[^>]*>Assumption</span>(.*?)</p>", re.S)
    found = [
        "Assumption " + html_module.unescape(re.sub(r"<[^>]+>", "", inner))
        for element in at.get("html")
        for inner in badge.findall(element.proto.body)
    ]
    return found + [m.value for m in at.markdown if "Assumption" in m.value]


class Figure:
    """A headline figure (``dashboard.html_charts.figures_html``): its label and value."""

    def __init__(self, label: str, value: str):
        self.label, self.value = label, value

    def __repr__(self) -> str:
        return f"Figure({self.label!r}, {self.value!r})"


def figures(at: AppTest) -> list[Figure]:
    """The headline figures the page drew, in order (what ``at.metric`` gave for
    ``st.metric``)."""
    found = []
    pattern = re.compile(
        r"<div class='tt-figure-label'[^>]*>(.*?)</div>"
        r"<div class='tt-figure-value'[^>]*>(.*?)</div>"
    )
    for element in at.get("html"):
        for label, value in pattern.findall(element.proto.body):
            found.append(Figure(html.unescape(label), html.unescape(value)))
    return found
