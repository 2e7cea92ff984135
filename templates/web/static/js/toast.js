// The toast: one short message at a time under the library column, red when something went wrong.

import { $ } from "./core.js";
import { state } from "./state.js";

export function toast(text, bad = false, ...extra) {
  const box = $("toast");
  box.replaceChildren(text, ...extra);
  box.classList.toggle("bad", bad);
  placeToast(box);
  box.hidden = false;
  document.body.style.setProperty("--toast-room", `${box.offsetHeight + 16}px`);
  document.body.classList.add("toasting");
  clearTimeout(state.toastTimer);
  state.toastTimer = setTimeout(() => { box.hidden = true; document.body.classList.remove("toasting"); }, bad ? 7000 : 3500);
}

function placeToast(box) {
  // under the library column, as wide as it, where the column has made room; a single column: the page's width
  const library = document.querySelector(".library").getBoundingClientRect();
  const single = library.width > window.innerWidth * 0.8;
  box.style.setProperty("--toast-left", single ? "" : `${library.left}px`);
  box.style.setProperty("--toast-width", single ? "" : `${library.width}px`);
}
