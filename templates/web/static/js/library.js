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

function drawLibrary() {
  const list = $("library-list");
  list.replaceChildren(...libraryIds.map((id) => libraryCard(LIBRARY.get(id))));
  $("library-count").textContent = say(TEXT.ofLibrary, { shown: libraryIds.length, total: LIBRARY.size });
}

function libraryCard(entry) {
  const inScript = state.ids.includes(entry.id);
  const toggle = () => toggleCharacter(entry.id);
  return el("li", {
    class: `card t-${entry.team}${inScript ? " in-script" : ""}`, "data-id": entry.id, tabindex: "0", role: "button",
    "aria-pressed": inScript ? "true" : "false", onclick: toggle,
    onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); } },
  },
  iconOf(entry),
  el("div", {},
    el("span", { class: "name", text: entry.name }),
    el("span", { class: "sub", text: `${TEAM_NAMES[entry.team] || entry.team} · ${EDITION_NAMES[entry.edition] || entry.edition}` }),
    el("div", { class: "ability", text: entry.ability })),
  el("span", { class: "mark", text: inScript ? TEXT.added : TEXT.add }));
}

function drawLibraryMarks() {
  for (const card of $("library-list").children) {
    const inScript = state.ids.includes(card.dataset.id);
    card.classList.toggle("in-script", inScript);
    card.setAttribute("aria-pressed", inScript ? "true" : "false");
    card.querySelector(".mark").textContent = inScript ? TEXT.added : TEXT.add;
  }
}

function toggleCharacter(id) {
  if (state.ids.includes(id)) {
    state.ids = state.ids.filter((other) => other !== id);
    delete state.named[id];
  } else {
    state.ids.push(id);
  }
  changed();
  const row = document.querySelector(`.row[data-id="${CSS.escape(id)}"]`);
  if (row) { row.classList.add("flash"); }
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
