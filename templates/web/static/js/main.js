// Wiring the page's inputs to the pieces above, and the first drawing.
"use strict";

function wire() {
  let searchTimer = null;
  $("search").addEventListener("input", (event) => {
    libraryFilter.q = event.target.value;
    clearTimeout(searchTimer);
    searchTimer = setTimeout(search, 90);
  });
  $("search").addEventListener("keydown", async (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    clearTimeout(searchTimer);
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
  $("remembered").addEventListener("change", (event) => switchTo(event.target.value));
  $("forget").addEventListener("click", forgetCurrent);
  NARROW.addEventListener("change", () => { libraryShown = NARROW_PAGE; drawLibrary(); });
  $("edition-filter").addEventListener("change", (event) => { libraryFilter.edition = event.target.value; search(); });
  $("title").addEventListener("input", (event) => { state.title = event.target.value; store(); scheduleValidate(); });
  $("author").addEventListener("input", (event) => { state.author = event.target.value; store(); scheduleValidate(); });
  $("notes").addEventListener("input", (event) => { state.notes = event.target.value; store(); scheduleValidate(); });
  $("logo-upload").addEventListener("change", (event) => { if (event.target.files[0]) readLogo(event.target.files[0]); event.target.value = ""; });
  $("logo-remove").addEventListener("click", removeLogo);
  $("save-name").addEventListener("input", (event) => { state.name = event.target.value.trim(); store(); });
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
