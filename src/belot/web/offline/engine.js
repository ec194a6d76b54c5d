/* The engine on the device: belot.core and the result renderer in Pyodide, in this module
 * Web Worker. Messages: {id, op: "boot", pyodide, zip} once, then {id, op: "result", game,
 * body} (the form as htmx posts it) -> {id, html}, {id, op: "replay", question} -> {id, json}
 * (a match with the changes kept on the device, engine.replay), {id, op: "fields", question}
 * -> {id, json} (a recorded deal in the deal form, engine.fields), {id, op: "preview",
 * question} -> {id, html} (a match's deal form result, engine.preview), or {id, op: "check"}
 * -> {id, ok}. */
let booted = null;

function boot(cfg) {
  if (booted) return booted;
  booted = (async () => {
    const { loadPyodide } = await import(cfg.pyodide + "pyodide.mjs");
    const py = await loadPyodide({ indexURL: cfg.pyodide, stdout: () => {}, stderr: () => {} });
    const zip = await (await fetch(cfg.zip)).arrayBuffer();
    py.unpackArchive(zip, "zip", { extractDir: "/belot-pack" });
    py.runPython("import sys; sys.path.insert(0, '/belot-pack')");
    const engine = py.pyimport("belot.web.offline.engine");
    engine.boot();
    return engine;
  })();
  booted.catch(() => { booted = null; });
  return booted;
}

// Seed 000 example 1 (RULES.md 1.9): 112 : 70, made, 11 : 7.
const CHECK = "lang=en&rules=bg&contract=hearts&declarer=us&multiplier=1&capot=none" +
  "&cards_team=us&cards=82&last_trick=us&declarations.us=20&declarations.them=" +
  "&belots.us=0&belots.them=0&hanging=0";

let config = null;
self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (msg.op === "boot") config = msg;
  let engine;
  try {
    engine = await boot(config);
  } catch (err) {  // said as such: the page asks again, and the next question starts it again
    self.postMessage({ id: msg.id, error: String(err && err.message || err), boot: true });
    return;
  }
  try {
    if (msg.op === "result") {
      self.postMessage({ id: msg.id, html: engine.answer(msg.game, msg.body) });
    } else if (msg.op === "replay") {
      self.postMessage({ id: msg.id, json: engine.replay(msg.question) });
    } else if (msg.op === "preview") {
      self.postMessage({ id: msg.id, html: engine.preview(msg.question) });
    } else if (msg.op === "fields") {
      self.postMessage({ id: msg.id, json: engine.fields(msg.question) });
    } else if (msg.op === "check") {
      const html = engine.answer("belot", CHECK);
      const ok = /data-testid="score-us" data-value="11"/.test(html) &&
        /data-testid="score-them" data-value="7"/.test(html);
      self.postMessage({ id: msg.id, ok: ok });
    } else {
      self.postMessage({ id: msg.id, ok: true });
    }
  } catch (err) {
    self.postMessage({ id: msg.id, error: String(err && err.message || err) });
  }
};
