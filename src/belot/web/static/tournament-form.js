/* belot: the new-tournament form offers the chosen game's presets only (issue 32: every
 * game's were offered, and a foreign one refused after the submit). The server draws them a
 * group a game (`optgroup[data-game]`, all of them without this script); this keeps the group
 * of the checked game chip in the select and puts the others aside, following the chips. A
 * preset put aside leaves "the game's usual rules" chosen. */
const form = document.querySelector('[data-testid="tournament-form"]');
const rules = form && form.querySelector('select[name="rules"]');
const groups = rules ? [...rules.querySelectorAll("optgroup[data-game]")] : [];

function follow() {
  const chip = form.querySelector('input[name="game"]:checked');
  const game = chip ? chip.value : "";
  for (const group of groups) {
    const mine = group.dataset.game === game;
    if (mine && group.parentNode !== rules) rules.append(group);
    if (!mine && group.parentNode === rules) group.remove();
  }
  if (rules.selectedIndex < 0) rules.selectedIndex = 0;
}

if (rules) {
  form.addEventListener("change", (ev) => {
    if (ev.target instanceof HTMLInputElement && ev.target.name === "game") follow();
  });
  follow();  // a form the browser filled back in (history) keeps its own chip
}
