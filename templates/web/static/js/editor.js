// The character editor: create a homebrew character, or open one of the script's (its edit button), with a labelled field for
// each part; every change is checked by the server (/api/character/check: the checks `validate` runs, findings shown
// by their field) and previewed by the print's own code (/api/character/preview). Saving puts the character into the
// script (undoable) and saves the script with it as a content folder in the workspace. A character that came with
// English text shows the original beside each field while Korean is written; the original is kept in _meta.botc_pnp.
// What the page knows beside the server's check stays under its field until it no longer holds: an icon refused at
// upload, a night place the server guessed, an official id the homebrew character reuses.

import { $, DATA, LIBRARY, TEAM_NAMES, TEAM_ORDER, el, say } from "./core.js";
import { changed } from "./changes.js";
import { entryOf, reusesOfficialId } from "./entries.js";
import { save } from "./save.js";
import { envelope, post } from "./server.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { remember, toastUndo } from "./undo.js";

const EDIT = DATA.editor || {};
const EDIT_TEXT_FIELDS = ["name", "ability", "flavor", "first_night", "first_cue", "other_nights", "other_cue", "overview"];
const EDIT_LINES = ["examples", "how_to_run", "tips"];
const ORIGINAL_KEYS = { name: "name", ability: "ability", flavor: "flavor", first_night: "firstNightReminder",
  other_nights: "otherNightReminder", reminders: "reminders", global_reminders: "remindersGlobal" };
const MAX_ICON_BYTES = 1000000;
const NIGHT_PLACES = ["first_night_after", "other_nights_after"];

function editorField(key, input, wide = false) {
  const id = `ed-${key}`;
  input.id = id;
  input.dataset.field = key;
  return el("div", { class: `ed-field${wide ? " wide" : ""}`, "data-field": key },
    el("label", { for: id, text: EDIT[key] || key }), input,
    el("p", { class: "ed-original", lang: "en", hidden: true }),
    el("ul", { class: "ed-findings", "aria-live": "polite" }));
}

function buildEditor() {
  const dialog = $("editor-panel");
  const team = el("select", {}, TEAM_ORDER.map((t) => el("option", { value: t, text: TEAM_NAMES[t] })));
  const text = (rows) => rows ? el("textarea", { rows }) : el("input", { type: "text" });
  const nightSelect = () => el("select", {}, el("option", { value: "", text: EDIT.none }));
  const iconInput = el("input", { type: "file", accept: "image/png,image/jpeg,image/svg+xml" });
  dialog.replaceChildren(
    el("div", { class: "ed-head" }, el("h2", { id: "editor-title", text: EDIT.title }),
      el("button", { type: "button", class: "ghost-dark", id: "ed-close", text: EDIT.close, onclick: closeEditor })),
    el("div", { class: "ed-grid" },
      editorField("name", text()), editorField("id", el("input", { type: "text", maxlength: "50", autocomplete: "off" })),
      editorField("team", team), editorField("ability", text(3), true),
      el("div", { class: "ed-field check wide", "data-field": "setup" },
        el("label", {}, el("input", { type: "checkbox", id: "ed-setup", "data-field": "setup" }), " ", EDIT.setup),
        el("ul", { class: "ed-findings" })),
      editorField("flavor", text(2), true),
      // one night per row pair: where it wakes and its card cue side by side, the sheet's instruction under them
      editorField("first_night_after", nightSelect()), editorField("first_cue", text()), editorField("first_night", text(2), true),
      editorField("other_nights_after", nightSelect()), editorField("other_cue", text()), editorField("other_nights", text(2), true),
      editorField("reminders", text()), editorField("global_reminders", text()),
      el("div", { class: "ed-field wide", "data-field": "jinxes" },
        el("span", { class: "ed-label", id: "ed-jinx-label", text: EDIT.jinxes }),
        el("div", { id: "ed-jinxes", role: "group", "aria-labelledby": "ed-jinx-label" }),
        el("button", { type: "button", class: "ghost-dark", id: "ed-jinx-add", text: EDIT.jinx_add, onclick: () => { addJinxRow(); } })),
      editorField("icon", iconInput, true),
      editorField("overview", text(3), true), editorField("examples", text(3), true),
      editorField("how_to_run", text(3), true), editorField("tips", text(2), true),
      el("div", { class: "ed-field wide", "data-field": "general" }, el("ul", { class: "ed-findings" }))),
    el("div", { class: "ed-icon-tools" },
      el("label", {}, el("input", { type: "checkbox", id: "ed-recolour" }), " ", EDIT.recolour),
      el("button", { type: "button", class: "ghost-dark", id: "ed-icon-remove", text: EDIT.icon_remove, onclick: removeIcon }),
      el("img", { id: "ed-icon-preview", alt: EDIT.icon, hidden: true })),
    el("h3", { text: EDIT.previews }),
    el("div", { class: "ed-previews" },
      el("figure", {}, el("img", { id: "ed-preview-tokens", alt: EDIT.token }), el("figcaption", { text: EDIT.token })),
      el("figure", {}, el("img", { id: "ed-preview-script_sheet", alt: EDIT.sheet }), el("figcaption", { text: EDIT.sheet })),
      el("figure", {}, el("img", { id: "ed-preview-night_card", alt: EDIT.night }), el("figcaption", { text: EDIT.night }))),
    el("div", { class: "ed-actions" }, el("button", { type: "button", class: "primary", id: "ed-save", text: EDIT.save, onclick: saveCharacter })));
  dialog.addEventListener("input", (event) => { if (event.target.type !== "file") scheduleCheck(); });
  dialog.addEventListener("change", (event) => {
    if (NIGHT_PLACES.includes(event.target.dataset.field) && state.editor.editing) delete state.editor.editing.notes.first_night_after; // a place chosen: no longer a guess
    if (event.target.tagName === "SELECT" || event.target.type === "checkbox") scheduleCheck();
  });
  dialog.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "Enter") { event.preventDefault(); saveCharacter(); }
  });
  dialog.addEventListener("close", () => { state.editor.editing = null; });
  iconInput.addEventListener("change", (event) => { if (event.target.files[0]) readIcon(event.target.files[0]); event.target.value = ""; });
}

function addJinxRow(jinx = { with: "", text: "" }) {
  const editing = state.editor.editing;
  const select = el("select", { "aria-label": EDIT.jinx_with }, el("option", { value: "", text: EDIT.none }));
  for (const id of state.script.ids) {
    if (editing && id === editing.id) continue;
    select.append(el("option", { value: id, text: entryOf(id).name, selected: id === jinx.with }));
  }
  const row = el("div", { class: "ed-jinx" },
    el("label", {}, EDIT.jinx_with, select),
    el("label", {}, EDIT.jinx_text, el("input", { type: "text", value: jinx.text, class: "ed-jinx-text" })),
    el("button", { type: "button", class: "ghost-dark", text: EDIT.jinx_remove, onclick: () => { row.remove(); scheduleCheck(); } }));
  $("ed-jinxes").append(row);
}

function lines(value) { return value.split("\n").map((s) => s.trim()).filter(Boolean); }
function commas(value) { return value.split(/[,，]/).map((s) => s.trim()).filter(Boolean); }

function editorFields() {
  const editing = state.editor.editing;
  const fields = { editing: editing.id, id: $("ed-id").value.trim(), team: $("ed-team").value, setup: $("ed-setup").checked,
    first_night_after: $("ed-first_night_after").value, other_nights_after: $("ed-other_nights_after").value,
    reminders: commas($("ed-reminders").value), global_reminders: commas($("ed-global_reminders").value),
    original: editing.original || {} };
  for (const key of EDIT_TEXT_FIELDS) fields[key] = $(`ed-${key}`).value;
  for (const key of EDIT_LINES) fields[key] = lines($(`ed-${key}`).value);
  fields.jinxes = [...document.querySelectorAll("#ed-jinxes .ed-jinx")].map((row) => ({
    with: row.querySelector("select").value, text: row.querySelector(".ed-jinx-text").value })).filter((j) => j.with && j.text.trim());
  return fields;
}

function editorBody(extra = {}) {
  return JSON.stringify(Object.assign(JSON.parse(envelope()), { character: editorFields(), icon: state.editor.editing.icon || "" }, extra));
}

export function openEditor(id = "") {
  const dialog = $("editor-panel");
  if (!dialog.firstChild) buildEditor();
  const script = state.script;
  const object = id ? script.custom[id] || {} : {};
  const extras = (((script.meta.botc_pnp || {}).characters) || {})[id] || {};
  let original = extras.original || null;
  if (!original && id && /^[\x00-\x7F]*$/.test(`${object.name || ""}${object.ability || ""}`)) {
    // English text as it came: kept as the original while the Korean is written over it
    original = {};
    for (const key of Object.values(ORIGINAL_KEYS)) if (object[key] && object[key].length) original[key] = object[key];
  }
  state.editor.editing = { id, icon: (script.icons || {})[id] || "", original, answer: null, notes: openingNotes(id) };
  // a homebrew character under an official id gets an id of its own when saved: its Korean text would otherwise be
  // read as an edit of the official character
  $("ed-id").value = id && reusesOfficialId(id) ? "" : id;
  $("ed-name").value = object.name || "";
  $("ed-team").value = object.team || "townsfolk";
  $("ed-ability").value = object.ability || "";
  $("ed-flavor").value = object.flavor || "";
  $("ed-setup").checked = Boolean(object.setup);
  $("ed-first_night").value = object.firstNightReminder || "";
  $("ed-other_nights").value = object.otherNightReminder || "";
  $("ed-first_cue").value = (extras.cues || {}).first_night || "";
  $("ed-other_cue").value = (extras.cues || {}).other_nights || "";
  $("ed-reminders").value = (object.reminders || []).join(", ");
  $("ed-global_reminders").value = (object.remindersGlobal || []).join(", ");
  $("ed-overview").value = extras.overview || "";
  for (const key of EDIT_LINES) $(`ed-${key}`).value = (extras[key] || []).join("\n");
  $("ed-jinxes").replaceChildren();
  for (const jinx of object.jinxes || []) addJinxRow({ with: jinx.id, text: jinx.reason });
  $("ed-recolour").checked = false;
  for (const [key, theirs] of Object.entries(ORIGINAL_KEYS)) {
    const box = document.querySelector(`.ed-field[data-field="${key}"] .ed-original`);
    const value = original && original[theirs];
    box.hidden = !value;
    box.textContent = value ? `${EDIT.original}: ${Array.isArray(value) ? value.join(", ") : value}` : "";
  }
  drawIcon();
  drawEditFindings({});
  if (!dialog.open) dialog.showModal();
  $("ed-name").focus();
  check({ keep_places: Boolean(id) });
}

function openingNotes(id) {
  // what the script's last check said about this character that the editor's own check cannot see: a night place
  // the server guessed (the editor opens on that place, which it then no longer guesses)
  const notes = {};
  if (!id) return notes;
  const guessed = state.check.findings.filter((f) => f.code === "night-order-guessed" && f.subject === id);
  if (guessed.length) notes.first_night_after = guessed;
  if (reusesOfficialId(id)) {
    notes.id = [{ level: "info", code: "homebrew-reused-id", message: say(EDIT.reused_id, { id, official: LIBRARY.get(id).name }) }];
  }
  return notes;
}

function closeEditor() { $("editor-panel").close(); }

function scheduleCheck() {
  clearTimeout(state.editor.timer);
  state.editor.timer = setTimeout(() => check(), 250);
}

async function check(extra = {}) {
  const editor = state.editor;
  if (!editor.editing) return null;
  if (editor.request) editor.request.abort();
  const controller = (editor.request = new AbortController());
  let response;
  try {
    response = await fetch("/api/character/check", { method: "POST", headers: { "Content-Type": "application/json" },
      body: editorBody(extra), signal: controller.signal });
  } catch (error) { return null; }
  const answer = await response.json().catch(() => ({}));
  if (controller !== editor.request || !editor.editing) return null;
  editor.request = null;
  if (!response.ok) { drawEditFindings({ general: [{ level: "error", message: answer.error || response.statusText }] }); return null; }
  editor.editing.answer = answer;
  $("ed-id").placeholder = say(EDIT.id_hint, { id: answer.id });
  drawChoices(answer, extra.keep_places ? answer.places : null);
  drawEditFindings(answer.findings);
  schedulePreviews();
  return answer;
}

function drawChoices(answer, places) {
  for (const [night, key] of [["first_night", "first_night_after"], ["other_nights", "other_nights_after"]]) {
    const select = $(`ed-${key}`);
    const chosen = places ? places[night] || "" : select.value;
    select.replaceChildren(el("option", { value: "", text: EDIT.none }),
      ...answer.choices[night].map((step) => el("option", { value: step.id, text: say(EDIT.after, { name: step.name }), selected: step.id === chosen })));
    select.value = answer.choices[night].some((s) => s.id === chosen) ? chosen : "";
  }
}

function drawEditFindings(byField) {
  // the check's findings under their fields, after what the page itself knows (editing.notes)
  const notes = (state.editor.editing && state.editor.editing.notes) || {};
  for (const list of document.querySelectorAll("#editor-panel .ed-findings")) list.replaceChildren();
  const fields = new Set([...Object.keys(notes), ...Object.keys(byField || {})]);
  for (const field of fields) {
    const findings = [...(notes[field] || []), ...((byField || {})[field] || [])];
    const box = document.querySelector(`#editor-panel .ed-field[data-field="${field}"] .ed-findings`)
      || document.querySelector('#editor-panel .ed-field[data-field="general"] .ed-findings');
    box.append(...findings.map((f) => el("li", { class: `finding ${f.level}`, "data-code": f.code || null, text: f.message })));
    const input = document.querySelector(`#editor-panel [data-field="${field}"] input, #editor-panel [data-field="${field}"] textarea`);
    if (input) input.setAttribute("aria-invalid", findings.some((f) => f.level === "error") ? "true" : "false");
  }
}

function schedulePreviews() {
  const editor = state.editor;
  clearTimeout(editor.previewTimer);
  editor.previewTimer = setTimeout(async () => {
    for (const documentName of ["tokens", "script_sheet", "night_card"]) {
      if (!editor.editing) return;
      const response = await post(`/api/character/preview?document=${documentName}&paper=${state.script.options.paper || "a4"}`, editorBody());
      const image = $(`ed-preview-${documentName}`);
      if (!response.ok) { image.removeAttribute("src"); continue; }
      const old = image.src;
      image.src = URL.createObjectURL(await response.blob());
      image.dataset.ready = "1";
      if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    }
  }, 500);
}

function drawIcon() {
  const editing = state.editor.editing;
  const preview = $("ed-icon-preview");
  preview.hidden = !editing.icon;
  if (editing.icon) preview.src = editing.icon; else preview.removeAttribute("src");
  $("ed-icon-remove").hidden = !editing.icon;
}

function iconProblem(text) {
  // kept under the icon field until an icon is taken or removed: a check answering meanwhile does not wipe it
  const editing = state.editor.editing;
  if (editing) editing.notes.icon = [{ level: "error", message: text }];
  drawEditFindings(editing && editing.answer ? editing.answer.findings : {});
  toast(text, true);
}

function iconSettled() {
  const editing = state.editor.editing;
  delete editing.notes.icon;
  drawIcon();
  scheduleCheck();
}

function readIcon(file) {
  if (file.size > MAX_ICON_BYTES) { iconProblem(EDIT.icon_too_big); return; }
  if (!["image/png", "image/jpeg", "image/svg+xml"].includes(file.type)) { iconProblem(EDIT.icon_not_image); return; }
  const reader = new FileReader();
  reader.onload = async () => {
    const response = await post("/api/character/icon", JSON.stringify({ icon: String(reader.result), team: $("ed-team").value, recolour: $("ed-recolour").checked }));
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) { iconProblem(answer.error || EDIT.icon_not_image); return; }
    if (!state.editor.editing) return;
    state.editor.editing.icon = answer.icon;
    iconSettled();
  };
  reader.onerror = () => iconProblem(EDIT.icon_not_image);
  reader.readAsDataURL(file);
}

function removeIcon() { state.editor.editing.icon = ""; iconSettled(); }

async function saveCharacter() {
  const editing = state.editor.editing;
  if (!editing) return;
  clearTimeout(state.editor.timer);
  const answer = await check();
  if (!answer) return;
  const script = state.script;
  const id = answer.id;
  const before = editing.id;
  remember(say(before ? EDIT.did_edit : EDIT.did_create, { name: answer.object.name }));
  if (!script.icons) script.icons = {};
  if (before && before !== id) {
    script.ids[script.ids.indexOf(before)] = id;
    delete script.custom[before];
    delete script.icons[before];
    state.customEntries.delete(before);
  } else if (!script.ids.includes(id)) {
    script.ids.push(id);
  }
  script.custom[id] = answer.object;
  if (editing.icon) script.icons[id] = editing.icon; else delete script.icons[id];
  const meta = Object.assign({}, answer.meta);
  for (const key of ["id", "name", "author"]) delete meta[key];
  script.meta = meta;
  state.customEntries.set(id, { id, name: answer.object.name, team: answer.object.team, ability: answer.object.ability, edition: "custom", custom: true });
  editing.id = id;
  editing.notes = {}; // its places are chosen, its id its own
  drawEditFindings(answer.findings);
  $("ed-id").value = id;
  changed();
  toastUndo(say(EDIT.applied, { name: answer.object.name }));
  await save(true);
  toast(say(EDIT.saved, { name: answer.object.name }));
}

export function editButton(id) {
  return el("button", { type: "button", class: "edit", "data-tool": "edit", text: EDIT.edit,
    "aria-label": `${entryOf(id).name} ${EDIT.edit}`, onclick: () => openEditor(id) });
}
