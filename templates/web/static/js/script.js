// The script being built: its rows by team, reordering, named characters, starting from a bundled or saved script
// or an uploaded publisher JSON, and saving to the workspace.
"use strict";

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
