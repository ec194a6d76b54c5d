/* belot offline (docs/web.md, "Offline"): the page's side of the installable app.
 * After the page has loaded, and only where the server has the offline pack: register the
 * service worker (it precaches the pages' files and the engine in the background); once
 * cached, show the `offline-ready` hook on the pages that work offline (data-works), then
 * start the engine once per pack in the background: it keeps its snapshot (engine.js).
 * Offline, the service worker hands the page's questions to this page, which asks its engine:
 * the same fragment the server would send. `ask(msg)` asks the engine (pending-sheet.js:
 * replay, fields, preview), rejecting where there is none; `answer(type, fn)` takes the
 * service worker's questions of a type (pending.js: "belot-preview"). */
import { ENGINE_CHECKED, storage } from "./names.js";
import { net } from "./net.js";

const hook = document.querySelector('[data-testid="offline-ready"]');
const here = !!(net && hook && hook.dataset.sw && "serviceWorker" in navigator && window.Worker);
const cfg = here ? {
  sw: hook.dataset.sw, engine: hook.dataset.engine, zip: hook.dataset.zip,
  pyodide: hook.dataset.pyodide, rev: hook.dataset.rev,
} : null;
const store = storage();

let worker = null, waiting = {}, seq = 0, wanted = false, up = false;
function running() {  // started for this page's answers
  if (wanted && up) hook.dataset.running = "yes";
}
function engine() {
  if (worker) return worker;
  worker = new Worker(cfg.engine, { type: "module" });
  document.documentElement.dataset.engine = "starting";  // wait.js says so while it waits
  worker.onmessage = (ev) => {
    const msg = ev.data || {}, done = waiting[msg.id];
    if (!done) return;
    delete waiting[msg.id];
    if (!msg.error) { done.resolve(msg); return; }
    const err = new Error(msg.error);
    err.boot = !!msg.boot;  // the engine did not start (a loaded phone): not the question
    done.reject(err);
  };
  send({ op: "boot", pyodide: cfg.pyodide, zip: cfg.zip }, true).then(() => {
    up = true;
    document.documentElement.dataset.engine = "up";
    running();
  }, () => { /* said by the first question that needs it */ });
  return worker;
}
function start() {
  wanted = true;
  engine();
  running();
}
function send(msg, background) {
  if (!background) wanted = true;
  const w = engine();
  return new Promise((resolve, reject) => {
    msg.id = ++seq;
    waiting[msg.id] = { resolve, reject };
    w.postMessage(msg);
  });
}
function stop() {
  if (!worker || Object.keys(waiting).length) return;  // a question on its way is answered
  worker.terminate();
  worker = null;
  waiting = {};
  wanted = up = false;
  delete hook.dataset.running;
  delete document.documentElement.dataset.engine;
}

/** Whether this page has an engine to ask (the pack is served here). */
export const hasEngine = here;

/** The engine's answer to `msg` ({op: "replay" | "fields" | "preview", question}); one
 *  whose engine failed to start is asked once more (it starts again for it). */
export function ask(msg) {
  if (!here) return Promise.reject(new Error("no engine on this page"));
  return send({ ...msg }).catch((err) => {
    if (!err.boot) throw err;
    console.warn(`belot: the engine did not start (${err.message}): asked again`);
    return send({ ...msg });
  });
}

const answers = {
  "belot-result": (msg) => ask({ op: "result", game: msg.game, body: msg.body }).then((a) => a.html),
};
/** The service worker's questions of `type` are answered by `fn(msg) -> Promise<html>`. */
export function answer(type, fn) {
  answers[type] = fn;
}

// What else a page needs on the device before it says it works offline: a match page its own
// copy (pending-sheet.js keepPages), else "works offline" would show while the copy is still
// on its way and the page, reloaded offline, would say the server cannot be reached.
const needs = [];
let packHere = false;
/** `ready` waits for `fn()` too (a promise of true once the page's own part is on the
 *  device); `readyAgain()` asks once more when that part has come. */
export function readyAlso(fn) {
  needs.push(fn);
}
export function readyAgain() {
  if (packHere) ready();
}

function ready() {
  if (hook.dataset.works !== "yes") return;  // the pack is here, but this page needs the server
  packHere = true;
  Promise.all(needs.map((fn) => fn())).then((have) => {
    if (!have.every(Boolean)) return;  // readyAgain() once it has come
    hook.dataset.ready = "yes";
    hook.hidden = false;
  }, () => { /* not yet: readyAgain() */ });
}

function packCached() {
  if (!window.caches) return Promise.resolve(false);
  return Promise.all([cfg.zip, cfg.engine, cfg.pyodide + "pyodide.asm.wasm"].map((u) =>
    caches.match(u))).then((found) => found.every(Boolean));
}

function check() {
  // Offline (known, or the registration's own fetch of the worker fails) the worker
  // registered on an earlier visit is the one.
  const kept = () => navigator.serviceWorker.getRegistration("/");
  const registered = net.down() ? kept()
    : navigator.serviceWorker.register(cfg.sw, { scope: "/" }).catch(kept);
  return registered.then(() => navigator.serviceWorker.ready)
    .then(packCached)
    .then((cached) => {
      // A page that needs the server only brings the pack (CONTRACT §6: ready once on it).
      if (!cached || hook.dataset.works !== "yes") return undefined;
      ready();
      if (store && store.getItem(ENGINE_CHECKED) === cfg.rev) return undefined;
      return send({ op: "check" }, true).then((a) => {
        if (a.ok && a.snapshot) {
          try { store.setItem(ENGINE_CHECKED, cfg.rev); } catch { /* no storage: next time */ }
        }
        if (!wanted && !net.down()) stop();  // it starts again when a question needs it
      });
    })
    .catch(() => { /* no service worker here: the pages work online */ });
}

// Enter in a calculator or a deal form: the server answers the post as before when it can be
// reached; otherwise the engine answers in place (never the browser's offline page).
function inPlace(form) {
  form.dispatchEvent(new Event("change", { bubbles: true }));
}

if (here) {
  navigator.serviceWorker.addEventListener("message", (ev) => {
    const msg = ev.data || {}, port = ev.ports && ev.ports[0], fn = answers[msg.type];
    if (!port || !fn) return;
    fn(msg).then((html) => port.postMessage({ html }),
      (err) => port.postMessage({ error: String(err) }));
  });
  navigator.serviceWorker.startMessages();

  document.addEventListener("submit", (ev) => {
    const form = ev.target;
    if (ev.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    const op = ev.submitter ? ev.submitter.value : "calc";  // a match's Save or Delete: pending.js
    if (!form.hasAttribute("data-calc") || op !== "calc") return;
    if (!navigator.serviceWorker.controller) return;  // nothing on the device to answer
    if (net.down()) { ev.preventDefault(); inPlace(form); return; }
    net.post(ev, () => inPlace(form));
  });

  // Offline now: start the engine at once, the first question will not wait for its boot.
  if (net.down()) start();
  document.addEventListener("belot:net", (ev) => { if (!ev.detail.up) start(); });
  // Served by the service worker already: a cached pack is known at once, not after the load
  // and the worker's start (issue 25: "works offline" came 6.5 s after the page).
  if (navigator.serviceWorker.controller) packCached().then((cached) => { if (cached) ready(); });
  if (document.readyState === "complete") setTimeout(check, 0);
  else window.addEventListener("load", () => setTimeout(check, 0));
}
