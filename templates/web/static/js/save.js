// The workspace: the script saved there (as YAML, or with homebrew characters as a content folder), and the list of
// bundled and saved scripts to start from.

import { $, INVISIBLE, TEXT, el, say } from "./core.js";
import { store } from "./memory.js";
import { envelope, post, suggestedName } from "./server.js";
import { state } from "./state.js";
import { toast } from "./toast.js";

export async function save(overwrite = false) {
  const script = state.script;
  if (!script.ids.length) { toast(TEXT.saveEmpty, true); return; }
  const name = $("save-name").value.trim() || suggestedName();
  script.name = name;
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

export async function loadScriptList() {
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
