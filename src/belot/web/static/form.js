/* belot: the deal form's small helps (docs/web.md, "Defaults and details"): a number field
 * selects what it holds on focus; Baloot's abnat pile follows the buyer until the player picks
 * a pile; the last choice before the number moves on to it. (The new-match page's game
 * choosing its own rules is newmatch.js's.) */

// A number field selects what it holds on focus: typing replaces it (130, then 82 → 82). A
// tap's own mouseup / click would put the caret back: select again after it.
function numeric(el) {
  return el instanceof HTMLInputElement && el.inputMode === "numeric" && !el.readOnly;
}
document.addEventListener("focusin", (ev) => {
  const el = ev.target;
  if (!numeric(el)) return;
  el.dataset.fresh = "1";
  setTimeout(() => {  // unless something was typed (or a click selected) meanwhile
    if (document.activeElement === el && el.dataset.fresh) el.select();
  }, 0);
});
document.addEventListener("click", (ev) => {
  const el = ev.target;
  if (numeric(el) && el.dataset.fresh) { delete el.dataset.fresh; el.select(); }
});
document.addEventListener("input", (ev) => {
  if (numeric(ev.target)) delete ev.target.dataset.fresh;
});

// Baloot: the abnat counted are the non-buyer's; the pile follows the buyer until the player
// picks a pile.
document.addEventListener("change", (ev) => {
  const el = ev.target;
  if (!(el instanceof HTMLInputElement) || el.type !== "radio" || !el.form) return;
  const form = el.form;
  form.querySelectorAll("[data-opposes]").forEach((pile) => {
    const teamField = pile.getAttribute("data-team-field");
    if (el.name === teamField) { pile.setAttribute("data-chosen", "yes"); return; }
    if (el.name !== pile.getAttribute("data-opposes") || pile.hasAttribute("data-chosen")) return;
    const other = el.value === "us" ? "them" : "us";
    const radio = form.querySelector(`input[name="${teamField}"][value="${other}"]`);
    if (radio && !radio.checked) {
      radio.checked = true;
      form.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });
}, true);

// The last choice before the number (the last trick; Baloot: who bought) moves on to the
// number while it is empty: the keyboard comes up with no tap of its own.
document.addEventListener("change", (ev) => {
  const el = ev.target;
  if (!(el instanceof HTMLInputElement) || el.type !== "radio" || !ev.isTrusted) return;
  const box = el.closest("fieldset.group");
  const next = box && box.nextElementSibling;
  const pile = next && next.matches("fieldset.group")
    ? next.querySelector('.pile input[inputmode="numeric"]') : null;
  if (pile && !pile.value) pile.focus();
});
