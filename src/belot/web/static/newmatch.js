/* belot: a match started offline (docs/web.md, "Offline"), on the new-match page.
 * When the server cannot be reached (net.js asks it first, whatever navigator.onLine says)
 * and the service worker is in charge, "Start the match" keeps the match on the device as
 * the first of its changes (queue.js: `create`, the form as it would have been posted) and
 * opens its page, /m/local-{rules}-{key}, which the service worker answers with the shell of
 * an empty match for those rules (local.py). pending.js sends the match when the network is
 * back, then its deals, and opens the match the server made. Online the form posts as ever. */
(function () {
  "use strict";
  var Q = window.belotQueue, Net = window.belotNet;
  var form = document.querySelector('form[action="/matches"]');
  if (!Q || !form) return;

  // The page's shell offline is the Belot one: the game asked for in the address is chosen.
  var asked = new URLSearchParams(location.search).get("game");
  var chip = asked && form.querySelector('input[name="game"][value="' + asked + '"]');
  if (chip && !chip.checked) chip.click();

  function random(n) {
    var abc = "abcdefghijklmnopqrstuvwxyz0123456789", out = "";
    var bytes = crypto.getRandomValues(new Uint8Array(n));
    for (var i = 0; i < n; i += 1) out += abc[bytes[i] % abc.length];
    return out;
  }

  function keep() {
    var body = new URLSearchParams(new FormData(form));
    var rules = body.get("rules") || "bg";  // app.js keeps the rules the game's own
    var path = "/m/local-" + rules + "-" + random(8) + "-" + random(16);
    // Its key and an edit token of its own: sent again (the first answer lost), the server
    // answers with the match it made the first time, not a second one.
    var key = random(24);
    body.set("key", key);
    body.set("token", random(43));
    var create = { kind: "create", key: key, base: 0, body: body.toString(), rows: [] };
    Q.save(path, [create]).then(function () {
      location.assign(path + "?lang=" + encodeURIComponent(body.get("lang") || ""));
    }, function () { form.submit(); });  // nowhere to keep it: the browser says it is offline
  }
  // The server, when it can be reached (window.belotNet asks it first); else kept here.
  form.addEventListener("submit", function (ev) {
    var sw = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!Net || !sw || !window.crypto || ev.defaultPrevented) return;
    Net.post(ev, keep);
  });
})();
