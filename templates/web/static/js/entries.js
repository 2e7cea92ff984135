// The script's entries as the page draws them: a library character, a custom character the server described (or,
// before it answers, the object the script holds), or an id the library lacks with its close matches.

import { LIBRARY } from "./core.js";
import { state } from "./state.js";

export function entryOf(id) {
  const given = state.script.custom[id]; // a character given in full, before the server has answered for it (a reload)
  const fromScript = given && given.name && given.team ? { id, name: given.name, team: given.team, ability: given.ability || "", edition: "custom", custom: true } : null;
  return state.customEntries.get(id) || (fromScript && !LIBRARY.has(id) ? fromScript : null) || LIBRARY.get(id)
    || state.unknownEntries.get(id) || fromScript
    || { id, name: id, team: null, ability: "", edition: "custom", unknown: true, suggestions: [] };
}

export function learnEntries(characters) {
  // the server's word on each entry: custom characters, and ids the library lacks (with close matches); whether it
  // changed what the page knew
  const before = knownEntries();
  state.unknownEntries.clear();
  for (const entry of characters) {
    if (entry.custom) state.customEntries.set(entry.id, entry);
    else state.customEntries.delete(entry.id);
    if (entry.unknown) state.unknownEntries.set(entry.id, entry);
  }
  return knownEntries() !== before;
}

function knownEntries() {
  return JSON.stringify([[...state.customEntries], [...state.unknownEntries.keys()]]);
}

export function isHomebrew(id) {
  // a character of the script's own making, whatever its id: the server read it so (edition "custom"), also when it
  // reuses an official id with an ability of its own. An official character the script edited is not one.
  const entry = entryOf(id);
  return Boolean(state.script.custom[id]) && Boolean(entry.custom) && entry.edition === "custom";
}

export function reusesOfficialId(id) {
  return isHomebrew(id) && LIBRARY.has(id);
}
