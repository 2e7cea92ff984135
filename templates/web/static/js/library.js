// The character library: search through /api/characters (the CLI's search), team and edition filters, cards.
"use strict";

let libraryFilter = { q: "", team: "", edition: "" };
let libraryIds = DATA.characters.map((c) => c.id);
let searchController = null;

function iconOf(entry, size = "") {
  if (LIBRARY.has(entry.id) && !entry.custom) {
    const icon = el("span", { class: `icon ${size}`, "aria-hidden": "true" });
    // set through the style object: a style attribute is inline CSS, which the page's Content-Security-Policy refuses
    icon.style.setProperty("--icon", `url('/icons/${encodeURIComponent(entry.id)}')`);
    return icon;
  }
  return el("span", { class: `icon none ${size}`, "aria-hidden": "true" });
}

async function search() {
  if (searchController) searchController.abort();
  libraryShown = NARROW_PAGE;
  const controller = (searchController = new AbortController());
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(libraryFilter)) if (value) query.set(key, value);
  try {
    const response = await fetch(`/api/characters?${query}`, { signal: controller.signal });
    const found = await response.json();
    if (controller !== searchController) return;
    libraryIds = response.ok ? found.map((c) => c.id) : [];
  } catch (error) {
    return;
  }
  drawLibrary();
}

const NARROW = window.matchMedia("(max-width: 720px)");
const NARROW_PAGE = 20; // cards shown at once on a phone: the page scrolls once, with no scroll box inside it
let libraryShown = NARROW_PAGE;

function latinQuery() {
  return /[A-Za-z]/.test(libraryFilter.q);
}

function drawLibrary() {
  const list = $("library-list");
  const limit = NARROW.matches ? libraryShown : Infinity;
  const cards = libraryIds.slice(0, limit).map((id) => libraryCard(LIBRARY.get(id)));
  if (!libraryIds.length) {
    cards.push(el("li", { class: "empty no-results", text: say(TEXT.noResults, { query: libraryFilter.q.trim() || TEXT.thisFilter }) }));
  } else if (libraryIds.length > limit) {
    cards.push(el("li", { class: "more" }, el("button", {
      type: "button", class: "ghost-dark", text: say(TEXT.showMore, { count: libraryIds.length - limit }),
      onclick: () => { libraryShown += NARROW_PAGE * 2; drawLibrary(); },
    })));
  }
  list.replaceChildren(...cards);
  $("library-count").textContent = say(TEXT.ofLibrary, { shown: libraryIds.length, total: LIBRARY.size });
  drawEnterHint();
}

function libraryCard(entry) {
  const inScript = state.ids.includes(entry.id);
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

function drawLibraryMarks() {
  for (const card of $("library-list").querySelectorAll(".card")) {
    const inScript = state.ids.includes(card.dataset.id);
    card.classList.toggle("in-script", inScript);
    card.setAttribute("aria-pressed", inScript ? "true" : "false");
    card.querySelector(".mark").textContent = inScript ? TEXT.added : TEXT.add;
  }
  drawEnterHint();
}

function addCharacter(id) {
  if (state.ids.includes(id)) return false;
  remember(say(TEXT.didAdd, { name: entryOf(id).name }));
  state.ids.push(id);
  changed();
  const row = document.querySelector(`.row[data-id="${CSS.escape(id)}"]`);
  if (row) row.classList.add("flash");
  return true;
}

function removeCharacter(id) {
  const index = state.ids.indexOf(id);
  if (index < 0) return;
  const name = entryOf(id).name;
  remember(say(TEXT.didRemove, { name }));
  state.ids.splice(index, 1);
  delete state.named[id];
  changed();
  toastUndo(say(TEXT.removed, { name }));
}

function toggleCharacter(id) {
  // a card is a switch that shows its state (aria-pressed); taking a character out can be undone
  if (state.ids.includes(id)) removeCharacter(id); else addCharacter(id);
}

const CHOSEONG_ONLY = /^[\u3131-\u314E\s]+$/; // initial consonants only (the compatibility jamo)

function enterTarget() {
  // what Enter in the search box does: add the first result not yet in the script, or, when initial consonants
  // alone match characters of several teams (one query fits the alchemist and the apprentice), ask which one
  const query = libraryFilter.q.trim();
  const open = libraryIds.filter((id) => !state.ids.includes(id));
  if (!query || !open.length) return null;
  const teams = new Set(open.map((id) => LIBRARY.get(id).team));
  if (CHOSEONG_ONLY.test(query) && open.length > 1 && teams.size > 1) return { ask: open };
  return { id: open[0] };
}

function askText(ids) {
  const names = ids.slice(0, 4).map((id) => `${LIBRARY.get(id).name}(${TEAM_NAMES[LIBRARY.get(id).team]})`);
  const more = ids.length > 4 ? ` ${say(TEXT.andMore, { count: ids.length - 4 })}` : "";
  return say(TEXT.enterAsks, { query: libraryFilter.q.trim(), names: names.join(", ") + more });
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

function addFirstResult() {
  // Enter in the search box: what the hint under it says (it never takes a character out)
  const target = enterTarget();
  if (target && target.id) { addCharacter(target.id); toast(say(TEXT.addedName, { name: LIBRARY.get(target.id).name })); }
  else if (target) toast(askText(target.ask));
  else toast(libraryIds.length ? TEXT.allIn : say(TEXT.noResults, { query: libraryFilter.q.trim() }));
  drawEnterHint();
}

function drawFilters() {
  const chips = $("team-filter");
  const chip = (id, name) => el("button", {
    type: "button", class: `chip${id ? ` t-${id}` : ""}`, "aria-pressed": libraryFilter.team === id ? "true" : "false", "data-team": id,
    text: name, onclick: () => { libraryFilter.team = id; drawFilters(); search(); },
  });
  chips.replaceChildren(chip("", TEXT.all), ...DATA.teams.map((t) => chip(t.id, t.name)));
  const editions = $("edition-filter");
  if (editions.options.length === 1) {
    for (const edition of DATA.editions) editions.append(el("option", { value: edition.id, text: edition.name }));
  }
}
