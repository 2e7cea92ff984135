// Printing: paper and the token flags (from the CLI's own options), one button per document of the registry, the
// kit zip and the publisher JSON, each downloaded as the server made it.
"use strict";

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
  if (!state.ids.length) { toast(TEXT.printEmpty, true); return; }
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
    if (field.choices && field.choices.length) {  // one of a few words (--names, --style): a list to pick from
      input = el("select", { name: field.name }, ...field.choices.map((value, index) => el("option", {
        value, text: (field.choice_labels || [])[index] || value, selected: String(current) === value,
      })));
      input.onchange = () => { state.options[field.name] = input.value; store(); if (field.name === "names") scheduleValidate(); };
      holder.append(el("label", { title: field.help }, field.label, input));
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
    onclick: (event) => download(event.currentTarget, `/api/document/${doc.id}`, `${scriptName()}-${doc.id}.pdf`),
  }, el("strong", { text: doc.label }), el("span", { text: doc.description }))));
  $("kit").onclick = (event) => download(event.currentTarget, "/api/build", `${scriptName()}.zip`);
  // with uploaded icons, the JSON comes with them in a zip (the format's image is an address: the files sit beside it)
  $("export").onclick = (event) => (Object.keys(state.icons || {}).length
    ? download(event.currentTarget, "/api/export-zip", `${scriptName()}.zip`)
    : download(event.currentTarget, "/api/export", `${scriptName()}.json`));
  drawPrintState();
}

function drawPrintState() {
  // what pressing a print button will do, said before it is pressed: nothing to print, or errors to confirm
  const empty = !state.ids.length;
  const known = state.ids.some((id) => !entryOf(id).unknown);
  const blocked = empty ? TEXT.printEmpty : !known ? TEXT.printNoKnown : "";
  for (const button of document.querySelectorAll(".documents .doc, #kit, #export")) {
    button.disabled = Boolean(blocked);
    button.title = blocked;
  }
  const save = $("save");
  save.disabled = empty;
  save.title = empty ? TEXT.saveEmpty : "";
  const note = $("print-note");
  const text = blocked || (lastErrors ? say(TEXT.printErrors, { count: lastErrors }) : "");
  note.textContent = text;
  note.hidden = !text;
  note.classList.toggle("bad", Boolean(blocked));
}
