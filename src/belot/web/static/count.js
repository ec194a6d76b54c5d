/* belot: the count pad (docs/web.md, "Count pad"; issue 32). Beside a deal form's pile (card
 * points, abnat) `count-open` opens the 32 cards, four rows of suits; a tap counts a card at
 * the value the game, contract and rules give it, a second tap takes it back; `count-done`
 * puts the sum in the number field as if typed. The values are the core's (web/count.py):
 * they come with the result panel, a `template[data-count]` holding each contract choice's
 * table, once the contract is chosen; this script only adds them up. Its styles are its own
 * (a constructed sheet): a calculator's first bytes stay as they were (test_page_weight).
 * Pure but for what runs on a page (tests/js/count.test.mjs). */
import { inDigits, pageDigits } from "./digits.js";

export const SUITS = ["clubs", "diamonds", "hearts", "spades"];
export const RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];  // as the pad shows them
export const SYMBOLS = { clubs: "\u2663", diamonds: "\u2666", hearts: "\u2665", spades: "\u2660" };

/** A card's key in the set of cards counted. */
export function cardKey(suit, rank) {
  return `${suit}-${rank}`;
}

/** The table the pad counts with under `contract` (and `trump`, where the contract names no
 *  suit): {total, trumps, values: {suit: {rank: points}}, pick}; `values` is null while the
 *  trump it needs is not picked; null when the data has no such contract. */
export function tableOf(data, contract, trump) {
  const c = data && data.contracts ? data.contracts[contract] : undefined;
  if (!c) return null;
  const pick = Boolean(c.pick);
  const chosen = pick ? (trump && c.pick[trump]) || null : c;
  if (!chosen) return { total: c.total, trumps: [], values: null, pick };
  const values = {};
  for (const suit of SUITS) {
    values[suit] = {};
    data.ranks.forEach((rank, i) => { values[suit][rank] = chosen.values[suit][i]; });
  }
  return { total: c.total, trumps: chosen.trumps, values, pick };
}

/** A tap: the card counted, or taken back when it was. A new set. */
export function toggle(counted, key) {
  const out = new Set(counted);
  if (out.has(key)) out.delete(key); else out.add(key);
  return out;
}

/** The pile's points: the cards counted at the table's values, and `last` when the last
 *  trick is counted too; null while there are no values to count with. */
export function sumOf(counted, table, last = 0) {
  if (!table || !table.values) return null;
  let sum = last;
  for (const key of counted) {
    const cut = key.indexOf("-");
    const row = table.values[key.slice(0, cut)];
    sum += (row && row[key.slice(cut + 1)]) || 0;
  }
  return sum;
}

/** The other team's pile: the whole round less this one (null when either is unknown). */
export function otherPile(total, sum) {
  return sum === null || typeof total !== "number" ? null : total - sum;
}

/** Whether a pile can be: no more points than the round holds, none fewer than nothing. */
export function possible(sum, total) {
  return sum !== null && sum >= 0 && sum <= total;
}

// ---- on a page ----------------------------------------------------------------------------

const CSS = `
.pile:has(> .count-open) { grid-template-columns: minmax(0, 1fr) 4.4rem 2.75rem; }
.count-open { min-width: 0; padding: 0; border-radius: .6rem; border: 1px solid var(--line);
  background: var(--chip); color: var(--fg); font: inherit; cursor: pointer; align-self: stretch;
  display: grid; grid-template-columns: 1fr 1fr; place-content: center; line-height: 1.05;
  font-size: 1rem; }
.count-open[aria-expanded="true"] { background: var(--accent); color: var(--accent-fg); }
.count-open .red, .count-pad .red { color: var(--red); }
.count-open[aria-expanded="true"] .red, .count-pad [aria-pressed="true"] .red { color: inherit; }
.count-pad { position: fixed; inset-inline: 0; bottom: 0; z-index: 30; max-width: 40rem;
  margin: 0 auto; padding: .35rem .5rem calc(.45rem + env(safe-area-inset-bottom));
  background: var(--card); border-block-start: 2px solid var(--accent);
  box-shadow: 0 -4px 16px rgb(0 0 0 / .22); }
.count-pad[hidden], .count-pad [hidden] { display: none; }
.count-head { display: flex; flex-wrap: wrap; gap: 0 .4rem; align-items: baseline;
  margin: 0 0 .2rem; font-size: .9rem; }
.count-head b { font-size: 1rem; }
.count-head span { color: var(--muted); }
.count-trumps { display: grid; grid-template-columns: auto repeat(4, minmax(0, 1fr));
  gap: .25rem; align-items: center; margin: 0 0 .2rem; font-size: .85rem; font-weight: 600; }
.count-rows { display: grid; gap: .2rem; }
.count-row { display: grid; grid-template-columns: repeat(8, minmax(0, 1fr)); gap: .2rem;
  border-radius: .5rem; }
.count-row.trump { outline: 2px solid var(--accent); outline-offset: 1px;
  background: color-mix(in srgb, var(--accent) 16%, transparent); }
.count-pad button { min-width: 0; font: inherit; color: var(--fg); cursor: pointer;
  border: 1px solid var(--line); border-radius: .5rem; background: var(--bg); }
.card { min-height: 2.9rem; padding: 0; display: flex; flex-direction: column;
  align-items: center; justify-content: center; line-height: 1.05; }
.card b { font-size: 1rem; white-space: nowrap; }
.card small { font-size: .72rem; color: var(--muted); }
.count-pad button[aria-pressed="true"] { background: var(--accent); color: var(--accent-fg);
  border-color: var(--accent); font-weight: 700; }
.card[aria-pressed="true"] small { color: inherit; }
.count-trumps button { min-height: 2.75rem; font-size: 1.2rem; }
.count-last { width: 100%; min-height: 2.75rem; margin: .25rem 0 0; font-weight: 600; }
.count-foot { display: flex; align-items: center; gap: .5rem; margin: .3rem 0 0; }
.count-sum { font-size: 1.9rem; font-weight: 800; min-width: 2.6ch; text-align: center;
  font-variant-numeric: tabular-nums; }
.count-other { flex: 1 1 auto; min-width: 0; color: var(--muted); font-size: .85rem;
  line-height: 1.2; }
.count-other bdi { display: block; font-size: 1.15rem; font-weight: 700; color: var(--fg); }
.count-pad .count-done { min-height: 2.75rem; padding: 0 1.1rem; border: 0;
  background: var(--accent); color: var(--accent-fg); font-weight: 700; }
.count-pad .count-done[disabled] { opacity: .5; cursor: default; }
`;

const states = new WeakMap();  // form → what its pad holds

function styled(doc) {
  if (doc.adoptedStyleSheets.some((s) => s.belotCount)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  sheet.belotCount = true;
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

function symbol(suit) {
  const red = suit === "diamonds" || suit === "hearts";
  return el("i", red ? { class: "red", "aria-hidden": "true" } : { "aria-hidden": "true" },
    SYMBOLS[suit]);
}

/** The table the result panel brought last (each contract's values), or null. */
function readData() {
  const t = document.querySelector("#result template[data-count]");
  if (!t) return null;
  try {
    return JSON.parse(t.getAttribute("data-count"));
  } catch {
    return null;
  }
}

function stateOf(form) {
  let s = states.get(form);
  if (!s) {
    s = { data: null, counted: new Set(), last: false, trump: null, team: null, pad: null };
    states.set(form, s);
  }
  return s;
}

function picked(form, name) {
  const checked = form.querySelector(`input[type="radio"][name="${name}"]:checked`);
  return checked ? checked.value : null;
}

// The pile's own controls, whatever the game calls them: its team's chips and its number.
function teamRadios(form) {
  return [...form.querySelectorAll('.pile .chips input[type="radio"]')];
}

function numberField(form) {
  return form.querySelector('.pile input[inputmode="numeric"]');
}

function teamWords(form, s) {
  const radio = teamRadios(form).find((r) => r.value === s.team);
  const label = radio && radio.closest("label");
  return label ? label.textContent.trim() : "";
}

function build(form, s) {
  const rows = el("div", { class: "count-rows" });
  for (const suit of SUITS) {
    const row = el("div", { class: "count-row", "data-suit": suit });
    for (const rank of RANKS) {
      row.append(el("button", {
        type: "button", class: "card", "data-testid": `card-${suit}-${rank}`,
        "data-card": cardKey(suit, rank), "aria-pressed": "false",
      }, el("b", { dir: "ltr" }, rank, symbol(suit)), el("small")));  // as printed
    }
    rows.append(row);
  }
  const trumps = el("div", { class: "count-trumps", "data-trumps": "" }, el("span"));
  for (const suit of SUITS) {
    trumps.append(el("button", {
      type: "button", "data-testid": `count-trump-${suit}`, "data-trump": suit,
      "aria-pressed": "false",
    }, symbol(suit)));
  }
  const last = el("button", {
    type: "button", class: "count-last", "data-testid": "count-last", "aria-pressed": "false",
  });
  const pad = el("div", { class: "count-pad", role: "group", hidden: "" },
    el("p", { class: "count-head" }, el("b", { "data-words": "open" }), el("span", { "data-team": "" })),
    trumps, rows, last,
    el("div", { class: "count-foot" },
      el("output", { class: "count-sum", "data-testid": "count-sum", "data-value": "" }),
      el("span", { class: "count-other" }, el("span", { "data-words": "other" }),
        el("bdi", { "data-testid": "count-other", "data-value": "" })),
      el("button", { type: "button", class: "count-done", "data-testid": "count-done",
        "data-words": "done" })));
  pad.addEventListener("click", (ev) => {
    const b = ev.target instanceof Element ? ev.target.closest("button") : null;
    if (!b) return;
    if (b.dataset.card) s.counted = toggle(s.counted, b.dataset.card);
    else if (b.dataset.trump) s.trump = b.dataset.trump;
    else if (b.dataset.testid === "count-last") s.last = !s.last;
    else if (b.dataset.testid === "count-done") { done(form, s); return; }
    render(form, s);
  });
  return pad;
}

/** The table in play: the contract chosen (and the trump picked), or null. */
function tableNow(form, s) {
  return s.data ? tableOf(s.data, picked(form, s.data.contract_field), s.trump) : null;
}

function lastNow(s) {
  return s.data && s.data.last && s.last ? s.data.last : 0;
}

function render(form, s) {
  const pad = s.pad;
  if (!pad) return;
  const digits = pageDigits();
  const w = s.data ? s.data.words : {};
  const table = tableNow(form, s);
  // Words: the pad's own once the table came; before, what the result panel asks for (the
  // contract), a tick on Done
  const hint = document.querySelector("#result .live .hint");
  pad.querySelector('[data-words="open"]').textContent =
    w.open || (hint ? hint.textContent.trim() : "");
  pad.setAttribute("aria-label", w.open || "");
  pad.querySelector('[data-words="other"]').textContent = w.other || "";
  pad.querySelector('[data-words="done"]').textContent = w.done || "\u2713";
  pad.querySelector("[data-trumps] > span").textContent = w.trump || "";
  pad.querySelector("[data-team]").textContent = teamWords(form, s);
  pad.querySelector("[data-trumps]").hidden = !(table && table.pick);
  for (const b of pad.querySelectorAll("[data-trump]")) {
    b.setAttribute("aria-pressed", String(b.dataset.trump === s.trump));
    b.setAttribute("aria-label", `${w.trump || ""} ${SYMBOLS[b.dataset.trump]}`.trim());
  }
  const trumps = new Set(table && table.values ? table.trumps : []);
  for (const row of pad.querySelectorAll(".count-row")) {
    row.classList.toggle("trump", trumps.has(row.dataset.suit));
  }
  for (const b of pad.querySelectorAll("[data-card]")) {
    const key = b.dataset.card;
    const cut = key.indexOf("-");
    const value = table && table.values ? table.values[key.slice(0, cut)][key.slice(cut + 1)] : null;
    b.querySelector("small").textContent = value === null ? "" : inDigits(value, digits);
    b.setAttribute("aria-pressed", String(s.counted.has(key)));
  }
  const last = pad.querySelector("[data-testid=count-last]");
  last.hidden = !(s.data && s.data.last);
  last.textContent = w.last || "";
  last.setAttribute("aria-pressed", String(Boolean(lastNow(s))));
  const sum = sumOf(s.counted, table, lastNow(s));
  const other = table ? otherPile(table.total, sum) : null;
  const shown = pad.querySelector("[data-testid=count-sum]");
  shown.dataset.value = sum === null ? "" : String(sum);
  shown.textContent = sum === null ? "\u2013" : inDigits(sum, digits);
  const rest = pad.querySelector("[data-testid=count-other]");
  rest.dataset.value = other === null ? "" : String(other);
  rest.textContent = other === null ? "\u2013" : inDigits(other, digits);
  pad.querySelector("[data-testid=count-done]").disabled = !(table && possible(sum, table.total));
}

function opener(form) {
  return form.querySelector("[data-testid=count-open]");
}

function open(form, s) {
  const chosen = teamRadios(form).find((r) => r.checked);
  s.team = chosen ? chosen.value : "us";
  if (!s.pad) {
    s.pad = build(form, s);
    opener(form).after(s.pad);
  }
  s.pad.hidden = false;
  opener(form).setAttribute("aria-expanded", "true");
  render(form, s);
}

function close(form, s) {
  if (s.pad) s.pad.hidden = true;
  const b = opener(form);
  if (b) b.setAttribute("aria-expanded", "false");
}

function done(form, s) {
  const table = tableNow(form, s);
  const sum = sumOf(s.counted, table, lastNow(s));
  if (!table || !possible(sum, table.total)) return;
  const radio = teamRadios(form).find((r) => r.value === s.team);
  if (radio && !radio.checked) {
    radio.checked = true;
    radio.dispatchEvent(new Event("change", { bubbles: true }));
  }
  const input = numberField(form);
  close(form, s);
  if (input) {
    input.value = inDigits(sum, pageDigits());
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  const b = opener(form);
  if (b) b.focus();
}

/** Each deal form's pile gets its opener (once), and the table the panel brought last. */
function refresh() {
  const data = readData();
  for (const form of document.querySelectorAll("form[data-calc]")) {
    const pile = form.querySelector(".pile");
    if (!pile) continue;
    const s = stateOf(form);
    if (data) s.data = data;
    let b = opener(form);
    if (!b) {
      b = el("button", { type: "button", class: "count-open", "data-testid": "count-open",
        "aria-expanded": "false" }, ...SUITS.map(symbol));
      pile.append(b);
    }
    if (s.data) {
      b.setAttribute("aria-label", s.data.words.open);
      b.title = s.data.words.open;
    }
    render(form, s);
  }
}

function start() {
  styled(document);
  refresh();
  document.addEventListener("click", (ev) => {
    const b = ev.target instanceof Element ? ev.target.closest("[data-testid=count-open]") : null;
    const form = b && b.closest("form[data-calc]");
    if (!form) return;
    const s = stateOf(form);
    if (s.pad && !s.pad.hidden) close(form, s); else open(form, s);
  });
  // another contract (or trump, or a pile chosen by the player) recounts the same cards
  document.addEventListener("change", (ev) => {
    const form = ev.target instanceof Element ? ev.target.closest("form[data-calc]") : null;
    const s = form && states.get(form);
    if (!s) return;
    if (ev.isTrusted && teamRadios(form).includes(ev.target) && s.pad && !s.pad.hidden) {
      s.team = ev.target.value;
    }
    render(form, s);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape") return;
    for (const form of document.querySelectorAll("form[data-calc]")) {
      const s = states.get(form);
      if (s && s.pad && !s.pad.hidden) close(form, s);
    }
  });
  document.addEventListener("htmx:afterSettle", refresh);
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
