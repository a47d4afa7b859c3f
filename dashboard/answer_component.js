// A practice question's choices (dashboard/answer_component.py). A tap draws the verdict at
// once from the data the server sent with the question, then sends the choice as the
// component's state; the server's next data (the same verdict) changes nothing on screen.
// Trusted code: the labels are text, the verdicts and explanation HTML the page made.

const cards = (window.tabletopAnswers = window.tabletopAnswers || {});

function el(tag, cls, html) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (html !== undefined) e.innerHTML = html;
  return e;
}

// the answer goes to the server this long after the verdict is drawn (or sooner: see below)
const SAVE_AFTER_MS = 600;

function flush(S) {
  if (!S || S.mine === null || S.sent) return;
  S.sent = true;
  clearTimeout(S.timer);
  S.send.state("answer", { q: S.q, i: S.mine });
}

function draw(S) {
  const d = S.data;
  const given = d.given !== null && d.given !== undefined ? d.given : S.mine;
  const confirmed = d.given !== null && d.given !== undefined ? "1" : "0";
  const key = JSON.stringify([d.q, given]);
  if (S.root.dataset.drawn === key) {
    // the same picture: leave the page still (the server's word only changes this mark)
    if (S.root.dataset.confirmed !== confirmed) S.root.dataset.confirmed = confirmed;
    return;
  }
  const box = el("div", "tt-card");
  const grid = el("div", "tt-choices");
  grid.style.setProperty("--tt-cols", String(Math.min(d.choices.length, 3)));
  d.choices.forEach((label, i) => {
    // the class a Streamlit button with that key has: tests and the bench find it so
    const wrap = el("div", "st-key-" + d.bkey + i);
    const b = el("button", "tt-b");
    b.type = "button";
    b.textContent = label;
    b.dataset.i = String(i);
    if (given !== null && given !== undefined) {
      b.disabled = true;
      if (i === d.correct) b.classList.add("tt-good");
      if (i === given) b.classList.add("tt-mine", i === d.correct ? "tt-good" : "tt-bad");
    }
    wrap.append(b);
    grid.append(wrap);
  });
  box.append(grid);
  if (given !== null && given !== undefined) {
    const right = given === d.correct;
    box.append(el("div", "tt-verdict " + (right ? "tt-right" : "tt-wrong"), right ? d.right : d.wrong));
    box.append(el("div", "tt-explain", d.explain));
    const next = el("button", "tt-next");
    next.type = "button";
    next.textContent = d.next;
    box.append(next);
    const stats = right ? d.stats_right : d.stats_wrong;
    if (stats) box.append(el("div", "tt-stats", stats));
  } else if (d.stats) {
    box.append(el("div", "tt-stats", d.stats));
  }
  S.root.replaceChildren(box);
  S.root.dataset.drawn = key;
  S.root.dataset.answer = given === null || given === undefined ? "" : String(given);
  S.root.dataset.confirmed = confirmed;
}

export default function ({ data, parentElement, setStateValue, setTriggerValue }) {
  const root = parentElement.querySelector(".tt-answer");
  if (!root || !data || !data.q) return;
  let S = cards[data.key];
  if (!S || S.q !== data.q) S = cards[data.key] = { key: data.key, q: data.q, mine: null };
  S.root = root;
  S.data = data;
  if (!root.dataset.listening) {
    root.dataset.listening = "1";
    root.addEventListener("click", (e) => {
      const T = cards[data.key];
      if (!T || !e.target.closest) return;
      const b = e.target.closest("button");
      if (!b || !root.contains(b) || b.disabled) return;
      if (b.classList.contains("tt-next")) {
        b.disabled = true;
        flush(T); // an answer not yet sent goes first
        T.send.trigger("next", T.q);
        return;
      }
      if (T.mine !== null || (T.data.given !== null && T.data.given !== undefined)) return;
      T.mine = Number(b.dataset.i);
      draw(T);
      // The server records the answer a moment later, while the explanation is read: its
      // run then never competes with drawing the verdict (on a phone that run takes about
      // a second). "Next question" or leaving the page sends it at once.
      T.timer = setTimeout(() => flush(T), SAVE_AFTER_MS);
    });
    window.addEventListener("pagehide", () => flush(cards[data.key]));
  }
  S.send = { state: setStateValue, trigger: setTriggerValue };
  draw(S);
}
