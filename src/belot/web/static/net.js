/* belot: can the server be reached? (docs/web.md, "Offline") The one answer for every page
 * script: offline is a request that cannot reach the server (a network error, no answer in
 * time, a proxy's 502/503/504), whatever navigator.onLine says (true on a café's Wi-Fi with no
 * route, or beside a stopped server); navigator.onLine === false only says it sooner.
 * window.belotNet: down() offline as last seen; failed(status) not the server's answer;
 * fetch(url, init) rejects (err.offline) when the server cannot be reached; reach() asks it
 * now (a tiny request, never from a cache) -> Promise<bool>; post(ev, offline) a page's form
 * post (a submit event) made only once the server answers, else offline() — never the
 * browser's error page; send(form, submitter) posts it as the browser would, with no second
 * submit event. htmx requests say what they met. "belot:net" (detail.up) on document
 * when that changes; while gone it is asked every 5 s (in view), and once as a page under
 * the service worker opens (it may have come from the device). */
(function () {
  "use strict";
  var TIMEOUT = 10000, PROBE_TIMEOUT = 4000, AGAIN = 5000;
  var gone = false, timer = null, said = down();  // said: what "belot:net" last said

  function failed(status) { return [0, 502, 503, 504].indexOf(status) >= 0; }
  function down() { return navigator.onLine === false || gone; }

  function saw(up) {
    gone = !up;
    if (timer) { clearTimeout(timer); timer = null; }
    if (gone) timer = setTimeout(again, AGAIN);
    if (said === down()) return;
    said = down();
    document.dispatchEvent(new CustomEvent("belot:net", { detail: { up: !said } }));
  }

  function again() {  // while the page is in view: the probe is tiny, the player is waiting
    timer = null;
    if (document.visibilityState === "hidden") timer = setTimeout(again, AGAIN);
    else reach();
  }

  function offlineError(why) {
    var err = new Error(why || "the server cannot be reached");
    err.offline = true;
    return err;
  }

  function limited(url, init, ms) {  // fetch with a time limit (the caller's signal still counts)
    init = Object.assign({}, init || {});
    var ctl = window.AbortController ? new AbortController() : null, late = null;
    if (ctl) {
      if (init.signal) init.signal.addEventListener("abort", function () { ctl.abort(); });
      init.signal = ctl.signal;
      late = setTimeout(function () { ctl.abort(); }, ms);
    }
    return fetch(url, init).then(function (r) {
      clearTimeout(late);
      return r;
    }, function (err) {
      clearTimeout(late);
      throw err;
    });
  }

  function netFetch(url, init) {
    if (navigator.onLine === false) return Promise.reject(offlineError("offline"));
    return limited(url, init, TIMEOUT).then(function (r) {
      if (failed(r.status)) { saw(false); throw offlineError("answered " + r.status); }
      saw(true);
      return r;
    }, function (err) {
      saw(false);
      throw offlineError(String(err));
    });
  }

  // Any answer from the app itself counts (this one is a 404 with no body, no database).
  var asking = null;
  function reach() {
    if (navigator.onLine === false) return Promise.resolve(false);
    if (!asking) {
      asking = limited("/static/up?" + Date.now().toString(36),
        { cache: "no-store", credentials: "omit" }, PROBE_TIMEOUT).then(function (r) {
        return !failed(r.status);
      }, function () { return false; }).then(function (up) {
        asking = null;
        saw(up);
        return up;
      });
    }
    return asking;
  }

  // A form post the browser makes (a page, not htmx), once the server has answered: as if the
  // button were pressed again (its name and value, its formaction), without a second event.
  function send(form, submitter) {
    var extra = null, action = null;
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
    HTMLFormElement.prototype.submit.call(form);  // the entries are taken now
    if (extra) extra.remove();
    if (action !== null) form.setAttribute("action", action);
  }
  var probing = new WeakSet();
  function post(ev, offline) {
    var form = ev.target, submitter = ev.submitter || null;
    ev.preventDefault();
    if (probing.has(form)) return;  // a second tap while the first is asked
    if (navigator.onLine === false) { offline(); return; }
    probing.add(form);
    reach().then(function (up) {
      probing.delete(form);
      if (up) send(form, submitter); else offline();
    });
  }

  // htmx: its requests say what they met; a deal sent (Add, All passed: `data-busy`) gives up
  // after TIMEOUT, then it is kept. A question (a preview) waits: the service worker answers it
  // from the device when the network does not, and the engine's first start takes a while.
  document.addEventListener("htmx:configRequest", function (ev) {
    var d = ev.detail, elt = d && d.elt;
    if (elt instanceof Element && elt.hasAttribute("data-busy") && !d.timeout) d.timeout = TIMEOUT;
  });
  document.addEventListener("htmx:afterRequest", function (ev) {  // an answer came (or a 50x)
    var d = ev.detail || {};
    if (d.xhr && ("successful" in d || "failed" in d)) saw(!failed(d.xhr.status));
  });
  ["htmx:sendError", "htmx:timeout"].forEach(function (type) {
    document.addEventListener(type, function () { saw(false); });
  });
  window.addEventListener("offline", function () { saw(false); });
  window.addEventListener("online", function () { reach(); });
  document.addEventListener("visibilitychange", function () {
    if (gone && document.visibilityState === "visible") reach();
  });
  // A page under the service worker may have come from the device (the network failed it):
  // asked once as it opens, so the scripts know at once.
  if (navigator.serviceWorker && navigator.serviceWorker.controller) reach();

  window.belotNet = { down: down, failed: failed, fetch: netFetch, reach: reach, post: post,
    send: send };
})();
