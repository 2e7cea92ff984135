// The findings of the last check (and of a build): each labelled in Korean with the characters it is about, many of
// one kind grouped into one line that opens, and the fixes the page can make in one click (a close match for an id
// the library lacks, the player counts of a small script, the editor of a homebrew character).

import { $, LIBRARY, TEXT, ascii, el, iconOf, say } from "./core.js";
import { changed } from "./changes.js";
import { openEditor } from "./editor.js";
import { entryOf, isHomebrew } from "./entries.js";
import { replaceUnknown } from "./script.js";
import { state } from "./state.js";

const GROUP_FROM = 3; // this many findings of one kind are shown as one line that opens
// findings about a homebrew character that its editor settles: a guessed night place, a missing icon, a reused id
const EDITED_THERE = new Set(["night-order-guessed", "icon-missing", "homebrew-reused-id"]);

function namesIn(message) {
  // the characters a finding is about: its subject, and every script character its message names
  const found = [];
  for (const id of state.script.ids) {
    const entry = entryOf(id);
    if (entry.name && message.includes(entry.name)) found.push(entry);
  }
  return found;
}

export function findingItem(finding, fresh) {
  const who = [];
  const subject = finding.subject && (state.customEntries.get(finding.subject) || LIBRARY.get(finding.subject));
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
    finding.code === "players-range-hint" ? rangeFix() : null,
    editFix(finding));
}

function smallRange() {
  // the counts the server checked this small script for: its setup table's rows
  const rows = (state.check.setup && state.check.setup.rows) || [];
  return rows.length ? [rows[0].players, rows[rows.length - 1].players] : null;
}

function pageMessage(finding) {
  // the CLI's words point at a file's key (`players: 5-6`, _meta) or a folder (`--icons`); on the page the range is
  // a control above, and a homebrew character's icon is uploaded in its editor
  const range = finding.code === "players-range-hint" && smallRange();
  if (range) return say(TEXT.rangeHint, { low: range[0], high: range[1] });
  if (finding.code === "icon-missing" && finding.subject && isHomebrew(finding.subject)) {
    return say(TEXT.iconMissing, { name: entryOf(finding.subject).name });
  }
  return finding.message;
}

function editFix(finding) {
  // what only the character editor can set (a night place the server guessed, an icon, an id of its own): its button
  const id = finding.subject;
  if (!EDITED_THERE.has(finding.code) || !id || !state.script.ids.includes(id) || !isHomebrew(id)) return null;
  return el("div", { class: "fixes" }, el("button", {
    type: "button", class: "replace", "data-edit": id, text: say(TEXT.editToFix, { name: entryOf(id).name }), onclick: () => openEditor(id),
  }));
}

function rangeFix() {
  const range = smallRange();
  if (!range) return null;
  return el("div", { class: "fixes" }, el("button", {
    type: "button", class: "replace", "data-players": `${range[0]}-${range[1]}`, text: say(TEXT.rangeSet, { low: range[0], high: range[1] }),
    onclick: () => { state.script.meta.players = `${range[0]}-${range[1]}`; changed(); },
  }));
}

function findingFixes(finding) {
  // the script's entry this finding is about (the server names it in its normalised spelling), and its close matches
  const entry = [...state.unknownEntries.values()].find((e) => state.script.ids.includes(e.id)
    && (ascii(e.id) === ascii(finding.subject || "") || finding.message.includes(`'${e.id}'`) || finding.message.includes(`'${ascii(e.id)}'`)));
  if (!entry || !entry.suggestions.length) return null;
  return el("div", { class: "fixes" }, entry.suggestions.map((s) => el("button", {
    type: "button", class: "replace", "data-replace": s.id, title: say(TEXT.replaceWith, { from: entry.id, to: s.name }),
    onclick: () => replaceUnknown(entry.id, s.id),
  }, iconOf(s, "small"), `${s.name} · ${TEXT.replace}`)));
}

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
        el("div", { class: "message", text: pageMessage(first).replace(/^[^:]{1,30}: /, "") }),
        el("div", { class: "who-list" }, who)),
      el("ul", { class: "group-messages" }, group.map((f) => el("li", { text: pageMessage(f) }, editFix(f))))));
}

export function drawFindings(findings) {
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
    const fresh = group.some((f) => !state.check.findingKeys.has(f.code + f.message));
    if (group.length >= GROUP_FROM) items.push(groupItem(group, fresh));
    else items.push(...group.map((f) => findingItem(f, !state.check.findingKeys.has(f.code + f.message))));
  }
  list.replaceChildren(...items);
  if (!ordered.length) {
    list.append(el("li", { class: "finding ok" }, el("div", { class: "message", text: TEXT.clean })));
  }
  state.check.findingKeys = keys;
  const errors = findings.filter((f) => f.level === "error").length;
  const warnings = findings.filter((f) => f.level === "warning").length;
  $("checks-count").textContent = say(TEXT.summary, { errors, warnings });
}

