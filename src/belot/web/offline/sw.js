/* belot's service worker (Workbox 7, served as /sw.js, scope /). The server writes
 * self.BELOT_PACK in front of this file: what to precache, the calculators' shells, and the
 * names the page scripts use too (`names`: static/names.js's SHARED line).
 * - Every hashed static file, the engine (Pyodide and belot's zip) and the calculators' shells
 *   in each language are precached when the worker installs: in the background, once.
 * - "Offline" is what the pages mean by it (static/net.js), whatever navigator.onLine says: no
 *   answer (a network error, none in time) or a proxy's 502/503/504.
 * - Pages go to the network first; offline a calculator is shown from its precached shell
 *   (the language from ?lang=, then the lang_<game> cookie, then the game's default, as on
 *   the server), a match page (/m/{id}, /m/{id}/big) as the device last had it from the
 *   server, a deal's edit page (/m/{id}/deals/{n}) as its match page, and a match started
 *   offline (/m/local-…) as the shell of an empty match, online too; a page it has no copy
 *   of says, in the page's language, that the server cannot be reached (never the browser's
 *   error page).
 * - POST /_result/<game> and a match's POST /m/{id}/preview go to the network first; offline
 *   the page that asked answers with its engine (a message to the page, which asks its Web
 *   Worker): htmx gets the same fragment the server would have sent. */
/* global workbox, importScripts */
"use strict";
importScripts(self.BELOT_PACK.workbox + "workbox-sw.js");
workbox.setConfig({ modulePathPrefix: self.BELOT_PACK.workbox, debug: false });

var PACK = self.BELOT_PACK;
var core = workbox.core, precaching = workbox.precaching, routing = workbox.routing;
// The modules precaching needs, loaded now: a service worker may import only while it installs.
var strategies = workbox.strategies;  // eslint-disable-line no-unused-vars

core.setCacheNameDetails({ prefix: "belot" });  // the app's name, not a game's
core.skipWaiting();
core.clientsClaim();

// The shells are fetched without cookies: a precache must not change the device's language.
precaching.addPlugins([{
  requestWillFetch: function (args) {
    return new Request(args.request.url, { credentials: "omit", cache: "no-store" });
  }
}]);
precaching.precache(PACK.precache);
precaching.cleanupOutdatedCaches();

function cookieLang(game) {
  if (!self.cookieStore) return Promise.resolve(null);
  return self.cookieStore.get("lang_" + game).then(function (c) { return c ? c.value : null; },
    function () { return null; });
}

// A match page (`/m/{id}`, and its big digits `/m/{id}/big`) as the device last had it from
// the server, for the table to go on offline (pending.js keeps the changes made meanwhile and
// sends them later). The newest few only. Offline, a deal's edit page (`/m/{id}/deals/{n}`)
// is answered with its match page: pending.js opens deal n in its deal form.
// Three entries a match (its page, its JSON, its JSON at the version shown): the last 20.
var NAMES = PACK.names, KEEP_MATCHES = 60, MATCHES = NAMES.matches;
var MATCH_PAGE = new RegExp("^/m/" + NAMES.id + "(/big)?$");
var EDIT_PAGE = new RegExp("^(/m/" + NAMES.id + ")/deals/\\d+$");
var PREVIEW = new RegExp("^/m/" + NAMES.id + "/preview$");

function keepMatch(url, response) {
  if (!MATCH_PAGE.test(url.pathname) || response.status !== 200 || response.redirected) return;
  var copy = response.clone();
  caches.open(MATCHES).then(function (cache) {
    return cache.delete(url.pathname).then(function () {  // newest last
      return cache.put(url.pathname, copy);
    }).then(function () { return cache.keys(); }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_MATCHES)).map(
        function (k) { return cache.delete(k); }));
    });
  }).catch(function () { /* full: the page works online */ });
}

function keptMatch(url) {
  var edit = EDIT_PAGE.exec(url.pathname);
  var path = edit ? edit[1] : MATCH_PAGE.test(url.pathname) ? url.pathname : null;
  if (!path) return Promise.resolve(undefined);
  return caches.open(MATCHES).then(function (cache) { return cache.match(path); });
}

// A match started offline (`/m/local-{rules}-{key}`, newmatch.js) is only on this device: its
// page is the shell of an empty match for its rules (local.py), whatever the network.
var LOCAL = new RegExp(NAMES.localPage);
function localShell(o) {
  var found = LOCAL.exec(o.url.pathname), rules = found && found[1];
  if (!rules || !PACK.local[rules]) return null;
  return shellOf(o, new Error("no shell"), PACK.local_shell + rules, PACK.local[rules]);
}

// The network, offline as the pages mean it (static/net.js): rejects when no answer comes in
// `ms` or the answer is a proxy's 502/503/504; then `err.later` is the network's own answer
// (or failure), for when the device has nothing better.
function network(request, ms) {
  var answer = fetch(request);
  return new Promise(function (resolve, reject) {
    function failed(why) {
      var err = new Error(why);
      err.later = answer;
      reject(err);
    }
    var late = setTimeout(function () { failed("no answer in time"); }, ms);
    answer.then(function (r) {
      clearTimeout(late);
      if (r.status === 502 || r.status === 503 || r.status === 504) failed("answered " + r.status);
      else resolve(r);
    }, function (err) {
      clearTimeout(late);
      err.later = answer;
      reject(err);
    });
  });
}
var PAGE_WAIT = 8000, ANSWER_WAIT = 6000;

// Pages: the network first; offline, a match page as last seen, or a page's shell, else
// what the network says after all.
routing.registerRoute(function (o) { return o.request.mode === "navigate"; }, function (o) {
  var local = localShell(o);
  if (local) return local;
  return network(o.request, PAGE_WAIT).then(function (response) {
    keepMatch(o.url, response);
    return response;
  }).catch(function (err) {
    return keptMatch(o.url).then(function (kept) {
      if (kept) return kept;
      return shellOf(o, err);
    }).catch(function () {
      // Nothing on the device for this page: the network's answer if one came after all,
      // else the page that says the server cannot be reached.
      return err.later.then(function (r) {
        return r.status === 502 || r.status === 503 || r.status === 504 ? unreachable(o) : r;
      }, function () { return unreachable(o); });
    });
  });
});

function unreachable(o) {
  // In the default game's language (PACK.game: the registry's first), as the server says it.
  return shellOf(o, new Error("unreachable"), PACK.unreachable, PACK.game).catch(function () {
    return Response.error();
  });
}

function shellOf(o, err, path, game) {
  if (!path) {  // a page's own shell: the new-match form has one per game (`?game=`)
    var own = o.url.pathname + "?game=" + o.url.searchParams.get("game");
    path = PACK.shells[own] ? own : o.url.pathname;
  }
  game = game || PACK.shells[path];
  if (!game) throw err;
  var asked = o.url.searchParams.get("lang");
  var pick = asked && PACK.langs.indexOf(asked) >= 0 ? Promise.resolve(asked) : cookieLang(game);
  return pick.then(function (lang) {
    if (!lang || PACK.langs.indexOf(lang) < 0) lang = PACK.defaults[game];
    return precaching.matchPrecache(path + (path.indexOf("?") < 0 ? "?" : "&") + "lang=" + lang);
  }).then(function (shell) {
    if (!shell) throw err;
    return shell;
  });
}

// The calculators' answers and a match's deal previews: the network first; offline, the
// engine on this device (the page that asked answers with its Web Worker).
function fromDevice(clientId, question) {
  return self.clients.get(clientId).then(function (client) {
    if (!client) return Response.error();
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      var timer = setTimeout(function () { resolve(Response.error()); }, 60000);
      channel.port1.onmessage = function (ev) {
        clearTimeout(timer);
        var data = ev.data || {};
        resolve(typeof data.html === "string"
          ? new Response(data.html, { headers: { "Content-Type": "text/html; charset=utf-8" } })
          : Response.error());
      };
      client.postMessage(question, [channel.port2]);
    });
  });
}

// Each game's calculator answers at /_result/<game> (the games the server's registry has).
routing.registerRoute(function (o) { return /^\/_result\/[a-z][a-z-]*$/.test(o.url.pathname); },
  function (o) {
    var game = o.url.pathname.split("/")[2];
    return o.request.clone().text().then(function (body) {
      return network(o.request, ANSWER_WAIT).catch(function () {
        return fromDevice(o.event.clientId, { type: "belot-result", game: game, body: body });
      });
    });
  }, "POST");

routing.registerRoute(function (o) { return PREVIEW.test(o.url.pathname); },
  function (o) {
    var n = parseInt(o.url.searchParams.get("n") || "", 10) || null;
    return o.request.clone().text().then(function (body) {
      return network(o.request, ANSWER_WAIT).catch(function () {
        return fromDevice(o.event.clientId, { type: "belot-preview", body: body, n: n });
      });
    });
  }, "POST");

// Everything precached (static files, the engine): from the cache.
precaching.addRoute();
