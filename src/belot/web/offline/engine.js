/* The engine on the device: belot.core and the result renderer in Pyodide, in this module
 * Web Worker. Messages: {id, op: "boot", pyodide, zip} once, then {id, op: "result", game,
 * body} (the form as htmx posts it) -> {id, html}, {id, op: "replay", question} -> {id, json}
 * (a match with the changes kept on the device, engine.replay), {id, op: "fields", question}
 * -> {id, json} (a recorded deal in the deal form, engine.fields), {id, op: "preview",
 * question} -> {id, html} (a match's deal form result, engine.preview), or {id, op: "check"}
 * -> {id, ok, snapshot} (the engine answers seed 000 example 1 in the registry's first game,
 * engine.check, and this device keeps its snapshot).
 *
 * The start (docs/web.md, "Offline"): the first start on a device is Pyodide's own (seconds):
 * the zip unpacked, the games registered from outside the core registered (their modules,
 * which the zip carries, imported first: registered.py), the engine imported; once it has answered what was asked meanwhile, it is
 * asked once in each game, then Pyodide's memory snapshot is taken and kept in the Cache API
 * (SNAPSHOTS: one, for this engine, zip and Pyodide; about 30 MiB). Every later start
 * restores that snapshot instead: the interpreter, belot imported, its templates compiled —
 * the same Python heap, so the same code and the same answers, a fraction of the time. A
 * snapshot that does not restore is dropped, and the start is Pyodide's own again. */
const SNAPSHOTS = "belot-engine-snapshot";
let booted = null, kept = null, files = null, later = null, unpacked = false;

function snapshotKey(cfg) {  // this engine, zip and Pyodide: a new pack is a new snapshot
  const of = new URLSearchParams({ zip: cfg.zip, pyodide: cfg.pyodide });
  return new URL(self.location.pathname + "?" + of, self.location.href).href;
}

async function keptSnapshot(key) {
  try {
    if (!self.caches) return null;
    const found = await (await caches.open(SNAPSHOTS)).match(key);
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch { return null; }
}

async function keepSnapshot(key, snapshot) {
  if (!self.caches) return false;
  const cache = await caches.open(SNAPSHOTS);
  for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
  await cache.put(key, new Response(snapshot, {
    headers: { "Content-Type": "application/octet-stream" },
  }));
  return true;
}

async function unpack(py, cfg) {
  const zip = await (await fetch(cfg.zip)).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/belot-pack" });
  unpacked = true;
}

async function boot(cfg) {
  const key = snapshotKey(cfg), kept_ = keptSnapshot(key);  // read while Pyodide's JS loads
  const { loadPyodide } = await import(cfg.pyodide + "pyodide.mjs");
  const quiet = { indexURL: cfg.pyodide, stdout: () => {}, stderr: () => {} };
  const snapshot = await kept_;
  if (snapshot) {
    try {
      const py = await loadPyodide({ ...quiet, _loadSnapshot: snapshot });
      kept = Promise.resolve(true);
      const engine = py.pyimport("belot.web.offline.engine");
      // The zip's files, for what the snapshot has not imported: unpacked once the questions
      // asked meanwhile are answered (a question that needed them is asked again after).
      later = () => (files = files || unpack(py, cfg));
      setTimeout(later, 0);
      return engine;
    } catch (err) {
      console.warn(`belot: the engine's snapshot did not restore (${err}): a full start`);
      try { await caches.delete(SNAPSHOTS); } catch { /* none */ }
    }
  }
  const py = await loadPyodide({ ...quiet, _makeSnapshot: true });
  await unpack(py, cfg);
  py.runPython("import sys; sys.path.insert(0, '/belot-pack')");
  // A game registered from outside the core registers before any module reads the registry.
  py.pyimport("belot.web.offline.registered").load();
  const engine = py.pyimport("belot.web.offline.engine");
  engine.boot();
  // Once the questions asked meanwhile are answered: every game's answer once (its modules
  // imported, its templates compiled), then the snapshot, kept (full storage: a full start
  // next time).
  kept = new Promise((done) => setTimeout(() => {
    try {
      engine.warm();
      keepSnapshot(key, py.makeMemorySnapshot()).then(done, () => done(false));
    } catch (err) {
      console.warn(`belot: no snapshot of the engine (${err})`);
      done(false);
    }
  }, 0));
  return engine;
}

function started(cfg) {
  if (booted) return booted;
  booted = boot(cfg);
  booted.catch(() => { booted = null; });
  return booted;
}

let config = null;
self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (msg.op === "boot") config = msg;
  let engine;
  try {
    engine = await started(config);
  } catch (err) {  // said as such: the page asks again, and the next question starts it again
    self.postMessage({ id: msg.id, error: String(err && err.message || err), boot: true });
    return;
  }
  try {
    await answer(engine, msg);
  } catch (err) {
    try {  // a restored engine whose files were not unpacked yet: once more with them
      if (!later || unpacked) throw err;  // the files were there: the error is the question's
      await later();
      await answer(engine, msg);
    } catch (again) {
      self.postMessage({ id: msg.id, error: String(again && again.message || again) });
    }
  }
};

async function answer(engine, msg) {
  if (msg.op === "result") {
    self.postMessage({ id: msg.id, html: engine.answer(msg.game, msg.body) });
  } else if (msg.op === "replay") {
    self.postMessage({ id: msg.id, json: engine.replay(msg.question) });
  } else if (msg.op === "preview") {
    self.postMessage({ id: msg.id, html: engine.preview(msg.question) });
  } else if (msg.op === "fields") {
    self.postMessage({ id: msg.id, json: engine.fields(msg.question) });
  } else if (msg.op === "check") {
    const ok = engine.check() === true;
    const snapshot = await kept;  // kept before the page stops this worker
    self.postMessage({ id: msg.id, ok: ok, snapshot: !!snapshot });
  } else {
    self.postMessage({ id: msg.id, ok: true });
  }
}
