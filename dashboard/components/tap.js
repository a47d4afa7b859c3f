// The live game's tap pad (dashboard/components/tap.py). A tap is drawn at once from the
// pads the server sent (each legal tap's next pad), queued, and sent to the server as the
// component's state (the whole queue of unconfirmed taps, so none is lost); the server's
// next data says which taps it has done, and what it sends is the truth the pad returns to.
// Trusted code: the labels and pictures are HTML the page made from the game's own words.

// window.tabletopTaps: each live page's state by its key, and `parts`: by key, the places
// of the parts drawn beside the pad (head, board, coach, moves)
const taps = (window.tabletopTaps = window.tabletopTaps || {});
const SEND_AFTER_MS = 400;
// a tap on a pad whose buttons changed less than this long ago is not taken: the finger's
// second tap of a double tap (or a tap begun on the pad before) would land on the new pad's
// button at the same spot and enter an event nobody meant; it is shown ignored instead.
// `S.quietUntil` says until when (the browser tests wait for it, tests/browser/waits.py)
const INERT_MS = 250;
const IGNORED_SHOWN_MS = 2000;

function el(tag, cls, html) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (html !== undefined) e.innerHTML = html;
  return e;
}

function tabId() {
  // one number per page load: the server remembers the last tap done for each
  if (!window.tabletopTapTab) {
    window.tabletopTapTab = Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
  }
  return window.tabletopTapTab;
}

// --- the state shown: the server's pad, then each queued tap's next pad ------------------

function shown(S) {
  const d = S.data;
  let idx = 0;
  for (const q of S.queue) {
    const pad = idx === null ? null : d.pads[idx];
    idx = pad && pad.x && q.text in pad.x ? pad.x[q.text] : null;
  }
  const events = d.events + S.queue.length;
  if (idx === null) {
    return { events, pad: null, head: d.pending_head.replace("%N%", String(events)) };
  }
  const pad = d.pads[idx];
  return { events, pad, head: d.s[pad.h] };
}

function render(S) {
  if (!S.data) return;
  const now = shown(S);
  const roots = { pad: S.root, ...((taps.parts || {})[S.key] || {}) };
  for (const [part, root] of Object.entries(roots)) {
    if (!root || !root.isConnected) continue;
    root.dataset.tapEvent = String(now.events);
    root.dataset.tapPending = String(S.queue.length);
    if (part === "pad") {
      drawPad(S, root, now);
      continue;
    }
    const html = partHtml(S, part, now);
    if (html === null) continue; // not worked out ahead: the server's next run draws it
    const box = el("div", "tt-" + part, html);
    if (root.firstElementChild) morph(root.firstElementChild, box);
    else root.replaceChildren(box);
  }
}

// a part's HTML for the state shown, or null when the pads ahead do not hold it
function partHtml(S, part, now) {
  const d = S.data;
  const t = d.s;
  if (part === "head") return now.head;
  if (part === "moves") {
    // the stored moves, then each queued tap's (the pads name the move that led to them)
    const items = d.moves.map(([w, a]) => [t[w], t[a]]);
    let idx = 0;
    for (const q of S.queue) {
      const pad = idx === null ? null : d.pads[idx];
      idx = pad && pad.x && q.text in pad.x ? pad.x[q.text] : null;
      const next = idx === null ? null : d.pads[idx];
      items.push(next && next.w ? [t[next.w[0]], t[next.w[1]]] : ["…", q.text]);
    }
    // each move in words (its notation belongs to the typed box and the record only)
    const list = items.map(([w]) => `<li>${w}</li>`).join("");
    const label = d.words.moves.replace("%N%", String(items.length));
    return `<details><summary>${label}</summary>${list ? `<ol>${list}</ol>` : "—"}</details>`;
  }
  if (!now.pad || !now.pad.v) return null;
  // runs [first, count] of pieces in the strings table (live.py's _Strings.runs)
  const runs = now.pad.v[part === "board" ? 0 : 1];
  return runs.map(([a, k]) => t.slice(a, a + k).join("")).join("");
}

// the pads' texts are indices into data.s (every text once)
function drawPad(S, root, now) {
  const box = el("div", "tt-pad");
  const pad = now.pad;
  const t = S.data.s;
  if (!pad) {
    box.append(el("div", "tt-wait", S.data.words.saving));
  } else {
    for (const line of pad.l || []) box.append(el("div", "tt-line", t[line]));
    if (pad.o) box.append(el("div", "tt-over", t[pad.o]));
    for (const [title, pic, buttons] of pad.g || []) {
      if (title || pic) {
        const head = el("div", "tt-ghead");
        if (pic) head.append(el("span", "tt-pic", t[pic]));
        if (title) head.append(el("span", "tt-gtitle", t[title]));
        box.append(head);
      }
      const row = el("div", "tt-row");
      for (const [ti, label, css, primary, help, bkey] of buttons) {
        const text = t[ti];
        // the class a Streamlit button with that key has: tests and the bench find it so
        const wrap = el("span", "tt-bwrap st-key-" + t[bkey]);
        const b = el("button", "tt-b " + (primary ? "tt-primary" : "tt-secondary"), t[label]);
        b.type = "button";
        b.dataset.tap = text;
        if (css) b.setAttribute("style", t[css]);
        if (help) b.title = t[help];
        wrap.append(b);
        row.append(wrap);
      }
      box.append(row);
    }
  }
  if (S.queue.length) box.classList.add("tt-unconfirmed");
  // the pad's words or buttons changed from the last pad drawn (into this root or one
  // mounted before it); a hover help or a highlight added in place moves nothing
  const buttons = [...box.querySelectorAll("button")];
  const drawn = box.textContent + buttons.map((b) => b.dataset.tap + b.style.cssText).join("|");
  if (S.padDrawn !== undefined && drawn !== S.padDrawn) changed(S);
  S.padDrawn = drawn;
  const old = root.firstElementChild;
  if (old && old.tagName === box.tagName) morph(old, box);
  else root.replaceChildren(box);
  if (!root.dataset.tapListening) {
    // one listener for every button, drawn now or later
    root.dataset.tapListening = "1";
    root.addEventListener("click", (e) => {
      const b = e.target.closest && e.target.closest("button[data-tap]");
      if (!b || !root.contains(b)) return;
      if (performance.now() < S.quietUntil) ignored(S, root);
      else tap(S, b.dataset.tap);
    });
  }
}

// the pad's buttons changed: taps wait INERT_MS (see there)
function changed(S) {
  S.quietUntil = performance.now() + INERT_MS;
}

// a tap not taken: a short note over the page (it moves no button), gone after a while
function ignored(S, root) {
  let note = root.querySelector(".tt-ignored");
  if (!note) {
    note = el("div", "tt-ignored", S.data.words.ignored);
    note.setAttribute("role", "status");
    root.append(note);
  }
  clearTimeout(note.timer);
  note.timer = setTimeout(() => note.remove(), IGNORED_SHOWN_MS);
}

// morph(old, now): dashboard/components/dom_morph.js, prepended to this code by components/tap.py

function doneOf(S) {
  return ((S.data && S.data.done) || {})[S.tab] || 0;
}

// --- a tap ----------------------------------------------------------------------------------

function tap(S, text) {
  const d = S.data;
  S.n += 1;
  // the version the store will be at when this tap is applied: one save per tap before it
  // since: the last tap known done; a tap this one relies on (queued after it) that the
  // server refuses makes the server refuse this one too
  S.queue.push({ n: S.n, text, v: d.version + S.queue.length, since: doneOf(S) });
  changed(S); // the next pad comes under the finger
  render(S);
  // the tap is drawn whole now (the board and the advice were sent ahead); the server hears
  // of it SEND_AFTER_MS later with any tap made meanwhile (one rerun for them all), so its
  // rerun comes once the page is still and draws the same page; a page being left or
  // hidden sends at once (flush)
  if (!S.timer) S.timer = setTimeout(() => flush(S), SEND_AFTER_MS);
}

function flush(S) {
  clearTimeout(S.timer);
  S.timer = null;
  if (S.queue.length) send(S);
}

function send(S) {
  if (!S.send) return;
  S.send("taps", {
    tab: S.tab,
    live: S.data.live,
    taps: S.queue.map((q) => ({ n: q.n, text: q.text, v: q.v, since: q.since })),
  });
}

// --- the component's entry ------------------------------------------------------------------

export default function ({ data, parentElement, setStateValue }) {
  const root = parentElement.querySelector(".tt-tap");
  if (!root || !data || !data.key) return;
  let S = taps[data.key];
  if (!S || S.live !== data.live) {
    S = taps[data.key] = {
      key: data.key,
      live: data.live,
      tab: tabId(),
      n: 0,
      queue: [],
      quietUntil: 0,
    };
    S.draw = () => render(S);
    const leave = () => {
      if (taps[data.key] === S && S.timer) flush(S);
    };
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") leave();
    });
  }
  S.root = root;
  S.send = setStateValue;
  if (!S.data || data.stamp >= S.data.stamp) S.data = data;
  const done = doneOf(S);
  S.n = Math.max(S.n, done);
  S.queue = S.queue.filter((q) => q.n > done);
  render(S);
}
