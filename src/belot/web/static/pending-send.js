/* belot: sending what pending.js keeps on the device (docs/web.md, "Offline"), in order, each
 * with its Idempotency-Key and base version, to the page's own routes (the edit token is an
 * HttpOnly cookie the script cannot read): a deal added (POST /m/{id}/deals, as htmx does), a
 * recorded deal saved or deleted (POST /m/{id}/deals/{n}), a match started here (POST /matches,
 * as its form would). After each one the rest are based on the sheet it answered with; a
 * stale version (another phone) rebases them when that phone only added deals, otherwise the
 * server's words are kept for the player to choose. window.belotPendingSend(P) -> {sync, busy,
 * moving}; P is pending.js's state (its queue, what is open, the conflict, change, draw). */
(function () {
  "use strict";
  var S = window.belotPendingSheet, D = window.belotDrafts, Net = window.belotNet;

  // The editor's #table from the server, in place of the one shown; what is being typed stays.
  function swapTable(fresh) {
    var now = document.getElementById("table");
    if (!now || !fresh) return;
    var old = now.querySelector("form[data-draft]"), typed = old ? D.fieldsOf(old) : null;
    var blank = old ? D.blanks.get(old) : null;
    now.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    D.settle(fresh);
    fresh.querySelectorAll("form[data-draft]").forEach(function (form) {
      D.keepBlank(form);
      D.dropOldDrafts(form);
      if (typed && JSON.stringify(typed) !== JSON.stringify(blank)) {
        D.applyFields(form, typed);
        D.saveDraft(form);
      } else {
        D.restoreDraft(form);
      }
    });
    document.dispatchEvent(new CustomEvent("belot:table"));
  }
  function editorTable(matchPath) {
    return Net.fetch(matchPath, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return null;
        return new DOMParser().parseFromString(html, "text/html").getElementById("table");
      });
  }


  window.belotPendingSend = function (P) {
    var syncing = false, moving = false;

    function request(p) {
      if (p.kind === "create") {  // as the new-match form would have posted it
        return Net.fetch("/matches", { method: "POST", body: new URLSearchParams(p.body),
          credentials: "same-origin" });
      }
      var body = new URLSearchParams(p.body);
      body.set("version", String(p.base));
      body.set("key", p.key);
      if (p.kind === "add") {
        return Net.fetch(P.matchPath + "/deals", { method: "POST", body: body,
          credentials: "same-origin", headers: { "HX-Request": "true", "HX-Target": "table" } });
      }
      body.set("op", p.kind);
      if (p.kind === "delete") body.set("confirm", "yes");
      return Net.fetch(P.matchPath + "/deals/" + p.row, { method: "POST", body: body,
        credentials: "same-origin" });  // answered with the sheet, after a redirect
    }

    function sync(anyway) {
      if (syncing || P.editing() || !P.queue().length) return;
      if (Net.down() && !anyway) return;  // net.js says when the server answers again
      if (!P.ready()) return;  // the server's edit page: its own Save first
      if (P.conflict() !== null && !anyway) return;  // the player chooses first
      syncing = true;
      P.conflict(null);
      var rebased = 0, last = null;
      function send() {
        var p = null;
        return P.change(function (list) {  // its fate unknown until an answer: not reopened
          if (!list.length || P.editing()) return null;
          p = list[0];
          p.tried = true;
          return list;
        }).then(function () { return p ? request(p) : null; }).then(function (r) {
          if (!r) return null;
          if (p.kind === "create") return created(p, r);
          return r.text().then(function (html) {
            var doc = new DOMParser().parseFromString(html, "text/html");
            return { status: r.status, table: doc.getElementById("table") };
          });
        }).then(function (a) {
          if (!a) return null;  // nothing sent, or a match made (or not yet): done here
          var again = false;
          return P.change(function (list) {
            if (!list.length || list[0].key !== p.key) return null;  // discarded meanwhile
            if (a.status === 200 && a.table) {  // recorded (or before: the same answer)
              list.shift();
              var rows = S.rowsOf(a.table);
              list.forEach(function (q) {
                if (p.kind === "delete" && q.row > p.row) q.row -= 1;  // those after move up
                q.rows = rows;
              });
              last = a.table;
              again = true;
              return list;
            }
            var now = a.table ? P.versionOf(a.table) : NaN;
            var stale = a.status === 409 && now > p.base, rows2 = a.table ? S.rowsOf(a.table) : [];
            var onlyAdded = stale && !a.table.querySelector('[data-testid="winner"]') &&
              p.rows.every(function (r, i) { return rows2[i] === r; });
            if (stale && (onlyAdded || anyway) && rebased < 5) {  // on the new sheet: applies
              rebased += 1;
              anyway = false;
              list.forEach(function (q, i) { q.base = now + i; q.rows = rows2; });
              list[0].tried = false;
              again = true;
              return list;
            }
            if (a.status >= 500 || a.status === 429 || !a.table) return null;  // later
            var failure = a.table.querySelector('[data-testid="failure"]');
            P.conflict(failure ? failure.textContent : "");
            list[0].tried = false;  // refused: the server has not recorded it
            last = a.table;
            return list;
          }).then(function () { return again ? send() : null; });
        });
      }
      // No answer, or a proxy's 502/503/504 (net.js): still kept, sent when the server is back.
      // The server asked first (net.js): a change tried is one whose fate is unknown until an
      // answer comes (it can no longer be opened), so none is tried while it cannot be reached.
      Net.reach().then(function (up) {
        if (!up) throw new Error("offline");
      }).then(send).catch(function () { /* still no network: kept */ })
        .then(function () { return last ? editorTable(P.matchPath) : null; })
        .then(null, function () { return null; })
        .then(function (t) {
          if (t || last) swapTable(t || last);
        })
        .then(function () {
          syncing = false;
          P.draw();
          // Not through (no answer, the server busy): again in a while, while the page is open.
          if (P.queue().length && P.conflict() === null) {
            setTimeout(function () { sync(false); }, 15000);
          }
        });
    }

    // The match the server made for one started here (its page, the edit token's cookie set
    // by the answer): the rest of the changes move to it, and it opens; they are sent from there.
    // Refused (a name the server does not take): said, and kept until the player chooses.
    function created(p, r) {
      var made = r.ok && r.redirected && /^\/m\/[A-Za-z0-9_-]+$/.exec(new URL(r.url).pathname);
      if (made && !/^\/m\/local-/.test(made[0])) {
        var rest = P.queue().slice(1).map(function (q) { return Object.assign({}, q); });
        P.renumber(rest, 0);
        rest.forEach(function (q) { q.rows = []; });
        return window.belotQueue.save(made[0], rest).then(function () {
          return P.change(function () { return []; });
        }).then(function () {
          moving = true;
          location.replace(made[0] + location.search);
          return null;
        });
      }
      if (r.status >= 500 || r.status === 429) return null;  // try again later
      return r.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var why = doc.querySelector('[data-testid="error"]');
        P.conflict(why ? why.textContent : "");
        return P.change(function (list) {
          if (!list.length || list[0].key !== p.key) return null;
          list[0].tried = false;  // refused: nothing was made
          return list;
        }).then(function () { return null; });
      });
    }

    return {
      sync: sync,
      busy: function () { return syncing; },
      moving: function () { return moving; }
    };
  };
})();
