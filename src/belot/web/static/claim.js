/* belot: an edit link carries the match's token after "#" (`/m/{id}#token=…`): no server or
 * proxy sees it. It is handed to the server once (POST /m/{id}/claim, which keeps it in a
 * cookie for this match) and dropped from the address — once the server answers (net.js).
 * While it cannot be reached the link stays in the address (a reload tries again), the page
 * says so in its language, and the token is handed over as soon as the server is back. */
import { claimUrl, matchPage } from "./names.js";
import { net } from "./net.js";
import { sayUnreachable } from "./needs-server.js";

const claim = /^#token=([A-Za-z0-9_-]{1,200})$/.exec(location.hash);
const path = matchPage(location.pathname);

function handOver() {
  history.replaceState(null, "", location.pathname);
  const f = document.createElement("form");
  f.method = "post";
  f.action = claimUrl(path);
  const t = document.createElement("input");
  t.type = "hidden";
  t.name = "token";
  t.value = claim[1];
  f.appendChild(t);
  document.body.appendChild(f);
  HTMLFormElement.prototype.submit.call(f);
}

let waiting = false;
function tryClaim() {
  net.reach(true).then((up) => {  // a fresh answer: a yes from before may be stale
    if (up) { handOver(); return; }
    sayUnreachable();
    if (waiting) return;
    waiting = true;
    document.addEventListener("belot:net", function back(ev) {
      if (!ev.detail.up) return;
      document.removeEventListener("belot:net", back);
      handOver();
    });
  });
}

if (claim && path && net) tryClaim();
