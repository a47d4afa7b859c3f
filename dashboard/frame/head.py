"""What every page of the app needs before it draws, written once into the start page's
``<head>`` (:mod:`dashboard.frame.start_page`): the app-wide styles and the page-switch script.

Why there: anything a page draws is another element for a phone to lay out on every first
load and every page switch, while the start page is parsed once per browser tab, before
Streamlit's own script. A page that ``streamlit run dashboard/app.py`` serves directly
(without :mod:`dashboard.serve`) still works without them: its links open the page anew.
"""

from __future__ import annotations

from pathlib import Path

from dashboard.components.tap import compact

#: On a touch screen (no hover) a table's toolbar (eye, download, search, full screen) and
#: a chart's mode bar appear on a tap and then stay over the text and controls above them;
#: there they are hidden (a mouse still shows them on hover). On a narrow screen the tab
#: labels wrap onto a second line instead of running off the edge.
TOUCH_CSS = """@media (hover: none) {
[data-testid="stElementToolbar"], .js-plotly-plot .modebar-container { display: none !important; }
}
@media (max-width: 640px) {
[data-testid="stTabs"] [role="tablist"] { flex-wrap: wrap; row-gap: 0.25rem; }
}
"""

#: Japanese and Chinese share code points but not glyph forms: the browser picks the right
#: font only when told the page's language (the page menu's script sets it). Japanese
#: headings then also break between phrases ("ホイストと / ビッド・ホイスト"), not inside a
#: word; on a phone a page title of twelve CJK characters still fits one line, and a
#: wrapped Chinese title keeps no lone character on its last line.
LANGUAGE_CSS = """:lang(ja) :is(h1, h2, h3) { word-break: auto-phrase !important; }
:is(:lang(ja), :lang(zh-TW)) :is(h1, h2, h3) { text-wrap: balance; }
@media (max-width: 640px) { :is(:lang(ja), :lang(zh-TW)) h1 { font-size: 1.9rem !important; } }
"""

#: The page menu (:mod:`dashboard.frame.menu`): closed, a button at the top left, in
#: Streamlit's header (which no sidebar uses); open, a panel over the left of the page, in
#: the look of Streamlit's own page list, over a shade that closes it when tapped. Its
#: element takes no room in the page (no gap under the page's last part).
MENU_CSS = """[data-testid="stElementContainer"]:has(.tt-menu) { position: absolute; }
.tt-menu { position: fixed; top: 0.55rem; left: 0.6rem; z-index: 999995; }
.tt-menu[open]::before { content: ""; position: fixed; inset: 0; background: rgba(0, 0, 0, 0.3); }
.tt-menu > summary { list-style: none; position: relative; z-index: 2; display: flex;
  align-items: center; justify-content: center; width: 2.6rem; height: 2.6rem;
  border-radius: 0.5rem; cursor: pointer; touch-action: manipulation; }
.tt-menu > summary::-webkit-details-marker { display: none; }
.tt-menu > summary { background: rgba(255, 255, 255, 0.92);
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.18); }
.tt-menu > summary:hover, .tt-menu[open] > summary { background: #e4e7ef; }
.tt-menu > summary .tt-icon { font-size: 1.6rem; opacity: 1; }
.tt-menu .tt-panel { position: fixed; z-index: 1; top: 0; left: 0; bottom: 0;
  width: min(20rem, 86vw); overflow-y: auto; overscroll-behavior: contain; box-sizing: border-box;
  padding: 3.6rem 1.25rem 2rem; background: var(--st-secondary-background-color, #f0f2f6);
  box-shadow: 0 0 1.5rem rgba(0, 0, 0, 0.25); }
.tt-lang { margin: 0 0 0.75rem; font-size: 0.875rem; }
.tt-lang a, .tt-lang b { display: inline-block; padding: 0.35rem 0.1rem; }
.tt-pages { display: flex; flex-direction: column; gap: 0.125rem; margin: 0 -0.5rem; }
.tt-pages .tt-section { font-size: 0.875rem; font-weight: 600; opacity: 0.6;
  margin: 0.75rem 0.5rem 0.125rem; }
.tt-pages a { display: flex; align-items: center; gap: 0.5rem; padding: 0.25rem 0.5rem;
  border-radius: 0.5rem; color: inherit !important; text-decoration: none !important;
  line-height: 1.6; touch-action: manipulation; }
.tt-pages a:hover { background: rgba(151, 166, 195, 0.15); }
.tt-pages a[aria-current="page"] { background: rgba(151, 166, 195, 0.25); font-weight: 600; }
.tt-icon { font-family: "Material Symbols Rounded"; font-size: 1.25rem;
  font-weight: 400; line-height: 1; opacity: 0.8; font-feature-settings: "liga"; }
@media (max-width: 767.98px) { .tt-pages a { padding: 0.45rem 0.5rem; } }
"""

#: A page's modes as links (:func:`dashboard.html_charts.modes_html`), in the look of
#: Streamlit's segmented control.
MODES_CSS = """.tt-modes { display: inline-flex; flex-wrap: wrap; margin: 0.25rem 0 0.75rem;
  border: 1px solid rgba(49, 51, 63, 0.2); border-radius: 0.5rem; overflow: hidden; }
.tt-modes a { padding: 0.45rem 0.9rem; color: inherit !important; text-decoration: none !important;
  touch-action: manipulation; }
.tt-modes a + a { border-left: 1px solid rgba(49, 51, 63, 0.2); }
.tt-modes a[aria-current="page"] { color: rgb(255, 75, 75) !important;
  background: rgba(255, 75, 75, 0.08); font-weight: 600; }
"""

#: A fold drawn as HTML (:func:`dashboard.html_charts.details_html`), and a folded fold's
#: link (:class:`dashboard.folds.Fold`), in the look of Streamlit's expander.
#: A wide table drawn with ``table_html(..., stack=True)``: on a phone each row is a block,
#: its figures one after the other, each after its column's name, and its sentences on
#: lines of their own, so nothing runs off the screen (the cells' own inline styles are
#: overridden, hence the !important).
TABLE_CSS = """@media (max-width: 640px) {
.tt-stack table, .tt-stack tbody, .tt-stack tr { display: block; }
.tt-stack tr.tt-head { display: none; }
.tt-stack tr { padding: 0.4rem 0; border-bottom: 1px solid rgba(128, 128, 128, 0.25); }
.tt-stack td { display: inline-block; border: none !important; padding: 0 0.9em 0 0 !important;
  min-width: 0 !important; text-align: left !important; }
.tt-stack td::before { content: attr(data-label) " "; opacity: 0.7; font-size: 0.85em; }
.tt-stack td.tt-wide { display: block; padding: 0.15rem 0 0 !important; }
}
"""

DETAILS_CSS = """.tt-details { border: 1px solid rgba(49, 51, 63, 0.2); border-radius: 0.5rem;
  margin: 0 0 0.75rem; }
.tt-details > summary { list-style: none; cursor: pointer; padding: 0.75rem 1rem;
  display: flex; align-items: center; gap: 0.5rem; touch-action: manipulation; }
.tt-details > summary::-webkit-details-marker { display: none; }
.tt-details > summary::before { content: "chevron_right"; font-family: "Material Symbols Rounded";
  font-size: 1.25rem; line-height: 1; font-feature-settings: "liga"; }
.tt-details[open] > summary::before { content: "expand_more"; }
.tt-details > summary:hover { color: rgb(255, 75, 75); }
.tt-details > div { padding: 0 1rem 1rem; }
.tt-fold { display: flex; align-items: center; gap: 0.5rem; padding: 0.75rem 1rem;
  margin: 0 0 0.75rem; border: 1px solid rgba(49, 51, 63, 0.2); border-radius: 0.5rem;
  color: inherit !important; text-decoration: none !important; touch-action: manipulation;
  font-size: 0.875rem; line-height: 1.5; }
.tt-fold::before { content: "chevron_right"; font-family: "Material Symbols Rounded";
  font-size: 1.25rem; line-height: 1; font-feature-settings: "liga"; }
.tt-fold:hover { color: rgb(255, 75, 75) !important; }
"""

#: A tap on one of the app's page links (``<a data-tt-page="stack5_live">``: the menu's
#: list, Home's cards) switches the page in this session, as Streamlit's own page list
#: does: the address changes and Streamlit is told, which it handles as the browser's Back
#: (its ``popstate``: the page at that address, run in the same session). A link opened
#: otherwise (a new tab, a long press, a modifier key) is a plain link. A link marked
#: ``data-tt-keep`` (a page's modes) sets its values on this page's own link. The open menu
#: closes once a page is chosen, on a tap on the shade beside it and on Escape.
NAV_SCRIPT = """document.addEventListener("click", (e) => {
  const menu = document.querySelector(".tt-menu[open]");
  if (menu && e.target === menu) { menu.open = false; return; }
  const link = e.target.closest && e.target.closest("a[data-tt-page]");
  if (!link || e.defaultPrevented || e.button !== 0) return;
  if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  if (menu) menu.open = false;
  let url = new URL(link.href, location.href);
  if (link.hasAttribute("data-tt-keep")) {  // this page's link with the link's values set
    const here = new URL(location.href);
    for (const [k, v] of url.searchParams) here.searchParams.set(k, v);
    url = here;
  }
  if (url.href !== location.href) history.pushState(null, "", url.href);
  window.dispatchEvent(new PopStateEvent("popstate"));
}, true);
document.addEventListener("keydown", (e) => {
  const menu = document.querySelector(".tt-menu[open]");
  if (menu && e.key === "Escape") { menu.open = false; menu.querySelector("summary").focus(); }
});
"""

#: The styles of the app's components (dashboard/components: the table tools' fields, the
#: live pad, the practice answer; every rule under its own class): here, not given to the
#: component, whose stylesheet, inserted when the first one mounts, made a phone restyle
#: the whole page (0.07× an empty page's first load, at 390 px with the CPU 4× slower).
COMPONENT_CSS = "\n".join(
    compact((Path(__file__).parent.parent / "components" / f"{name}.css").read_text("utf-8"))
    for name in ("fields", "tap", "answer")
)

#: the whole addition to the start page's ``<head>``
STYLES = TOUCH_CSS + LANGUAGE_CSS + MENU_CSS + TABLE_CSS + DETAILS_CSS + MODES_CSS + COMPONENT_CSS
HEAD = f"<style>{STYLES}</style><script>{NAV_SCRIPT}</script>"
