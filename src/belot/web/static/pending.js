/* belot: a whole match offline (docs/web.md, "Offline"), on a match page beside app.js.
 * A change that cannot reach the server is kept on the device (queue.js: IndexedDB) with its
 * Idempotency-Key (the form's `key`) and the version it is based on: a deal added (`add`), a
 * recorded deal edited (`save`) or deleted (`delete`, also an Undo; `row` is its number on the
 * server's sheet), a match started here (`create`, newmatch.js). pending-sheet.js draws them
 * on the sheet with the totals from the core's own Match replay on the device;
 * pending-send.js sends them in order when the network is back.
 * A kept change can be opened again before it is sent (✎ on its row); a recorded deal opens
 * in the deal form offline (its fields from the engine, `engine.fields`), also when the
 * service worker answers its edit page's address with the match page. On the server's edit
 * page, a Save or Delete made offline is kept the same way.
 * app.js shares its draft code (window.belotDrafts) and says when a sheet came ("belot:table"). */
(function () {
  "use strict";
  var D = window.belotDrafts, Q = window.belotQueue, S = window.belotPendingSheet;
  var Net = window.belotNet;  // "offline": the server cannot be reached (net.js)
  if (!window.belotPendingSend || !Net) return;
  var at = /^(\/m\/[A-Za-z0-9_-]+)(?:\/deals\/(\d+))?$/.exec(location.pathname);
  if (!D || !Q || !S || !at) return;

  var matchPath = at[1];
  // A match started offline (newmatch.js): only on this device until its `create` is sent.
  var local = /^\/m\/local-/.test(matchPath) &&
    document.querySelector('[data-testid="local-match"]');
  if (local) {  // the shell's drafts are this match's own
    document.querySelectorAll("form[data-draft]").forEach(function (f) {
      f.setAttribute("data-draft", f.getAttribute("data-draft").replace(/^draft:\/m\/local:/,
        "draft:" + matchPath + ":"));
    });
  }
  var askedRow = at[2] ? parseInt(at[2], 10) : null;  // /m/{id}/deals/{n}
  var queue = [];
  function normal(p) { p.kind = p.kind || "add"; return p; }  // kept by an earlier belot: adds
  var loaded = Q.load(matchPath).then(function (list) { queue = list.map(normal); },
    function () { /* nothing kept */ });
  var conflict = null;  // the server's words when the kept changes no longer apply
    // What is open in the deal form: {key}, a kept change; {row, version}, a recorded deal.
  var editing = null;

  function table() { return document.getElementById("table"); }
  function formOf() { return document.querySelector("#table form[data-draft]"); }
  function isNewForm(form) { return !!form && /:new$/.test(D.draftKey(form) || ""); }
  function addButton(form) { return form && form.querySelector('[data-testid="add-deal"]'); }
  function versionOf(t) { return parseInt(t.getAttribute("data-version"), 10); }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "k" + Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function indexOf(list, key) {
    for (var i = 0; key && i < list.length; i += 1) if (list[i].key === key) return i;
    return -1;
  }
  function opOfRow(list, row) {  // the kept save or delete of the server's deal `row`
    for (var i = 0; i < list.length; i += 1) if (list[i].row === row) return list[i];
    return null;
  }
  function renumber(list, start) { list.forEach(function (p, i) { p.base = start + i; }); }
  function startOf(list, t) { return list.length ? list[0].base : versionOf(t); }
  // The kept list changed in one transaction on the device, from what is kept there now (so
  // another tab's changes meanwhile are not written over); `edit(list)` changes it and
  // returns it, or null for no change. `queue` (what the page shows) once it is there.
  function change(edit) {
    return Q.update(matchPath, function (list) { return edit(list.map(normal)); })
      .then(function (kept) { queue = kept.map(normal); return kept; });
  }

  // -- what is open in the deal form ---------------------------------------------------------
  // Kept beside the queue: a reload opens it again (its fields come back as the form's
  // draft), so Save still replaces it rather than adding it again.
  function editKey() { return "pending-edit:" + matchPath; }
  function setEditing(what) {
    editing = what;
    try {
      if (what) D.store.setItem(editKey(), JSON.stringify(what));
      else D.store.removeItem(editKey());
    } catch (e) { /* full or off: open until the page goes */ }
  }
  function savedEditing() {
    try { return JSON.parse(D.store.getItem(editKey()) || "null"); } catch (e) { return null; }
  }
  function editedKind() {
    if (!editing) return null;
    if (editing.row) return "save";
    var i = indexOf(queue, editing.key);
    return i < 0 ? null : queue[i].kind;
  }

  function fresh(form) {  // a fresh form for the next deal
    D.applyFields(form, D.blanks.get(form) || {});
    try { D.store.removeItem(D.draftKey(form)); } catch (e) { /* gone with the storage */ }
    form.elements.namedItem("key").value = newKey();
  }
  function opened(form, fields) {
    D.applyFields(form, D.blanks.get(form) || {});
    D.applyFields(form, fields);  // app.js keeps them as the form's draft, over a reload
    S.showEditing(form, editedKind());
    draw();
    var heading = document.getElementById("deal");
    if (heading) heading.scrollIntoView();
  }
  function openKept(key) {  // ✎ on a kept row: its form in the deal form
    var form = formOf(), i = indexOf(queue, key);
    if (outbox.busy() || i < 0 || queue[i].tried || !isNewForm(form) || !addButton(form)) return;
    var fields = {};
    new URLSearchParams(queue[i].body).forEach(function (value, name) {
      if (["key", "version", "op", "lang", "confirm"].indexOf(name) < 0) fields[name] = value;
    });
    setEditing({ key: key });
    opened(form, fields);
  }
  // A recorded deal opened offline: what was typed into its edit page if that is kept
  // (app.js's draft of it), else its fields as its edit page would have them (the engine).
  function openRow(row, href) {
    var form = formOf(), t = table();
    if (outbox.busy() || !isNewForm(form) || !t) return;
    var version = t.getAttribute("data-version"), draft = null;
    try {
      var key = "draft:" + matchPath + ":" + version + ":" + row;
      draft = JSON.parse(D.store.getItem(key) || "null");
    } catch (e) { draft = null; }
    var fields = draft ? Promise.resolve(draft) : S.askFields(matchPath, t, row);
    fields.then(function (found) {
      if (!found) {  // no engine on this device yet: the server's edit page, if it answers
        if (href) location.href = href;
        return;
      }
      setEditing({ row: row, version: version });
      opened(form, found);
    });
  }
  function stopEditing(form) {
    setEditing(null);
    S.hideEditing(form);
  }
  function cancelEdit() {  // what was kept stays as it was; a fresh form for the next deal
    var form = formOf();
    if (!editing || !form) return;
    stopEditing(form);
    fresh(form);
  }

  // -- keeping changes -------------------------------------------------------------------------
  function rowsOf(t) { return S.rowsOf(t); }

  // The deal form's Add, All passed or Save (of what is open) while changes wait here or the
  // network is gone. True when it is being kept (app.js said "send-failed" first: taken back).
  function keepForm(button) {
    var form = button.form, t = table();
    if (!isNewForm(form) || !t) return false;
    var body = new URLSearchParams(new FormData(form));
    body.set("op", button.value);
    var rows = rowsOf(t), open = editing;
    change(function (list) {
      var start = startOf(list, t), i = open && open.key ? indexOf(list, open.key) : -1;
      if (i >= 0) {  // a kept change opened again: its form replaced, its key and place kept
        body.set("key", list[i].key);
        if (list[i].kind !== "add") body.set("op", "save");
        list[i].kind = list[i].kind === "add" ? "add" : "save";
        list[i].body = body.toString();
      } else if (open && open.row) {
        body.set("op", "save");
        body.set("key", newKey());
        list.push({ kind: "save", row: open.row, key: body.get("key"), body: body.toString(),
          rows: rows });
      } else {
        if (indexOf(list, body.get("key")) >= 0) body.set("key", newKey());
        list.push({ kind: "add", key: body.get("key"), body: body.toString(), rows: rows });
      }
      renumber(list, start);
      return list;
    }).then(function () {
      stopEditing(form);
      fresh(form);
      S.sendNote(form, null);
      draw();
      window.scrollTo(0, 0);
      sync(false);
    }, function () { S.sendNote(form, "send-failed"); });  // not kept: the form stays as typed
    return true;
  }

  // A recorded deal's Delete (asked first, as on the server) or a kept add's (it never goes).
  function deleteOpen() {
    var t = table(), open = editing, rows = rowsOf(t);
    change(function (list) {
      var start = startOf(list, t), i = open && open.key ? indexOf(list, open.key) : -1;
      if (i >= 0 && list[i].kind === "add") {
        list.splice(i, 1);
      } else if (i >= 0) {
        list[i].kind = "delete";
        list[i].body = "lang=" + (new URLSearchParams(list[i].body).get("lang") || "");
      } else if (open && open.row) {
        list.push({ kind: "delete", row: open.row, key: newKey(), body: "", rows: rows });
      } else {
        return null;
      }
      renumber(list, start);
      return list;
    }).then(function () { cancelEdit(); draw(); sync(false); });
  }
  function putBack(key) {  // a kept delete taken back before it is sent
    var t = table();
    if (outbox.busy()) return;
    change(function (list) {
      var i = indexOf(list, key), start = startOf(list, t);
      if (i < 0 || list[i].tried) return null;
      list.splice(i, 1);
      renumber(list, start);
      return list;
    }).then(draw);
  }

  // On the server's edit page (/m/{id}/deals/{n}): a Save or Delete that cannot reach the
  // server (net.js asks it first), or made while changes wait here, is kept like the rest
  // (after them) and the match page opens (offline: the service worker's copy). Otherwise it
  // is the page's own post; if that fails after all, what was typed is still the form's
  // draft, and the deal opened offline from the match page starts from it (openRow).
  function editPageRow(form) {
    var m = /\/deals\/(\d+)(?:#.*)?$/.exec(form.getAttribute("action") || "");
    return m && !isNewForm(formOf()) ? parseInt(m[1], 10) : null;
  }
  function keepEdit(form, row, body) {
    var t = table(), rows = rowsOf(t), key = body.get("key") || newKey();
    var kind = body.get("op") === "delete" ? "delete" : "save";
    change(function (list) {
      var start = startOf(list, t), prior = opOfRow(list, row);
      if (prior && !prior.tried) {
        prior.kind = kind;
        prior.body = body.toString();
      } else {
        list.push({ kind: kind, row: row, key: key, body: body.toString(), rows: rows });
      }
      renumber(list, start);
      return list;
    }).then(function () {
      var draft = formOf();
      try { if (draft) D.store.removeItem(D.draftKey(draft)); } catch (e) { /* gone */ }
      if (!Net.down() || (navigator.serviceWorker && navigator.serviceWorker.controller)) {
        location.replace(matchPath);  // offline: the service worker's copy
      } else {
        draw();
      }
    }, function () { S.sendNote(formOf(), "send-failed"); });
  }
  document.addEventListener("submit", function (ev) {
    var form = ev.target, submitter = ev.submitter;
    if (!(form instanceof HTMLFormElement) || !(submitter instanceof HTMLButtonElement)) return;
    var row = editPageRow(form), op = submitter.value;
    if (!row || (op !== "save" && op !== "delete")) return;
    var sure = !!form.querySelector('[name="confirm"]');
    function here() {
      if (op === "delete" && !sure) {  // asked here first, as the server does
        var yes = document.createElement("input");
        yes.type = "hidden";
        yes.name = "confirm";
        yes.value = "yes";
        form.appendChild(yes);
        submitter.setAttribute("data-n", String(row));
        S.askSure(submitter);
        return;
      }
      keepEdit(form, row, new URLSearchParams(new FormData(form, submitter)));
    }
    if (queue.length || Net.down()) {
      ev.preventDefault();
      here();
    } else {
      Net.post(ev, here);
    }
  });

  // Undo offline (the server cannot be reached, or behind kept changes): the last deal as the
  // sheet will stand goes — a kept add leaves the queue, a recorded deal is kept as deleted
  // (its kept edit dropped). A Redo needs the server (its cookie): offline it stays as it is.
  function undoHere() {
    var t = table(), last = S.lastDeal(queue), rows = rowsOf(t);
    if (!last || (last.add && last.add.tried) || (last.op && last.op.tried)) return;
    change(function (list) {
      var start = startOf(list, t), i = indexOf(list, (last.add || last.op || {}).key);
      if (last.add || last.op) {
        if (i < 0 || list[i].tried) return null;  // sent meanwhile (another tab)
        if (last.add) list.splice(i, 1);
        else list[i] = Object.assign(list[i], { kind: "delete", body: "" });
      } else {
        list.push({ kind: "delete", row: last.row, key: newKey(), body: "", rows: rows });
      }
      renumber(list, start);
      return list;
    }).then(function () { draw(); sync(false); });
  }
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    var step = form instanceof HTMLFormElement && /\/(undo|redo)$/.exec(form.action);
    if (!step || !table() || ev.defaultPrevented) return;
    if (outbox.busy()) { ev.preventDefault(); return; }  // sending: tapped again once it is done
    var here = step[1] === "undo" ? undoHere : draw;
    if (queue.length || Net.down()) {
      ev.preventDefault();
      here();
    } else {
      Net.post(ev, here);
    }
  });

  // -- sending (pending-send.js) -----------------------------------------------------------
  var outbox = window.belotPendingSend({
    matchPath: matchPath,
    queue: function () { return queue; },
    editing: function () { return editing; },
    conflict: function (said) {
      if (said !== undefined) conflict = said;
      return conflict;
    },
    change: change, renumber: renumber, versionOf: versionOf,
    ready: function () { return isNewForm(formOf()); },  // not on the server's edit page
    draw: function () { draw(); }
  });
  function sync(anyway) { outbox.sync(anyway); }

  function draw() {
    if (outbox.moving()) return;
    S.draw(queue, { editing: editing, conflict: conflict, local: local });
  }

  function tableCame() {
    loaded.then(function () {
      if (local && queue.length && queue[0].kind === "create") S.localPage(local, queue[0].body);
      var form = formOf(), t = table(), open = savedEditing();
      var keptOpen = open && open.key && indexOf(queue, open.key) >= 0;
      var rowOpen = open && open.row && t && open.version === t.getAttribute("data-version") &&
        !opOfRow(queue, open.row);
      if (isNewForm(form) && addButton(form) && (keptOpen || rowOpen)) {
        editing = open;
        S.showEditing(form, editedKind());
      } else if (form) {
        stopEditing(form);  // a new #table: its form is fresh
      }
      // A page from the device's cache carries the key of a change already kept: a new one.
      if (isNewForm(form) && indexOf(queue, form.elements.namedItem("key").value) >= 0) {
        form.elements.namedItem("key").value = newKey();
      }
      draw();
      if (askedRow && isNewForm(form)) {  // the service worker's match page for an edit page
        var row = askedRow;
        askedRow = null;
        history.replaceState(null, "", matchPath + location.search);
        if (!editing) openRow(row, null);
      }
      sync(false);
    });
  }
  document.addEventListener("belot:table", tableCame);
  Q.changed(matchPath, function () {  // another tab of this match kept or sent something
    Q.load(matchPath).then(function (list) {
      queue = list.map(normal);
      if (!outbox.busy()) draw();
    });
  });
  document.addEventListener("belot:net", function (ev) { if (ev.detail.up) sync(false); });

  document.addEventListener("click", function (ev) {
    var el = ev.target instanceof Element ? ev.target : null;
    var link = el && el.closest('#table a[data-testid^="edit-"]');
    if (link) {  // ✎ on a recorded deal: a kept change of it opens; offline, the deal here
      var row = parseInt(link.getAttribute("data-testid").slice(5), 10), kept = opOfRow(queue, row);
      if (kept) {
        ev.preventDefault();
        openKept(kept.key);
      } else if (Net.down() && isNewForm(formOf())) {
        ev.preventDefault();
        openRow(row, link.href);
      }
      return;
    }
    var button = el && el.closest("[data-pending]");
    if (!button) return;
    var what = button.getAttribute("data-pending");
    if (what === "edit") {
      openKept(button.getAttribute("data-key"));
    } else if (what === "back") {
      putBack(button.getAttribute("data-key"));
    } else if (what === "cancel") {
      cancelEdit();
      draw();
      sync(false);
    } else if (what === "drop") {
      if (editedKind() !== "add" && !button.hasAttribute("data-sure")) {
        S.askSure(button);  // a recorded deal: asked first, as the server's page does
      } else {
        deleteOpen();
      }
    } else if (what === "discard") {
      cancelEdit();
      conflict = null;
      change(function () { return []; }).then(draw);
    } else {
      sync(true);
    }
  });

  // An Add while changes wait here goes after them, in order; so does every Save of what is
  // open in the form (a recorded deal, or a kept change); one that cannot reach the server is
  // kept (app.js has said "send-failed" first: taken back).
  function sender(ev) {
    var elt = ev.detail && ev.detail.elt;
    return elt instanceof HTMLButtonElement && elt.hasAttribute("data-busy") ? elt : null;
  }
  document.addEventListener("htmx:beforeRequest", function (ev) {
    var button = sender(ev);
    if (button && (queue.length || editing || Net.down()) && keepForm(button)) ev.preventDefault();
  });
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (type) {
    document.addEventListener(type, function (ev) {  // no answer, or a proxy's 502/503/504
      var button = sender(ev), xhr = ev.detail && ev.detail.xhr;
      if (type === "htmx:responseError" && !(xhr && Net.failed(xhr.status))) return;
      if (button) keepForm(button);
    });
  });

  if (!local) S.keepPages(matchPath);
  // offline.js hands this the service worker's question for the deal form's result panel
  window.belotPreview = function (body, n) { return S.preview(queue, body, n, editing, local); };
})();
