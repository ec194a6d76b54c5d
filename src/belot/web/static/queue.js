/* belot: where a match's changes kept offline live on the device (docs/web.md, "Offline").
 * IndexedDB (database "belot", store "pending", one list per match page path), read and
 * written whole; a write resolves once its transaction has committed, so pending.js clears a
 * form only when what it held is on the device. A browser without IndexedDB (some private
 * modes) keeps them in localStorage; lists an earlier belot kept there move over on reading.
 * load(path) -> Promise<list>, save(path, list) -> Promise, update(path, change) ->
 * Promise<list>, changed(path, heard). */
import { QUEUE_CHANNEL, QUEUE_DB as DB, QUEUE_STORE as STORE, legacyQueueKey, storage }
from "./names.js";

var local = storage();
var opened = null;

function open() {
  if (!opened) {
    opened = new Promise(function (resolve, reject) {
      if (!globalThis.indexedDB) throw new Error("no IndexedDB");
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () { req.result.createObjectStore(STORE); };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
    opened.catch(function () { opened = null; });
  }
  return opened;
}

function run(mode, work) {  // resolves with the request's result once the transaction is done
  return open().then(function (db) {
    return new Promise(function (resolve, reject) {
      var t = db.transaction(STORE, mode), req = work(t.objectStore(STORE));
      t.oncomplete = function () { resolve(req.result); };
      t.onerror = t.onabort = function () { reject(t.error || new Error("not kept")); };
    });
  });
}

function fromLocal(path) {
  try { return JSON.parse(local.getItem(legacyQueueKey(path)) || "null"); } catch (e) { return null; }
}
function toLocal(path, list) {
  if (!local) throw new Error("nowhere to keep it");
  if (list.length) local.setItem(legacyQueueKey(path), JSON.stringify(list));
  else local.removeItem(legacyQueueKey(path));
  if (JSON.stringify(fromLocal(path) || []) !== JSON.stringify(list)) throw new Error("not kept");
}

function save(path, list) {
  var copy = JSON.parse(JSON.stringify(list));
  return run("readwrite", function (s) {
    return copy.length ? s.put(copy, path) : s.delete(path);
  }).then(function () { return undefined; }, function () { toLocal(path, copy); });
}

function load(path) {
  return run("readonly", function (s) { return s.get(path); }).then(function (kept) {
    kept = kept || [];
    var keys = kept.map(function (p) { return p.key; });
    var old = (fromLocal(path) || []).filter(function (p) { return keys.indexOf(p.key) < 0; });
    if (!old.length) return kept;
    var all = kept.concat(old);  // kept by an earlier belot: moved over, in order
    return run("readwrite", function (s) { return s.put(all, path); }).then(function () {
      try { local.removeItem(legacyQueueKey(path)); } catch (e) { /* moved again next time */ }
      return all;
    }, function () { return all; });
  }, function () { return fromLocal(path) || []; });
}

// Read, change and write one match's list in one IndexedDB transaction: two tabs of one
// match never write over each other's changes (IndexedDB runs such transactions one after
// the other). `change(list)` returns the new list, or null to leave it as it is. The other
// tabs hear of it (`changed`). Resolves with the list now kept.
var channel = globalThis.BroadcastChannel ? new BroadcastChannel(QUEUE_CHANNEL) : null;
function update(path, change) {
  return open().then(function (db) {
    return new Promise(function (resolve, reject) {
      var t = db.transaction(STORE, "readwrite"), s = t.objectStore(STORE), kept = null;
      var req = s.get(path);
      req.onsuccess = function () {
        var now = req.result || [], next = change(JSON.parse(JSON.stringify(now)));
        kept = next || now;
        if (!next) return;
        if (next.length) s.put(next, path);
        else s.delete(path);
      };
      t.oncomplete = function () { resolve(kept); };
      t.onerror = t.onabort = function () { reject(t.error || new Error("not kept")); };
    });
  }, function () {  // no IndexedDB: localStorage, whose writes are one at a time too
    var now = fromLocal(path) || [], next = change(JSON.parse(JSON.stringify(now)));
    if (next) toLocal(path, next);
    return next || now;
  }).then(function (kept) {
    if (channel) channel.postMessage(path);
    if (kept.length) persist();
    return kept;
  });
}
// Once something is kept: ask the browser not to clear this site's storage when the phone
// runs short of space (granted to an installed app; otherwise it may say no, no matter).
var asked = false;
function persist() {
  if (asked || !navigator.storage || !navigator.storage.persist) return;
  asked = true;
  navigator.storage.persist().catch(function () { /* said no: kept as before */ });
}
function changed(path, heard) {  // another tab changed this match's list
  if (!channel) return;
  channel.addEventListener("message", function (ev) { if (ev.data === path) heard(); });
}

export { load, save, update, changed };

