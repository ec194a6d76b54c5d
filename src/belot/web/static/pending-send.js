/* belot: sending what pending.js keeps on the device (docs/web.md, "Offline"), in order, each
 * with its Idempotency-Key and base version, to the page's own routes (changes.js `request`:
 * the edit token is an HttpOnly cookie the script cannot read): a deal added, a recorded deal
 * saved or deleted, a match started here. After each one the rest are based on the sheet it
 * answered with; a stale version (another phone) rebases them when that phone only added
 * deals, otherwise the server's words are kept for the player to choose (changes.js
 * `answered`). outbox(P) -> {sync, busy, moving}; P is pending.js's state (its queue, what is
 * open, the conflict, change, draw). */
import { answered, movedOn, request, tryFirst } from "./changes.js";
import { applyFields, blanks, dropOldDrafts, fieldsOf, keepBlank, restoreDraft, saveDraft }
  from "./drafts.js";
import { BUSY, isLocal, matchPage } from "./names.js";
import { net, retryAfter } from "./net.js";
import { settle } from "./panel.js";
import { rowsOf } from "./pending-sheet.js";
import * as Q from "./queue.js";

// The editor's #table from the server, in place of the one shown; what is being typed stays.
function swapTable(fresh) {
  const now = document.getElementById("table");
  if (!now || !fresh) return;
  const old = now.querySelector("form[data-draft]"), typed = old ? fieldsOf(old) : null;
  const blank = old ? blanks.get(old) : null;
  now.replaceWith(fresh);
  if (window.htmx) window.htmx.process(fresh);
  settle(fresh);
  fresh.querySelectorAll("form[data-draft]").forEach((form) => {
    keepBlank(form);
    dropOldDrafts(form);
    if (typed && JSON.stringify(typed) !== JSON.stringify(blank)) {
      applyFields(form, typed);
      saveDraft(form);
    } else {
      restoreDraft(form);
    }
  });
  document.dispatchEvent(new CustomEvent("belot:table"));
}
function sheetOf(html) {
  return new DOMParser().parseFromString(html, "text/html").getElementById("table");
}
function editorTable(path) {
  return net.fetch(path, { credentials: "same-origin", cache: "no-store" })
    .then((r) => (r.ok ? r.text() : null))
    .then((html) => (html ? sheetOf(html) : null));
}
function versionOf(t) {
  return parseInt(t.getAttribute("data-version"), 10);
}

const AGAIN = 15000;  // not through: tried again in a while, or when a busy answer says

export function outbox(P) {
  let syncing = false, moving = false, idle = [];

  function post(p) {
    const r = request(p, P.matchPath);
    return net.fetch(r.url, { method: "POST", body: r.body, credentials: "same-origin",
      headers: r.headers });
  }

  function sync(anyway) {
    if (syncing || P.editing() || !P.queue().length) return;
    if (net.down() && !anyway) return;  // net.js says when the server answers again
    if (!P.ready()) return;  // the server's edit page: its own Save first
    if (P.conflict() !== null && !anyway) return;  // the player chooses first
    syncing = true;
    P.conflict(null);
    const state = { rebased: 0, anyway: !!anyway };
    let last = null, later = AGAIN;
    function send() {
      let p = null;
      return P.change((list) => {  // its fate unknown until an answer: not reopened
        if (P.editing()) return null;
        const tried = tryFirst(list);
        p = tried && tried[0];
        return tried;
      }).then(() => (p ? post(p) : null)).then((r) => {
        if (!r) return null;
        later = retryAfter(r, AGAIN);
        if (p.kind === "create") return created(p, r);
        return r.text().then((html) => {
          const t = sheetOf(html);
          return { status: r.status, sheet: t, table: !!t, version: t ? versionOf(t) : NaN,
            rows: t ? rowsOf(t) : [], over: !!(t && t.querySelector('[data-testid="winner"]')),
            failure: t && t.querySelector('[data-testid="failure"]')
              ? t.querySelector('[data-testid="failure"]').textContent : null };
        });
      }).then((a) => {
        if (!a) return null;  // nothing sent, or a match made (or not yet): done here
        let out = null;
        return P.change((list) => {
          out = answered(list, p, a, state);
          return out.list;
        }).then(() => {
          if (out.shown) last = a.sheet;
          if (out.conflict !== undefined) P.conflict(out.conflict);
          return out.again ? send() : null;
        });
      });
    }
    // No answer, or a proxy's 502/503/504 (net.js): still kept, sent when the server is back.
    // The server asked first (net.js): a change tried is one whose fate is unknown until an
    // answer comes (it can no longer be opened), so none is tried while it cannot be reached.
    net.reach().then((up) => {
      if (!up) throw new Error("offline");
    }).then(send).catch(() => { /* still no network: kept */ })
      .then(() => (last ? editorTable(P.matchPath) : null))
      .then(null, () => null)
      .then((t) => {
        if (t || last) swapTable(t || last);
      })
      .then(() => {
        syncing = false;
        idle.splice(0).forEach((fn) => fn());
        P.draw();
        // Not through (no answer, the server busy): again in a while, while the page is open.
        if (P.queue().length && P.conflict() === null) setTimeout(() => sync(false), later);
      });
  }

  // The match the server made for one started here (its page, the edit token's cookie set
  // by the answer): the rest of the changes move to it, and it opens; they are sent from there.
  // Refused (a name the server does not take): said, and kept until the player chooses.
  function created(p, r) {
    const made = r.ok && r.redirected && matchPage(new URL(r.url).pathname);
    if (made && !isLocal(made)) {
      return Q.save(made, movedOn(P.queue())).then(() => P.change(() => []))
        .then(() => {
          moving = true;
          location.replace(made + location.search);
          return null;
        });
    }
    if (r.status >= 500 || r.status === BUSY) return null;  // try again later
    return r.text().then((html) => {
      const doc = new DOMParser().parseFromString(html, "text/html");
      const why = doc.querySelector('[data-testid="error"]');
      P.conflict(why ? why.textContent : "");
      return P.change((list) => {
        if (!list.length || list[0].key !== p.key) return null;
        list[0].tried = false;  // refused: nothing was made
        return list;
      }).then(() => null);
    });
  }

  // `fn` once nothing is being sent (at once when nothing is): a tap made meanwhile waits
  function whenIdle(fn) {
    if (syncing) idle.push(fn); else fn();
  }

  return { sync, busy: () => syncing, moving: () => moving, whenIdle };
}
