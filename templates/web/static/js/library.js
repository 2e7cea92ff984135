// The character library: search through /api/characters (the CLI's search), team and edition filters, cards that
// put a character into the script or take it out, and what Enter in the search box will add.

import { $, DATA, EDITION_NAMES, LIBRARY, TEAM_NAMES, TEXT, el, iconOf, say } from "./core.js";
import { changed } from "./changes.js";
import { entryOf } from "./entries.js";
import { NARROW_PAGE, state } from "./state.js";
import { toast } from "./toast.js";
import { remember, toastUndo } from "./undo.js";

export const NARROW = window.matchMedia("(max-width: 720px)");
const CHOSEONG_ONLY = /^[\u3131-\u314E\s]+$/; // initial consonants only (the compatibility jamo)

export async function search() {
  const library = state.library;
  if (library.request) library.request.abort();
  library.shown = NARROW_PAGE;
  const controller = (library.request = new AbortController());
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(library.filter)) if (value) query.set(key, value);
  try {
    const response = await fetch(`/api/characters?${query}`, { signal: controller.signal });
    const found = await response.json();
    if (controller !== library.request) return;
    library.ids = response.ok ? found.map((c) => c.id) : [];
  } catch (error) {
    return;
  }
  drawLibrary();
}

function latinQuery() {
  return /[A-Za-z]/.test(state.library.filter.q);
}

export function drawLibrary() {
  const { ids, shown, filter } = state.library;
  const list = $("library-list");
  const limit = NARROW.matches ? shown : Infinity;
  const cards = ids.slice(0, limit).map((id) => libraryCard(LIBRARY.get(id)));
  if (!ids.length) {
    cards.push(el("li", { class: "empty no-results", text: say(TEXT.noResults, { query: filter.q.trim() || TEXT.thisFilter }) }));
  } else if (ids.length > limit) {
    cards.push(el("li", { class: "more" }, el("button", {
      type: "button", class: "ghost-dark", text: say(TEXT.showMore, { count: ids.length - limit }),
      onclick: () => { state.library.shown += NARROW_PAGE * 2; drawLibrary(); },
    })));
  }
  list.replaceChildren(...cards);
  $("library-count").textContent = say(TEXT.ofLibrary, { shown: ids.length, total: LIBRARY.size });
  drawEnterHint();
}

function libraryCard(entry) {
  const inScript = state.script.ids.includes(entry.id);
  const toggle = () => toggleCharacter(entry.id);
  const english = latinQuery() ? el("span", { class: "english", lang: "en", text: entry.english }) : null;
  return el("li", {
    class: `card t-${entry.team}${inScript ? " in-script" : ""}`, "data-id": entry.id, tabindex: "0", role: "button",
    "aria-pressed": inScript ? "true" : "false", onclick: toggle,
    onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); } },
  },
  iconOf(entry),
  el("div", {},
    el("span", { class: "name", text: entry.name }),
    english,
    el("span", { class: "sub", text: `${TEAM_NAMES[entry.team] || entry.team} · ${EDITION_NAMES[entry.edition] || entry.edition}` }),
    el("div", { class: "ability", text: entry.ability })),
  el("span", { class: "mark", text: inScript ? TEXT.added : TEXT.add }));
}

export function drawLibraryMarks() {
  for (const card of $("library-list").querySelectorAll(".card")) {
    const inScript = state.script.ids.includes(card.dataset.id);
    card.classList.toggle("in-script", inScript);
    card.setAttribute("aria-pressed", inScript ? "true" : "false");
    card.querySelector(".mark").textContent = inScript ? TEXT.added : TEXT.add;
  }
  drawEnterHint();
}

function addCharacter(id) {
  const script = state.script;
  if (script.ids.includes(id)) return false;
  remember(say(TEXT.didAdd, { name: entryOf(id).name }));
  script.ids.push(id);
  changed();
  const row = document.querySelector(`.row[data-id="${CSS.escape(id)}"]`);
  if (row) row.classList.add("flash");
  return true;
}

export function removeCharacter(id) {
  const script = state.script;
  const index = script.ids.indexOf(id);
  if (index < 0) return;
  const name = entryOf(id).name;
  remember(say(TEXT.didRemove, { name }));
  script.ids.splice(index, 1);
  delete script.named[id];
  changed();
  toastUndo(say(TEXT.removed, { name }));
}

function toggleCharacter(id) {
  // a card is a switch that shows its state (aria-pressed); taking a character out can be undone
  if (state.script.ids.includes(id)) removeCharacter(id); else addCharacter(id);
}

function enterTarget() {
  // what Enter in the search box does: add the first result not yet in the script, or, when initial consonants
  // alone match characters of several teams (one query fits the alchemist and the apprentice), ask which one
  const query = state.library.filter.q.trim();
  const open = state.library.ids.filter((id) => !state.script.ids.includes(id));
  if (!query || !open.length) return null;
  const teams = new Set(open.map((id) => LIBRARY.get(id).team));
  if (CHOSEONG_ONLY.test(query) && open.length > 1 && teams.size > 1) return { ask: open };
  return { id: open[0] };
}

function askText(ids) {
  const names = ids.slice(0, 4).map((id) => `${LIBRARY.get(id).name}(${TEAM_NAMES[LIBRARY.get(id).team]})`);
  const more = ids.length > 4 ? ` ${say(TEXT.andMore, { count: ids.length - 4 })}` : "";
  return say(TEXT.enterAsks, { query: state.library.filter.q.trim(), names: names.join(", ") + more });
}

function drawEnterHint() {
  const hint = $("enter-hint");
  const target = enterTarget();
  for (const card of $("library-list").querySelectorAll(".card.enter-target")) card.classList.remove("enter-target");
  hint.hidden = !target;
  hint.classList.toggle("asks", Boolean(target && target.ask));
  if (!target) return;
  if (target.ask) {
    hint.textContent = askText(target.ask);
    return;
  }
  const entry = LIBRARY.get(target.id);
  const card = $("library-list").querySelector(`.card[data-id="${CSS.escape(target.id)}"]`);
  if (card) card.classList.add("enter-target");
  const opening = entry.ability.length > 28 ? `${entry.ability.slice(0, 28)}…` : entry.ability;
  hint.textContent = say(TEXT.enterAdds, { name: entry.name, team: TEAM_NAMES[entry.team], opening });
}

export function addFirstResult() {
  // Enter in the search box: what the hint under it says (it never takes a character out)
  const target = enterTarget();
  if (target && target.id) { addCharacter(target.id); toast(say(TEXT.addedName, { name: LIBRARY.get(target.id).name })); }
  else if (target) toast(askText(target.ask));
  else toast(state.library.ids.length ? TEXT.allIn : say(TEXT.noResults, { query: state.library.filter.q.trim() }));
  drawEnterHint();
}

export function drawFilters() {
  const filter = state.library.filter;
  const chips = $("team-filter");
  const chip = (id, name) => el("button", {
    type: "button", class: `chip${id ? ` t-${id}` : ""}`, "aria-pressed": filter.team === id ? "true" : "false", "data-team": id,
    text: name, onclick: () => { filter.team = id; drawFilters(); search(); },
  });
  chips.replaceChildren(chip("", TEXT.all), ...DATA.teams.map((t) => chip(t.id, t.name)));
  const editions = $("edition-filter");
  if (editions.options.length === 1) {
    for (const edition of DATA.editions) editions.append(el("option", { value: edition.id, text: edition.name }));
  }
}
