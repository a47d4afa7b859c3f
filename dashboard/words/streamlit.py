"""Streamlit's own English in the page's language.

A few words of Streamlit's widgets are fixed English in its browser code, with no option
to word them: a text field's hint "Press Enter to apply" (and, in a form that a key press
submits, "Press Enter to submit form"), a file uploader's button "Upload" and its line
"32MB per file • CSV", a help icon's name for screen readers "Help for …". On a page
in another language a small script puts the page's words in their place as Streamlit
draws them (each text as it appears or changes; nothing else of the page is read). The
other ways are used where Streamlit has them: a form that needs no key press is made with
``enter_to_submit=False`` (no hint at all)."""

from __future__ import annotations

import json

from dashboard.i18n import _

#: the elements whose text is Streamlit's own: a field's hint, the uploader's button and
#: its size line
_TEXTS = (
    '[data-testid="InputInstructions"] span, '
    '[data-testid="stFileUploaderDropzone"] button p, '
    '[data-testid="stFileUploaderDropzoneInstructions"] span'
)

_SCRIPT = """<script>(() => {
const W = %s;
window.ttStreamlitWords = W;
if (window.ttStreamlitWordsOn) return;
window.ttStreamlitWordsOn = true;
const TEXTS = %s;
const word = (t) => {
  const w = window.ttStreamlitWords;
  if (t in w.exact) return w.exact[t];
  const m = /^(\\S+) per file( • .*)?$/.exec(t);
  return m ? w.perFile.replace("{size}", m[1].replace(/MB$/, " MB")) + (m[2] || "") : t;
};
const fixText = (node) => {
  const out = word(node.data);
  if (out !== node.data) node.data = out;
};
const fixHelp = (el) => {
  const said = el.getAttribute("aria-label") || "";
  if (said.startsWith("Help for ")) {
    el.setAttribute("aria-label",
      window.ttStreamlitWords.helpFor.replace("{label}", said.slice(9)));
  }
};
const fix = (root) => {
  if (root.nodeType !== 1) return;
  const texts = root.matches(TEXTS) ? [root] : root.querySelectorAll(TEXTS);
  for (const el of texts) for (const n of el.childNodes) if (n.nodeType === 3) fixText(n);
  const helps = root.matches('button[aria-label^="Help for "]') ? [root]
    : root.querySelectorAll('button[aria-label^="Help for "]');
  for (const el of helps) fixHelp(el);
};
new MutationObserver((changes) => {
  for (const c of changes) {
    if (c.type === "characterData") {
      if (c.target.parentElement && c.target.parentElement.matches(TEXTS)) fixText(c.target);
    } else if (c.type === "attributes") {
      fixHelp(c.target);
    } else {
      for (const n of c.addedNodes) {
        if (n.nodeType === 3) {
          if (n.parentElement && n.parentElement.matches(TEXTS)) fixText(n);
        } else fix(n);
      }
    }
  }
}).observe(document.body, {childList: true, subtree: true, characterData: true,
                           attributes: true, attributeFilter: ["aria-label"]});
fix(document.body);
})();</script>"""


def words() -> dict:
    """Streamlit's English and the page's words for it (the session's language)."""
    return {
        "exact": {
            "Press Enter to apply": _("Press Enter to apply"),
            "Press Enter to submit form": _("Press Enter to submit form"),
            "Upload": _("Upload"),
        },
        # the uploader's limit: "32MB per file", then " • " and the file types
        "perFile": _("up to {size} per file"),
        "helpFor": _("Help for {label}"),
    }


def script() -> str:
    """The script that words Streamlit's own English on this page (see the module)."""
    return _SCRIPT % (json.dumps(words(), ensure_ascii=False), json.dumps(_TEXTS))
