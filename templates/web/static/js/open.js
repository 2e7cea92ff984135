// Opening a script: a bundled or saved one from the list, or a file (publisher JSON, or the page's own zip of the
// JSON and its icons). A file that cannot be opened changes nothing: the script on the page, its check and the
// header's status stay as they were; the toast and a note above the findings say which file was not opened and why.

import { $, TEXT, el, say } from "./core.js";
import { adopt } from "./memory.js";
import { fileStem, post } from "./server.js";
import { toast } from "./toast.js";

// why a file was not opened, in a file's words (the server's own words speak of requests)
const FILE_REASONS = { body_empty: "fileEmpty", body_too_big: "fileTooBig", body_not_utf8: "fileNotScript" };

export async function loadChosen() {
  const value = $("start-select").value;
  if (!value) { toast(TEXT.pickFirst); return; }
  const [source, name] = value.split("/");
  const response = await fetch(`/api/scripts/${encodeURIComponent(source)}/${encodeURIComponent(name)}`);
  const answer = await response.json();
  if (!response.ok) { toast(answer.error, true); return; }
  opened();
  adopt(answer.script, { name, from: name });
}

async function openedAnswer(file, response) {
  // the server's check of an opened file, or null when it was not opened (said by notOpened)
  const answer = await response.json().catch(() => ({}));
  if (response.ok) return answer;
  const findings = answer.findings || [];
  const why = findings.length ? findings.filter((f) => f.level === "error").map((f) => f.message).join(" ")
    : TEXT[FILE_REASONS[answer.reason]] || answer.error || TEXT.fileNotScript;
  notOpened(file, why);
  return null;
}

export async function upload(file) {
  if (/\.zip$/i.test(file.name)) { uploadZip(file); return; }
  const text = await file.text();
  if (!text.trim()) { notOpened(file, TEXT.fileEmpty); return; }
  const stem = fileStem(file, /\.json$/i);
  const response = await post(`/api/validate${stem ? `?name=${encodeURIComponent(stem)}` : ""}`, text);
  const answer = await openedAnswer(file, response);
  if (!answer) return;
  opened();
  adopt(answer.script, { from: stem }); // downloads are named after the script's title, not the file it came in
}

async function uploadZip(file) {
  // the page's own export (the JSON and its icons/) opened again: the server reads the zip, the icons come back as
  // pictures for the editor and the print
  const address = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve("");
    reader.readAsDataURL(file);
  });
  if (!address) { notOpened(file, TEXT.fileNotScript); return; }
  const stem = fileStem(file, /\.zip$/i);
  const response = await post(`/api/open-zip${stem ? `?name=${encodeURIComponent(stem)}` : ""}`, JSON.stringify({ zip: address }));
  const answer = await openedAnswer(file, response);
  if (!answer) return;
  opened();
  adopt(answer.script, { from: stem, icons: answer.icons || {} });
}

function notOpened(file, why) {
  // one answer, about the file alone: the toast, and a note above the findings that stays until the next file or
  // its close button. The script shown, its findings and the status are still the script's.
  const message = say(TEXT.fileUnreadable, { file: file.name, why });
  const note = $("file-note");
  note.replaceChildren(el("span", { class: "level", text: TEXT.fileKind }), el("span", { class: "message", text: message }),
    el("button", { type: "button", class: "ghost-dark", text: TEXT.close, "aria-label": TEXT.closeNote, onclick: opened }));
  note.hidden = false;
  toast(message, true);
}

function opened() {
  $("file-note").hidden = true;
}
