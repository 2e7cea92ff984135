// botc-pnp serve, the page's shared pieces: page data and Korean words (from index.html), the script being edited,
// the request body sent for it, and small helpers. The page is a thin client over /api: it keeps the script, sends it
// as publisher JSON (inside a small envelope for named characters and notes) and draws what the server answers.
// All Korean words come from the page (#page-text); nothing here decides a game fact. Files load in the order
// core, library, script, checks, print, main (plain scripts sharing one scope; no build step).
"use strict";

const DATA = JSON.parse(document.getElementById("page-data").textContent);
const TEXT = JSON.parse(document.getElementById("page-text").textContent);
const $ = (id) => document.getElementById(id);

const LIBRARY = new Map(DATA.characters.map((c) => [c.id, c]));
const TEAM_NAMES = Object.fromEntries(DATA.teams.map((t) => [t.id, t.name]));
const EDITION_NAMES = Object.fromEntries(DATA.editions.map((e) => [e.id, e.name]));
const TEAM_ORDER = DATA.teams.map((t) => t.id);

function say(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// --- state: several scripts remembered in this browser, one being edited -------------------------------------

const STORE_KEY = "botc-pnp-scripts";
const OLD_STORE_KEY = "botc-pnp-script"; // one script, as earlier versions kept it
const MAX_REMEMBERED = 30;
const MAX_REMEMBERED_LOGO = 200000; // characters of a logo's data: address this browser keeps (its storage is small)
const MAX_LOGO_BYTES = 1000000; // the server's limit for an uploaded picture

function emptyState() {
  return { name: "", title: "", author: "", notes: "", logo: "", ids: [], named: {}, custom: {}, meta: {}, icons: {}, edition: null, options: {} };
}

let memory = loadMemory(); // { current: key, scripts: { key: state }, used: { key: time } }
let state = memory.scripts[memory.current];
const customEntries = new Map(); // id → entry the server told us about (custom characters)
const unknownEntries = new Map(); // id as written → the server's entry for it (no such character, close matches)

function newKey() {
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
    if (value && Array.isArray(value.ids)) scripts[key] = Object.assign(emptyState(), value);
  }
  let current = stored && stored.current in scripts ? stored.current : Object.keys(scripts)[0];
  if (!current) { current = newKey(); scripts[current] = emptyState(); }
  return { current, scripts, used: Object.assign({}, stored && stored.used) };
}

function store() {
  memory.scripts[memory.current] = state;
  memory.used[memory.current] = Date.now();
  const keys = Object.keys(memory.scripts).sort((a, b) => (memory.used[b] || 0) - (memory.used[a] || 0));
  for (const key of keys.slice(MAX_REMEMBERED)) { delete memory.scripts[key]; delete memory.used[key]; }
  // pictures (the logo, homebrew icons) too large for this browser's small storage are not remembered
  const kept = JSON.stringify(memory, (key, value) => (typeof value === "string" && value.startsWith("data:") && value.length > MAX_REMEMBERED_LOGO ? "" : value));
  try { localStorage.setItem(STORE_KEY, kept); } catch (error) { /* private mode: fine */ }
  drawRemembered();
}

function switchTo(key) {
  memory.current = key;
  state = memory.scripts[key];
  undoStack.length = 0;
  customEntries.clear();
  unknownEntries.clear();
  changed();
}

function startNew(options = state.options) {
  // the script being edited stays remembered: starting another never loses it
  const key = newKey();
  memory.scripts[key] = Object.assign(emptyState(), { options });
  switchTo(key);
}

// characters that do not show but reorder or hide text around them (a right-to-left override flips the count after it)
const INVISIBLE = /[\u00AD\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g;

function rememberedTitle(script) {
  return script.title.replace(INVISIBLE, "").trim() || TEXT.untitled;
}

function sameScript(a, b) {
  const keys = ["title", "author", "notes", "ids", "named", "custom", "meta", "icons"];
  return keys.every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null));
}

// --- undo: the last changes to the characters, one step at a time ------------------------------------------

const undoStack = [];
const MAX_UNDO = 50;

function snapshot() {
  return JSON.stringify({ ids: state.ids, named: state.named, custom: state.custom, meta: state.meta, icons: state.icons });
}

function remember(what) {
  undoStack.push({ what, before: snapshot() });
  if (undoStack.length > MAX_UNDO) undoStack.shift();
}

function undo() {
  const step = undoStack.pop();
  if (!step) { toast(TEXT.nothingToUndo); return; }
  Object.assign(state, JSON.parse(step.before));
  changed();
  toast(say(TEXT.undone, { what: step.what }));
}

function entryOf(id) {
  const given = state.custom[id]; // a character given in full, before the server has answered for it (a reload)
  const fromScript = given && given.name && given.team ? { id, name: given.name, team: given.team, ability: given.ability || "", edition: "custom", custom: true } : null;
  return customEntries.get(id) || (fromScript && !LIBRARY.has(id) ? fromScript : null) || LIBRARY.get(id) || unknownEntries.get(id) || fromScript
    || { id, name: id, team: null, ability: "", edition: "custom", unknown: true, suggestions: [] };
}

function envelope() {
  const meta = Object.assign({ id: "_meta", name: state.title.trim() || TEXT.untitled }, state.meta);
  if (state.author.trim()) meta.author = state.author.trim();
  const named = {};
  for (const [loric, target] of Object.entries(state.named)) {
    if (target && state.ids.includes(loric)) named[loric] = target;
  }
  const body = {
    script: [meta, ...state.ids.map((id) => state.custom[id] || id)],
    named_characters: named,
    notes: state.notes,
  };
  if (state.logo) body.logo_image = state.logo; // the picture itself: a path in _meta.logo is never read from here
  const icons = Object.fromEntries(Object.entries(state.icons || {}).filter(([id, icon]) => icon && state.ids.includes(id)));
  if (Object.keys(icons).length) body.icons = icons; // homebrew characters' icons, made in the editor (editor.js)
  return JSON.stringify(body);
}

function changed() {
  handOverEdition();
  store();
  drawScript();
  drawLibraryMarks();
  scheduleValidate();
}

function scriptName() {
  // the name files are given ('<name>-script.pdf'): the one typed for saving, else one made from the title
  return state.name || suggestedName();
}

function suggestedName() {
  return (state.title || "script").trim().replace(/\s+/g, "-").replace(/[^0-9A-Za-z가-힣_-]+/g, "").replace(/^[-_]+/, "").slice(0, 60) || "script";
}

// --- talking to the server -------------------------------------------------------------------------------

function optionQuery(extra = {}) {
  const query = new URLSearchParams();
  query.set("name", scriptName());
  for (const field of DATA.options) {
    const value = state.options[field.name];
    if (value === undefined || value === "" || value === null) continue;
    if (field.kind === "flag") {
      if (value !== Boolean(field.default)) query.set(field.name, value ? "1" : "0");
    } else if (String(value) !== String(field.default ?? "")) {
      query.set(field.name, value);
    }
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

async function post(path, body) {
  let response;
  try {
    response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body });
  } catch (error) {
    toast(TEXT.network, true);
    throw error;
  }
  return response;
}

function fileName(response, fallback) {
  const header = response.headers.get("Content-Disposition") || "";
  const match = header.match(/filename\*=UTF-8''([^;]+)/);
  return match ? decodeURIComponent(match[1]) : fallback;
}


// --- toast -----------------------------------------------------------------------------------------------

let toastTimer = null;
function toast(text, bad = false, ...extra) {
  const box = $("toast");
  box.replaceChildren(text, ...extra);
  box.classList.toggle("bad", bad);
  placeToast(box);
  box.hidden = false;
  document.body.style.setProperty("--toast-room", `${box.offsetHeight + 16}px`);
  document.body.classList.add("toasting");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; document.body.classList.remove("toasting"); }, bad ? 7000 : 3500);
}

function placeToast(box) {
  // under the library column, as wide as it, where the column has made room; a single column: the page's width
  const library = document.querySelector(".library").getBoundingClientRect();
  const single = library.width > window.innerWidth * 0.8;
  box.style.setProperty("--toast-left", single ? "" : `${library.left}px`);
  box.style.setProperty("--toast-width", single ? "" : `${library.width}px`);
}

function toastUndo(text) {
  toast(text, false, el("button", { type: "button", class: "toast-undo", text: TEXT.undo, onclick: undo }));
}

function ascii(text) {
  // the publisher's id matching, as the server's: lowercase letters and digits only
  return text.normalize("NFKC").toLowerCase().replace(/[^a-z0-9]/g, "");
}
