// The sheet preview: the player sheet's first page as the server draws it, one at a time, and only for a script or
// options that changed (a long script's sheet takes seconds to lay out).

import { $, TEXT, say } from "./core.js";
import { envelope, optionQuery, post } from "./server.js";
import { state } from "./state.js";

export function schedulePreview(delay = 500) {
  clearTimeout(state.preview.timer);
  state.preview.timer = setTimeout(preview, delay);
}

export async function preview() {
  const shown = state.preview;
  if (shown.busy) { shown.again = true; return; }
  if (!state.script.ids.length) {
    $("preview").hidden = true;
    $("preview-note").textContent = TEXT.previewEmpty;
    shown.shown = "";
    return;
  }
  const query = optionQuery();
  const body = envelope();
  if (query + body === shown.shown) return;
  shown.busy = true;
  try {
    const response = await post(`/api/preview?${query}`, body).catch(() => null);
    if (!response || !response.ok) return;
    const blob = await response.blob();
    const image = $("preview");
    const old = image.src;
    image.src = URL.createObjectURL(blob);
    image.hidden = false;
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    shown.shown = query + body;
    $("preview-note").textContent = say(TEXT.previewNote, { paper: (state.script.options.paper || "a4").toUpperCase() });
  } finally {
    shown.busy = false;
    if (shown.again) { shown.again = false; preview(); }
  }
}
