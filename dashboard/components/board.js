// The analysis board (dashboard/components/board.py): every step of the game is in `data`,
// so a step is drawn here at once; the server hears of it only to keep the address bar and
// the bot hint current (debounced, through the tiny "tabletop_board_step" component).
// Trusted code: the drawings are HTML the page made from the game's own draw code.

const REPORT_MS = 300;
const SVG = "http://www.w3.org/2000/svg";
const ICONS = {
  first: '<svg viewBox="0 0 24 24" width="18" height="18"><path d="M6 6v12M18 6l-7 6 7 6" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  prev: '<svg viewBox="0 0 24 24" width="18" height="18"><path d="M15 6l-7 6 7 6" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  next: '<svg viewBox="0 0 24 24" width="18" height="18"><path d="M9 6l7 6-7 6" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  last: '<svg viewBox="0 0 24 24" width="18" height="18"><path d="M18 6v12M6 6l7 6-7 6" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
};
const boards = (window.tabletopBoards = window.tabletopBoards || {});

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

function clamp(b, n) {
  const last = b.game.last;
  n = Number.isFinite(n) ? Math.round(n) : 0;
  return Math.max(0, Math.min(last, n));
}

// --- stepping ------------------------------------------------------------------------------

function go(b, n) {
  n = clamp(b, n);
  if (n === b.step && b.drawn === n) return;
  b.step = n;
  show(b);
  clearTimeout(b.timer);
  b.timer = setTimeout(() => report(b), REPORT_MS);
}

function report(b) {
  const send = (window.tabletopBoardReport || {})[b.key];
  if (send && b.reported !== b.step) {
    b.reported = b.step;
    send(b.step);
  }
}

function typing(t) {
  return (
    t &&
    t.closest &&
    (t.isContentEditable ||
      /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) ||
      t.closest("[role=slider], [role=listbox], [role=combobox], [role=dialog]"))
  );
}

function installKeys() {
  if (window.tabletopBoardKeys) return;
  window.tabletopBoardKeys = true;
  window.tabletopExplorerKeys = true; // the name the explorer's key listener had before
  window.addEventListener(
    "keydown",
    (e) => {
      const b = boards[window.tabletopBoardActive];
      if (!b || !b.root || !b.root.isConnected) return;
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const t = e.composedPath ? e.composedPath()[0] : e.target;
      if (typing(t) && !(t.classList && t.classList.contains("tt-range"))) return;
      const to = {
        ArrowRight: b.step + 1,
        ArrowLeft: b.step - 1,
        Home: 0,
        End: b.game.last,
      }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      go(b, to);
    },
    true,
  );
}

// --- building ------------------------------------------------------------------------------

// The drawings come packed (components/board.py, pack_drawings): each step as [p, q, i…], the
// first p and last q pieces of the step before and the pieces i… between.
function unpack(game) {
  let before = [];
  game.drawn = game.steps.map((s) => {
    const [p, q, ...middle] = s.d;
    const now = before.slice(0, p).concat(middle, q ? before.slice(before.length - q) : []);
    before = now;
    return now;
  });
}

function drawingOf(b, step) {
  const pieces = b.game.pieces;
  return b.game.drawn[step].map((i) => pieces[i]).join("");
}

function build(b) {
  const { root, game } = b;
  if (!game.drawn) unpack(game);
  const w = game.words;
  root.replaceChildren();
  b.head = el("div", "tt-head");
  const ctrl = el("div", "tt-ctrl");
  for (const [name, label, keyName, to] of [
    ["first", w.first, w.first_key, () => 0],
    ["prev", w.prev, w.prev_key, () => b.step - 1],
    ["next", w.next, w.next_key, () => b.step + 1],
    ["last", w.last, w.last_key, () => b.game.last],
  ]) {
    const btn = el("button", "tt-btn tt-" + name);
    btn.type = "button";
    btn.title = `${label} (${keyName})`;
    const icon = el("span", "tt-icon");
    icon.innerHTML = ICONS[name];
    btn.append(icon);
    btn.append(el("span", "tt-label", label));
    btn.addEventListener("click", () => go(b, to()));
    ctrl.append(btn);
  }
  b.range = el("input", "tt-range");
  b.range.type = "range";
  b.range.min = 0;
  b.range.max = game.last;
  b.range.setAttribute("aria-label", w.step);
  b.range.addEventListener("input", () => go(b, Number(b.range.value)));
  const main = el("div", "tt-main");
  b.state = el("div", "tt-state");
  const side = el("div", "tt-side");
  b.moves = el("div", "tt-moves");
  b.grade = el("div", "tt-grade");
  side.append(b.moves, b.grade);
  main.append(b.state, side);
  b.charts = el("div", "tt-charts");
  root.append(b.head, ctrl, b.range, main, b.charts);
  buildMoves(b);
  buildCharts(b);
}

function buildMoves(b) {
  const { game, grades } = b;
  const marks = grades.marks || {};
  const table = el("table");
  const head = el("tr");
  game.moves.cols.forEach((c, i) => {
    const th = el("th", "", c);
    if (i === 2) th.title = game.words.marks; // the move column: what the marks say
    head.append(th);
  });
  table.append(el("thead"));
  table.firstChild.append(head);
  const body = el("tbody");
  b.rows = game.moves.rows.map((r) => {
    const tr = el("tr");
    const step = r[0];
    tr.dataset.step = step;
    r.forEach((v, i) => {
      let text = v === null ? "" : String(v);
      if (i === 2 && marks[step]) text = `${text} ${marks[step]}`;
      tr.append(el("td", i === 0 ? "tt-n" : "", text));
    });
    body.append(tr);
    return tr;
  });
  body.addEventListener("click", (e) => {
    const tr = e.target.closest("tr");
    if (tr) go(b, Number(tr.dataset.step));
  });
  table.append(body);
  b.moves.replaceChildren(table);
}

function niceTicks(lo, hi) {
  if (lo === hi) return [lo];
  const span = hi - lo;
  const raw = span / 3;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const stepv = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => span / s <= 4) || raw;
  const out = [];
  for (let v = Math.ceil(lo / stepv) * stepv; v <= hi + 1e-9; v += stepv) out.push(+v.toFixed(6));
  return out;
}

function fmt(v, prefix) {
  const a = Math.abs(v);
  const s = a >= 10000 ? (v / 1000).toFixed(0) + "k" : String(+v.toFixed(2));
  return prefix && v < 0 ? "-" + prefix + s.slice(1) : (prefix || "") + s;
}

function drawChart(b, box, spec) {
  box.replaceChildren();
  box.append(el("div", "tt-ctitle", spec.title));
  const W = Math.max(260, Math.round(box.clientWidth || 480));
  const H = 190;
  const L = 44,
    R = 10,
    T = 8,
    B = 24;
  let ys = [];
  for (const s of spec.series) ys = ys.concat(s.y.filter((y) => y !== null));
  let lo = Math.min(0, ...ys),
    hi = Math.max(...ys, lo + 1);
  if (!spec.series.some((s) => s.kind !== "line")) lo = Math.min(...ys);
  if (hi === lo) hi = lo + 1;
  const last = b.game.last;
  const X = (x) => L + ((W - L - R) * x) / Math.max(1, last);
  const Y = (y) => T + (H - T - B) * (1 - (y - lo) / (hi - lo));
  const svg = svgEl("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, class: "tt-chart" });
  for (const t of niceTicks(lo, hi)) {
    svg.append(svgEl("line", { x1: L, x2: W - R, y1: Y(t), y2: Y(t), class: "tt-grid" }));
    const lab = svgEl("text", { x: L - 4, y: Y(t) + 4, "text-anchor": "end", class: "tt-tick" });
    lab.textContent = fmt(t, spec.prefix);
    svg.append(lab);
  }
  for (const t of niceTicks(0, last)) {
    const lab = svgEl("text", { x: X(t), y: H - 6, "text-anchor": "middle", class: "tt-tick" });
    lab.textContent = String(Math.round(t));
    svg.append(lab);
  }
  if (spec.y_title) {
    const yt = svgEl("text", { x: 2, y: T + 8, class: "tt-tick tt-ytitle" });
    yt.textContent = spec.y_title;
    svg.append(yt);
  }
  const barW = Math.max(2, Math.min(8, (W - L - R) / Math.max(1, last)));
  for (const s of spec.series) {
    if (s.kind === "line") {
      let d = "";
      s.x.forEach((x, i) => {
        const y = s.y[i];
        if (y === null) return;
        if (!d) d = `M${X(x).toFixed(1)},${Y(y).toFixed(1)}`;
        else d += `H${X(x).toFixed(1)}V${Y(y).toFixed(1)}`;
      });
      svg.append(svgEl("path", { d, stroke: s.colour, class: "tt-line" }));
    } else if (s.kind === "bar") {
      s.x.forEach((x, i) => {
        const y = s.y[i];
        const top = Math.min(Y(y), Y(0));
        svg.append(
          svgEl("rect", {
            x: X(x) - barW / 2,
            y: top,
            width: barW,
            height: Math.max(1, Math.abs(Y(0) - Y(y))),
            fill: s.colour,
          }),
        );
      });
    } else {
      s.x.forEach((x) => {
        const cx = X(x),
          cy = Y(0);
        svg.append(
          svgEl("path", {
            d: `M${cx},${cy - 6}L${cx + 5},${cy + 4}L${cx - 5},${cy + 4}Z`,
            fill: s.colour,
          }),
        );
      });
    }
  }
  const cursor = svgEl("line", { y1: T, y2: H - B, class: "tt-cursor" });
  svg.append(cursor);
  svg.addEventListener("click", (e) => go(b, stepAt(e)));
  // hovering reads the values at a step (a click goes there)
  const readout = el("div", "tt-readout", "\u00a0");
  const stepAt = (e) => {
    const r = svg.getBoundingClientRect();
    const px = ((e.clientX - r.left) * W) / r.width;
    return Math.max(0, Math.min(last, Math.round(((px - L) * Math.max(1, last)) / (W - L - R))));
  };
  svg.addEventListener("mousemove", (e) => {
    const n = stepAt(e);
    const parts = [];
    for (const s of spec.series) {
      let v = null;
      if (s.kind === "line") {
        for (let i = 0; i < s.x.length && s.x[i] <= n; i++) v = s.y[i];
      } else {
        const i = s.x.indexOf(n);
        if (i >= 0) v = s.y[i];
      }
      if (v !== null) parts.push(`${s.name} ${fmt(v, spec.prefix)}`);
    }
    readout.textContent = `${b.game.words.step} ${n}: ${parts.join(" · ")}`;
  });
  svg.addEventListener("mouseleave", () => (readout.textContent = "\u00a0"));
  box.append(svg);
  box.append(readout);
  const legend = el("div", "tt-legend");
  for (const s of spec.series) {
    const item = el("span", "tt-key");
    const sw = el("span", "tt-swatch");
    sw.style.background = s.colour;
    item.append(sw, document.createTextNode(s.name));
    legend.append(item);
  }
  box.append(legend);
  return { cursor, X };
}

function buildCharts(b) {
  const specs = (b.game.charts || []).concat(b.grades.charts || []);
  b.charts.replaceChildren();
  b.chartBoxes = specs.map((spec) => {
    const box = el("div", "tt-cbox");
    b.charts.append(box);
    return { box, spec };
  });
  const draw = () => {
    b.cursors = b.chartBoxes.map(({ box, spec }) => drawChart(b, box, spec));
    moveCursors(b);
  };
  draw();
  if (b.resize) b.resize.disconnect();
  let width = b.charts.clientWidth;
  b.resize = new ResizeObserver(() => {
    if (b.charts.clientWidth !== width) {
      width = b.charts.clientWidth;
      draw();
    }
  });
  b.resize.observe(b.charts);
}

function moveCursors(b) {
  for (const c of b.cursors || []) {
    const x = c.X(b.step).toFixed(1);
    c.cursor.setAttribute("x1", x);
    c.cursor.setAttribute("x2", x);
  }
}

// --- showing a step ------------------------------------------------------------------------

function show(b) {
  const { game, grades, step } = b;
  const s = game.steps[step];
  const mark = (grades.marks || {})[step];
  b.head.innerHTML = s.lead + (mark ? ` <b>${mark}</b>` : "") + " · " + s.turn;
  // only what changed is re-created (morph: dashboard/components/dom_morph.js, prepended by Python);
  // a <details> the reader opened stays open
  const drawn = document.createElement("template");
  drawn.innerHTML = drawingOf(b, step);
  morphChildren(b.state, drawn.content);
  const note = (grades.notes || {})[step];
  b.grade.innerHTML = note ? `<div class="box box-${note.kind}">${note.html}</div>` : "";
  if (b.cur) {
    b.cur.classList.remove("cur");
    b.cur.firstChild.textContent = b.cur.dataset.step;
  }
  b.cur = b.rows[step];
  if (b.cur) {
    b.cur.classList.add("cur");
    b.cur.firstChild.textContent = "▶ " + step;
    const box = b.moves;
    const top = b.cur.offsetTop,
      bottom = top + b.cur.offsetHeight;
    const head = box.querySelector("thead");
    const hh = head ? head.offsetHeight : 0;
    if (top - hh < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - Math.floor(box.clientHeight / 2));
    }
  }
  b.range.value = step;
  moveCursors(b);
  b.drawn = step;
  b.root.dataset.boardStep = String(step);
  // no bot to ask at this step: the page's "what would the bot play" button hides at once
  // (the server draws it at every step, so the step's rerun changes nothing on screen)
  document.body.dataset.ttNoHint = s.n ? "1" : "0";
  window.tabletopExplorer = { key: b.key, step, last: game.last };
}

// --- the component's entry -----------------------------------------------------------------

export default function ({ data, parentElement }) {
  const key = data.key;
  const root = parentElement.querySelector(".tt-board");
  if (!root || !data.game) return;
  let b = boards[key];
  if (!b || b.rid !== data.game.rid) {
    if (b && b.resize) b.resize.disconnect();
    b = boards[key] = { key, rid: data.game.rid, step: 0, reported: data.step };
    b.step = data.step;
  }
  // a rerun calls the component again with the same root: nothing is torn down then
  const cleanup = () => {
    if (root.isConnected) return;
    if (b.resize && b.root === root) b.resize.disconnect();
    if (window.tabletopBoardActive === key) window.tabletopBoardActive = null;
  };
  const grades = data.grades || {};
  const gradesKey = JSON.stringify(grades);
  window.tabletopBoardActive = key;
  installKeys();
  if (b.root === root && b.built === data.game.did && root.firstChild) {
    // the same game drawn here already: a rerun (grades arriving, the page's other parts)
    // redraws only the move list and the charts, and only when the grades changed
    if (b.gradesKey !== gradesKey) {
      b.grades = grades;
      b.gradesKey = gradesKey;
      buildMoves(b);
      buildCharts(b);
      b.drawn = -1;
      show(b);
    }
    return cleanup;
  }
  b.root = root;
  b.game = data.game;
  b.grades = grades;
  b.gradesKey = gradesKey;
  b.step = clamp(b, b.step);
  b.drawn = -1;
  build(b);
  b.built = data.game.did;
  show(b);
  return cleanup;
}
