// Wiring the page's inputs to the pieces above, and the first drawing.
"use strict";

function wire() {
  let searchTimer = null;
  $("search").addEventListener("input", (event) => {
    libraryFilter.q = event.target.value;
    clearTimeout(searchTimer);
    searchTimer = setTimeout(search, 90);
  });
  $("search").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && libraryIds.length) {
      toggleCharacter(libraryIds[0]);
      event.target.select();
    }
  });
  $("edition-filter").addEventListener("change", (event) => { libraryFilter.edition = event.target.value; search(); });
  $("title").addEventListener("input", (event) => { state.title = event.target.value; store(); scheduleValidate(); });
  $("author").addEventListener("input", (event) => { state.author = event.target.value; store(); scheduleValidate(); });
  $("notes").addEventListener("input", (event) => { state.notes = event.target.value; store(); scheduleValidate(); });
  $("save-name").addEventListener("input", (event) => { state.name = event.target.value.trim(); store(); });
  $("save").addEventListener("click", () => save());
  $("start-load").addEventListener("click", loadChosen);
  $("upload").addEventListener("change", (event) => { if (event.target.files[0]) upload(event.target.files[0]); event.target.value = ""; });
  $("start-new").addEventListener("click", () => {
    if (state.ids.length && !confirm(TEXT.replaceAsk)) return;
    state = Object.assign(emptyState(), { options: state.options });
    customEntries.clear();
    changed();
  });
}

drawFilters();
drawLibrary();
drawPrint();
drawScript();
wire();
loadScriptList();
scheduleValidate();
