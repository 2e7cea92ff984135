// Talking to the server: the script being edited as the request body (publisher JSON inside a small envelope for
// named characters, notes, the logo and homebrew icons), the print options as a query, and the names files get.

import { DATA, TEXT } from "./core.js";
import { state } from "./state.js";
import { toast } from "./toast.js";

export function envelope() {
  const script = state.script;
  const meta = Object.assign({ id: "_meta", name: script.title.trim() || TEXT.untitled }, script.meta);
  if (script.author.trim()) meta.author = script.author.trim();
  const named = {};
  for (const [loric, target] of Object.entries(script.named)) {
    if (target && script.ids.includes(loric)) named[loric] = target;
  }
  const body = {
    script: [meta, ...script.ids.map((id) => script.custom[id] || id)],
    named_characters: named,
    notes: script.notes,
  };
  if (script.logo) body.logo_image = script.logo; // the picture itself: a path in _meta.logo is never read from here
  const icons = Object.fromEntries(Object.entries(script.icons || {}).filter(([id, icon]) => icon && script.ids.includes(id)));
  if (Object.keys(icons).length) body.icons = icons; // homebrew characters' icons, made in the editor (editor.js)
  return JSON.stringify(body);
}

export function scriptName() {
  // the name files are given ('<name>-script.pdf'): the one typed for saving, else one made from the title
  return state.script.name || suggestedName();
}

export function suggestedName() {
  return (state.script.title || "script").trim().replace(/\s+/g, "-").replace(/[^0-9A-Za-z가-힣_-]+/g, "").replace(/^[-_]+/, "").slice(0, 60) || "script";
}

export function fileStem(file, extension) {
  // an opened file's name without `extension`, as a name the server takes (letters, digits, Hangul, '-', '_')
  return file.name.replace(extension, "").replace(/[^0-9A-Za-z가-힣_-]+/g, "-").replace(/^[-_]+/, "").slice(0, 60);
}

export function optionQuery(extra = {}) {
  const query = new URLSearchParams();
  query.set("name", scriptName());
  const options = state.script.options;
  for (const field of DATA.options) {
    const value = options[field.name];
    if (value === undefined || value === "" || value === null) continue;
    if (field.kind === "flag") {
      if (value !== Boolean(field.default)) query.set(field.name, value ? "1" : "0");
    } else if (String(value) !== String(field.default ?? "")) {
      query.set(field.name, value);
    }
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

export async function post(path, body) {
  let response;
  try {
    response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body });
  } catch (error) {
    toast(TEXT.network, true);
    throw error;
  }
  return response;
}

export function fileName(response, fallback) {
  const header = response.headers.get("Content-Disposition") || "";
  const match = header.match(/filename\*=UTF-8''([^;]+)/);
  return match ? decodeURIComponent(match[1]) : fallback;
}
