// botc-pnp serve, the page's shared pieces: page data and Korean words (from index.html), the script being edited,
// the request body sent for it, and small helpers. The page is a thin client over /api: it keeps the script, sends it
// as publisher JSON (inside a small envelope for named characters and notes) and draws what the server answers.
// All Korean words come from the page (#page-text); nothing here decides a game fact. Files load in the order
// core, library, script, checks, print, main (plain scripts sharing one scope; no build step).
"use strict";

const DATA = JSON.parse(document.getElementById("page-data").textContent);
const TEXT = JSON.parse(document.getElementById("page-text").textContent);
const STORE_KEY = "botc-pnp-script";
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

// --- state -----------------------------------------------------------------------------------------------

function emptyState() {
  return { name: "", title: "", author: "", notes: "", ids: [], named: {}, custom: {}, meta: {}, options: {} };
}

let state = loadStored();
const customEntries = new Map(); // id → entry the server told us about (custom characters)

function loadStored() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
    if (stored && Array.isArray(stored.ids)) return Object.assign(emptyState(), stored);
  } catch (error) { /* a broken store starts a new script */ }
  return emptyState();
}

function store() {
  try { localStorage.setItem(STORE_KEY, JSON.stringify(state)); } catch (error) { /* private mode: fine */ }
}

function entryOf(id) {
  return customEntries.get(id) || LIBRARY.get(id) || { id, name: id, team: "townsfolk", ability: "", edition: "custom" };
}

function envelope() {
  const meta = Object.assign({ id: "_meta", name: state.title.trim() || TEXT.untitled }, state.meta);
  if (state.author.trim()) meta.author = state.author.trim();
  const named = {};
  for (const [loric, target] of Object.entries(state.named)) {
    if (target && state.ids.includes(loric)) named[loric] = target;
  }
  return JSON.stringify({
    script: [meta, ...state.ids.map((id) => state.custom[id] || id)],
    named_characters: named,
    notes: state.notes,
  });
}

function changed() {
  store();
  drawScript();
  drawLibraryMarks();
  scheduleValidate();
}

// --- talking to the server -------------------------------------------------------------------------------

function optionQuery(extra = {}) {
  const query = new URLSearchParams();
  if (state.name) query.set("name", state.name);
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
function toast(text, bad = false) {
  const box = $("toast");
  box.textContent = text;
  box.classList.toggle("bad", bad);
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, bad ? 7000 : 3500);
}
