// botc-pnp serve: the page is a thin client over /api. It keeps the script being edited, sends it as publisher
// JSON (inside a small envelope for named characters and notes) and draws what the server answers.
// All Korean words come from the page (#page-text); nothing here decides a game fact.
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

// --- talking to the server --------------------------------------------------------------------------------

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

function renderFindings(response) {
  const header = response.headers.get("X-Botc-Findings");
  const list = $("render-findings");
  list.replaceChildren();
  if (!header) { list.hidden = true; return; }
  const findings = JSON.parse(decodeURIComponent(header));
  list.append(el("li", { class: "finding warning" }, el("div", { class: "head" }, el("span", { class: "level", text: TEXT.renderWarnings }))));
  for (const finding of findings) list.append(findingItem(finding, false));
  list.hidden = false;
}

async function download(button, path, fallbackName, force = false) {
  if (button.getAttribute("aria-busy") === "true") return;
  const label = button.querySelector("strong") || button;
  const before = label.textContent;
  button.setAttribute("aria-busy", "true");
  label.textContent = TEXT.building;
  try {
    const response = await post(`${path}?${optionQuery(force ? { force: "1" } : {})}`, envelope());
    if (response.status === 422 && !force) {
      const answer = await response.json();
      const errors = (answer.findings || []).filter((f) => f.level === "error").length;
      if (confirm(say(TEXT.forceAsk, { count: errors }))) {
        button.removeAttribute("aria-busy");
        label.textContent = before;
        return download(button, path, fallbackName, true);
      }
      return;
    }
    if (!response.ok) {
      const answer = await response.json().catch(() => ({}));
      toast(answer.error || response.statusText, true);
      return;
    }
    renderFindings(response);
    const blob = await response.blob();
    const name = fileName(response, fallbackName);
    const link = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    toast(say(TEXT.downloaded, { file: name }));
  } finally {
    button.removeAttribute("aria-busy");
    label.textContent = before;
  }
}

// --- live checks ------------------------------------------------------------------------------------------

let validateTimer = null;
let validateController = null;
let previewTimer = null;
let lastFindingKeys = new Set();

function scheduleValidate() {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(validate, 120);
}

async function validate() {
  if (validateController) validateController.abort();
  if (!state.ids.length) {
    // nothing to check yet: an empty script would only list what is missing
    validateController = null;
    $("findings").replaceChildren(el("li", { class: "finding ok" }, el("div", { class: "message", text: TEXT.startHint })));
    $("checks-count").textContent = "";
    setStatus("neutral", TEXT.notYet);
    drawSetup(null);
    preview();
    return;
  }
  const controller = (validateController = new AbortController());
  setStatus("busy", TEXT.checking);
  let response;
  try {
    response = await fetch("/api/validate" + (state.name ? `?name=${encodeURIComponent(state.name)}` : ""), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: envelope(), signal: controller.signal,
    });
  } catch (error) {
    if (error.name !== "AbortError") setStatus("error", TEXT.network);
    return;
  }
  const answer = await response.json().catch(() => ({}));
  if (controller !== validateController) return;
  if (!response.ok) {
    drawFindings(answer.findings || [{ level: "error", code: "request", message: answer.error || response.statusText }]);
    setStatus("error", TEXT.unreadable);
    drawSetup(null);
    return;
  }
  for (const entry of answer.script.characters) {
    if (entry.custom) customEntries.set(entry.id, entry);
  }
  drawFindings(answer.findings);
  drawSetup(answer.setup);
  if (answer.errors || answer.warnings) {
    setStatus(answer.errors ? "error" : "warning", say(TEXT.summary, { errors: answer.errors, warnings: answer.warnings }));
  } else {
    setStatus("ok", TEXT.clean);
  }
  clearTimeout(previewTimer);
  previewTimer = setTimeout(preview, 500);
}

function setStatus(kind, text) {
  $("status").replaceChildren(el("span", { class: `badge ${kind}`, text }));
}

function namesIn(message) {
  // the characters a finding is about: its subject, and every script character its message names
  const found = [];
  for (const id of state.ids) {
    const entry = entryOf(id);
    if (entry.name && message.includes(entry.name)) found.push(entry);
  }
  return found;
}

function findingItem(finding, fresh) {
  const who = [];
  const subject = finding.subject && (customEntries.get(finding.subject) || LIBRARY.get(finding.subject));
  const named = subject ? [subject, ...namesIn(finding.message).filter((e) => e.id !== subject.id)] : namesIn(finding.message);
  for (const entry of named.slice(0, 4)) {
    who.push(el("span", { class: `who t-${entry.team}` }, iconOf(entry, "small"), entry.name));
  }
  return el("li", { class: `finding ${finding.level}${fresh ? " appear" : ""}`, "data-code": finding.code },
    el("div", { class: "head" },
      el("span", { class: "level", text: TEXT[finding.level] || finding.level }),
      who,
      el("span", { class: "code", text: finding.code })),
    el("div", { class: "message", text: finding.message }));
}

const GROUP_FROM = 3; // this many findings of one kind are shown as one line that opens

function groupItem(group, fresh) {
  const [first] = group;
  const who = [];
  for (const finding of group) {
    for (const entry of namesIn(finding.message).slice(0, 1)) {
      who.push(el("span", { class: `who t-${entry.team}` }, iconOf(entry, "small"), entry.name));
    }
  }
  return el("li", { class: `finding ${first.level}${fresh ? " appear" : ""}`, "data-code": first.code },
    el("details", {},
      el("summary", {},
        el("div", { class: "head" },
          el("span", { class: "level", text: TEXT[first.level] || first.level }),
          el("span", { text: say(TEXT.sameKind, { count: group.length }) }),
          el("span", { class: "code", text: first.code })),
        el("div", { class: "message", text: first.message.replace(/^[^:]{1,30}: /, "") }),
        el("div", { class: "who-list" }, who)),
      el("ul", { class: "group-messages" }, group.map((f) => el("li", { text: f.message })))));
}

function drawFindings(findings) {
  const list = $("findings");
  const ordered = [...findings].sort((a, b) => (a.level === b.level ? 0 : a.level === "error" ? -1 : 1));
  const keys = new Set(ordered.map((f) => f.code + f.message));
  const byCode = new Map();
  for (const finding of ordered) {
    const key = finding.level + finding.code;
    if (!byCode.has(key)) byCode.set(key, []);
    byCode.get(key).push(finding);
  }
  const items = [];
  for (const group of byCode.values()) {
    const fresh = group.some((f) => !lastFindingKeys.has(f.code + f.message));
    if (group.length >= GROUP_FROM) items.push(groupItem(group, fresh));
    else items.push(...group.map((f) => findingItem(f, !lastFindingKeys.has(f.code + f.message))));
  }
  list.replaceChildren(...items);
  if (!ordered.length) {
    list.append(el("li", { class: "finding ok" }, el("div", { class: "message", text: TEXT.clean })));
  }
  lastFindingKeys = keys;
  const errors = findings.filter((f) => f.level === "error").length;
  $("checks-count").textContent = say(TEXT.summary, { errors, warnings: findings.length - errors });
}

function drawSetup(setup) {
  const table = $("setup");
  const head = table.querySelector("thead tr");
  const body = table.querySelector("tbody");
  head.replaceChildren(el("th", { text: TEXT.playersHead }));
  body.replaceChildren();
  $("modifiers").textContent = "";
  table.hidden = !setup;
  if (!setup) return;
  for (const team of setup.teams) head.append(el("th", { class: `t-${team.id}`, text: team.name }));
  for (const row of setup.rows) {
    const cells = setup.teams.map((team, index) => {
      const [low, high] = row.ranges[team.id];
      const base = row.base[index];
      const text = low === high ? String(low) : `${low}–${high}`;
      return el("td", { class: low !== base || high !== base ? "changed" : null, text });
    });
    body.append(el("tr", {}, el("th", { text: say(TEXT.players, { n: row.players }) }), cells));
  }
  $("modifiers").textContent = setup.modifiers.length
    ? `${TEXT.modifiers}: ` + setup.modifiers.map((m) => `${m.name}(${m.change})`).join(", ")
    : TEXT.noModifiers;
}

let previewBusy = false;
let previewAgain = false;
let previewShown = "";

async function preview() {
  // one preview at a time, and only for a script that changed: a long script's sheet takes seconds to lay out
  if (previewBusy) { previewAgain = true; return; }
  if (!state.ids.length) {
    $("preview").hidden = true;
    $("preview-note").textContent = TEXT.previewEmpty;
    previewShown = "";
    return;
  }
  const query = optionQuery();
  const body = envelope();
  if (query + body === previewShown) return;
  previewBusy = true;
  try {
    const response = await post(`/api/preview?${query}`, body).catch(() => null);
    if (!response || !response.ok) return;
    const blob = await response.blob();
    const image = $("preview");
    const old = image.src;
    image.src = URL.createObjectURL(blob);
    image.hidden = false;
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    previewShown = query + body;
    $("preview-note").textContent = say(TEXT.previewNote, { paper: (state.options.paper || "a4").toUpperCase() });
  } finally {
    previewBusy = false;
    if (previewAgain) { previewAgain = false; preview(); }
  }
}

// --- library ----------------------------------------------------------------------------------------------

let libraryFilter = { q: "", team: "", edition: "" };
let libraryIds = DATA.characters.map((c) => c.id);
let searchController = null;

function iconOf(entry, size = "") {
  if (LIBRARY.has(entry.id) && !entry.custom) {
    return el("span", { class: `icon ${size}`, style: `--icon:url('/icons/${encodeURIComponent(entry.id)}')`, "aria-hidden": "true" });
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

// --- script -----------------------------------------------------------------------------------------------

function drawScript() {
  $("title").value = state.title;
  $("author").value = state.author;
  $("notes").value = state.notes;
  $("save-name").value = state.name;
  const list = $("script-list");
  list.replaceChildren();
  const byTeam = new Map();
  for (const id of state.ids) {
    const team = entryOf(id).team;
    if (!byTeam.has(team)) byTeam.set(team, []);
    byTeam.get(team).push(id);
  }
  const summary = [];
  for (const team of TEAM_ORDER) {
    const ids = byTeam.get(team);
    if (!ids) continue;
    summary.push(el("span", { class: `pill t-${team}`, text: `${TEAM_NAMES[team]} ${ids.length}` }));
    list.append(el("div", { class: `team-block t-${team}`, "data-team": team },
      el("h4", { text: TEAM_NAMES[team] }),
      el("ol", {}, ids.map((id, index) => scriptRow(id, ids, index)))));
  }
  $("team-summary").replaceChildren(...summary);
  $("script-empty").hidden = state.ids.length > 0;
  $("script-count").textContent = say(TEXT.characters, { count: state.ids.length });
  const ownOrder = "firstNight" in state.meta || "otherNight" in state.meta;
  const note = $("meta-note");
  note.hidden = !ownOrder;
  if (ownOrder) {
    const useOfficial = () => { delete state.meta.firstNight; delete state.meta.otherNight; changed(); };
    note.replaceChildren(TEXT.metaNote, el("button", { type: "button", text: TEXT.metaDrop, onclick: useOfficial }));
  }
}

function scriptRow(id, teamIds, index) {
  const entry = entryOf(id);
  const move = (step) => {
    const other = teamIds[index + step];
    const a = state.ids.indexOf(id);
    const b = state.ids.indexOf(other);
    [state.ids[a], state.ids[b]] = [state.ids[b], state.ids[a]];
    changed();
  };
  const row = el("li", { class: `row t-${entry.team}`, "data-id": id },
    iconOf(entry),
    el("div", {},
      el("span", { class: "name", text: entry.name }),
      entry.custom ? el("span", { class: "custom-tag", text: TEXT.custom }) : null,
      el("div", { class: "ability", text: entry.ability })),
    el("div", { class: "tools" },
      el("button", { type: "button", title: TEXT.up, "aria-label": `${entry.name} ${TEXT.up}`, text: "↑", disabled: index === 0, onclick: () => move(-1) }),
      el("button", { type: "button", title: TEXT.down, "aria-label": `${entry.name} ${TEXT.down}`, text: "↓", disabled: index === teamIds.length - 1, onclick: () => move(1) }),
      el("button", { type: "button", class: "remove", title: TEXT.remove, "aria-label": `${entry.name} ${TEXT.remove}`, text: "✕", onclick: () => toggleCharacter(id) })));
  if (entry.names_character) row.append(namedPicker(id));
  return row;
}

function namedPicker(loric) {
  const select = el("select", { "aria-label": TEXT.namedLabel, onchange: (event) => { state.named[loric] = event.target.value; changed(); } },
    el("option", { value: "", text: TEXT.noNamed }));
  for (const id of state.ids) {
    const entry = entryOf(id);
    if (entry.team !== "townsfolk" && entry.team !== "outsider") continue;
    select.append(el("option", { value: id, text: entry.name, selected: state.named[loric] === id }));
  }
  return el("label", { class: "named" }, TEXT.namedLabel, select);
}

function adopt(script, name) {
  state = Object.assign(emptyState(), {
    name: name || "",
    title: script.title || "",
    author: script.author || "",
    notes: script.notes || "",
    ids: script.characters.map((c) => c.id),
    named: Object.assign({}, script.named_characters),
    custom: Object.assign({}, script.custom),
    meta: Object.assign({}, script.meta),
    options: state.options,
  });
  customEntries.clear();
  for (const entry of script.characters) if (entry.custom) customEntries.set(entry.id, entry);
  changed();
  toast(say(TEXT.loaded, { title: state.title, count: state.ids.length }));
}

async function loadChosen() {
  const value = $("start-select").value;
  if (!value) return;
  if (state.ids.length && !confirm(TEXT.replaceAsk)) return;
  const [source, name] = value.split("/");
  const response = await fetch(`/api/scripts/${encodeURIComponent(source)}/${encodeURIComponent(name)}`);
  const answer = await response.json();
  if (!response.ok) { toast(answer.error, true); return; }
  adopt(answer.script, name);
}

async function upload(file) {
  if (state.ids.length && !confirm(TEXT.replaceAsk)) return;
  const text = await file.text();
  const stem = file.name.replace(/\.json$/i, "").replace(/[^0-9A-Za-z가-힣_-]+/g, "-").replace(/^[-_]+/, "").slice(0, 60);
  const response = await post(`/api/validate${stem ? `?name=${encodeURIComponent(stem)}` : ""}`, text);
  const answer = await response.json();
  if (!response.ok) {
    drawFindings(answer.findings || []);
    setStatus("error", TEXT.unreadable);
    toast(answer.error, true);
    return;
  }
  adopt(answer.script, stem);
  if (answer.left_out.length) toast(say(TEXT.skipped, { names: answer.left_out.join(", ") }), true);
}

async function save(overwrite = false) {
  const name = $("save-name").value.trim() || suggestedName();
  state.name = name;
  store();
  const query = new URLSearchParams({ name });
  if (overwrite) query.set("overwrite", "1");
  const response = await post(`/api/save?${query}`, envelope());
  const answer = await response.json().catch(() => ({}));
  if (response.status === 409 && !overwrite) {
    if (confirm(TEXT.overwriteAsk)) return save(true);
    return;
  }
  if (!response.ok) { toast(answer.error || response.statusText, true); return; }
  const result = $("save-result");
  result.replaceChildren(say(TEXT.saved, { path: answer.path, command: "" }), el("code", { text: answer.command }));
  result.hidden = false;
  $("save-name").value = name;
  loadScriptList();
}

function suggestedName() {
  return (state.title || "script").trim().replace(/\s+/g, "-").replace(/[^0-9A-Za-z가-힣_-]+/g, "").replace(/^[-_]+/, "").slice(0, 60) || "script";
}

async function loadScriptList() {
  const response = await fetch("/api/scripts");
  if (!response.ok) return;
  const scripts = await response.json();
  const select = $("start-select");
  const first = select.options[0];
  select.replaceChildren(first);
  for (const source of ["bundled", "workspace"]) {
    const mine = scripts.filter((s) => s.source === source);
    if (!mine.length) continue;
    select.append(el("optgroup", { label: TEXT[source] },
      mine.map((s) => el("option", { value: `${s.source}/${s.name}`, text: `${s.title} (${say(TEXT.characters, { count: s.count })})` }))));
  }
}

// --- print options and documents -------------------------------------------------------------------------

function drawPrint() {
  const paperField = DATA.options.find((f) => f.name === "paper");
  const paper = $("paper");
  paper.replaceChildren(...(paperField ? paperField.choices : ["a4"]).map((p) =>
    el("option", { value: p, text: p.toUpperCase(), selected: (state.options.paper || paperField?.default) === p })));
  paper.onchange = () => { state.options.paper = paper.value; store(); clearTimeout(previewTimer); previewTimer = setTimeout(preview, 100); };
  const holder = $("token-options");
  holder.replaceChildren();
  for (const field of DATA.options) {
    if (field.name === "paper") continue;
    const current = state.options[field.name] ?? field.default;
    let input;
    if (field.kind === "flag") {
      input = el("input", { type: "checkbox", name: field.name, checked: Boolean(current) });
      input.onchange = () => { state.options[field.name] = input.checked; store(); };
      holder.append(el("label", { class: "flag", title: field.help }, input, field.label));
      continue;
    }
    const numeric = field.kind === "number" || field.kind === "integer";
    input = el("input", {
      type: numeric ? "number" : "text", name: field.name, value: current ?? "", step: field.kind === "number" ? "any" : "1",
      placeholder: field.metavar || "",
    });
    input.onchange = () => { state.options[field.name] = input.value; store(); };
    holder.append(el("label", { title: field.help }, field.label, input));
  }
  const documents = $("documents");
  documents.replaceChildren(...DATA.documents.map((doc) => el("button", {
    type: "button", class: "doc", "data-document": doc.id,
    onclick: (event) => download(event.currentTarget, `/api/document/${doc.id}`, `${doc.id}.pdf`),
  }, el("strong", { text: doc.label }), el("span", { text: doc.description }))));
  $("kit").onclick = (event) => download(event.currentTarget, "/api/build", "kit.zip");
  $("export").onclick = (event) => download(event.currentTarget, "/api/export", "script.json");
}

// --- toast ------------------------------------------------------------------------------------------------

let toastTimer = null;
function toast(text, bad = false) {
  const box = $("toast");
  box.textContent = text;
  box.classList.toggle("bad", bad);
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, bad ? 7000 : 3500);
}

// --- wiring -----------------------------------------------------------------------------------------------

function wire() {
  let searchTimer = null;
  $("search").addEventListener("input", (event) => {
    libraryFilter.q = event.target.value;
    clearTimeout(searchTimer);
    searchTimer = setTimeout(search, 90);
  });
  $("search").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && libraryIds.length) {
      toggleCharacter(libraryIds[0]);
      event.target.select();
    }
  });
  $("edition-filter").addEventListener("change", (event) => { libraryFilter.edition = event.target.value; search(); });
  $("title").addEventListener("input", (event) => { state.title = event.target.value; store(); scheduleValidate(); });
  $("author").addEventListener("input", (event) => { state.author = event.target.value; store(); scheduleValidate(); });
  $("notes").addEventListener("input", (event) => { state.notes = event.target.value; store(); scheduleValidate(); });
  $("save-name").addEventListener("input", (event) => { state.name = event.target.value.trim(); store(); });
  $("save").addEventListener("click", () => save());
  $("start-load").addEventListener("click", loadChosen);
  $("upload").addEventListener("change", (event) => { if (event.target.files[0]) upload(event.target.files[0]); event.target.value = ""; });
  $("start-new").addEventListener("click", () => {
    if (state.ids.length && !confirm(TEXT.replaceAsk)) return;
    state = Object.assign(emptyState(), { options: state.options });
    customEntries.clear();
    changed();
  });
}

drawFilters();
drawLibrary();
drawPrint();
drawScript();
wire();
loadScriptList();
scheduleValidate();
