/* belot: an answer slower than 300 ms (the device's engine, offline) says it is on its way,
 * or that the engine is starting (offline.js sets <html data-engine="starting">), in place of
 * a blank result panel (issue 25). The words are a match page's (table.html); the calculator
 * does without, to stay light. After panel.js, which clears the panel on a change. */
function waiting(result, live) {
  const said = document.querySelector("[data-starting]");
  const text = said && said.dataset[document.documentElement.dataset.engine === "starting"
    ? "starting" : "wait"];
  if (!result.classList.contains("pending") || live.childElementCount || !text) return;
  const p = document.createElement("p");
  p.className = "hint";
  p.dataset.testid = "result-wait";
  p.textContent = text;
  live.replaceChildren(p);
  result.classList.remove("pending");  // a word to read, not a faded answer
}

for (const type of ["input", "change"]) {
  document.addEventListener(type, () => {
    const result = document.getElementById("result"), live = result && result.querySelector(".live");
    if (live && result.classList.contains("pending")) setTimeout(() => waiting(result, live), 300);
  }, true);
}
