/* belot: a match started offline (docs/web.md, "Offline"), on the new-match page and from a
 * finished match's "Next game, same table" (rematch).
 * When the server cannot be reached (net.js asks it first, whatever navigator.onLine says)
 * and the service worker is in charge, the match is kept on the device as the first of its
 * changes (queue.js: `create`, the new-match form as it would have been posted) and its page
 * opens, /m/local-{rules}-{key}, which the service worker answers with the shell of an empty
 * match for those rules (local.py). pending.js sends the match when the network is back, then
 * its deals, and opens the match the server made. Online the forms post as ever.
 * A rematch kept here is the new-match form of the same game, rules, teams and seats, the seat
 * that would deal next dealing first (as the server's rematch; the evening's tally is not
 * carried: it starts a new one). */
import { NEW_MATCH, apiMatch, isLocal, localPath, matchAt } from "./names.js";
import { net as Net } from "./net.js";
import * as Q from "./queue.js";

function random(n) {
  var abc = "abcdefghijklmnopqrstuvwxyz0123456789", out = "";
  var bytes = crypto.getRandomValues(new Uint8Array(n));
  for (var i = 0; i < n; i += 1) out += abc[bytes[i] % abc.length];
  return out;
}
function here() {
  return !!(navigator.serviceWorker && navigator.serviceWorker.controller && window.crypto);
}

// The preset the page marks as a game's own default (match_new.html: `data-default`), for a
// form posted with none chosen; the registry's first game's when the game is not on the page.
function ownDefault(game) {
  var own = form && (form.querySelector('[data-for-game="' + game + '"] input[name="rules"][data-default]') ||
    form.querySelector('input[name="rules"][data-default]'));
  return own ? own.value : "";
}

// `body`: the new-match form as posted. `fallback`: nowhere to keep it.
function keep(body, fallback) {
  var rules = body.get("rules") || ownDefault(body.get("game"));
  var path = localPath(rules, random(8), random(16));
  // Its key and an edit token of its own: sent again (the first answer lost), the server
  // answers with the match it made the first time, not a second one.
  var key = random(24);
  body.set("key", key);
  body.set("token", random(43));
  var create = { kind: "create", key: key, base: 0, body: body.toString(), rows: [] };
  Q.save(path, [create]).then(function () {
    location.assign(path + "?lang=" + encodeURIComponent(body.get("lang") || ""));
  }, fallback);
}

var form = document.querySelector('form[action="' + NEW_MATCH + '"]');
if (form) {
  // The page's shell offline is the Belot one: the game asked for in the address is chosen.
  var asked = new URLSearchParams(location.search).get("game");
  var chip = asked && form.querySelector('input[name="game"][value="' + asked + '"]');
  if (chip && !chip.checked) chip.click();
  form.addEventListener("submit", function (ev) {
    if (!here() || ev.defaultPrevented) return;
    Net.post(ev, function () {
      keep(new URLSearchParams(new FormData(form)), function () { form.submit(); });
    });
  });
}

// -- the rematch -----------------------------------------------------------------------------
// The finished match as this device has it: the server's JSON (kept with its page), or the
// form a match started here was kept with; and how many deals it has with the kept changes.
function rematchBody(matchPath, lang) {
  var local = isLocal(matchPath);
  var api = apiMatch(matchPath);
  var match = local || !window.caches ? Promise.resolve(null)
    : caches.match(api).then(function (r) { return r ? r.json() : null; });
  return Promise.all([match, Q.load(matchPath)]).then(function (found) {
    var m = found[0], kept = found[1] || [], body = new URLSearchParams();
    var made = kept.filter(function (p) { return p.kind === "create"; })[0];
    var deals = m ? m.deals.length : 0, first = null;
    kept.forEach(function (p) { deals += p.kind === "add" ? 1 : p.kind === "delete" ? -1 : 0; });
    if (made) {
      var was = new URLSearchParams(made.body);
      ["game", "rules", "team_us", "team_them", "seat1", "seat2", "seat3", "seat4", "target",
        "deal_count"]
        .forEach(function (name) { if (was.get(name)) body.set(name, was.get(name)); });
      was.forEach(function (value, name) { if (/^rules\./.test(name)) body.set(name, value); });
      first = parseInt(was.get("first_dealer") || "", 10) || null;
    } else if (m) {
      body.set("game", m.game);
      var rules = m.rules;
      if (rules && typeof rules === "object") {  // house rules: the preset and its switches
        Object.keys(rules).forEach(function (k) {
          if (k !== "preset" && rules[k] === true) body.set("rules." + k, "on");
        });
        rules = rules.preset;
      }
      body.set("rules", rules);
      body.set("team_us", (m.teams || {}).us || "");
      body.set("team_them", (m.teams || {}).them || "");
      (m.seats || []).forEach(function (s, i) { body.set("seat" + (i + 1), s.name); });
      if (m.seats && m.dealer) first = (m.dealer - 1 - m.deals.length + 400) % 4 + 1;
      // How long it plays, where it is the match's own (the sheet says so), as the server's
      // rematch keeps it.
      [["target", "own-target"], ["deal_count", "own-deal-count"]].forEach(function (p) {
        var own = document.querySelector('[data-testid="' + p[1] + '"]');
        if (own && own.getAttribute("data-value")) body.set(p[0], own.getAttribute("data-value"));
      });
    } else {
      return null;
    }
    if (first && body.get("seat1")) body.set("first_dealer", String((first - 1 + deals) % 4 + 1));
    body.set("lang", lang || "");
    return body;
  });
}
document.addEventListener("submit", function (ev) {
  var f = ev.target, m = f instanceof HTMLFormElement &&
    matchAt(new URL(f.action, location.href).pathname);
  var at = m && m.rest === "/rematch" ? m.path : null;
  if (!at || !here() || ev.defaultPrevented) return;
  function kept() {
    var lang = f.elements.namedItem("lang");
    rematchBody(at, lang ? lang.value : "").then(function (body) {
      if (body) keep(body, function () { /* nowhere to keep it: the page stays */ });
    });
  }
  // Changes kept here: the server has not seen this match end, so the next one starts here.
  Q.load(at).then(function (list) {
    if (list.length || Net.down()) { kept(); return; }
    Net.reach(true).then(function (up) { if (up) Net.send(f, submitter); else kept(); });
  });
  var submitter = ev.submitter;
  ev.preventDefault();
});

// The new-match page: choosing a game shows its own presets, house rules and target (each
// game's block, `data-for-game`); the page holds the chosen game's only, so another game opens
// its own page (`?game=`; offline, its shell). A block held but hidden is disabled, so never
// posted; the game's default preset is chosen unless one of its own already is, and the team
// names' placeholders become the game's own words.
document.addEventListener("change", (ev) => {
  const el = ev.target;
  if (!(el instanceof HTMLInputElement) || el.name !== "game" || !el.form) return;
  if (!el.form.querySelector(`[data-for-game="${el.value}"]`)) {
    const lang = el.form.elements.namedItem("lang");
    location.assign(`${location.pathname}?game=${encodeURIComponent(el.value)}` +
      (lang ? `&lang=${encodeURIComponent(lang.value)}` : ""));
    return;
  }
  el.form.querySelectorAll("[data-for-game]").forEach((box) => {
    const own = box.getAttribute("data-for-game") === el.value;
    box.hidden = !own;
    box.disabled = !own;
    if (!own) return;
    if (!box.querySelector('input[name="rules"]:checked')) {
      const pick = box.querySelector('input[name="rules"][data-default]');
      if (pick) pick.checked = true;
    }
    ["us", "them"].forEach((t) => {
      const input = el.form.querySelector(`input[name="team_${t}"]`);
      const word = box.getAttribute(`data-${t}`);
      if (input && word) {
        input.placeholder = word;
        input.setAttribute("data-default", word);
      }
    });
  });
});
