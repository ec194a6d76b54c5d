/* belot: can the server be reached? (docs/web.md, "Offline") The one answer for every page
 * script: offline is a request that cannot reach the server (a network error, no answer in
 * time, a proxy's 502/503/504), whatever navigator.onLine says (true on a café's Wi-Fi with no
 * route, or beside a stopped server); navigator.onLine === false only says it sooner.
 * retryAfter(r, otherwise) when to ask again after a busy answer (its Retry-After).
 * `net`: down() offline as last seen; failed(status) not the server's answer; fetch(url, init)
 * rejects (err.offline) when the server cannot be reached; reach(fresh) asks it now (a tiny
 * request, never from a cache; `fresh`: never the answer to a probe sent before) ->
 * Promise<bool>; post(ev, offline) a page's form post (a
 * submit event) made only once the server answers, else offline() — never the browser's error
 * page; send(form, submitter) posts it as the browser would, with no second submit event.
 * htmx requests say what they met. "belot:net" (detail.up) on document when that changes;
 * while gone it is asked every 5 s (in view), and once as a page under the service worker
 * opens (it may have come from the device). `createNet(env)` makes one for a page-like `env`
 * (tests/js/net.test.mjs); `net` is this page's (null outside a page). */
import { GONE, PROBE } from "./names.js";

const TIMEOUT = 10000, PROBE_TIMEOUT = 4000, AGAIN = 5000;

export function failed(status) {
  return GONE.includes(status);
}

/** When to ask again (ms) after the answer `r`: its Retry-After (seconds, 1 to 600), else
 *  `otherwise`. */
export function retryAfter(r, otherwise) {
  const s = Number((r && r.headers && r.headers.get("Retry-After")) || NaN);
  return Number.isInteger(s) && s >= 1 && s <= 600 ? s * 1000 : otherwise;
}

export function createNet(env) {
  const { navigator, document } = env;
  let gone = false, timer = null;
  const down = () => navigator.onLine === false || gone;
  let said = down();  // what "belot:net" last said

  function saw(up) {
    gone = !up;
    if (timer) { env.clearTimeout(timer); timer = null; }
    if (gone) timer = env.setTimeout(again, AGAIN);
    if (said === down()) return;
    said = down();
    document.dispatchEvent(new env.CustomEvent("belot:net", { detail: { up: !said } }));
  }

  function again() {  // while the page is in view: the probe is tiny, the player is waiting
    timer = null;
    if (document.visibilityState === "hidden") timer = env.setTimeout(again, AGAIN);
    else reach();
  }

  function offlineError(why) {
    const err = new Error(why || "the server cannot be reached");
    err.offline = true;
    return err;
  }

  function limited(url, init, ms) {  // fetch with a time limit (the caller's signal still counts)
    init = { ...(init || {}) };
    const ctl = env.AbortController ? new env.AbortController() : null;
    let late = null;
    if (ctl) {
      if (init.signal) init.signal.addEventListener("abort", () => ctl.abort());
      init.signal = ctl.signal;
      late = env.setTimeout(() => ctl.abort(), ms);
    }
    return env.fetch(url, init).finally(() => env.clearTimeout(late));
  }

  function netFetch(url, init) {
    if (navigator.onLine === false) return Promise.reject(offlineError("offline"));
    return limited(url, init, TIMEOUT).then((r) => {
      if (failed(r.status)) { saw(false); throw offlineError(`answered ${r.status}`); }
      saw(true);
      return r;
    }, (err) => {
      saw(false);
      throw offlineError(String(err));
    });
  }

  // Any answer from the app itself counts (this one is a 404 with no body, no database).
  let asking = null;
  function probe() {
    return limited(`${PROBE}?${Date.now().toString(36)}`,
      { cache: "no-store", credentials: "omit" }, PROBE_TIMEOUT)
      .then((r) => !failed(r.status), () => false)
      .then((up) => {
        saw(up);
        return up;
      });
  }
  // `fresh`: asked for a tap, so not answered by a probe sent before it (the page's own, as it
  // opened): the network may have gone since, and a "yes" from then posted the form natively
  // into the browser's error page.
  function reach(fresh) {
    if (navigator.onLine === false) return Promise.resolve(false);
    if (fresh) return probe();
    if (!asking) asking = probe().finally(() => { asking = null; });
    return asking;
  }

  // A form post the browser makes (a page, not htmx), once the server has answered: as if the
  // button were pressed again (its name and value, its formaction), without a second event.
  function send(form, submitter) {
    let extra = null, action = null;
    if (submitter && submitter.name) {
      extra = document.createElement("input");
      extra.type = "hidden";
      extra.name = submitter.name;
      extra.value = submitter.value;
      form.appendChild(extra);
    }
    if (submitter && submitter.hasAttribute("formaction")) {
      action = form.getAttribute("action");
      form.setAttribute("action", submitter.getAttribute("formaction"));
    }
    env.HTMLFormElement.prototype.submit.call(form);  // the entries are taken now
    if (extra) extra.remove();
    if (action !== null) form.setAttribute("action", action);
  }
  const probing = new WeakSet();
  function post(ev, offline) {
    const form = ev.target, submitter = ev.submitter || null;
    ev.preventDefault();
    if (probing.has(form)) return;  // a second tap while the first is asked
    if (navigator.onLine === false) { offline(); return; }
    probing.add(form);
    // What was typed is what is posted: nothing typed while the server is asked goes instead
    const locked = form.querySelectorAll
      ? Array.from(form.querySelectorAll("input:not([readonly]), textarea:not([readonly])"))
      : [];
    locked.forEach((el) => { el.readOnly = true; });
    reach(true).then((up) => {
      probing.delete(form);
      locked.forEach((el) => { el.readOnly = false; });
      if (up) send(form, submitter); else offline();
    });
  }

  // htmx: its requests say what they met; a deal sent (Add, All passed: `data-busy`) gives up
  // after TIMEOUT, then it is kept. A question (a preview) waits: the service worker answers it
  // from the device when the network does not, and the engine's first start takes a while.
  function listen(window) {
    document.addEventListener("htmx:configRequest", (ev) => {
      const d = ev.detail, elt = d && d.elt;
      if (elt && elt.hasAttribute && elt.hasAttribute("data-busy") && !d.timeout) d.timeout = TIMEOUT;
    });
    document.addEventListener("htmx:afterRequest", (ev) => {  // an answer came (or a 50x)
      const d = ev.detail || {};
      if (d.xhr && ("successful" in d || "failed" in d)) saw(!failed(d.xhr.status));
    });
    for (const type of ["htmx:sendError", "htmx:timeout"]) {
      document.addEventListener(type, () => saw(false));
    }
    window.addEventListener("offline", () => saw(false));
    window.addEventListener("online", () => reach());
    document.addEventListener("visibilitychange", () => {
      if (gone && document.visibilityState === "visible") reach();
    });
    // A page under the service worker may have come from the device (the network failed it):
    // asked once as it opens, so the scripts know at once.
    if (navigator.serviceWorker && navigator.serviceWorker.controller) reach();
  }

  return { down, failed, fetch: netFetch, reach, post, send, listen };
}

export const net = typeof document === "undefined" ? null : createNet(globalThis);
if (net) net.listen(globalThis);
