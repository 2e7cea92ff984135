// What the page says about the script as it stands: the status badge in the header (the last check of the script
// being edited, nothing else) and, above the print buttons, what pressing them will do.

import { $, TEXT, el, say } from "./core.js";
import { entryOf } from "./entries.js";
import { state } from "./state.js";

export function setStatus(kind, text) {
  $("status").replaceChildren(el("span", { class: `badge ${kind}`, text }));
}

export function drawPrintState() {
  // what pressing a print button will do, said before it is pressed: nothing to print, or errors to confirm
  const ids = state.script.ids;
  const empty = !ids.length;
  const known = ids.some((id) => !entryOf(id).unknown);
  const blocked = empty ? TEXT.printEmpty : !known ? TEXT.printNoKnown : "";
  for (const button of document.querySelectorAll(".documents .doc, #kit, #export")) {
    button.disabled = Boolean(blocked);
    button.title = blocked;
  }
  const save = $("save");
  save.disabled = empty;
  save.title = empty ? TEXT.saveEmpty : "";
  const note = $("print-note");
  const text = blocked || (state.check.errors ? say(TEXT.printErrors, { count: state.check.errors }) : "");
  note.textContent = text;
  note.hidden = !text;
  note.classList.toggle("bad", Boolean(blocked));
}
