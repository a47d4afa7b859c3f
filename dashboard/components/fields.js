/* A table tool's inputs (dashboard/components/fields.py): rows of plain HTML inputs. A
   text or number field sends when it is left or Enter is pressed, a switch at once; every
   field's value goes with each send, with a sequence number so the same values sent twice
   still count. The server's values are drawn on each run, except in the field being typed
   in. data-fields-seq on the root: the sends so far (the browser tests wait on it). */

const kept = (window.tabletopFields = window.tabletopFields || {});

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

function shape(data) {
  return JSON.stringify(data.rows.map((r) => [r.title, r.fields.map((f) => [f.key, f.kind, f.label])]));
}

function build(S) {
  const root = S.root;
  root.textContent = "";
  S.inputs = {};
  S.errors = [];
  for (const row of S.data.rows) {
    const box = el("div", "tt-frow");
    if (row.title) box.appendChild(el("div", "tt-ftitle", row.title));
    const line = el("div", "tt-fline");
    for (const f of row.fields) {
      const wrap = el("label", "tt-f tt-f-" + f.kind);
      const input = document.createElement("input");
      input.dataset.key = f.key;
      // a row's fields share labels ("Price now"): the row's title tells them apart
      if (row.title) input.setAttribute("aria-label", row.title + ": " + f.label);
      if (f.kind === "switch") {
        input.type = "checkbox";
        input.setAttribute("role", "switch");
        wrap.appendChild(input);
        wrap.appendChild(el("span", "tt-flabel", f.label));
        input.addEventListener("change", () => send(S));
      } else {
        wrap.appendChild(el("span", "tt-flabel", f.label));
        input.type = "text";
        input.autocomplete = "off";
        input.spellcheck = false;
        input.setAttribute("autocorrect", "off");
        input.setAttribute("autocapitalize", f.kind === "number" ? "off" : "characters");
        if (f.kind === "number") input.inputMode = "numeric";
        if (f.placeholder) input.placeholder = f.placeholder;
        if (f.max) input.maxLength = f.max;
        if (f.size) wrap.style.flex = "0 1 calc(" + f.size + "ch + 1.4rem)";
        wrap.appendChild(input);
        // sent when left or on Enter, once: leaving after Enter sends nothing again (a
        // second send would race a button tapped meanwhile, e.g. "Clear")
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
      }
      if (f.help) wrap.appendChild(el("span", "tt-fhelp", f.help));
      S.inputs[f.key] = input;
      line.appendChild(wrap);
    }
    box.appendChild(line);
    const err = el("div", "tt-ferror");
    err.setAttribute("role", "alert");
    box.appendChild(err);
    S.errors.push(err);
    root.appendChild(box);
  }
}

function fill(S) {
  S.sent = S.sent || {};
  S.data.rows.forEach((row, i) => {
    for (const f of row.fields) {
      const input = S.inputs[f.key];
      if (f.kind === "switch") input.checked = !!f.value;
      else if (document.activeElement !== input) input.value = f.value;
      S.sent[f.key] = f.kind === "switch" ? !!f.value : f.value;
    }
    S.errors[i].textContent = row.error || "";
    S.errors[i].hidden = !row.error;
  });
}

function send(S) {
  const values = {};
  for (const [key, input] of Object.entries(S.inputs)) {
    values[key] = input.type === "checkbox" ? input.checked : input.value;
  }
  S.sent = { ...values };
  S.seq += 1;
  S.root.dataset.fieldsSeq = String(S.seq);
  S.send("values", { seq: S.seq, values });
}

export default function ({ data, parentElement, setStateValue }) {
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
  fill(S);
}
