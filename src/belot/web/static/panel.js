/* belot: the result panel shows the answer to the current input, or nothing, never an older
 * one (docs/web.md, "How a tap works"). Any change to the deal clears it at once; htmx then
 * brings the new one (hx-sync="this:replace" drops older answers). An event that changes
 * nothing (a field losing focus, a tap on the choice already made) neither clears the answer
 * nor asks again. A question that gets no answer says so in the panel. */

/** The deal form's sending button (`data-busy`) an htmx event is about, or null (sending.js). */
export function sender(ev) {
  const elt = ev.detail && ev.detail.elt;
  return elt instanceof HTMLButtonElement && elt.hasAttribute("data-busy") ? elt : null;
}

function clearResult(form) {
  const result = document.getElementById("result");
  if (result) {
    const live = result.querySelector(".live");
    // the panel keeps its height until the answer comes: a tap on Add meanwhile (a field
    // losing focus clears it) lands where the finger is, nothing moves under it
    if (live && !live.style.minHeight) live.style.minHeight = live.offsetHeight + "px";
    if (live) live.replaceChildren();
    result.classList.add("pending");
  }
  form.querySelectorAll(".slot").forEach((s) => s.replaceChildren());
  const other = document.getElementById("other");
  if (other) other.replaceChildren();
}

// What the shown (or coming) answer is for.
function fields(form) {
  return new URLSearchParams(new FormData(form)).toString();
}

/** The forms under `root` came with the answer to the fields they were drawn with. */
export function settle(root) {
  root.querySelectorAll("form[data-calc]").forEach((form) => {
    form.dataset.asked = fields(form);
  });
}

for (const type of ["input", "change"]) {
  document.addEventListener(type, (ev) => {
    const form = ev.target instanceof Element ? ev.target.closest("form[data-calc]") : null;
    if (form && fields(form) !== form.dataset.asked) clearResult(form);
  }, true);
}

document.addEventListener("htmx:confirm", (ev) => {
  const form = ev.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-calc")) return;
  const now = fields(form);
  if (now === form.dataset.asked) { ev.preventDefault(); return; }
  form.dataset.asked = now;
});

function forget(ev) {
  const form = ev.target instanceof Element ? ev.target.closest("form[data-calc]") : null;
  if (form) delete form.dataset.asked;  // no answer came: the same input may ask again
}
// (not on htmx:sendAbort: a question is dropped for a newer one, which has asked already)
for (const type of ["htmx:sendError", "htmx:responseError", "htmx:timeout"]) {
  document.addEventListener(type, forget);
}

settle(document);

document.addEventListener("htmx:afterSwap", () => {
  const result = document.getElementById("result");
  if (result) result.classList.remove("pending");
});

// A lost connection: say so in the panel rather than leave it blank.
function offline(ev) {
  if (sender(ev)) return;  // a failed add says so by its button; the answer shown stays
  const asked = ev.detail && ev.detail.elt;  // the deal form's own question, not the sheet's
  if (!(asked instanceof HTMLFormElement) || !asked.hasAttribute("data-calc")) return;
  const result = document.getElementById("result");
  const live = result && result.querySelector(".live");
  if (!live || !result.dataset.offline) return;
  const p = document.createElement("p");
  p.className = "error";
  p.textContent = result.dataset.offline;
  live.replaceChildren(p);
  result.classList.remove("pending");  // in full colour (it was pale)
}
document.addEventListener("htmx:sendError", offline);
document.addEventListener("htmx:responseError", offline);
