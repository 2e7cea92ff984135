// The character editor: create a homebrew character, or open one of the script's (고치기), with a labelled field for
// each part; every change is checked by the server (/api/character/check: the checks `validate` runs, findings shown
// by their field) and previewed by the print's own code (/api/character/preview). 저장 puts the character into the
// script (undoable) and saves the script with it as a content folder in the workspace. A character that came with
// English text shows the original beside each field while Korean is written; the original is kept in _meta.botc_pnp.
"use strict";

const EDIT = DATA.editor || {};
const EDIT_TEXT_FIELDS = ["name", "ability", "flavor", "first_night", "first_cue", "other_nights", "other_cue", "overview"];
const EDIT_LINES = ["examples", "how_to_run", "tips"];
const ORIGINAL_KEYS = { name: "name", ability: "ability", flavor: "flavor", first_night: "firstNightReminder",
  other_nights: "otherNightReminder", reminders: "reminders", global_reminders: "remindersGlobal" };
const MAX_ICON_BYTES = 1000000;
let editing = null; // { id: id being edited or "", icon, original, answer }
let editTimer = null;
let previewTimers = null;
let editController = null;

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
      editorField("first_night_after", nightSelect()), editorField("first_night", text(2)), editorField("first_cue", text()),
      editorField("other_nights_after", nightSelect()), editorField("other_nights", text(2)), editorField("other_cue", text()),
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
  dialog.addEventListener("change", (event) => { if (event.target.tagName === "SELECT" || event.target.type === "checkbox") scheduleCheck(); });
  dialog.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "Enter") { event.preventDefault(); saveCharacter(); }
  });
  dialog.addEventListener("close", () => { editing = null; });
  iconInput.addEventListener("change", (event) => { if (event.target.files[0]) readIcon(event.target.files[0]); event.target.value = ""; });
}

function addJinxRow(jinx = { with: "", text: "" }) {
  const select = el("select", { "aria-label": EDIT.jinx_with }, el("option", { value: "", text: EDIT.none }));
  for (const id of state.ids) {
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
  return JSON.stringify(Object.assign(JSON.parse(envelope()), { character: editorFields(), icon: editing.icon || "" }, extra));
}

function openEditor(id = "") {
  const dialog = $("editor-panel");
  if (!dialog.firstChild) buildEditor();
  const object = id ? state.custom[id] || {} : {};
  const extras = (((state.meta.botc_pnp || {}).characters) || {})[id] || {};
  let original = extras.original || null;
  if (!original && id && /^[\x00-\x7F]*$/.test(`${object.name || ""}${object.ability || ""}`)) {
    // English text as it came: kept as the original while the Korean is written over it
    original = {};
    for (const key of Object.values(ORIGINAL_KEYS)) if (object[key] && object[key].length) original[key] = object[key];
  }
  editing = { id, icon: (state.icons || {})[id] || "", original, answer: null };
  $("ed-id").value = id;
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
  if (!dialog.open) dialog.showModal();
  $("ed-name").focus();
  check({ keep_places: Boolean(id) });
}

function closeEditor() { $("editor-panel").close(); }

function scheduleCheck() {
  clearTimeout(editTimer);
  editTimer = setTimeout(() => check(), 250);
}

async function check(extra = {}) {
  if (!editing) return null;
  if (editController) editController.abort();
  const controller = (editController = new AbortController());
  let response;
  try {
    response = await fetch("/api/character/check", { method: "POST", headers: { "Content-Type": "application/json" },
      body: editorBody(extra), signal: controller.signal });
  } catch (error) { return null; }
  const answer = await response.json().catch(() => ({}));
  if (controller !== editController || !editing) return null;
  editController = null;
  if (!response.ok) { drawEditFindings({ general: [{ level: "error", message: answer.error || response.statusText }] }); return null; }
  editing.answer = answer;
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
  for (const list of document.querySelectorAll("#editor-panel .ed-findings")) list.replaceChildren();
  for (const [field, findings] of Object.entries(byField || {})) {
    const box = document.querySelector(`#editor-panel .ed-field[data-field="${field}"] .ed-findings`)
      || document.querySelector('#editor-panel .ed-field[data-field="general"] .ed-findings');
    box.append(...findings.map((f) => el("li", { class: `finding ${f.level}`, text: f.message })));
    const input = document.querySelector(`#editor-panel [data-field="${field}"] input, #editor-panel [data-field="${field}"] textarea`);
    if (input) input.setAttribute("aria-invalid", findings.some((f) => f.level === "error") ? "true" : "false");
  }
}

function schedulePreviews() {
  clearTimeout(previewTimers);
  previewTimers = setTimeout(async () => {
    for (const documentName of ["tokens", "script_sheet", "night_card"]) {
      if (!editing) return;
      const response = await post(`/api/character/preview?document=${documentName}&paper=${state.options.paper || "a4"}`, editorBody());
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
  const preview = $("ed-icon-preview");
  preview.hidden = !editing.icon;
  if (editing.icon) preview.src = editing.icon; else preview.removeAttribute("src");
  $("ed-icon-remove").hidden = !editing.icon;
}

function iconProblem(text) {
  drawEditFindings({ icon: [{ level: "error", message: text }] });
  toast(text, true);
}

function readIcon(file) {
  if (file.size > MAX_ICON_BYTES) { iconProblem(EDIT.icon_too_big); return; }
  if (!["image/png", "image/jpeg", "image/svg+xml"].includes(file.type)) { iconProblem(EDIT.icon_not_image); return; }
  const reader = new FileReader();
  reader.onload = async () => {
    const response = await post("/api/character/icon", JSON.stringify({ icon: String(reader.result), team: $("ed-team").value, recolour: $("ed-recolour").checked }));
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) { iconProblem(answer.error || EDIT.icon_not_image); return; }
    editing.icon = answer.icon;
    drawIcon();
    scheduleCheck();
  };
  reader.onerror = () => iconProblem(EDIT.icon_not_image);
  reader.readAsDataURL(file);
}

function removeIcon() { editing.icon = ""; drawIcon(); scheduleCheck(); }

async function saveCharacter() {
  if (!editing) return;
  clearTimeout(editTimer);
  const answer = await check();
  if (!answer) return;
  const id = answer.id;
  const before = editing.id;
  remember(say(before ? EDIT.did_edit : EDIT.did_create, { name: answer.object.name }));
  if (!state.icons) state.icons = {};
  if (before && before !== id) {
    state.ids[state.ids.indexOf(before)] = id;
    delete state.custom[before];
    delete state.icons[before];
  } else if (!state.ids.includes(id)) {
    state.ids.push(id);
  }
  state.custom[id] = answer.object;
  if (editing.icon) state.icons[id] = editing.icon; else delete state.icons[id];
  const meta = Object.assign({}, answer.meta);
  for (const key of ["id", "name", "author"]) delete meta[key];
  state.meta = meta;
  customEntries.set(id, { id, name: answer.object.name, team: answer.object.team, ability: answer.object.ability, edition: "custom", custom: true });
  editing.id = id;
  $("ed-id").value = id;
  changed();
  toastUndo(say(EDIT.applied, { name: answer.object.name }));
  await save(true);
  toast(say(EDIT.saved, { name: answer.object.name }));
}

function editButton(id) {
  return el("button", { type: "button", class: "edit", "data-tool": "edit", text: EDIT.edit,
    "aria-label": `${entryOf(id).name} ${EDIT.edit}`, onclick: () => openEditor(id) });
}

function isHomebrew(id) {
  return Boolean(state.custom[id]) && !LIBRARY.has(id);
}

$("new-character").addEventListener("click", () => openEditor(""));
