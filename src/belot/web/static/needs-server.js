/* belot: a page's own post that the server must take (a club, a player, a tournament, the edit
 * link's claim…) is made only once the server answers (net.js), whatever navigator.onLine
 * says; otherwise the page stays as it is, with what was typed, and says in its language that
 * the server cannot be reached — never the browser's error page (docs/web.md, "Offline").
 * The words are on the page's app.js script tag (data-unreachable). A page the service worker
 * drew because the server could not be reached (`unreachable-page`) opens the address again
 * once the server answers. Posts that other scripts keep on the device (pending.js,
 * newmatch.js, offline.js) never come here: they are taken first (defaultPrevented). */
import { net } from "./net.js";

function words() {
  const tag = document.querySelector("script[data-unreachable]");
  return tag ? tag.getAttribute("data-unreachable") : "";
}

/** Say it at the top of the page (once). */
export function sayUnreachable() {
  let note = document.querySelector('[data-testid="unreachable"]');
  if (!note) {
    note = document.createElement("p");
    note.className = "error unreachable";
    note.setAttribute("role", "alert");
    note.setAttribute("data-testid", "unreachable");
    note.textContent = words();
    const main = document.getElementById("main") || document.body;
    main.prepend(note);
  }
  note.hidden = false;
}

function hide() {
  const note = document.querySelector('[data-testid="unreachable"]');
  if (note) note.hidden = true;
}

document.addEventListener("belot:net", (ev) => {
  if (!ev.detail.up) return;
  hide();
  const drawn = document.querySelector('[data-testid="unreachable-page"]');
  if (drawn && !location.hash.startsWith("#token=")) location.reload();  // claim.js posts it
});

// Last in line (window, bubbling): the page scripts' own submit handlers have had their say.
window.addEventListener("submit", (ev) => {
  const form = ev.target;
  if (ev.defaultPrevented || !(form instanceof HTMLFormElement) || !net) return;
  if ((form.getAttribute("method") || "get").toLowerCase() !== "post") return;
  net.post(ev, sayUnreachable);
});
