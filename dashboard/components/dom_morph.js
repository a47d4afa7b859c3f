// Shared by the board and the tap pad (prepended to each component's code by Python):
// make the page's nodes look like freshly built ones while keeping every node that stays
// the same kind, so a step or a tap re-creates only what changed (a 550-node board
// drawing re-parsed and re-inserted at each step costs a phone tens of milliseconds) and
// a button under the finger is never swapped for another while it is pressed. A
// <details> keeps the reader's open or closed choice.
function morph(old, now) {
  if (old.nodeType !== now.nodeType || old.nodeName !== now.nodeName) {
    old.replaceWith(now);
    return;
  }
  if (old.nodeType === Node.TEXT_NODE) {
    if (old.nodeValue !== now.nodeValue) old.nodeValue = now.nodeValue;
    return;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) return;
  const keepOpen = old.nodeName === "DETAILS";
  for (const a of [...old.attributes]) {
    if (!now.hasAttribute(a.name) && !(keepOpen && a.name === "open")) {
      old.removeAttribute(a.name);
    }
  }
  for (const a of [...now.attributes]) {
    if (keepOpen && a.name === "open") continue;
    if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  }
  morphChildren(old, now);
}

// the children of `old` made like those of `now` (`now`'s nodes may be moved into `old`)
function morphChildren(old, now) {
  const a = [...old.childNodes];
  const b = [...now.childNodes];
  for (let i = 0; i < b.length; i++) {
    if (i < a.length) morph(a[i], b[i]);
    else old.append(b[i]);
  }
  for (let i = b.length; i < a.length; i++) a[i].remove();
}
