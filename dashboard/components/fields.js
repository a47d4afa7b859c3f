/* A table tool's inputs (dashboard/components/fields.py): rows of plain HTML inputs. A
   text or number field sends when it is left or Enter is pressed (once), a switch or a
   pill at once; every field's value goes with each send, with a sequence number so the
   same values sent twice still count. The server's values are drawn on each run, except
   in the field being typed in. data-fields-seq on the root: the sends so far (the browser
   tests wait on it). */

const kept = (window.tabletopFields = window.tabletopFields || {});

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

function shape(data) {
  return JSON.stringify([
    data.rows.map((r) => [r.title, r.note, r.fields.map((f) => [f.key, f.kind, f.label, f.options])]),
    (data.actions || []).map((a) => [a.key, a.label, a.help, a.primary]),
    !!data.actionsFirst,
    data.heading || "",
    !!data.boxed,
  ]);
}

// the actions: buttons in a line; a tap sends the action (the field being typed in has
// sent its value already: it was left for the tap); a disabled one sends nothing. A
// tapped button rests until the page's next run draws it (or REST_MS at most): a double
// tap is one action ("Add deal" scores one deal).
const REST_MS = 1500;

function actionLine(S) {
  const line = el("div", "tt-factions");
  S.buttons = {};
  for (const a of S.data.actions || []) {
    const b = el("button", "tt-fbtn" + (a.primary ? " tt-fprimary" : ""), a.label);
    b.type = "button";
    b.dataset.action = a.key;
    if (a.help) b.title = a.help;
    b.addEventListener("click", () => {
      const now = (S.data.actions || []).find((x) => x.key === a.key);
      if (b.disabled || !now || now.disabled) return;
      b.disabled = true;
      clearTimeout(S.rest);
      S.rest = setTimeout(() => enable(S), REST_MS);
      S.trigger("action", a.key);
    });
    S.buttons[a.key] = b;
    line.appendChild(b);
  }
  return line;
}

// a text or number field: { get, set } over an <input>
function textField(S, f, wrap, name) {
  const input = document.createElement("input");
  input.setAttribute("aria-label", name);
  wrap.appendChild(el("span", "tt-flabel", f.label));
  input.type = "text";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.setAttribute("autocorrect", "off");
  input.setAttribute("autocapitalize", f.kind === "number" ? "off" : f.capitals);
  if (f.kind === "number") input.inputMode = "numeric";
  if (f.placeholder) input.placeholder = f.placeholder;
  if (f.max) input.maxLength = f.max;
  if (f.size) wrap.style.flex = "1 1 calc(" + f.size + "ch + 1.4rem)";
  wrap.appendChild(input);
  // sent when left or on Enter, once: leaving after Enter sends nothing again (a second
  // send would race a button tapped meanwhile, e.g. "Clear")
  const commit = () => {
    if (input.value !== S.sent[f.key]) send(S);
  };
  input.addEventListener("change", commit);
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") {
      ev.preventDefault();
      commit();
    }
  });
  return {
    get: () => input.value,
    set: (v) => {
      if (document.activeElement !== input) input.value = v;
    },
  };
}

function switchField(S, f, wrap, name) {
  const input = document.createElement("input");
  input.type = "checkbox";
  input.setAttribute("role", "switch");
  input.setAttribute("aria-label", name);
  wrap.appendChild(input);
  wrap.appendChild(el("span", "tt-flabel", f.label));
  input.addEventListener("change", () => send(S));
  return { get: () => input.checked, set: (v) => (input.checked = !!v) };
}

// pills: one choice ("choice", always one pressed) or any ("choices", in the options' order)
function pillField(S, f, wrap, name) {
  wrap.appendChild(el("span", "tt-flabel", f.label));
  const group = el("div", "tt-pills");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", name);
  const buttons = f.options.map((option, i) => {
    const b = el("button", "tt-pill", f.labels[i]);
    b.type = "button";
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => {
      if (f.kind === "choice") {
        if (b.getAttribute("aria-pressed") === "true") return;
        for (const o of buttons) o.setAttribute("aria-pressed", String(o === b));
      } else {
        b.setAttribute("aria-pressed", String(b.getAttribute("aria-pressed") !== "true"));
      }
      send(S);
    });
    group.appendChild(b);
    return b;
  });
  wrap.appendChild(group);
  const pressed = () =>
    f.options.filter((_, i) => buttons[i].getAttribute("aria-pressed") === "true");
  return {
    get: () => (f.kind === "choice" ? (pressed().length ? pressed()[0] : "") : pressed()),
    set: (v) => {
      const on = new Set(f.kind === "choice" ? [v] : v || []);
      f.options.forEach((o, i) => buttons[i].setAttribute("aria-pressed", String(on.has(o))));
    },
  };
}

const MAKERS = { text: textField, number: textField, switch: switchField };

function build(S) {
  const root = S.root;
  root.textContent = "";
  S.fields = {};
  S.errors = [];
  if (S.data.heading) root.appendChild(el("h3", "tt-fheading", S.data.heading));
  const actions = (S.data.actions || []).length ? actionLine(S) : null;
  if (actions && S.data.actionsFirst) root.appendChild(actions);
  for (const row of S.data.rows) {
    const box = el("div", "tt-frow");
    if (row.title) box.appendChild(el("div", "tt-ftitle", row.title));
    if (row.note) box.appendChild(el("div", "tt-fnote", row.note));
    const line = el("div", "tt-fline");
    for (const f of row.fields) {
      const pills = f.kind === "choice" || f.kind === "choices";
      // a label wraps a single input; a group of pills is named by aria-label instead
      const wrap = el(pills ? "div" : "label", "tt-f tt-f-" + f.kind);
      wrap.dataset.key = f.key;
      // a row's fields share labels ("Price now"): the row's title tells them apart
      const name = row.title ? row.title + ": " + f.label : f.label;
      S.fields[f.key] = (pills ? pillField : MAKERS[f.kind])(S, f, wrap, name);
      if (f.help) wrap.appendChild(el("span", "tt-fhelp", f.help));
      line.appendChild(wrap);
    }
    box.appendChild(line);
    const err = el("div", "tt-ferror");
    err.setAttribute("role", "alert");
    box.appendChild(err);
    S.errors.push(err);
    root.appendChild(box);
  }
  // a line said about the values (the outcome they make), redrawn by fill()
  S.said = el("div", "tt-fsaid");
  S.said.setAttribute("role", "status");
  root.appendChild(S.said);
  if (actions && !S.data.actionsFirst) root.appendChild(actions);
  root.classList.toggle("tt-fboxed", !!S.data.boxed);
}

// plain text with its **bold** parts in bold (no HTML is read from the text)
function marked(box, text) {
  box.textContent = "";
  text.split("**").forEach((part, i) => {
    if (part) box.appendChild(i % 2 ? el("b", "", part) : document.createTextNode(part));
  });
}

function fill(S) {
  S.sent = {};
  S.data.rows.forEach((row, i) => {
    for (const f of row.fields) {
      S.fields[f.key].set(f.value);
      S.sent[f.key] = f.value;
    }
    S.errors[i].textContent = row.error || "";
    S.errors[i].hidden = !row.error;
  });
  marked(S.said, S.data.said || "");
  S.said.hidden = !S.data.said;
  S.said.className = "tt-fsaid" + (S.data.tone ? " tt-f" + S.data.tone : "");
  enable(S);
}

// each action's button as the page's last run drew it (a rested one ready again)
function enable(S) {
  clearTimeout(S.rest);
  for (const a of S.data.actions || []) {
    if (S.buttons && S.buttons[a.key]) S.buttons[a.key].disabled = !!a.disabled;
  }
}

function send(S) {
  const values = {};
  for (const [key, field] of Object.entries(S.fields)) values[key] = field.get();
  S.sent = { ...values };
  S.seq += 1;
  S.root.dataset.fieldsSeq = String(S.seq);
  S.send("values", { seq: S.seq, values });
}

export default function ({ data, parentElement, setStateValue, setTriggerValue }) {
  const root = parentElement.querySelector(".tt-fields");
  if (!root || !data || !data.rows) return;
  let S = kept[data.key];
  if (!S || S.root !== root || S.shape !== shape(data)) {
    S = kept[data.key] = { root, seq: S && S.root === root ? S.seq : 0, shape: shape(data) };
    S.data = data;
    build(S);
  }
  S.data = data;
  S.send = setStateValue;
  S.trigger = setTriggerValue;
  fill(S);
}
