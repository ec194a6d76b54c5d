/* belot: the live sheet (CONTRACT 5.1; docs/web.md, "Matches"): a page with #table[data-live]
 * (a match, a tournament) hears each change from the server (Server-Sent Events, whichever app
 * instance made it) and fetches the new part at once. The browser reconnects by itself; a slow
 * poll on the element is the safety net. When the table plays on ("next game, same table"),
 * the page follows to the new match. */
import { isId } from "./names.js";

function follow() {
  const table = document.querySelector("#table[data-live]");
  if (!table || !window.EventSource || !window.htmx) return;
  const source = new EventSource(table.getAttribute("data-live"));
  let latest = 0;
  // Behind the last version heard: fetch again, also once a sheet has come (changes in quick
  // succession: an earlier answer may land after a later event was dropped meanwhile).
  function catchUp() {
    // the editor's own Add (Save, Undo) on its way brings the new sheet itself
    if (document.querySelector("[data-busy].htmx-request, [data-busy][disabled]")) return;
    const now = document.getElementById("table");
    if (now && parseInt(now.getAttribute("data-version"), 10) < latest) {
      window.htmx.trigger(now, "belot:changed");
    }
  }
  source.addEventListener("version", (e) => {
    latest = Math.max(latest, JSON.parse(e.data).version);
    catchUp();
  });
  document.addEventListener("htmx:afterSettle", catchUp);
  // A page on its way elsewhere (this phone's own "Next game" post, whose answer also brings
  // the new match's edit token) is not taken away from it.
  // (A navigation called off after all, a download say, leaves the page here: it follows again.)
  let leaving = false, stay = null;
  window.addEventListener("beforeunload", () => {
    leaving = true;
    clearTimeout(stay);
    stay = setTimeout(() => { leaving = false; }, 10000);
  });
  window.addEventListener("pageshow", () => { leaving = false; });
  source.addEventListener("next", (e) => {
    const next = JSON.parse(e.data).match;
    if (isId(next) && !leaving) {
      source.close();
      location.assign(`/m/${next}`);
    }
  });
}

// What a reader is reading stays where it is (issue 19). The part is swapped whole: CSS stops
// the page holding what comes after it (overflow-anchor), and here a banner that appears above
// the sheet (the winner, a rule's note) does not push down a sheet being read.
function keepTheSheet() {
  let was = null;
  const sheetTop = () => {
    const sheet = document.getElementById("sheet");
    return sheet ? sheet.getBoundingClientRect().top : null;
  };
  document.addEventListener("htmx:beforeSwap", (e) => {
    const top = e.detail.target && e.detail.target.id === "table" ? sheetTop() : null;
    // read, not glanced at: scrolled down to it, its top in the upper half of the screen
    was = top !== null && window.scrollY > 0 && top < window.innerHeight / 2 ? top : null;
  });
  document.addEventListener("htmx:afterSwap", () => {
    const now = was === null ? null : sheetTop();
    if (now !== null && Math.abs(now - was) > 1) window.scrollBy(0, now - was);
    was = null;
  });
}

keepTheSheet();
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", follow);
else follow();
