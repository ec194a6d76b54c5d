/* belot: a match's deal being entered survives a reload, a lost connection or a closed tab
 * (docs/web.md, "Never a lost deal"): it is kept on the device (localStorage, under the form's
 * data-draft key, names.js) at the sheet's version until the server has recorded it; a sheet
 * at a later version drops the drafts of the earlier ones. Each new #table is settled here and
 * said to the page ("belot:table" on document: pending.js, the kept pages). */
import { parseDraftKey, storage } from "./names.js";
import { settle } from "./panel.js";
import { setList } from "./taps.js";

export const store = storage();

export function draftKey(form) {
  return form.getAttribute("data-draft");
}

export function dropOldDrafts(form) {
  const now = parseDraftKey(draftKey(form));
  if (!now || !store) return;
  for (let i = store.length - 1; i >= 0; i--) {
    const old = parseDraftKey(store.key(i));
    if (old && old.path === now.path && old.version < now.version) store.removeItem(store.key(i));
  }
}

/** What was typed or tapped: {name: value}. */
export function fieldsOf(form) {
  const fields = {};
  Array.prototype.forEach.call(form.elements, (el) => {
    if (!el.name || el.type === "submit" || el.readOnly) return;
    if (el.type === "radio") { if (el.checked) fields[el.name] = el.value; }
    else if (el.type !== "hidden" || el.closest(".taps")) fields[el.name] = el.value;
  });
  return fields;
}

export function applyFields(form, saved) {
  form.querySelectorAll('input[type="radio"]').forEach((el) => {
    el.checked = el.name in saved && el.value === saved[el.name];
  });
  Object.keys(saved).forEach((name) => {
    form.querySelectorAll(`[name="${name}"]`).forEach((el) => {
      if (el.type === "hidden") setList(form, name, saved[name]);
      else if (el.type !== "radio") el.value = saved[name];
    });
  });
  form.dispatchEvent(new Event("change", { bubbles: true }));
}

export function saveDraft(form) {
  const key = draftKey(form);
  if (!key) return;
  try { store.setItem(key, JSON.stringify(fieldsOf(form))); } catch { /* full or off */ }
}

/** The draft kept under `key`, or null. */
export function draftAt(key) {
  try { return JSON.parse(store.getItem(key) || "null"); } catch { return null; }
}

export function dropDraft(form) {
  try { store.removeItem(draftKey(form)); } catch { /* gone with the storage */ }
}

export function restoreDraft(form) {
  const key = draftKey(form);
  const saved = key ? draftAt(key) : null;
  if (saved) applyFields(form, saved);
}

// The form as the server drew it: a fresh form.
export const blanks = new WeakMap();
export function keepBlank(form) {
  if (!blanks.has(form)) blanks.set(form, fieldsOf(form));
}

/** A new #table is on the page (drawn by the server): pending.js and the kept pages hear it. */
export function tableCame(t) {
  if (t) document.dispatchEvent(new CustomEvent("belot:table"));
}

for (const type of ["change", "input"]) {
  document.addEventListener(type, (ev) => {
    const form = ev.target instanceof Element ? ev.target.closest("form[data-draft]") : null;
    if (form) saveDraft(form);
  });
}
// after htmx has set itself up (its DOMContentLoaded handler was added first)
document.addEventListener("DOMContentLoaded", () => {
  setTimeout(() => {
    document.querySelectorAll("form[data-draft]").forEach((form) => {
      keepBlank(form);
      dropOldDrafts(form);
      restoreDraft(form);
    });
    tableCame(document.getElementById("table"));
  }, 0);
});

// Adding a deal (htmx): the totals, the sheet and a fresh form come back in place.
document.addEventListener("htmx:afterSettle", (ev) => {
  const table = ev.detail && ev.detail.elt;
  if (!(table instanceof Element) || table.id !== "table") return;
  settle(table);  // it came with the answer to its fields (a refused deal: kept, and why)
  const refused = table.querySelector('[data-testid="failure"]');
  table.querySelectorAll("form[data-draft]").forEach((form) => {
    if (refused) saveDraft(form);  // refused (or the sheet moved on): kept as it came back
    else keepBlank(form);
    dropOldDrafts(form);  // a later version: the server has the deal, its draft goes
    restoreDraft(form);
  });
  tableCame(table);
});
