/* belot: the French deal forms' helps (issue 32; docs/web.md, "The French games"). The bid
 * pad puts its number in the bid field; declarations are shown as off under rules that play
 * none (a tap still adds one, and the refusal names the rules that play them); the compact
 * panel's summary line keeps the contract, the taker and the bid in view. Loaded with app.js,
 * after a calculator's first answer (so nothing of it weighs on a page's first visit), its few
 * styles with it. */

const styles = new CSSStyleSheet();
styles.replaceSync(".group.off .taps{opacity:.4}"
  + ".bidpad .tap[aria-pressed=true]{background:var(--accent);color:var(--accent-fg)}");
document.adoptedStyleSheets = [...document.adoptedStyleSheets, styles];

const text = (el) => el.textContent.replace(/\s+/g, " ").trim();

/** The last part of a pad button's op (`bid-110`): its number, in ASCII digits. */
const padNumber = (button) => button.value.split("-").pop();

// The bid: the pad's number pressed while it is the number in the field.
function pressed(box) {
  const field = box.querySelector('input[inputmode="numeric"]');
  const points = box.querySelector('input[type="radio"]');  // the first word: the number
  const typed = !field || (points && !points.checked) ? "" : field.value.trim();
  box.querySelectorAll(".bidpad button").forEach((b) => {
    b.setAttribute("aria-pressed", String(typed !== "" && padNumber(b) === typed));
  });
}

document.addEventListener("click", (ev) => {
  const button = ev.target instanceof Element ? ev.target.closest(".bidpad button") : null;
  const box = button && button.closest(".bid");
  const field = box && box.querySelector('input[inputmode="numeric"]');
  if (!field) return;
  ev.preventDefault();  // in place: no post of the page (the server's way without JavaScript)
  field.value = padNumber(button);
  const points = box.querySelector('input[type="radio"]');
  if (points) points.checked = true;
  field.dispatchEvent(new Event("input", { bubbles: true }));
});

// Declarations played under some rules only: off while the calculator's preset and house
// rules are others (a match's are its own: the server draws them).
function plays(form) {
  if (!form.querySelector('input[name="rules"]')) return;
  const on = [...form.querySelectorAll('input[name="rules"]:checked, input[data-rule]:checked')]
    .map((el) => el.dataset.rule || el.value);
  form.querySelectorAll("[data-plays]").forEach((group) => {
    group.classList.toggle("off", !group.dataset.plays.split(" ").some((n) => on.includes(n)));
  });
}

// What the compact panel hides while open, said on its first line: each chosen chip's words,
// the bid as typed (or its word chosen in its place).
function summary(form) {
  const out = form.querySelector("[data-summary]");
  if (!out) return;
  const said = [];
  for (const name of out.dataset.summary.split(" ")) {
    const chosen = form.querySelector(`input[type="radio"][name="${name}"]:checked`);
    const typed = form.querySelector(`input[inputmode="numeric"][name="${name}"]`);
    if (chosen && chosen.value !== "none") said.push(text(chosen.parentElement));
    if (!typed) continue;
    const word = typed.closest(".bid").querySelector('input[type="radio"]:checked');
    const first = typed.closest(".bid").querySelector('input[type="radio"]');
    if (word && word !== first) said.push(text(word.parentElement));
    else if (typed.value.trim()) said.push(typed.value.trim());
  }
  out.textContent = said.join(" · ");
}

function follow(ev) {
  const form = ev.target instanceof Element ? ev.target.closest("form[data-calc]") : null;
  if (!form) return;
  const box = ev.target.closest(".bid");
  if (box) pressed(box);
  plays(form);
  summary(form);
}
document.addEventListener("input", follow);
document.addEventListener("change", follow);
document.querySelectorAll("form[data-calc]").forEach(plays);  // house rules kept on (house.js)
