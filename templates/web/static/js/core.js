// botc-pnp serve, the page's fixed pieces: the page data and Korean words (from index.html), the library by id, the
// team and edition names, the player-count bounds, and small DOM helpers. Nothing here changes while the page is
// open (the page's changing state is in state.js). The page is a thin client over /api: it keeps the script, sends
// it as publisher JSON and draws what the server answers. All Korean words come from the page (#page-text and the
// page data); nothing here decides a game fact. The scripts are ES modules (no build step); main.js starts them.

export const DATA = JSON.parse(document.getElementById("page-data").textContent);
export const TEXT = JSON.parse(document.getElementById("page-text").textContent);
export const $ = (id) => document.getElementById(id);

export const LIBRARY = new Map(DATA.characters.map((c) => [c.id, c]));
export const TEAM_NAMES = Object.fromEntries(DATA.teams.map((t) => [t.id, t.name]));
export const EDITION_NAMES = Object.fromEntries(DATA.editions.map((e) => [e.id, e.name]));
export const TEAM_ORDER = DATA.teams.map((t) => t.id);
// the player counts a script may be for, and the seats a game may have with travellers (generator/model.py)
export const PLAYERS = DATA.players;

// characters that do not show but reorder or hide text around them (a right-to-left override flips the count after it)
export const INVISIBLE = /[\u00AD\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g;

export function say(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));
}

export function el(tag, attrs = {}, ...children) {
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

export function ascii(text) {
  // the publisher's id matching, as the server's: lowercase letters and digits only
  return text.normalize("NFKC").toLowerCase().replace(/[^a-z0-9]/g, "");
}

export function iconOf(entry, size = "") {
  if (LIBRARY.has(entry.id) && !entry.custom) {
    const icon = el("span", { class: `icon ${size}`, "aria-hidden": "true" });
    // set through the style object: a style attribute is inline CSS, which the page's Content-Security-Policy refuses
    icon.style.setProperty("--icon", `url('/icons/${encodeURIComponent(entry.id)}')`);
    return icon;
  }
  return el("span", { class: `icon none ${size}`, "aria-hidden": "true" });
}
