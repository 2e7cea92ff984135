// The page's changing state, all of it in one object: the scripts this browser remembers and the one being edited,
// what the server said about the script's entries, the undo steps, the library's search, the last check's answer,
// the preview, and the timers and requests under way. Every other module reads and changes it through `state`; no
// module keeps a changing variable of its own. The scripts are read back from this browser's storage here (they are
// written by memory.js).

import { DATA } from "./core.js";

export const STORE_KEY = "botc-pnp-scripts";
const OLD_STORE_KEY = "botc-pnp-script"; // one script, as earlier versions kept it
export const NARROW_PAGE = 20; // library cards shown at once on a phone: the page scrolls once, with no scroll box inside it

export function emptyScript() {
  // `from`: where it was opened from (a bundled or saved script's name, a file's name): the same one opened again is
  // the script already remembered
  return { name: "", title: "", author: "", notes: "", logo: "", ids: [], named: {}, custom: {}, meta: {}, icons: {}, edition: null, options: {}, from: "" };
}

export function newKey() {
  return `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function loadMemory() {
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
    if (!stored) {
      const old = JSON.parse(localStorage.getItem(OLD_STORE_KEY) || "null");
      if (old && Array.isArray(old.ids)) stored = { current: "s0", scripts: { s0: old }, used: { s0: 0 } };
    }
  } catch (error) { stored = null; /* a broken store starts a new script */ }
  const scripts = {};
  for (const [key, value] of Object.entries((stored && stored.scripts) || {})) {
    if (value && Array.isArray(value.ids)) scripts[key] = Object.assign(emptyScript(), value);
  }
  let current = stored && stored.current in scripts ? stored.current : Object.keys(scripts)[0];
  if (!current) { current = newKey(); scripts[current] = emptyScript(); }
  return { current, scripts, used: Object.assign({}, stored && stored.used) };
}

const memory = loadMemory();

export const state = {
  memory, // the scripts this browser remembers: { current: key, scripts: { key: script }, used: { key: time } }
  script: memory.scripts[memory.current], // the one being edited (memory.scripts[memory.current])
  customEntries: new Map(), // id → the server's entry for a custom character of the script
  unknownEntries: new Map(), // id as written → the server's entry for it (no such character, close matches)
  undo: [], // { what, before }: the last changes to the characters, newest last
  dragged: null, // the id of the row being dragged
  toastTimer: null,
  library: {
    filter: { q: "", team: "", edition: "" },
    ids: DATA.characters.map((c) => c.id), // the search's answer, in its order
    shown: NARROW_PAGE, // cards shown on a phone
    searchTimer: null,
    request: null, // the search under way (an AbortController)
  },
  check: {
    timer: null,
    request: null, // the check under way (an AbortController)
    findings: [], // the last check's findings, as the server gave them
    findingKeys: new Set(), // theirs, to let a new one appear
    errors: 0, // errors of the last check: the print buttons say what pressing them will do
    setup: null, // the last setup table (its rows are the player counts checked)
  },
  preview: { timer: null, busy: false, again: false, shown: "" },
  editor: {
    editing: null, // { id: id being edited or "", icon, iconProblem, original, answer }
    timer: null,
    previewTimer: null,
    request: null,
  },
};
