// The script being built: its rows by team, ids the library lacks (kept, with a one-click fix), reordering by
// buttons, keyboard and drag and drop, the standard sort, named characters, the player counts it is for, its logo,
// and an edition handed to the club once its characters change.

import { $, LIBRARY, PLAYERS, TEAM_NAMES, TEAM_ORDER, TEXT, el, iconOf, say } from "./core.js";
import { changed } from "./changes.js";
import { editButton } from "./editor.js";
import { entryOf, isHomebrew, reusesOfficialId } from "./entries.js";
import { removeCharacter } from "./library.js";
import { MAX_REMEMBERED_PICTURE, rememberedTitle } from "./memory.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { drawUndo, remember, toastUndo } from "./undo.js";

const MAX_LOGO_BYTES = 1000000; // the server's limit for an uploaded picture

export function drawScript() {
  $("title").value = state.script.title;
  $("author").value = state.script.author;
  $("notes").value = state.script.notes;
  drawLogo();
  $("save-name").value = state.script.name;
  const list = $("script-list");
  const focused = focusedPlace();
  list.replaceChildren();
  const byTeam = new Map();
  const unknown = [];
  for (const id of state.script.ids) {
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
  $("script-empty").hidden = state.script.ids.length > 0;
  $("script-count").textContent = say(TEXT.characters, { count: state.script.ids.length });
  $("sort-standard").disabled = state.script.ids.length < 2;
  $("sort-standard").title = state.script.ids.length < 2 ? TEXT.sortNeedsTwo : TEXT.sortHelp;
  drawUndo();
  const ownOrder = "firstNight" in state.script.meta || "otherNight" in state.script.meta;
  const note = $("meta-note");
  note.hidden = !ownOrder;
  if (ownOrder) {
    const useOfficial = () => { remember(TEXT.metaDrop); delete state.script.meta.firstNight; delete state.script.meta.otherNight; changed(); };
    note.replaceChildren(TEXT.metaNote, el("button", { type: "button", text: TEXT.metaDrop, onclick: useOfficial }));
  }
  drawPlayers();
  restoreFocus(focused);
}

// --- the player counts the script is for (`players` in _meta; all the counts a script may be for when it declares none)

function playersRange() {
  const match = /^(\d+)(?:-(\d+))?$/.exec(String(state.script.meta.players ?? "").trim());
  if (!match) return [PLAYERS.fewest, PLAYERS.most];
  return [Number(match[1]), Number(match[2] || match[1])];
}

function drawPlayers() {
  const [low, high] = playersRange();
  const fill = (select, chosen, from, to) => {
    const numbers = [];
    for (let n = from; n <= to; n++) numbers.push(n);
    select.replaceChildren(...numbers.map((n) => el("option", { value: String(n), text: String(n), selected: n === chosen })));
  };
  fill($("players-low"), low, PLAYERS.fewest, high);
  fill($("players-high"), high, low, PLAYERS.most);
}

export function setPlayers() {
  const low = Number($("players-low").value);
  const high = Math.max(low, Number($("players-high").value));
  // always declared once chosen: an undeclared small script is checked as a 5–6 player one (see checks/setup.py)
  state.script.meta.players = low === high ? String(low) : `${low}-${high}`;
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
  const teamIds = state.script.ids.filter((other) => !entryOf(other).unknown && entryOf(other).team === team);
  const index = teamIds.indexOf(id);
  const other = teamIds[index + step];
  if (other === undefined) return false;
  remember(say(TEXT.didMove, { name: entryOf(id).name }));
  const a = state.script.ids.indexOf(id);
  const b = state.script.ids.indexOf(other);
  [state.script.ids[a], state.script.ids[b]] = [state.script.ids[b], state.script.ids[a]];
  changed();
  return true;
}

function moveBefore(id, target, after) {
  // drag and drop: `id` goes just before (or after) `target`, both of one team
  if (id === target) return;
  remember(say(TEXT.didMove, { name: entryOf(id).name }));
  state.script.ids.splice(state.script.ids.indexOf(id), 1);
  state.script.ids.splice(state.script.ids.indexOf(target) + (after ? 1 : 0), 0, id);
  changed();
}

export function sortStandard() {
  // the publisher's order within each team (entry.standard, from the facts: generator/load/standard_order.py)
  if (state.script.ids.length < 2) return;
  remember(TEXT.sortStandard);
  const place = new Map(state.script.ids.map((id, index) => [id, index]));
  const key = (id) => {
    const entry = entryOf(id);
    return [entry.unknown ? -1 : TEAM_ORDER.indexOf(entry.team), entry.standard ?? 1e9, place.get(id)];
  };
  state.script.ids.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  changed();
  toastUndo(TEXT.sorted);
}

function scriptRow(id, teamIds, index) {
  const entry = entryOf(id);
  const row = el("li", {
    class: `row t-${entry.team}`, "data-id": id, tabindex: "0", draggable: "true",
    "aria-label": say(TEXT.rowLabel, { name: entry.name, place: index + 1, count: teamIds.length }),
    onkeydown: (event) => rowKeys(event, id),
    ondragstart: (event) => { state.dragged = id; event.dataTransfer.effectAllowed = "move"; event.dataTransfer.setData("text/plain", id); row.classList.add("dragging"); },
    ondragend: () => { state.dragged = null; row.classList.remove("dragging"); },
    ondragover: (event) => {
      if (state.dragged && state.dragged !== id && entryOf(state.dragged).team === entry.team) { event.preventDefault(); event.dataTransfer.dropEffect = "move"; }
    },
    ondrop: (event) => {
      event.preventDefault();
      const from = state.dragged || event.dataTransfer.getData("text/plain");
      if (!from || from === id || entryOf(from).team !== entry.team) return;
      const box = row.getBoundingClientRect();
      moveBefore(from, id, event.clientY > box.top + box.height / 2);
    },
  },
  el("span", { class: "grip", "aria-hidden": "true", text: "⠿" }),
  iconOf(entry),
  el("div", {},
    el("span", { class: "name", text: entry.name }),
    customTag(id, entry),
    el("div", { class: "ability", text: entry.ability })),
  el("div", { class: "tools" },
    isHomebrew(id) ? editButton(id) : null,
    el("button", { type: "button", "data-tool": "up", title: TEXT.upHelp, "aria-label": `${entry.name} ${TEXT.up}`, text: "↑", disabled: index === 0, onclick: () => moveWithinTeam(id, -1) }),
    el("button", { type: "button", "data-tool": "down", title: TEXT.downHelp, "aria-label": `${entry.name} ${TEXT.down}`, text: "↓", disabled: index === teamIds.length - 1, onclick: () => moveWithinTeam(id, 1) }),
    el("button", { type: "button", class: "remove", title: TEXT.remove, "aria-label": `${entry.name} ${TEXT.remove}`, text: "✕", onclick: () => removeCharacter(id) })));
  if (entry.names_character) row.append(namedPicker(id));
  return row;
}

function customTag(id, entry) {
  if (!entry.custom) return null;
  if (!reusesOfficialId(id)) return el("span", { class: "custom-tag", text: TEXT.custom });
  // a homebrew character under an official id: said where it is listed, not only among the findings
  const why = say(TEXT.reusedIdHelp, { official: LIBRARY.get(id).name, id });
  return el("span", { class: "custom-tag reused", "data-reused": id, title: why, text: TEXT.reusedId });
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

export function replaceUnknown(id, replacement) {
  const index = state.script.ids.indexOf(id);
  if (index < 0) return;
  remember(say(TEXT.didReplace, { from: id, to: entryOf(replacement).name }));
  if (state.script.ids.includes(replacement)) state.script.ids.splice(index, 1);
  else state.script.ids[index] = replacement;
  state.unknownEntries.delete(id);
  changed();
  toastUndo(say(TEXT.replaced, { from: id, to: entryOf(replacement).name }));
}

function namedPicker(loric) {
  const select = el("select", { "aria-label": TEXT.namedLabel, onchange: (event) => { state.script.named[loric] = event.target.value; changed(); } },
    el("option", { value: "", text: TEXT.noNamed }));
  for (const id of state.script.ids) {
    const entry = entryOf(id);
    if (entry.team !== "townsfolk" && entry.team !== "outsider") continue;
    select.append(el("option", { value: id, text: entry.name, selected: state.script.named[loric] === id }));
  }
  return el("label", { class: "named" }, TEXT.namedLabel, select);
}

export function handOverEdition() {
  // an edition whose characters changed is the club's script: a title of its own (the edition's with TEXT.variantTitle is
  // suggested) and no publisher credit; the print drops the credit too, whatever the fields say
  const edition = state.script.edition;
  if (!edition) return;
  const main = state.script.ids.filter((id) => ["townsfolk", "outsider", "minion", "demon"].includes(entryOf(id).team));
  if (main.length === edition.ids.length && main.every((id) => edition.ids.includes(id))) return;
  state.script.edition = null;
  state.script.from = ""; // the club's script now: opening the edition again starts from the edition
  const renamed = state.script.title.trim() === edition.title;
  if (renamed) state.script.title = say(TEXT.variantTitle, { title: edition.title });
  if (state.script.author.trim() === edition.author) state.script.author = "";
  if (state.script.name === edition.id) state.script.name = "";
  $("title").value = state.script.title;
  $("author").value = state.script.author;
  $("save-name").value = state.script.name;
  const handed = say(TEXT.editionHandedOver, { title: edition.title });
  toast(renamed ? `${handed} ${say(TEXT.editionRenamed, { now: rememberedTitle(state.script) })}` : handed);
  if (renamed) { $("title").focus(); $("title").select(); }
}

// --- the logo: the picture itself, sent with the script (a script sent to the server names no file on its disk) ---

function drawLogo() {
  const preview = $("logo-preview");
  preview.hidden = !state.script.logo;
  if (state.script.logo) preview.src = state.script.logo; else preview.removeAttribute("src");
  $("logo-remove").hidden = !state.script.logo;
}

export function readLogo(file) {
  if (file.size > MAX_LOGO_BYTES) { toast(TEXT.logoTooBig, true); return; }
  if (!["image/png", "image/jpeg", "image/svg+xml"].includes(file.type)) { toast(TEXT.logoNotImage, true); return; }
  const reader = new FileReader();
  reader.onload = () => {
    state.script.logo = String(reader.result);
    changed();
    toast(state.script.logo.length > MAX_REMEMBERED_PICTURE ? TEXT.logoNotRemembered : TEXT.logoAdded);
  };
  reader.onerror = () => toast(TEXT.logoNotImage, true);
  reader.readAsDataURL(file);
}

export function removeLogo() {
  state.script.logo = "";
  changed();
  toast(TEXT.logoRemoved);
}
