// Live checks: the script sent to /api/validate after every change; its findings (findings.js), the jinxes and both
// nights as the sheet prints them, the setup table, the design advice (advice.js), the header's status, and then the
// sheet preview (preview.js).

import { $, TEXT, el, iconOf, say } from "./core.js";
import { drawAdvice } from "./advice.js";
import { learnEntries } from "./entries.js";
import { drawFindings } from "./findings.js";
import { preview, schedulePreview } from "./preview.js";
import { drawScript } from "./script.js";
import { envelope } from "./server.js";
import { state } from "./state.js";
import { drawPrintState, setStatus } from "./status.js";

export function scheduleValidate() {
  clearTimeout(state.check.timer);
  state.check.timer = setTimeout(validate, 120);
}

async function validate() {
  const check = state.check;
  if (check.request) check.request.abort();
  if (!state.script.ids.length) {
    // nothing to check yet: an empty script would only list what is missing
    check.request = null;
    $("findings").replaceChildren(el("li", { class: "finding ok" }, el("div", { class: "message", text: TEXT.startHint })));
    $("checks-count").textContent = "";
    setStatus("neutral", TEXT.notYet);
    Object.assign(check, { errors: 0, findings: [], setup: null });
    drawSetup(null);
    drawJinxes([], []);
    drawNights(null);
    drawAdvice([]);
    drawPrintState();
    preview();
    return;
  }
  const controller = (check.request = new AbortController());
  setStatus("busy", TEXT.checking);
  let response;
  try {
    // the names the kit will print under are checked too: two characters a player could mix up are a warning
    const query = new URLSearchParams();
    const script = state.script;
    if (script.name) query.set("name", script.name);
    if (script.options.names && script.options.names !== "ours") query.set("names", script.options.names);
    response = await fetch("/api/validate" + (query.size ? `?${query}` : ""), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: envelope(), signal: controller.signal,
    });
  } catch (error) {
    if (error.name !== "AbortError") setStatus("error", TEXT.network);
    return;
  }
  const answer = await response.json().catch(() => ({}));
  if (controller !== check.request) return;
  if (!response.ok) {
    const findings = answer.findings || [{ level: "error", code: "request", kind: TEXT.requestKind, message: answer.error || response.statusText }];
    Object.assign(check, { errors: 1, findings, setup: null });
    drawFindings(findings);
    setStatus("error", TEXT.unreadable);
    drawSetup(null);
    drawAdvice([]);
    drawPrintState();
    return;
  }
  if (learnEntries(answer.script.characters)) drawScript(); // the server's word on an entry changed its row
  Object.assign(check, { errors: answer.errors, findings: answer.findings, setup: answer.setup });
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
  schedulePreview();
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
