// Script-design advice (as `validate --advice` gives it) from the last check: one item per piece of advice with its
// severity as the server's Korean word (the colour only repeats it), the rule's title, the characters it is about, the
// reason and what to change. Advice is never an error: it changes neither the status nor what the print buttons do.
// The panel's own words are in its markup (index.html, #advice-panel), so this file holds no text of its own.

import { $, el, iconOf, say } from "./core.js";
import { state } from "./state.js";

export function drawAdvice(advice) {
  const list = $("advice");
  if (!list) return;
  const entries = advice || [];
  const changeLabel = list.dataset.changeLabel || "";
  list.replaceChildren(...entries.map((a) => el("li", { class: `finding advice severity-${a.severity}`, "data-severity": a.severity },
    el("div", { class: "head" },
      el("span", { class: "level", text: a.label }),
      el("span", { class: "advice-title", text: a.title })),
    a.characters.length ? el("div", { class: "who-list" },
      a.characters.map((c) => el("span", { class: `who t-${c.team}` }, iconOf(c, "small"), c.name))) : null,
    el("div", { class: "message", text: a.reason }),
    el("div", { class: "advice-change" }, el("span", { class: "change-label", text: changeLabel }), " ", a.change))));
  const count = $("advice-count");
  count.textContent = entries.length ? say(count.dataset.format || "{count}", { count: entries.length }) : "";
  $("advice-empty").hidden = entries.length > 0 || !state.script.ids.length;
}
