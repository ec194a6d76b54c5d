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
 * drafts.js says when a sheet came ("belot:table"). */
import * as C from "./changes.js";
import * as D from "./drafts.js";
import { LOCAL_DRAFT, dealPage, draftKey, editKey as editKeyOf, isLocal } from "./names.js";
import { net as Net } from "./net.js";  // "offline": the server cannot be reached
import { answer } from "./offline.js";
import { outbox as makeOutbox } from "./pending-send.js";
import * as S from "./pending-sheet.js";
import * as Q from "./queue.js";
import { sendNote, sender } from "./sending.js";

const at = dealPage(location.pathname);
if (at) start(at);

function start(at) {
  var matchPath = at.path;
  // A match started offline (newmatch.js): only on this device until its `create` is sent.
  var local = isLocal(matchPath) &&
    document.querySelector('[data-testid="local-match"]');
  if (local) {  // the shell's drafts are this match's own
    document.querySelectorAll("form[data-draft]").forEach(function (f) {
      var key = f.getAttribute("data-draft");
      if (key.startsWith(LOCAL_DRAFT)) {
        f.setAttribute("data-draft", "draft:" + matchPath + ":" + key.slice(LOCAL_DRAFT.length));
      }
    });
  }
  var askedRow = at.row;  // /m/{id}/deals/{n}
  var queue = [];
  var normal = C.normal, indexOf = C.indexOf, opOfRow = C.opOfRow;
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
  // What a change kept now is made on: the server's rows shown, the sheet's version.
  function here() {
    var t = table();
    return { rows: t ? S.rowsOf(t) : [], version: t ? versionOf(t) : 0, newKey: newKey };
  }
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
  function editKey() { return editKeyOf(matchPath); }
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

  function fresh(form) {  // a fresh form for the next deal, its panels folded as the server's
    form.querySelectorAll("details[open]").forEach(function (d) { d.open = false; });
    D.applyFields(form, D.blanks.get(form) || {});
    D.dropDraft(form);
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
      if (["key", "version", "op", "lang", "digits", "confirm"].indexOf(name) < 0) fields[name] = value;
    });
    setEditing({ key: key });
    opened(form, fields);
  }
  // A recorded deal opened offline: what was typed into its edit page if that is kept
  // (app.js's draft of it), else its fields as its edit page would have them (the engine).
  function openRow(row, href) {
    if (outbox.busy()) {  // a send on its way (its answer may redraw the sheet): opened after
      outbox.whenIdle(function () { openRow(row, href); });
      return;
    }
    var form = formOf(), t = table();
    if (!isNewForm(form) || !t) return;
    var version = t.getAttribute("data-version");
    var draft = D.draftAt(draftKey(matchPath, version, row));
    var fields = draft ? Promise.resolve(draft) : S.askFields(matchPath, t, row);
    fields.then(function (found) {
      if (!found) {  // no engine on this device yet: the server's edit page, if it answers
        console.warn("belot: deal " + row + " cannot be opened on this device");
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
  // The deal form's Add, All passed or Save (of what is open) while changes wait here or the
  // network is gone. True when it is being kept (sending.js said "send-failed" first: taken
  // back).
  function keepForm(button) {
    var form = button.form;
    if (!isNewForm(form) || !table()) return false;
    var body = new URLSearchParams(new FormData(form));
    body.set("op", button.value);
    var open = editing, at = here();
    change(function (list) { return C.withForm(list, body, open, at); }).then(function () {
      stopEditing(form);
      fresh(form);
      sendNote(form, null);
      draw();
      window.scrollTo(0, 0);
      sync(false);
    }, function () { sendNote(form, "send-failed"); });  // not kept: the form stays as typed
    return true;
  }

  // A recorded deal's Delete (asked first, as on the server) or a kept add's (it never goes).
  function deleteOpen() {
    var open = editing, at = here();
    change(function (list) { return C.withDelete(list, open, at); })
      .then(function () { cancelEdit(); draw(); sync(false); });
  }
  function putBack(key) {  // a kept delete taken back before it is sent
    if (outbox.busy()) return;
    var at = here();
    change(function (list) { return C.without(list, key, at); }).then(draw);
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
    var at = here();
    change(function (list) { return C.withEdit(list, row, body, at); }).then(function () {
      var draft = formOf();
      if (draft) D.dropDraft(draft);
      if (!Net.down() || (navigator.serviceWorker && navigator.serviceWorker.controller)) {
        location.replace(matchPath);  // offline: the service worker's copy
      } else {
        draw();
      }
    }, function () { sendNote(formOf(), "send-failed"); });
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
    var last = S.lastDeal(queue), at = here();
    if (!last || (last.add && last.add.tried) || (last.op && last.op.tried)) return;
    change(function (list) { return C.withUndo(list, last, at); })
      .then(function () { draw(); sync(false); });
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
  var outbox = makeOutbox({
    matchPath: matchPath,
    queue: function () { return queue; },
    editing: function () { return editing; },
    conflict: function (said) {
      if (said !== undefined) conflict = said;
      return conflict;
    },
    change: change,
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
  // kept (sending.js has said "send-failed" first: taken back).
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
  answer("belot-preview", function (msg) {
    return S.preview(queue, msg.body, msg.n, editing, local);
  });
}
