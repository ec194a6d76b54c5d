/* belot: a whole match offline (docs/web.md, "Offline"), on a match page beside app.js.
 * An Add that cannot reach the server is kept on the device as a pending deal: its form, its Idempotency-Key (the form's
 * `key`) and the version it is based on, in `localStorage` under `pending:/m/{id}`. The
 * sheet shows it (`pending`) and the form is fresh for the next deal. When the network
 * is back (the `online` event, a page load) they are sent in order, each with its own
 * key (a retry is recorded once); once the server has them they leave the device and
 * the sheet comes from the server. If another phone changed the match meanwhile (409,
 * stale version) and only added deals, the rest is sent on the new version; otherwise
 * the page says so and keeps them until the player sends them anyway or discards them.
 * A kept deal can be edited before it is sent (✎ on its row): its form opens in the deal
 * form, and the next Add (or All passed) replaces the kept form, same key, same place.
 * app.js shares its draft code (window.belotDrafts) and says when a sheet came
 * ("belot:table"). */
(function () {
  "use strict";
  var D = window.belotDrafts;
  if (!D || !/^\/m\/[A-Za-z0-9_-]+$/.test(location.pathname)) return;

  var matchPath = location.pathname;
  var conflict = null;  // the server's words when the pending deals no longer apply
  var syncing = false;
  var editing = null;  // the key of the kept deal whose form is open in the deal form

  function pendingKey() { return "pending:" + matchPath; }
  function loadPending() {
    if (!matchPath || !D.store) return [];
    try { return JSON.parse(D.store.getItem(pendingKey()) || "[]") || []; } catch (e) { return []; }
  }
  function savePending(list) {
    try {
      if (list.length) D.store.setItem(pendingKey(), JSON.stringify(list));
      else D.store.removeItem(pendingKey());
    } catch (e) { /* full or off: the deal stays in the form */ }
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "k" + Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  // The sheet's deals as the server drew them: each row's points, to tell whether another
  // phone only added deals (they still apply) or changed the ones these were added after.
  function rowsOf(table) {
    return Array.prototype.map.call(table.querySelectorAll('tr[data-testid^="row-"]'),
      function (tr) {
        return Array.prototype.map.call(tr.querySelectorAll("[data-value]"), function (v) {
          return v.getAttribute("data-value");
        }).join(":");
      });
  }
  function versionOf(table) { return parseInt(table.getAttribute("data-version"), 10); }

  function keepPending(button) {  // true when the deal is kept on the device
    var form = button.form, table = document.getElementById("table");
    if (!matchPath || !D.store || !form || !table || !/:new$/.test(D.draftKey(form) || "")) {
      return false;
    }
    var body = new URLSearchParams(new FormData(form));
    body.set("op", button.value);
    var list = loadPending(), at = indexOf(list, editing);
    if (at >= 0) {  // an edit of a kept deal: its form replaced, its key and place kept
      body.set("key", list[at].key);
      list[at].body = body.toString();
    } else {
      if (list.some(function (p) { return p.key === body.get("key"); })) body.set("key", newKey());
      list.push({ key: body.get("key"), base: versionOf(table) + list.length,
        body: body.toString(), rows: rowsOf(table) });
    }
    savePending(list);
    var kept = loadPending();
    if (kept.length !== list.length || (at >= 0 && kept[at].body !== list[at].body)) {
      return false;  // not kept: say it failed
    }
    stopEditing(form);
    try { D.store.removeItem(D.draftKey(form)); } catch (e) { /* gone with the storage */ }
    D.applyFields(form, D.blanks.get(form) || {});  // a fresh form for the next deal
    form.elements.namedItem("key").value = newKey();
    drawPending();
    window.scrollTo(0, 0);
    return true;
  }

  function indexOf(list, key) {
    for (var i = 0; key && i < list.length; i += 1) if (list[i].key === key) return i;
    return -1;
  }
  function addButton(form) { return form && form.querySelector('[data-testid="add-deal"]'); }
  // ✎ on a kept row: its form in the deal form (what was being typed gives way, as on the
  // server's edit page); the Add button says "Save deal N". Not while they are being sent.
  function editPending(key) {
    var form = document.querySelector("#table form[data-draft]"), list = loadPending();
    var at = indexOf(list, key), add = addButton(form);
    if (syncing || at < 0 || !form || !add) return;
    var fields = {};
    new URLSearchParams(list[at].body).forEach(function (value, name) {
      if (["key", "version", "op", "lang"].indexOf(name) < 0) fields[name] = value;
    });
    D.applyFields(form, D.blanks.get(form) || {});
    D.applyFields(form, fields);  // app.js keeps them as the form's draft, over a reload
    setEditing(key);
    showEditing(form);
    drawPending();
    var heading = document.getElementById("deal");
    if (heading) heading.scrollIntoView();
  }
  // Which kept deal is open, kept beside the queue: a reload opens it again (its fields come
  // back as the form's draft), so Save still replaces it rather than adding it again.
  function editKey() { return "pending-edit:" + matchPath; }
  function setEditing(key) {
    editing = key;
    try {
      if (key) D.store.setItem(editKey(), key);
      else D.store.removeItem(editKey());
    } catch (e) { /* full or off: open until the page goes */ }
  }
  function showEditing(form) {
    var add = addButton(form);
    if (!add) return;
    if (!add.hasAttribute("data-text")) add.setAttribute("data-text", add.textContent);
    if (!form.querySelector('[data-pending="cancel"]')) {  // back to a new deal, kept as it was
      var cancel = document.createElement("button");
      cancel.type = "button";
      cancel.className = "button";
      cancel.textContent = word("data-cancel", 0);
      cancel.setAttribute("data-pending", "cancel");
      cancel.setAttribute("data-testid", "pending-cancel");
      add.after(cancel);
      var drop = document.createElement("button");  // or it goes from the queue, never sent
      drop.type = "button";
      drop.className = "button danger";
      drop.setAttribute("data-pending", "drop");
      drop.setAttribute("data-testid", "pending-delete");
      cancel.after(drop);
    }
  }
  function stopEditing(form) {
    var add = addButton(form);
    setEditing(null);
    if (add && add.hasAttribute("data-text")) add.textContent = add.getAttribute("data-text");
    if (form) {
      form.querySelectorAll('[data-pending="cancel"], [data-pending="drop"]').forEach(function (b) {
        b.remove();
      });
    }
  }
  function dropPending() {  // the open kept deal leaves the queue; those after it move up
    var list = loadPending(), at = indexOf(list, editing);
    if (at < 0) return;
    list.splice(at, 1);
    list.forEach(function (p, i) { if (i >= at) p.base -= 1; });
    savePending(list);
    cancelEdit();
  }
  function cancelEdit() {  // the kept deal stays as it was; a fresh form for the next deal
    var form = document.querySelector("#table form[data-draft]");
    if (!editing || !form) return;
    stopEditing(form);
    D.applyFields(form, D.blanks.get(form) || {});
    try { D.store.removeItem(D.draftKey(form)); } catch (e) { /* gone with the storage */ }
  }

  function cell(text, cls) {
    var td = document.createElement("td");
    if (cls) td.className = cls;
    td.textContent = text;
    return td;
  }

  function word(name, n) {  // "Edit deal {n}", "Save deal {n}" in the page's language
    var box = document.querySelector('[data-testid="pending-box"]');
    return ((box && box.getAttribute(name)) || "{n}").replace("{n}", String(n));
  }

  function drawPending() {
    var table = document.getElementById("table");
    var box = table && table.querySelector('[data-testid="pending-box"]');
    if (!box) return;
    var body = table.querySelector('[data-testid="sheet"] tbody');
    body.querySelectorAll('tr[data-testid="pending"]').forEach(function (tr) { tr.remove(); });
    var list = loadPending(), n = table.querySelectorAll('tr[data-testid^="row-"]').length;
    list.forEach(function (p, i) {
      var tr = document.createElement("tr");
      tr.setAttribute("data-testid", "pending");
      tr.setAttribute("data-key", p.key);
      tr.className = "pending";
      tr.appendChild(cell(String(n + i + 1), "n"));
      tr.appendChild(cell("…"));
      tr.appendChild(cell("…"));
      tr.appendChild(cell(box.getAttribute("data-word"), "marks"));
      var actions = document.createElement("div"), edit = document.createElement("button");
      actions.className = "row-actions";
      edit.type = "button";
      edit.textContent = "✎";
      edit.setAttribute("data-pending", "edit");
      edit.setAttribute("data-key", p.key);
      edit.setAttribute("data-testid", "pending-edit-" + (n + i + 1));
      edit.setAttribute("aria-label", word("data-edit", n + i + 1));
      actions.appendChild(edit);
      var last = cell("");
      last.appendChild(actions);
      tr.appendChild(last);
      body.appendChild(tr);
    });
    var at = indexOf(list, editing), add = addButton(table.querySelector("form[data-draft]"));
    if (at < 0 && editing) stopEditing(table.querySelector("form[data-draft]"));
    if (at >= 0 && add) {
      add.textContent = word("data-save", n + at + 1);
      var drop = add.form && add.form.querySelector('[data-pending="drop"]');
      if (drop) drop.textContent = word("data-delete", n + at + 1);
    }
    totals(table, list);
    box.hidden = list.length === 0;
    var none = table.querySelector('[data-testid="sheet"] + p.meta');  // "No deals yet."
    if (none) none.hidden = list.length > 0;
    var heading = document.getElementById("deal");  // "Deal N": the next after those kept
    if (heading) {
      if (!heading.hasAttribute("data-text")) heading.setAttribute("data-text", heading.textContent);
      heading.textContent = at >= 0 ? word("data-edit", n + at + 1)
        : heading.getAttribute("data-text").replace(/\d+/, String(n + list.length + 1));
    }
    var note = box.querySelector('[data-testid="pending-conflict"]');
    if (note) {
      note.hidden = !conflict || !list.length;
      var why = note.querySelector(".why");
      if (why) why.textContent = conflict || "";
    }
    document.dispatchEvent(new CustomEvent("belot:pending", { detail: { list: list } }));
  }

  // The totals with the deals kept here, from the core's own `Match` replay in the engine
  // (offline.js's Web Worker, engine.replay) on the match as the server last sent it (kept by
  // keepPage at the version shown). No engine, or another version: shown without totals.
  var asked = 0;
  function totals(table, list) {
    var mine = ++asked, api = "/api/v1/matches/" + matchPath.split("/")[2];
    if (!list.length || !window.belotAsk || !window.caches) return;
    caches.match(api).then(function (r) { return r ? r.json() : null; }).then(function (match) {
      if (!match || String(match.version) !== table.getAttribute("data-version")) return null;
      var question = { match: match, pending: list.map(function (p) { return p.body; }) };
      return window.belotAsk({ op: "replay", question: JSON.stringify(question) });
    }).then(function (a) {
      var out = a && JSON.parse(a.json);
      if (!out || !out.rows || mine !== asked) return;
      var rows = table.querySelectorAll('tr[data-testid="pending"]');
      out.rows.forEach(function (r, i) {
        var tr = rows[i];
        if (!tr) return;
        ["us", "them"].forEach(function (t, j) {
          var td = tr.children[j + 1], tot = document.createElement("bdi");
          var small = document.createElement("small"), pts = document.createElement("bdi");
          tot.className = "tot";
          tot.textContent = r["total_" + t];
          small.className = "pts";
          pts.textContent = r[t];
          small.append("+", pts);
          td.replaceChildren(tot, small);
          tr.setAttribute("data-" + t, r[t]);
          tr.setAttribute("data-total-" + t, r["total_" + t]);
        });
      });
    }).catch(function () { /* no engine: kept without totals */ });
  }

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
  function editorTable() {
    return fetch(matchPath, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return null;
        return new DOMParser().parseFromString(html, "text/html").getElementById("table");
      });
  }

  function sync(anyway) {
    if (syncing || editing || !matchPath || navigator.onLine === false || !loadPending().length) {
      return;
    }
    if (conflict && !anyway) return;  // the player chooses first
    syncing = true;
    conflict = null;
    var rebased = 0, sent = false;
    function send() {
      var list = loadPending();
      if (!list.length || editing) return null;  // one being edited: the rest after it
      var p = list[0], body = new URLSearchParams(p.body);
      body.set("version", String(p.base));
      return fetch(matchPath + "/deals", {
        method: "POST", body: body, credentials: "same-origin",
        headers: { "HX-Request": "true", "HX-Target": "table" }
      }).then(function (r) {
        return r.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          return { status: r.status, table: doc.getElementById("table") };
        });
      }).then(function (a) {
        var list = loadPending();
        if (!list.length || list[0].key !== p.key) return null;  // discarded meanwhile
        if (a.status === 200 && a.table) {  // recorded (or recorded before: the same answer)
          list.shift();
          savePending(list);
          sent = true;
          return send();
        }
        var failure = a.table && a.table.querySelector('[data-testid="failure"]');
        var now = a.table ? versionOf(a.table) : NaN;
        var stale = a.status === 409 && now > p.base;
        var rows = a.table ? rowsOf(a.table) : [];
        var onlyAdded = stale && !a.table.querySelector('[data-testid="winner"]') &&
          p.rows.every(function (r, i) { return rows[i] === r; });
        if (stale && (onlyAdded || anyway) && rebased < 5) {  // rebase on the new sheet
          rebased += 1;
          anyway = false;
          list.forEach(function (q, i) { q.base = now + i; q.rows = rows; });
          savePending(list);
          return send();
        }
        if (a.status >= 500 || a.status === 429 || !a.table) return null;  // try again later
        conflict = failure ? failure.textContent : "";
        sent = true;
        return null;
      });
    }
    Promise.resolve().then(send).catch(function () { /* still no network: kept */ })
      .then(function () { return sent ? editorTable() : null; })
      .then(function (fresh) { if (fresh) swapTable(fresh); }, function () { /* later */ })
      .then(function () {
        syncing = false;
        drawPending();
        // Not through (no answer, the server busy): again in a while, while the page is open.
        if (loadPending().length && !conflict) setTimeout(function () { sync(false); }, 15000);
      });
  }

  function pendingCame() {
    var list = loadPending(), form = document.querySelector("#table form[data-draft]");
    var open = null;  // a kept deal open in the form before a reload: open again
    try { open = D.store.getItem(editKey()); } catch (e) { open = null; }
    if (form && indexOf(list, open) >= 0 && addButton(form)) {
      editing = open;
      showEditing(form);
    } else {
      stopEditing(form);  // a new #table: its form is fresh
    }
    // A page from the device's cache carries the key of a deal already kept: a new one.
    if (form && list.some(function (p) { return p.key === form.elements.namedItem("key").value; })) {
      form.elements.namedItem("key").value = newKey();
    }
    drawPending();
    sync(false);
  }
  document.addEventListener("belot:table", pendingCame);
  window.addEventListener("online", function () { sync(false); });
  document.addEventListener("click", function (ev) {
    var button = ev.target instanceof Element ? ev.target.closest("[data-pending]") : null;
    if (!button) return;
    var what = button.getAttribute("data-pending");
    if (what === "edit") {
      editPending(button.getAttribute("data-key"));
    } else if (what === "cancel" || what === "drop") {
      if (what === "drop") dropPending();
      else cancelEdit();
      drawPending();
      sync(false);
    } else if (what === "discard") {
      cancelEdit();
      savePending([]);
      conflict = null;
      drawPending();
    } else {
      sync(true);
    }
  });

  // An Add while deals wait here goes after them, in order; one that cannot reach the
  // server is kept (app.js has said "send-failed" first: taken back).
  function sender(ev) {
    var elt = ev.detail && ev.detail.elt;
    return elt instanceof HTMLButtonElement && elt.hasAttribute("data-busy") ? elt : null;
  }
  document.addEventListener("htmx:beforeRequest", function (ev) {
    var button = sender(ev);
    if (button && loadPending().length && keepPending(button)) {
      ev.preventDefault();
      sync(false);
    }
  });
  document.addEventListener("htmx:sendError", function (ev) {
    var button = sender(ev);
    if (button && keepPending(button)) {
      button.form.querySelectorAll('[data-testid="send-failed"]').forEach(function (note) {
        note.hidden = true;
      });
    }
  });

  // The page as the server drew it, kept on the device (the service worker shows it offline)
  // when the sheet changes; the service worker also keeps every match page it fetches.
  var keptAt = null;
  function keepPage() {
    var table = document.getElementById("table");
    var version = table ? table.getAttribute("data-version") : null;
    if (!window.caches || navigator.onLine === false || version === keptAt) return;
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    keptAt = version;
    caches.open("belot-matches").then(function (cache) {  // the page, and its match (totals)
      return cache.addAll([location.pathname, "/api/v1/matches/" + matchPath.split("/")[2]]);
    }).catch(function () { keptAt = null; });
  }
  document.addEventListener("belot:table", keepPage);
  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("controllerchange", keepPage);
  }
})();
