// Undo: the last changes to the script's characters, one step at a time (the undo button, Ctrl+Z, a toast's
// own button).

import { $, TEXT, el, say } from "./core.js";
import { changed } from "./changes.js";
import { state } from "./state.js";
import { toast } from "./toast.js";

const MAX_UNDO = 50;

function snapshot() {
  const { ids, named, custom, meta, icons } = state.script;
  return JSON.stringify({ ids, named, custom, meta, icons });
}

export function remember(what, before = snapshot()) {
  // `before`: the script's fields as they were (JSON), when more than the characters change (a file opened over it)
  state.undo.push({ what, before });
  if (state.undo.length > MAX_UNDO) state.undo.shift();
}

export function undo() {
  const step = state.undo.pop();
  if (!step) { toast(TEXT.nothingToUndo); return; }
  Object.assign(state.script, JSON.parse(step.before));
  changed();
  toast(say(TEXT.undone, { what: step.what }));
}

export function toastUndo(text) {
  toast(text, false, el("button", { type: "button", class: "toast-undo", text: TEXT.undo, onclick: undo }));
}

export function drawUndo() {
  const button = $("undo");
  const last = state.undo[state.undo.length - 1];
  button.disabled = !last;
  button.title = last ? say(TEXT.undoWhat, { what: last.what }) : TEXT.nothingToUndo;
}
