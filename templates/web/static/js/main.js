// The page's start: what follows every change of the script, the page's inputs wired to the modules that answer
// them, and the first drawing. The only module index.html loads; it imports the rest.

import { $, TEXT } from "./core.js";
import { scheduleValidate } from "./checks.js";
import { afterChange } from "./changes.js";
import { openEditor } from "./editor.js";
import { NARROW, addFirstResult, drawFilters, drawLibrary, drawLibraryMarks, search } from "./library.js";
import { drawRemembered, forgetCurrent, startNew, store, switchTo } from "./memory.js";
import { loadChosen, upload } from "./open.js";
import { drawPrint } from "./print.js";
import { loadScriptList, save } from "./save.js";
import { drawScript, handOverEdition, readLogo, removeLogo, setPlayers, sortStandard } from "./script.js";
import { NARROW_PAGE, state } from "./state.js";
import { drawPrintState } from "./status.js";
import { toast } from "./toast.js";
import { undo } from "./undo.js";

afterChange(() => {
  handOverEdition();
  store();
  drawScript();
  drawLibraryMarks();
  drawPrintState();
  scheduleValidate();
});

function typed(field) {
  // a field of the script typed into: kept and checked, nothing redrawn under the cursor
  return (event) => { state.script[field] = event.target.value; store(); scheduleValidate(); };
}

function wire() {
  const library = state.library;
  $("search").addEventListener("input", (event) => {
    library.filter.q = event.target.value;
    clearTimeout(library.searchTimer);
    library.searchTimer = setTimeout(search, 90);
  });
  $("search").addEventListener("keydown", async (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    clearTimeout(library.searchTimer);
    await search(); // the results of what is typed now, not of a moment ago
    addFirstResult();
    event.target.select();
  });
  document.addEventListener("keydown", (event) => {
    // Ctrl-Z (⌘Z) undoes the last change to the characters; in a text field it stays the field's own undo
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z" && !event.target.closest("input, textarea, select")) {
      event.preventDefault();
      undo();
    }
  });
  $("undo").addEventListener("click", undo);
  $("players-low").addEventListener("change", setPlayers);
  $("players-high").addEventListener("change", setPlayers);
  $("sort-standard").addEventListener("click", sortStandard);
  $("new-character").addEventListener("click", () => openEditor(""));
  $("remembered").addEventListener("change", (event) => switchTo(event.target.value));
  $("forget").addEventListener("click", forgetCurrent);
  NARROW.addEventListener("change", () => { library.shown = NARROW_PAGE; drawLibrary(); });
  $("edition-filter").addEventListener("change", (event) => { library.filter.edition = event.target.value; search(); });
  $("title").addEventListener("input", typed("title"));
  $("author").addEventListener("input", typed("author"));
  $("notes").addEventListener("input", typed("notes"));
  $("logo-upload").addEventListener("change", (event) => { if (event.target.files[0]) readLogo(event.target.files[0]); event.target.value = ""; });
  $("logo-remove").addEventListener("click", removeLogo);
  $("save-name").addEventListener("input", (event) => { state.script.name = event.target.value.trim(); store(); });
  $("save").addEventListener("click", () => save());
  $("start-load").addEventListener("click", loadChosen);
  $("upload").addEventListener("change", (event) => { if (event.target.files[0]) upload(event.target.files[0]); event.target.value = ""; });
  $("start-new").addEventListener("click", () => { startNew(); toast(TEXT.startedNew); $("title").focus(); });
}

drawFilters();
drawLibrary();
drawPrint();
drawScript();
drawRemembered();
wire();
loadScriptList();
scheduleValidate();
