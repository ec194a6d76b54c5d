/* belot: the taps that add (+20, belot, sira…) count in place instead of posting the page
 * (docs/web.md, "How a tap works"). A team's taps are kept in one hidden input: a count
 * (belots) or a list of what was tapped ("20 20 50", "sira hundred"); each button shows how
 * often its value is there. The compact panel's button says how many things in it are not as a
 * fresh form has them. */
import { num } from "./digits.js";

export function tokens(input) {
  return input.value.split(/\s+/).filter(Boolean);
}

export function setList(form, name, value) {
  const input = form.elements.namedItem(name);
  if (!input) return;
  input.value = value;
  const counted = input.hasAttribute("data-count");
  form.querySelectorAll(`[data-count-for="${name}"]`).forEach((b) => {
    const token = b.getAttribute("data-token");
    const n = counted ? (parseInt(input.value, 10) || 0)
      : tokens(input).filter((t) => t === token).length;
    b.textContent = "\u00d7" + num(n);
    b.hidden = n === 0;
  });
}

function tap(form, name, token) {
  const input = form.elements.namedItem(name);
  if (!input) return;
  if (input.hasAttribute("data-count")) {
    setList(form, name, String(Math.min((parseInt(input.value, 10) || 0) + 1, 9)));
    return;
  }
  const list = tokens(input);
  if (list.filter((t) => t === token).length < 9) list.push(token);
  setList(form, name, list.join(" "));
}

document.addEventListener("click", (ev) => {
  const button = ev.target instanceof Element
    ? ev.target.closest("button[data-add], button[data-clear]") : null;
  if (!button || !button.form || !button.form.hasAttribute("data-calc")) return;
  ev.preventDefault();
  const form = button.form, add = button.getAttribute("data-add");
  if (add) {
    tap(form, add, button.getAttribute("data-token"));
  } else {
    (button.getAttribute("data-clear") || "").split(" ").forEach((name) => {
      const input = name && form.elements.namedItem(name);
      if (input) setList(form, name, input.hasAttribute("data-count") ? "0" : "");
    });
    form.querySelectorAll(".combos").forEach((c) => {
      if (button.closest(".team-taps") === c.closest(".team-taps")) c.remove();
    });
  }
  form.dispatchEvent(new Event("change", { bubbles: true }));
});

// The compact panel (declarations, contra, capot…) says on its button how many things in it
// are not as a fresh form has them.
function countExtras(form) {
  const more = form.querySelector("details.more");
  const badge = more && more.querySelector("[data-more-count]");
  if (!badge) return;
  let n = 0;
  more.querySelectorAll(".panel input").forEach((el) => {
    if (el.type === "radio") n += el.checked && el.value !== "1" && el.value !== "none" ? 1 : 0;
    else if (el.hasAttribute("data-count")) n += parseInt(el.value, 10) || 0;
    else if (el.type === "hidden") n += tokens(el).length;
  });
  badge.textContent = num(n);
  badge.hidden = n === 0;
}
document.addEventListener("change", (ev) => {
  const form = ev.target instanceof Element ? ev.target.closest("form[data-calc]") : null;
  if (form) countExtras(form);
});
