// Printing: the print options (from the options table the command line uses), grouped as a storyteller looks for
// them: paper, look, names and English at hand; token sizes and token choices with the tokens; the booklet's creep
// with the almanac. One button per document of the registry, the kit zip and the publisher JSON, each downloaded as
// the server made it, with the warnings the print gave.

import { $, DATA, TEXT, el, say } from "./core.js";
import { scheduleValidate } from "./checks.js";
import { findingItem } from "./findings.js";
import { store } from "./memory.js";
import { schedulePreview } from "./preview.js";
import { envelope, fileName, optionQuery, post, scriptName } from "./server.js";
import { state } from "./state.js";
import { drawPrintState } from "./status.js";
import { toast } from "./toast.js";

// options that change what the sheet preview shows or what the check says
const PREVIEWED = new Set(["paper", "style", "english", "names"]);

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
  if (!state.script.ids.length) { toast(TEXT.printEmpty, true); return; }
  const label = button.querySelector("strong") || button;
  const before = label.textContent;
  button.setAttribute("aria-busy", "true");
  label.textContent = TEXT.building;
  try {
    const response = await post(`${path}?${optionQuery(force ? { force: "1" } : {})}`, envelope());
    if (response.status === 422 && !force) {
      const answer = await response.json().catch(() => ({}));
      if (answer.reason !== "has_errors") { toast(answer.error || response.statusText, true); return; }
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

function chose(field, value) {
  state.script.options[field.name] = value;
  store();
  if (field.name === "names") scheduleValidate(); // names players may mix up are checked under the names printed
  if (PREVIEWED.has(field.name)) schedulePreview(100);
}

function optionInput(field, current) {
  // the field's control and the label around it, as the option's kind asks
  if (field.kind === "flag") {
    const input = el("input", { type: "checkbox", name: field.name, checked: Boolean(current) });
    input.onchange = () => chose(field, input.checked);
    return el("label", { class: "flag", title: field.help }, input, field.label);
  }
  if (field.choices && field.choices.length) { // one of a few words (--names, --style): a list to pick from
    const input = el("select", { name: field.name }, ...field.choices.map((value, index) => el("option", {
      value, text: (field.choice_labels || [])[index] || value, selected: String(current) === value,
    })));
    input.onchange = () => chose(field, input.value);
    return el("label", { title: field.help }, field.label, input);
  }
  const numeric = field.kind === "number" || field.kind === "integer";
  const input = el("input", {
    type: numeric ? "number" : "text", name: field.name, value: current ?? "", step: field.kind === "number" ? "any" : "1",
    min: numeric ? field.low : null, max: numeric ? field.high : null, placeholder: field.metavar || "",
  });
  input.onchange = () => chose(field, input.value);
  return el("label", { title: field.help }, field.label, input);
}

export function drawPrint() {
  const options = state.script.options;
  const paperField = DATA.options.find((f) => f.name === "paper");
  const paper = $("paper");
  paper.replaceChildren(...(paperField ? paperField.choices : ["a4"]).map((p) =>
    el("option", { value: p, text: p.toUpperCase(), selected: (options.paper || paperField?.default) === p })));
  paper.onchange = () => chose(paperField || { name: "paper" }, paper.value);
  for (const drawn of document.querySelectorAll("[data-option-group] [data-option]")) drawn.remove();
  // at hand, the lists (style, names) before the switches and numbers; within a group, the table's order
  const rank = (field) => (field.group !== "general" ? 0 : field.choices && field.choices.length ? 0 : field.kind === "flag" ? 1 : 2);
  for (const field of [...DATA.options].sort((a, b) => rank(a) - rank(b))) {
    if (field.name === "paper") continue;
    // a group the page has no place for shows with the options at hand, never nowhere
    const holder = document.querySelector(`[data-option-group="${field.group}"]`) || document.querySelector('[data-option-group="general"]');
    const control = optionInput(field, options[field.name] ?? field.default);
    control.dataset.option = field.name;
    holder.append(control);
  }
  const documents = $("documents");
  documents.replaceChildren(...DATA.documents.map((doc) => el("button", {
    type: "button", class: "doc", "data-document": doc.id,
    onclick: (event) => download(event.currentTarget, `/api/document/${doc.id}`, `${scriptName()}-${doc.id}.pdf`),
  }, el("strong", { text: doc.label }), el("span", { text: doc.description }))));
  $("kit").onclick = (event) => download(event.currentTarget, "/api/build", `${scriptName()}.zip`);
  // with uploaded icons, the JSON comes with them in a zip (the format's image is an address: the files sit beside it)
  $("export").onclick = (event) => (Object.keys(state.script.icons || {}).length
    ? download(event.currentTarget, "/api/export-zip", `${scriptName()}.zip`)
    : download(event.currentTarget, "/api/export", `${scriptName()}.json`));
  drawPrintState();
}
