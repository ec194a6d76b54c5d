/* belot: a deal sent from the deal form (Add, All passed: the buttons marked `data-busy`, sent
 * by htmx). A preview still on its way is dropped first (it would answer for the old deal); a
 * send that fails says so under the form and keeps every field, and a retry sends the same key
 * (recorded once). pending.js keeps what cannot reach the server. */

import { sender } from "./panel.js";

export { sender };  // the deal form's sending button an htmx event is about (panel.js)

/** Under the deal form: "send-failed" (no network), "send-refused" (an answer that is an
 *  error: busy, 429, 503), or nothing (null). */
export function sendNote(form, which) {
  if (!form) return;
  form.querySelectorAll('[data-testid^="send-"]').forEach((note) => {
    note.hidden = note.getAttribute("data-testid") !== which;
  });
}

document.addEventListener("htmx:beforeRequest", (ev) => {
  const button = sender(ev);
  if (!button) return;
  sendNote(button.form, null);
  if (button.form && window.htmx) window.htmx.trigger(button.form, "htmx:abort");
});
for (const type of ["htmx:sendError", "htmx:responseError", "htmx:timeout"]) {
  document.addEventListener(type, (ev) => {
    const button = sender(ev);  // an answer that is an error (busy, 429, 503): the server's
    if (button) sendNote(button.form, type === "htmx:responseError" ? "send-refused" : "send-failed");
  });
}
