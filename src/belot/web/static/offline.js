/* belot offline (docs/web.md, "Offline"): the page's side of the installable app.
 * After the page has loaded, and only where the server has the offline pack: register the
 * service worker (it precaches the pages' files and the engine in the background), then
 * check the engine once per pack (Pyodide in a Web Worker scores seed 000 example 1) and show
 * the `offline-ready` hook on the pages that work offline (calculators, matches: data-works).
 * Offline, the service worker hands the calculator's questions to this page, which asks its
 * engine: the same fragment the server would send. */
(function () {
  "use strict";
  var hook = document.querySelector('[data-testid="offline-ready"]'), Net = window.belotNet;
  if (!Net || !hook || !hook.dataset.sw) return;
  if (!("serviceWorker" in navigator) || !window.Worker) return;
  var cfg = {
    sw: hook.dataset.sw, engine: hook.dataset.engine, zip: hook.dataset.zip,
    pyodide: hook.dataset.pyodide, rev: hook.dataset.rev
  };
  var KEY = "offline-engine";
  var store = (function () { try { return window.localStorage; } catch (e) { return null; } })();

  var worker = null, waiting = {}, seq = 0;
  function engine() {
    if (worker) return worker;
    worker = new Worker(cfg.engine, { type: "module" });
    worker.onmessage = function (ev) {
      var msg = ev.data || {}, done = waiting[msg.id];
      if (!done) return;
      delete waiting[msg.id];
      if (msg.error) done.reject(new Error(msg.error)); else done.resolve(msg);
    };
    ask({ op: "boot", pyodide: cfg.pyodide, zip: cfg.zip }).then(function () {
      hook.dataset.running = "yes";
    }, function () { /* said by the first question that needs it */ });
    return worker;
  }
  function ask(msg) {
    var w = engine();
    return new Promise(function (resolve, reject) {
      msg.id = ++seq;
      waiting[msg.id] = { resolve: resolve, reject: reject };
      w.postMessage(msg);
    });
  }
  function stop() {
    if (!worker) return;
    worker.terminate();
    worker = null;
    waiting = {};
    delete hook.dataset.running;
  }

  window.belotAsk = ask;  // pending.js: {op: "replay"}

  navigator.serviceWorker.addEventListener("message", function (ev) {
    var msg = ev.data || {}, port = ev.ports && ev.ports[0];
    if (!port) return;
    var answered;
    if (msg.type === "belot-result") {
      answered = ask({ op: "result", game: msg.game, body: msg.body }).then(function (a) {
        return a.html;
      });
    } else if (msg.type === "belot-preview" && window.belotPreview) {  // pending.js
      answered = window.belotPreview(msg.body, msg.n);
    } else {
      return;
    }
    answered.then(function (html) {
      port.postMessage({ html: html });
    }, function (err) {
      port.postMessage({ error: String(err) });
    });
  });
  navigator.serviceWorker.startMessages();

  function ready() {
    if (hook.dataset.works !== "yes") return;  // the pack is here, but this page needs the server
    hook.dataset.ready = "yes";
    hook.hidden = false;
  }

  function packCached() {
    if (!window.caches) return Promise.resolve(false);
    return Promise.all([cfg.zip, cfg.engine, cfg.pyodide + "pyodide.asm.wasm"].map(function (u) {
      return caches.match(u);
    })).then(function (found) { return found.every(Boolean); });
  }

  function check() {
    // Offline (known, or the registration's own fetch of the worker fails) the worker
    // registered on an earlier visit is the one.
    function kept() { return navigator.serviceWorker.getRegistration("/"); }
    var registered = Net.down() ? kept()
      : navigator.serviceWorker.register(cfg.sw, { scope: "/" }).catch(kept);
    return registered.then(function () { return navigator.serviceWorker.ready; })
      .then(packCached)
      .then(function (cached) {
        // A page that needs the server only brings the pack; a calculator checks the engine.
        if (!cached || hook.dataset.works !== "yes") return;
        if (store && store.getItem(KEY) === cfg.rev) { ready(); return; }
        return ask({ op: "check" }).then(function (answer) {
          if (!answer.ok) return;
          try { store.setItem(KEY, cfg.rev); } catch (e) { /* no storage: check next time */ }
          ready();
          if (!Net.down()) stop();  // it starts again when a question needs it
        });
      })
      .catch(function () { /* no service worker here: the pages work online */ });
  }

  // Enter in a calculator or a deal form: the server answers the post as before when it can be
  // reached; otherwise the engine answers in place (never the browser's offline page).
  function inPlace(form) { form.dispatchEvent(new Event("change", { bubbles: true })); }
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (ev.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    var op = ev.submitter ? ev.submitter.value : "calc";  // a match's Save or Delete: pending.js
    if (!form.hasAttribute("data-calc") || op !== "calc") return;
    if (!navigator.serviceWorker.controller) return;  // nothing on the device to answer
    if (Net.down()) { ev.preventDefault(); inPlace(form); return; }
    Net.post(ev, function () { inPlace(form); });
  });

  // Offline now: start the engine at once, the first question will not wait for its boot.
  if (Net.down()) engine();
  document.addEventListener("belot:net", function (ev) { if (!ev.detail.up) engine(); });
  if (document.readyState === "complete") setTimeout(check, 0);
  else window.addEventListener("load", function () { setTimeout(check, 0); });
})();
