// A practice question's answer (dashboard/components/answer.py): its choices, or a field for
// a number. A tap (or Enter) draws the verdict at once from the data the server sent with
// the question, and the answer goes to the server a moment later; the server's next data
// (the same verdict) changes nothing on screen. For a typed number the server's check
// (the engine's) is the one kept: if it differs, its verdict is drawn.
// Trusted code: the labels are text, the verdicts and explanation HTML the page made.

const cards = (window.tabletopAnswers = window.tabletopAnswers || {});

// the answer goes to the server this long after the verdict is drawn (or sooner: see below)
const SAVE_AFTER_MS = 600;

function el(tag, cls, html) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (html !== undefined) e.innerHTML = html;
  return e;
}

const has = (v) => v !== null && v !== undefined;

// A typed whole number as the engine reads one (int() of the trimmed text; a phone's
// full-width digits too); null for anything else (the engine counts it wrong).
function wholeNumber(text) {
  const t = String(text).normalize("NFKC").trim();
  return /^[+-]?\d+$/.test(t) ? Number(t) : null;
}

function flush(S) {
  if (!S || !has(S.mine) || S.sent) return;
  S.sent = true;
  clearTimeout(S.timer);
  S.send.state("answer", { q: S.q, i: S.mine });
}

// the answer on view and whether it is right: the server's once it has one
function verdict(S) {
  const d = S.data;
  if (has(d.given)) return { given: d.given, right: d.given_right };
  if (!has(S.mine)) return null;
  if (d.choices) return { given: S.mine, right: S.mine === d.correct };
  return { given: S.mine, right: wholeNumber(S.mine) === d.number };
}

function drawChoices(S, box, v) {
  const d = S.data;
  const grid = el("div", "tt-choices");
  grid.style.setProperty("--tt-cols", String(Math.min(d.choices.length, 3)));
  d.choices.forEach((label, i) => {
    // the class a Streamlit button with that key has: tests and the bench find it so
    const wrap = el("div", "st-key-" + d.bkey + i);
    const b = el("button", "tt-b");
    b.type = "button";
    b.textContent = label;
    b.dataset.i = String(i);
    if (v) {
      b.disabled = true;
      if (i === d.correct) b.classList.add("tt-good");
      if (i === v.given) b.classList.add("tt-mine", v.right ? "tt-good" : "tt-bad");
    }
    wrap.append(b);
    grid.append(wrap);
  });
  box.append(grid);
}

function drawNumber(S, box, v) {
  const d = S.data;
  const form = el("form", "tt-number");
  const label = el("label", "tt-label");
  label.textContent = d.label;
  const input = el("input", "tt-input");
  input.type = "text";
  input.inputMode = "numeric";
  input.autocomplete = "off";
  input.placeholder = d.placeholder;
  input.setAttribute("aria-label", d.label);
  const check = el("button", "tt-check");
  check.type = "submit";
  check.textContent = d.check;
  if (v) {
    input.value = String(v.given);
    input.disabled = true;
    check.disabled = true;
  }
  const row = el("div", "tt-inrow");
  row.append(input, check);
  label.append(row);
  form.append(label);
  form.append(el("div", "tt-hint"));
  box.append(form);
}

function draw(S) {
  const d = S.data;
  const v = verdict(S);
  const confirmed = has(d.given) ? "1" : "0";
  const key = JSON.stringify([d.q, v && v.given, v && v.right]);
  if (S.root.dataset.drawn === key) {
    // the same picture: leave the page still (the server's word only changes this mark)
    if (S.root.dataset.confirmed !== confirmed) S.root.dataset.confirmed = confirmed;
    return;
  }
  const box = el("div", "tt-card");
  if (d.choices) drawChoices(S, box, v);
  else drawNumber(S, box, v);
  if (v) {
    box.append(el("div", "tt-verdict " + (v.right ? "tt-right" : "tt-wrong"), v.right ? d.right : d.wrong));
    box.append(el("div", "tt-explain", d.explain));
    const next = el("button", "tt-next");
    next.type = "button";
    next.textContent = d.next;
    box.append(next);
    const stats = v.right ? d.stats_right : d.stats_wrong;
    if (stats) box.append(el("div", "tt-stats", stats));
  } else if (d.stats) {
    box.append(el("div", "tt-stats", d.stats));
  }
  S.root.replaceChildren(box);
  S.root.dataset.drawn = key;
  S.root.dataset.answer = v ? String(v.given) : "";
  S.root.dataset.confirmed = confirmed;
  if (!v && !d.choices && S.focus) box.querySelector("input").focus();
}

function answer(T, given) {
  T.mine = given;
  draw(T);
  // The server records the answer a moment later, while the explanation is read: its run
  // then never competes with drawing the verdict (on a phone that run takes about a
  // second). "Next question" or leaving the page sends it at once.
  T.timer = setTimeout(() => flush(T), SAVE_AFTER_MS);
}

export default function ({ data, parentElement, setStateValue, setTriggerValue }) {
  const root = parentElement.querySelector(".tt-answer");
  if (!root || !data || !data.q) return;
  let S = cards[data.key];
  if (!S || S.q !== data.q) {
    S = cards[data.key] = { key: data.key, q: data.q, mine: null, focus: !!(S && S.q) };
  }
  S.root = root;
  S.data = data;
  if (!root.dataset.listening) {
    root.dataset.listening = "1";
    root.addEventListener("click", (e) => {
      const T = cards[data.key];
      if (!T || !e.target.closest) return;
      const b = e.target.closest("button");
      if (!b || !root.contains(b) || b.disabled || b.type === "submit") return;
      if (b.classList.contains("tt-next")) {
        b.disabled = true;
        flush(T); // an answer not yet sent goes first
        T.send.trigger("next", T.q);
        return;
      }
      if (has(T.mine) || has(T.data.given)) return;
      answer(T, Number(b.dataset.i));
    });
    root.addEventListener("submit", (e) => {
      e.preventDefault();
      const T = cards[data.key];
      if (!T || has(T.mine) || has(T.data.given)) return;
      const input = root.querySelector(".tt-input");
      const text = input ? input.value.trim() : "";
      if (!text) {
        root.querySelector(".tt-hint").textContent = T.data.empty;
        return;
      }
      if (wholeNumber(text) === null) {
        // not a number: asked again, nothing answered
        root.querySelector(".tt-hint").textContent = T.data.nan;
        return;
      }
      answer(T, text);
    });
    window.addEventListener("pagehide", () => flush(cards[data.key]));
  }
  S.send = { state: setStateValue, trigger: setTriggerValue };
  draw(S);
}
