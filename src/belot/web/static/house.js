// The calculator remembers the house rules this device plays (issue 17): each game's toggles
// (`rule-<name>`, web/templates/house_rules.html) are kept in localStorage and set again on the
// next visit. A page the server drew with toggles already on (a posted form) keeps its own.
import { houseKey as KEY } from "./keys.js";

export function remembered(storage, game) {
  try {
    const kept = JSON.parse(storage.getItem(KEY(game)) || "[]");
    return Array.isArray(kept) ? kept.filter((name) => typeof name === "string") : [];
  } catch {
    return [];
  }
}

export function remember(storage, game, names) {
  try {
    storage.setItem(KEY(game), JSON.stringify(names));
  } catch {
    // private mode or full storage: the toggles still work for this page
  }
}

function start() {
  const box = document.querySelector("form#calc .house[data-game]");
  if (!box) return;
  const game = box.dataset.game;
  const toggles = [...box.querySelectorAll("input[data-rule]")];
  const on = () => toggles.filter((t) => t.checked).map((t) => t.dataset.rule);
  if (!on().length) {
    const kept = new Set(remembered(localStorage, game));
    let changed = false;
    for (const t of toggles) {
      if (kept.has(t.dataset.rule)) t.checked = changed = true;
    }
    if (changed) box.closest("form").dispatchEvent(new Event("change", { bubbles: true }));
  }
  // A choice only a house rule brings (no trumps with sans-tout-atout…) shows while it is on.
  const needs = () => {
    for (const el of box.form.querySelectorAll("[data-needs]")) {
      el.hidden = !on().includes(el.dataset.needs);
    }
  };
  needs();
  const flip = () => needs(remember(localStorage, game, on()));
  for (const t of toggles) t.addEventListener("change", flip);
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
