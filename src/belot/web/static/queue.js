/* belot: where a match's changes kept offline live on the device (docs/web.md, "Offline").
 * IndexedDB (database "belot", store "pending", one list per match page path), read and
 * written whole; a write resolves once its transaction has committed, so pending.js clears a
 * form only when what it held is on the device. A browser without IndexedDB (some private
 * modes) keeps them in localStorage; lists an earlier belot kept there move over on reading.
 * window.belotQueue = {load(path) -> Promise<list>, save(path, list) -> Promise}. */
(function () {
  "use strict";
  var DB = "belot", STORE = "pending", LEGACY = "pending:";
  var local = (function () { try { return window.localStorage; } catch (e) { return null; } })();
  var opened = null;

  function open() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        if (!window.indexedDB) throw new Error("no IndexedDB");
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
    try { return JSON.parse(local.getItem(LEGACY + path) || "null"); } catch (e) { return null; }
  }
  function toLocal(path, list) {
    if (!local) throw new Error("nowhere to keep it");
    if (list.length) local.setItem(LEGACY + path, JSON.stringify(list));
    else local.removeItem(LEGACY + path);
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
        try { local.removeItem(LEGACY + path); } catch (e) { /* moved again next time */ }
        return all;
      }, function () { return all; });
    }, function () { return fromLocal(path) || []; });
  }

  window.belotQueue = { load: load, save: save };
})();
