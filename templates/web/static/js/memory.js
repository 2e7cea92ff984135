// The scripts this browser remembers (up to 30, by title): kept in its storage after every change, picked from the
// list to go on with one, forgotten on request. A script from the server (a bundled or saved one, an opened file)
// becomes a remembered script; the same one opened again is the one already remembered, and a blank script nobody
// wrote in is not kept beside it.

import { $, INVISIBLE, TEXT, el, say } from "./core.js";
import { changed } from "./changes.js";
import { learnEntries } from "./entries.js";
import { STORE_KEY, emptyScript, newKey, state } from "./state.js";
import { toast } from "./toast.js";
import { remember, toastUndo } from "./undo.js";

const MAX_REMEMBERED = 30;
export const MAX_REMEMBERED_PICTURE = 200000; // characters of a picture's data: address this browser keeps (its storage is small)
const CONTENT = ["title", "author", "notes", "logo", "ids", "named", "custom", "meta", "icons", "edition", "name", "from"];

export function store() {
  const { memory } = state;
  memory.scripts[memory.current] = state.script;
  memory.used[memory.current] = Date.now();
  const keys = byUse();
  for (const key of keys.slice(MAX_REMEMBERED)) { delete memory.scripts[key]; delete memory.used[key]; }
  // pictures (the logo, homebrew icons) too large for this browser's small storage are not remembered
  const kept = JSON.stringify(memory, (key, value) => (typeof value === "string" && value.startsWith("data:") && value.length > MAX_REMEMBERED_PICTURE ? "" : value));
  try { localStorage.setItem(STORE_KEY, kept); } catch (error) { /* private mode: fine */ }
  drawRemembered();
}

function byUse() {
  const { memory } = state;
  return Object.keys(memory.scripts).sort((a, b) => (memory.used[b] || 0) - (memory.used[a] || 0));
}

function edit(key) {
  // the script of `key` becomes the one edited; a blank one left behind is not kept
  const { memory } = state;
  const left = memory.current;
  memory.current = key;
  state.script = memory.scripts[key];
  if (left !== key && left in memory.scripts && isBlank(memory.scripts[left])) {
    delete memory.scripts[left];
    delete memory.used[left];
  }
  state.undo.length = 0;
  state.customEntries.clear();
  state.unknownEntries.clear();
}

export function switchTo(key) {
  edit(key);
  changed();
}

export function startNew() {
  // the script being edited stays remembered: starting another never loses it (a blank one is simply reused)
  if (isBlank(state.script)) { changed(); return; }
  const key = newKey();
  state.memory.scripts[key] = Object.assign(emptyScript(), { options: state.script.options });
  switchTo(key);
}

function isBlank(script) {
  // nothing anyone wrote: no characters, title, author, notes, logo, custom characters or icons
  return !script.ids.length && !script.title.trim() && !script.author.trim() && !script.notes.trim() && !script.logo
    && !Object.keys(script.custom || {}).length && !Object.keys(script.icons || {}).length;
}

export function rememberedTitle(script) {
  return script.title.replace(INVISIBLE, "").trim() || TEXT.untitled;
}

function sameScript(a, b) {
  const keys = ["title", "author", "notes", "ids", "named", "custom", "meta", "icons"];
  return keys.every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null));
}

function sameOrigin(a, b) {
  // opened from the same place (a bundled script's name, a file's name: an export of a script is named after it)
  // under the same title
  return Boolean(a.from) && a.from === b.from && a.title === b.title;
}

export function adopt(script, { name = "", from = "", icons = {} } = {}) {
  // a script from the server becomes the remembered script it is (the same one opened again) or a new one; the one
  // being edited stays in the list unless it is blank
  const { memory } = state;
  const adopted = Object.assign(emptyScript(), {
    name,
    from,
    title: (script.title || "").replace(INVISIBLE, ""), // a direction override would reverse the title in its field
    author: script.author || "",
    notes: script.notes || "",
    ids: script.characters.map((c) => c.id),
    named: Object.assign({}, script.named_characters),
    custom: Object.assign({}, script.custom),
    meta: Object.assign({}, script.meta),
    icons: Object.assign({}, icons),
    edition: script.edition || null,
    options: state.script.options,
  });
  const keys = Object.keys(memory.scripts);
  const key = keys.find((k) => sameOrigin(memory.scripts[k], adopted)) || keys.find((k) => sameScript(memory.scripts[k], adopted)) || newKey();
  const earlier = memory.scripts[key];
  const replaced = earlier && !sameScript(earlier, adopted);
  if (!earlier || replaced) memory.scripts[key] = Object.assign(adopted, earlier ? { options: earlier.options } : {});
  edit(key);
  if (replaced) {
    // the file holds another version of a script this browser remembers: the file's version is shown, the one
    // remembered is one undo away
    remember(TEXT.undoOpened, JSON.stringify(Object.fromEntries(CONTENT.map((field) => [field, earlier[field]]))));
  }
  learnEntries(script.characters);
  changed();
  const unknown = script.characters.filter((c) => c.unknown).length;
  const said = say(unknown ? TEXT.loadedUnknown : TEXT.loaded, { title: rememberedTitle(state.script), count: state.script.ids.length - unknown, unknown });
  if (replaced) toastUndo(`${said} ${TEXT.openedOver}`);
  else toast(said, unknown > 0);
}

export function drawRemembered() {
  const select = $("remembered");
  if (!select) return;
  const keys = byUse();
  select.replaceChildren(...keys.map((key) => {
    const script = state.memory.scripts[key];
    return el("option", { value: key, selected: key === state.memory.current,
      text: `${rememberedTitle(script)} (${say(TEXT.characters, { count: script.ids.length })})` });
  }));
  $("forget").disabled = keys.length < 2 && !state.script.ids.length;
}

export function forgetCurrent() {
  if (!confirm(say(TEXT.forgetAsk, { title: rememberedTitle(state.script) }))) return;
  const { memory } = state;
  const gone = memory.current;
  delete memory.scripts[gone];
  delete memory.used[gone];
  const rest = byUse();
  if (rest.length) { switchTo(rest[0]); return; }
  const key = newKey();
  memory.scripts[key] = Object.assign(emptyScript(), { options: state.script.options });
  switchTo(key);
}
