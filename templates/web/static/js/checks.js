// Live checks: the script sent to /api/validate after every change, findings (grouped when many of one kind, each
// labelled in Korean), the jinxes and both nights as the sheet prints them, the setup table, the design advice
// (drawn by advice.js), and the sheet preview.
"use strict";

let validateTimer = null;
let validateController = null;
let previewTimer = null;
let lastFindingKeys = new Set();
let lastErrors = 0; // errors of the last check: the print buttons say what pressing them will do
let lastSetup = null; // the last setup table (its rows are the player counts checked)

function scheduleValidate() {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(validate, 120);
}

function cancelChecks() {
  // a check asked for or under way answers for a script the panel no longer shows (a file that was not opened)
  clearTimeout(validateTimer);
  if (validateController) validateController.abort();
  validateController = null;
}

async function validate() {
  if (validateController) validateController.abort();
  if (!state.ids.length) {
    // nothing to check yet: an empty script would only list what is missing
    validateController = null;
    $("findings").replaceChildren(el("li", { class: "finding ok" }, el("div", { class: "message", text: TEXT.startHint })));
    $("checks-count").textContent = "";
    setStatus("neutral", TEXT.notYet);
    lastErrors = 0;
    drawSetup(null);
    drawJinxes([], []);
    drawNights(null);
    drawAdvice([]);
    drawPrintState();
    preview();
    return;
  }
  const controller = (validateController = new AbortController());
  setStatus("busy", TEXT.checking);
  let response;
  try {
    // the names the kit will print under are checked too: two characters a player could mix up are a warning
    const query = new URLSearchParams();
    if (state.name) query.set("name", state.name);
    if (state.options.names && state.options.names !== "ours") query.set("names", state.options.names);
    response = await fetch("/api/validate" + (query.size ? `?${query}` : ""), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: envelope(), signal: controller.signal,
    });
  } catch (error) {
    if (error.name !== "AbortError") setStatus("error", TEXT.network);
    return;
  }
  const answer = await response.json().catch(() => ({}));
  if (controller !== validateController) return;
  if (!response.ok) {
    drawFindings(answer.findings || [{ level: "error", code: "request", kind: TEXT.requestKind, message: answer.error || response.statusText }]);
    setStatus("error", TEXT.unreadable);
    lastErrors = 1;
    drawSetup(null);
    drawAdvice([]);
    drawPrintState();
    return;
  }
  const before = [...unknownEntries.keys()].join("\n");
  unknownEntries.clear();
  learnEntries(answer.script.characters);
  if ([...unknownEntries.keys()].join("\n") !== before) drawScript(); // rows of ids the library lacks changed
  lastErrors = answer.errors;
  lastSetup = answer.setup;
  drawFindings(answer.findings);
  drawSetup(answer.setup);
  drawJinxes(answer.jinxes, answer.added);
  drawNights(answer.nights);
  drawAdvice(answer.advice);
  drawPrintState();
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
  const aboutUnknown = finding.code === "unknown-id" || finding.code === "bad-id"; // its suggestions are not its subject
  const named = aboutUnknown ? [] : subject ? [subject, ...namesIn(finding.message).filter((e) => e.id !== subject.id)] : namesIn(finding.message);
  for (const entry of named.slice(0, 4)) {
    who.push(el("span", { class: `who t-${entry.team}` }, iconOf(entry, "small"), entry.name));
  }
  return el("li", { class: `finding ${finding.level}${fresh ? " appear" : ""}`, "data-code": finding.code },
    el("div", { class: "head" },
      el("span", { class: "level", text: TEXT[finding.level] || finding.level }),
      who,
      el("span", { class: "kind", text: finding.kind || "" })),
    el("div", { class: "message", text: pageMessage(finding) }),
    aboutUnknown ? findingFixes(finding) : null,
    finding.code === "players-range-hint" ? rangeFix() : null);
}

function smallRange() {
  // the counts the server checked this small script for: its setup table's rows
  const rows = (lastSetup && lastSetup.rows) || [];
  return rows.length ? [rows[0].players, rows[rows.length - 1].players] : null;
}

function pageMessage(finding) {
  // the CLI's words point at a file's key (`players: 5-6`, _meta); on the page the range is a control above
  const range = finding.code === "players-range-hint" && smallRange();
  return range ? say(TEXT.rangeHint, { low: range[0], high: range[1] }) : finding.message;
}

function rangeFix() {
  const range = smallRange();
  if (!range) return null;
  return el("div", { class: "fixes" }, el("button", {
    type: "button", class: "replace", "data-players": `${range[0]}-${range[1]}`, text: say(TEXT.rangeSet, { low: range[0], high: range[1] }),
    onclick: () => { state.meta.players = `${range[0]}-${range[1]}`; changed(); },
  }));
}

function findingFixes(finding) {
  // the script's entry this finding is about (the server names it in its normalised spelling), and its close matches
  const entry = [...unknownEntries.values()].find((e) => state.ids.includes(e.id)
    && (ascii(e.id) === ascii(finding.subject || "") || finding.message.includes(`'${e.id}'`) || finding.message.includes(`'${ascii(e.id)}'`)));
  if (!entry || !entry.suggestions.length) return null;
  return el("div", { class: "fixes" }, entry.suggestions.map((s) => el("button", {
    type: "button", class: "replace", "data-replace": s.id, title: say(TEXT.replaceWith, { from: entry.id, to: s.name }),
    onclick: () => replaceUnknown(entry.id, s.id),
  }, iconOf(s, "small"), `${s.name} · ${TEXT.replace}`)));
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
          el("span", { class: "kind", text: first.kind || "" })),
        el("div", { class: "message", text: first.message.replace(/^[^:]{1,30}: /, "") }),
        el("div", { class: "who-list" }, who)),
      el("ul", { class: "group-messages" }, group.map((f) => el("li", { text: f.message })))));
}

function drawFindings(findings) {
  const list = $("findings");
  const rank = { error: 0, warning: 1, info: 2 }; // notes on how the script was read come last
  const ordered = [...findings].sort((a, b) => (rank[a.level] ?? 1) - (rank[b.level] ?? 1));
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
  const warnings = findings.filter((f) => f.level === "warning").length;
  $("checks-count").textContent = say(TEXT.summary, { errors, warnings });
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

function drawJinxes(jinxes, added) {
  const list = $("jinxes");
  const items = jinxes.map((jinx) => el("li", { class: "finding jinx" },
    el("div", { class: "pair" }, jinx.characters.map((c) => el("span", { class: `who t-${c.team}` }, iconOf(c, "small"), c.name))),
    el("div", { class: "message", text: jinx.text })));
  list.replaceChildren(...items);
  $("jinx-count").textContent = jinxes.length ? say(TEXT.jinxCount, { count: jinxes.length }) : "";
  $("jinx-empty").hidden = jinxes.length > 0;
  const why = added.filter((a) => a.why);
  $("added-note").hidden = !why.length;
  $("added-note").replaceChildren(...why.map((a) => el("span", { class: `who t-${a.team}` }, iconOf(a, "small"), `${a.name}: ${a.why}`)));
}

function drawNights(nights) {
  const holder = $("nights");
  holder.replaceChildren();
  $("nights-empty").hidden = Boolean(nights);
  if (!nights) return;
  for (const [night, data] of Object.entries(nights)) {
    holder.append(el("div", { class: "night", "data-night": night },
      el("h4", { text: data.name }),
      data.note ? el("p", { class: "night-note", text: data.note }) : null,
      el("ol", {}, data.steps.map((step) => el("li", { class: step.fixed ? "step fixed" : `step t-${step.team}`, "data-id": step.id },
        step.fixed ? el("span", { class: "badge-step", "aria-hidden": "true", text: step.name.slice(0, 1) }) : iconOf(step, "small"),
        el("span", { class: "name", text: step.name }),
        step.condition ? el("span", { class: "sub", text: step.condition }) : null)))));
  }
}
