// The script being built: its rows by team, ids the library lacks (kept, with a one-click fix), reordering by
// buttons, keyboard and drag and drop, the standard sort, named characters, starting from a bundled or saved script
// or an uploaded publisher JSON, the scripts this browser remembers, and saving to the workspace.
"use strict";

function drawScript() {
  $("title").value = state.title;
  $("author").value = state.author;
  $("notes").value = state.notes;
  drawLogo();
  $("save-name").value = state.name;
  const list = $("script-list");
  const focused = focusedPlace();
  list.replaceChildren();
  const byTeam = new Map();
  const unknown = [];
  for (const id of state.ids) {
    const entry = entryOf(id);
    if (entry.unknown) { unknown.push(id); continue; }
    if (!byTeam.has(entry.team)) byTeam.set(entry.team, []);
    byTeam.get(entry.team).push(id);
  }
  if (unknown.length) {
    list.append(el("div", { class: "team-block unknown-block", "data-team": "unknown" },
      el("h4", { text: TEXT.unknownHead }),
      el("ol", {}, unknown.map((id) => unknownRow(id)))));
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
  if (unknown.length) summary.unshift(el("span", { class: "pill unknown", text: `${TEXT.unknownShort} ${unknown.length}` }));
  $("team-summary").replaceChildren(...summary);
  $("script-empty").hidden = state.ids.length > 0;
  $("script-count").textContent = say(TEXT.characters, { count: state.ids.length });
  $("sort-standard").disabled = state.ids.length < 2;
  $("sort-standard").title = state.ids.length < 2 ? TEXT.sortNeedsTwo : TEXT.sortHelp;
  drawUndo();
  const ownOrder = "firstNight" in state.meta || "otherNight" in state.meta;
  const note = $("meta-note");
  note.hidden = !ownOrder;
  if (ownOrder) {
    const useOfficial = () => { remember(TEXT.metaDrop); delete state.meta.firstNight; delete state.meta.otherNight; changed(); };
    note.replaceChildren(TEXT.metaNote, el("button", { type: "button", text: TEXT.metaDrop, onclick: useOfficial }));
  }
  drawPlayers();
  restoreFocus(focused);
  drawPrintState();
}

// --- the player counts the script is for (`players` in _meta; 5–15 when it declares none) --------------------

const FEWEST = 5;
const MOST = 15;

function playersRange() {
  const match = /^(\d+)(?:-(\d+))?$/.exec(String(state.meta.players ?? "").trim());
  if (!match) return [FEWEST, MOST];
  return [Number(match[1]), Number(match[2] || match[1])];
}

function drawPlayers() {
  const [low, high] = playersRange();
  const fill = (select, chosen, from, to) => {
    const numbers = [];
    for (let n = from; n <= to; n++) numbers.push(n);
    select.replaceChildren(...numbers.map((n) => el("option", { value: String(n), text: String(n), selected: n === chosen })));
  };
  fill($("players-low"), low, FEWEST, high);
  fill($("players-high"), high, low, MOST);
}

function setPlayers() {
  const low = Number($("players-low").value);
  const high = Math.max(low, Number($("players-high").value));
  // always declared once chosen: an undeclared small script is checked as a 5–6 player one (see checks/setup.py)
  state.meta.players = low === high ? String(low) : `${low}-${high}`;
  changed();
}

// --- focus: a move redraws the list; the moved row (or its button) keeps the focus ---------------------------

function focusedPlace() {
  const active = document.activeElement;
  const row = active && active.closest && active.closest("#script-list .row");
  if (!row) return null;
  return { id: row.dataset.id, tool: active.dataset.tool || null };
}

function restoreFocus(place) {
  if (!place) return;
  const row = document.querySelector(`#script-list .row[data-id="${CSS.escape(place.id)}"]`);
  if (!row) return;
  let target = place.tool ? row.querySelector(`[data-tool="${place.tool}"]`) : row;
  if (target && target.disabled) target = row.querySelector(`[data-tool="${place.tool === "up" ? "down" : "up"}"]:not(:disabled)`) || row;
  (target || row).focus();
}

function moveWithinTeam(id, step) {
  const team = entryOf(id).team;
  const teamIds = state.ids.filter((other) => !entryOf(other).unknown && entryOf(other).team === team);
  const index = teamIds.indexOf(id);
  const other = teamIds[index + step];
  if (other === undefined) return false;
  remember(say(TEXT.didMove, { name: entryOf(id).name }));
  const a = state.ids.indexOf(id);
  const b = state.ids.indexOf(other);
  [state.ids[a], state.ids[b]] = [state.ids[b], state.ids[a]];
  changed();
  return true;
}

function moveBefore(id, target, after) {
  // drag and drop: `id` goes just before (or after) `target`, both of one team
  if (id === target) return;
  remember(say(TEXT.didMove, { name: entryOf(id).name }));
  state.ids.splice(state.ids.indexOf(id), 1);
  state.ids.splice(state.ids.indexOf(target) + (after ? 1 : 0), 0, id);
  changed();
}

function sortStandard() {
  // the publisher's order within each team (entry.standard, from the facts: generator/load/standard_order.py)
  if (state.ids.length < 2) return;
  remember(TEXT.sortStandard);
  const place = new Map(state.ids.map((id, index) => [id, index]));
  const key = (id) => {
    const entry = entryOf(id);
    return [entry.unknown ? -1 : TEAM_ORDER.indexOf(entry.team), entry.standard ?? 1e9, place.get(id)];
  };
  state.ids.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  changed();
  toastUndo(TEXT.sorted);
}

let dragged = null;

function scriptRow(id, teamIds, index) {
  const entry = entryOf(id);
  const row = el("li", {
    class: `row t-${entry.team}`, "data-id": id, tabindex: "0", draggable: "true",
    "aria-label": say(TEXT.rowLabel, { name: entry.name, place: index + 1, count: teamIds.length }),
    onkeydown: (event) => rowKeys(event, id),
    ondragstart: (event) => { dragged = id; event.dataTransfer.effectAllowed = "move"; event.dataTransfer.setData("text/plain", id); row.classList.add("dragging"); },
    ondragend: () => { dragged = null; row.classList.remove("dragging"); },
    ondragover: (event) => {
      if (dragged && dragged !== id && entryOf(dragged).team === entry.team) { event.preventDefault(); event.dataTransfer.dropEffect = "move"; }
    },
    ondrop: (event) => {
      event.preventDefault();
      const from = dragged || event.dataTransfer.getData("text/plain");
      if (!from || from === id || entryOf(from).team !== entry.team) return;
      const box = row.getBoundingClientRect();
      moveBefore(from, id, event.clientY > box.top + box.height / 2);
    },
  },
  el("span", { class: "grip", "aria-hidden": "true", text: "⠿" }),
  iconOf(entry),
  el("div", {},
    el("span", { class: "name", text: entry.name }),
    entry.custom ? el("span", { class: "custom-tag", text: TEXT.custom }) : null,
    el("div", { class: "ability", text: entry.ability })),
  el("div", { class: "tools" },
    isHomebrew(id) ? editButton(id) : null,
    el("button", { type: "button", "data-tool": "up", title: TEXT.upHelp, "aria-label": `${entry.name} ${TEXT.up}`, text: "↑", disabled: index === 0, onclick: () => moveWithinTeam(id, -1) }),
    el("button", { type: "button", "data-tool": "down", title: TEXT.downHelp, "aria-label": `${entry.name} ${TEXT.down}`, text: "↓", disabled: index === teamIds.length - 1, onclick: () => moveWithinTeam(id, 1) }),
    el("button", { type: "button", class: "remove", title: TEXT.remove, "aria-label": `${entry.name} ${TEXT.remove}`, text: "✕", onclick: () => removeCharacter(id) })));
  if (entry.names_character) row.append(namedPicker(id));
  return row;
}

function rowKeys(event, id) {
  if (event.target !== event.currentTarget) return; // keys inside the row's buttons and pickers are theirs
  if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
    event.preventDefault();
    moveWithinTeam(id, event.key === "ArrowUp" ? -1 : 1);
  } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
    event.preventDefault();
    const rows = [...document.querySelectorAll("#script-list .row")];
    const next = rows[rows.indexOf(event.currentTarget) + (event.key === "ArrowUp" ? -1 : 1)];
    if (next) next.focus();
  } else if (event.key === "Delete" || event.key === "Backspace") {
    event.preventDefault();
    const rows = [...document.querySelectorAll("#script-list .row")];
    const next = rows[rows.indexOf(event.currentTarget) + 1] || rows[rows.indexOf(event.currentTarget) - 1];
    const nextId = next && next.dataset.id;
    removeCharacter(id);
    const again = nextId && document.querySelector(`#script-list .row[data-id="${CSS.escape(nextId)}"]`);
    if (again) again.focus();
  }
}

function unknownRow(id) {
  const entry = entryOf(id);
  const fixes = (entry.suggestions || []).map((s) => el("span", { class: `suggestion t-${s.team}` },
    el("span", { class: "suggested" }, iconOf(s, "small"), s.name, el("span", { class: "sub", lang: "en", text: ` ${s.id}` })),
    el("button", { type: "button", class: "replace", "data-replace": s.id, text: TEXT.replace, onclick: () => replaceUnknown(id, s.id) })));
  return el("li", { class: "row unknown", "data-id": id, tabindex: "0" },
    el("span", { class: "grip", "aria-hidden": "true" }),
    el("span", { class: "badge-step unknown-mark", "aria-hidden": "true", text: "?" }),
    el("div", {},
      el("span", { class: "name", text: id }),
      el("div", { class: "ability", text: fixes.length ? TEXT.unknownMaybe : TEXT.unknownNone }),
      el("div", { class: "suggestions" }, fixes)),
    el("div", { class: "tools" },
      el("button", { type: "button", class: "remove", title: TEXT.remove, "aria-label": `${id} ${TEXT.remove}`, text: "✕", onclick: () => removeCharacter(id) })));
}

function replaceUnknown(id, replacement) {
  const index = state.ids.indexOf(id);
  if (index < 0) return;
  remember(say(TEXT.didReplace, { from: id, to: entryOf(replacement).name }));
  if (state.ids.includes(replacement)) state.ids.splice(index, 1);
  else state.ids[index] = replacement;
  unknownEntries.delete(id);
  changed();
  toastUndo(say(TEXT.replaced, { from: id, to: entryOf(replacement).name }));
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

function learnEntries(characters) {
  // the server's word on each entry: custom characters, and ids the library lacks (with close matches)
  for (const entry of characters) {
    if (entry.custom) customEntries.set(entry.id, entry);
    if (entry.unknown) unknownEntries.set(entry.id, entry);
  }
}

function adopt(script, name, icons = {}) {
  // a script from the server becomes a new remembered script: the one being edited stays in the list
  const options = state.options;
  const adopted = Object.assign(emptyState(), {
    name: name || "",
    title: (script.title || "").replace(INVISIBLE, ""),  // a direction override would reverse the title in its field
    author: script.author || "",
    notes: script.notes || "",
    ids: script.characters.map((c) => c.id),
    named: Object.assign({}, script.named_characters),
    custom: Object.assign({}, script.custom),
    meta: Object.assign({}, script.meta),
    icons: Object.assign({}, icons),
    edition: script.edition || null,
    options,
  });
  // the same file opened again is the script already remembered, not a second copy of it
  const key = Object.keys(memory.scripts).find((other) => sameScript(memory.scripts[other], adopted)) || newKey();
  if (!(key in memory.scripts)) memory.scripts[key] = adopted;
  memory.current = key;
  state = memory.scripts[key];
  undoStack.length = 0;
  customEntries.clear();
  unknownEntries.clear();
  learnEntries(script.characters);
  changed();
  const unknown = script.characters.filter((c) => c.unknown).length;
  toast(say(unknown ? TEXT.loadedUnknown : TEXT.loaded, { title: rememberedTitle(state), count: state.ids.length - unknown, unknown }), unknown > 0);
}

async function loadChosen() {
  const value = $("start-select").value;
  if (!value) { toast(TEXT.pickFirst); return; }
  const [source, name] = value.split("/");
  const response = await fetch(`/api/scripts/${encodeURIComponent(source)}/${encodeURIComponent(name)}`);
  const answer = await response.json();
  if (!response.ok) { toast(answer.error, true); return; }
  adopt(answer.script, name);
}

// why a file was not opened, in a file's words (the server's own words speak of requests)
const FILE_REASONS = { body_empty: "fileEmpty", body_too_big: "fileTooBig", body_not_utf8: "fileNotScript" };

async function openedAnswer(file, response) {
  // the server's check of an opened file, or null when it was not opened (said in the panel, the status and a toast)
  const answer = await response.json().catch(() => ({}));
  if (response.ok) return answer;
  const findings = answer.findings || [];
  const why = findings.length ? findings.filter((f) => f.level === "error").map((f) => f.message).join(" ")
    : TEXT[FILE_REASONS[answer.reason]] || answer.error || TEXT.fileNotScript;
  notOpened(file, why, findings);
  return null;
}

async function upload(file) {
  if (/\.zip$/i.test(file.name)) { uploadZip(file); return; }
  const text = await file.text();
  if (!text.trim()) { notOpened(file, TEXT.fileEmpty, []); return; }
  const stem = file.name.replace(/\.json$/i, "").replace(/[^0-9A-Za-z가-힣_-]+/g, "-").replace(/^[-_]+/, "").slice(0, 60);
  const response = await post(`/api/validate${stem ? `?name=${encodeURIComponent(stem)}` : ""}`, text);
  const answer = await openedAnswer(file, response);
  if (!answer) return;
  adopt(answer.script, ""); // downloads are named after the script's title, not the file it came in
}

async function uploadZip(file) {
  // the page's own export (the JSON and its icons/) opened again: the server reads the zip, the icons come back as
  // pictures for the editor and the print
  const address = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve("");
    reader.readAsDataURL(file);
  });
  if (!address) { notOpened(file, TEXT.fileNotScript, []); return; }
  const stem = file.name.replace(/\.zip$/i, "").replace(/[^0-9A-Za-z가-힣_-]+/g, "-").replace(/^[-_]+/, "").slice(0, 60);
  const response = await post(`/api/open-zip${stem ? `?name=${encodeURIComponent(stem)}` : ""}`, JSON.stringify({ zip: address }));
  const answer = await openedAnswer(file, response);
  if (!answer) return;
  adopt(answer.script, "", answer.icons || {});
}

function handOverEdition() {
  // an edition whose characters changed is the club's script: a title of its own (the edition's with TEXT.variantTitle is
  // suggested) and no publisher credit; the print drops the credit too, whatever the fields say
  const edition = state.edition;
  if (!edition) return;
  const main = state.ids.filter((id) => ["townsfolk", "outsider", "minion", "demon"].includes(entryOf(id).team));
  if (main.length === edition.ids.length && main.every((id) => edition.ids.includes(id))) return;
  state.edition = null;
  const renamed = state.title.trim() === edition.title;
  if (renamed) state.title = say(TEXT.variantTitle, { title: edition.title });
  if (state.author.trim() === edition.author) state.author = "";
  if (state.name === edition.id) state.name = "";
  $("title").value = state.title;
  $("author").value = state.author;
  $("save-name").value = state.name;
  const handed = say(TEXT.editionHandedOver, { title: edition.title });
  toast(renamed ? `${handed} ${say(TEXT.editionRenamed, { now: rememberedTitle(state) })}` : handed);
  if (renamed) { $("title").focus(); $("title").select(); }
}

function notOpened(file, why, findings) {
  // one answer: the check panel, the status and the toast all say the file was not opened and why; none says
  // that anything may be printed
  const message = say(TEXT.fileUnreadable, { file: file.name, why });
  cancelChecks(); // the page's first check, or one of the script before, would draw over this answer
  drawFindings(findings.length ? findings : [{ level: "error", code: "file", kind: TEXT.fileKind, message }]);
  setStatus("error", TEXT.unreadable);
  toast(message, true);
}

async function save(overwrite = false) {
  const reason = saveBlocked();
  if (reason) { toast(reason, true); return; }
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

function saveBlocked() {
  if (!state.ids.length) return TEXT.saveEmpty;
  return "";
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
      mine.map((s) => el("option", { value: `${s.source}/${s.name}`, text: `${s.title.replace(INVISIBLE, "")} (${say(TEXT.characters, { count: s.count })})` }))));
  }
}

// --- the scripts this browser remembers ---------------------------------------------------------------------

function drawRemembered() {
  const select = $("remembered");
  if (!select) return;
  const keys = Object.keys(memory.scripts).sort((a, b) => (memory.used[b] || 0) - (memory.used[a] || 0));
  select.replaceChildren(...keys.map((key) => {
    const script = memory.scripts[key];
    return el("option", { value: key, selected: key === memory.current,
      text: `${rememberedTitle(script)} (${say(TEXT.characters, { count: script.ids.length })})` });
  }));
  $("forget").disabled = keys.length < 2 && !state.ids.length;
}

function forgetCurrent() {
  if (!confirm(say(TEXT.forgetAsk, { title: rememberedTitle(state) }))) return;
  const gone = memory.current;
  delete memory.scripts[gone];
  delete memory.used[gone];
  const rest = Object.keys(memory.scripts).sort((a, b) => (memory.used[b] || 0) - (memory.used[a] || 0));
  if (rest.length) switchTo(rest[0]); else startNew();
}

function drawUndo() {
  const button = $("undo");
  const last = undoStack[undoStack.length - 1];
  button.disabled = !last;
  button.title = last ? say(TEXT.undoWhat, { what: last.what }) : TEXT.nothingToUndo;
}


// --- the logo: the picture itself, sent with the script (a script sent to the server names no file on its disk) ---

function drawLogo() {
  const preview = $("logo-preview");
  preview.hidden = !state.logo;
  if (state.logo) preview.src = state.logo; else preview.removeAttribute("src");
  $("logo-remove").hidden = !state.logo;
}

function readLogo(file) {
  if (file.size > MAX_LOGO_BYTES) { toast(TEXT.logoTooBig, true); return; }
  if (!["image/png", "image/jpeg", "image/svg+xml"].includes(file.type)) { toast(TEXT.logoNotImage, true); return; }
  const reader = new FileReader();
  reader.onload = () => {
    state.logo = String(reader.result);
    changed();
    toast(state.logo.length > MAX_REMEMBERED_LOGO ? TEXT.logoNotRemembered : TEXT.logoAdded);
  };
  reader.onerror = () => toast(TEXT.logoNotImage, true);
  reader.readAsDataURL(file);
}

function removeLogo() {
  state.logo = "";
  changed();
  toast(TEXT.logoRemoved);
}
