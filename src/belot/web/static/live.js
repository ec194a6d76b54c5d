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
  source.addEventListener("next", (e) => {
    const next = JSON.parse(e.data).match;
    if (isId(next)) {
      source.close();
      location.assign(`/m/${next}`);
    }
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", follow);
else follow();
