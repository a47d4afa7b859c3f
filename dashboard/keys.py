"""Keyboard stepping and move-list scrolling for the explorer (a few lines of trusted
JavaScript, no user data: the explorer key is ``xp_<game>`` and the step an integer).

←/→ click the explorer's own Prev/Next buttons, Home/End its First/Last buttons, anywhere
on the page and without a click first; keys typed into a text field, a select box or the
slider are left alone. The listener is installed once per page load; each run updates the
key and the current step, then scrolls the move list so the current row is visible.
"""

from __future__ import annotations

import re

import streamlit as st

ROW_PX = 35  # st.dataframe's row height (the header row has the same height)
BUTTONS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}

_SCRIPT = """
<script>
(() => {
  const w = window;
  w.tabletopExplorer = {key: "%(key)s", step: %(step)d, box: "%(box)s"};
  const click = (which) => {
    const x = w.tabletopExplorer;
    const btn = document.querySelector(".st-key-" + x.key + "_" + which + " button");
    if (btn) { btn.click(); w.tabletopBusyUntil = Date.now() + 1500; }
  };
  w.tabletopClick = click;
  if (!w.tabletopExplorerKeys) {
    w.tabletopExplorerKeys = true;
    w.tabletopPending = 0;
    w.tabletopBusyUntil = 0;
    const buttons = %(buttons)s;
    w.addEventListener("keydown", (e) => {
      const which = buttons[e.key];
      if (!which || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const t = e.target;
      if (t && t.closest && (t.isContentEditable
          || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)
          || t.closest("[role=slider], [role=listbox], [role=combobox], [role=dialog]"))) return;
      if (!document.querySelector(".st-key-" + w.tabletopExplorer.key + "_next")) return;
      e.preventDefault();
      e.stopPropagation();
      const d = which === "next" ? 1 : which === "prev" ? -1 : 0;
      // A step is on its way: count the presses and apply them once it is drawn.
      if (d && Date.now() < w.tabletopBusyUntil) { w.tabletopPending += d; return; }
      w.tabletopPending = 0;
      w.tabletopClick(which);
    }, true);
  }
  // This run drew a new step: the last click has landed; apply the presses held back.
  w.tabletopBusyUntil = 0;
  if (w.tabletopPending) {
    const d = Math.sign(w.tabletopPending);
    w.tabletopPending -= d;
    setTimeout(() => click(d > 0 ? "next" : "prev"), 0);
  }
  const rowPx = %(row)d;
  let tries = 0;
  const scroll = () => {
    const x = w.tabletopExplorer;
    const box = document.querySelector(".st-key-" + x.box);
    const s = box && box.querySelector(".dvn-scroller");
    if (!s) { if (tries++ < 20) setTimeout(scroll, 100); return; }
    const top = x.step * rowPx, bottom = top + 2 * rowPx;
    if (top < s.scrollTop || bottom > s.scrollTop + s.clientHeight) {
      s.scrollTop = Math.max(0, top - Math.floor(s.clientHeight / 2));
    }
  };
  // The grid may still be redrawing (and clamp the scroll to its old height): look again.
  for (const ms of [50, 300, 900, 2000]) setTimeout(scroll, ms);
})();
</script>
"""

_SAFE_KEY = re.compile(r"^[A-Za-z0-9_]{1,60}$")


def keyboard(key: str, step: int, box: str) -> None:
    """Install the key listener (once) and scroll the move list in ``box`` (a container
    key) to ``step``."""
    if not (_SAFE_KEY.match(key) and _SAFE_KEY.match(box)):
        raise ValueError(f"explorer keys are letters, digits and _: {key!r}, {box!r}")
    buttons = "{" + ", ".join(f'"{k}": "{v}"' for k, v in BUTTONS.items()) + "}"
    script = _SCRIPT % {
        "key": key,
        "step": int(step),
        "box": box,
        "buttons": buttons,
        "row": ROW_PX,
    }
    st.html(script, unsafe_allow_javascript=True)
