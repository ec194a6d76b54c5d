/* belot: the sheet with the changes kept on the device (pending.js keeps and sends them).
 * Kept adds are drawn as rows of their own; a recorded deal edited or deleted here is marked
 * on its own row (`data-kept`: edited, deleted; ↶ puts a deleted one back). The totals, each
 * row's and the board's, come from the core's own Match replay in the engine (offline.js's
 * Web Worker: engine.replay) on the match as the server last sent it (kept at the version
 * shown); with no engine, or another version, the kept rows are shown without totals.
 * What the server drew is put back as it was before each drawing. Figures in the page's
 * digits (digits.js), as the server draws them. For pending.js. */
import * as B from "./pending-board.js";
import { forEngine, layout as layoutOf, lastDeal as lastOf, openAt } from "./changes.js";
import { inDigits, pageDigits, renumbered } from "./digits.js";
import { MATCHES_CACHE, apiMatch, matchAt } from "./names.js";
import { net as Net } from "./net.js";
import { ask, hasEngine, readyAgain, readyAlso } from "./offline.js";

function table() { return document.getElementById("table"); }
function box() {
  var t = table();
  return t && t.querySelector('[data-testid="pending-box"]');
}
function word(name, n) {  // "Edit deal {n}", "Save deal {n}" in the page's language and digits
  var b = box();
  return ((b && b.getAttribute(name)) || "{n}").replace("{n}", n === undefined ? "" : num(n));
}
function num(n) { return inDigits(n, pageDigits()); }
function matchPath() { return matchAt(location.pathname).path; }
function serverRows(t) { return t.querySelectorAll('tr[data-testid^="row-"]'); }
function addButton(form) { return form && form.querySelector('[data-testid="add-deal"]'); }

// The sheet's deals as the server drew them: each row's points, to tell whether another
// phone only added deals (they still apply) or changed the ones these were kept after.
export function rowsOf(t) {
  return Array.prototype.map.call(serverRows(t), function (tr) {
    return Array.prototype.map.call(tr.querySelectorAll("[data-value]"), function (v) {
      return v.getAttribute("data-value");
    }).join(":");
  });
}

// The match's JSON at one version, as keepPages keeps it beside the newest copy: a keep of an
// older version that lands late (a page left mid-keep by a reload) can replace the newest
// copy, never the copy of the version a page shows.
function atVersion(matchPath, version) {
  return apiMatch(matchPath) + "?v=" + version;
}

// The match as the server drew it into the sheet (an editor's table carries its JSON, so a
// page kept on the device has its own match at its own version, whatever the caches hold: a
// CI run found the copy kept beside it at version 0 while the page showed 2).
function ownMatch(t, version) {
  var own = t.querySelector("script.match-json");
  if (!own) return null;
  try {
    var match = JSON.parse(own.textContent);
    return String(match.version) === version ? match : null;
  } catch (err) {
    return null;
  }
}

// The match as the server last sent it: in the sheet, else kept by keepPages at the version
// shown; a match started here is empty until the server has it.
function keptMatch(matchPath, t, local) {
  if (!hasEngine) return Promise.resolve(null);
  if (local) {
    return Promise.resolve({ game: local.getAttribute("data-game"), deals: [], version: 0,
      rules: local.getAttribute("data-rules") });
  }
  var version = t.getAttribute("data-version"), own = ownMatch(t, version);
  if (own) return Promise.resolve(own);
  if (!window.caches) return Promise.resolve(null);
  return caches.match(atVersion(matchPath, version)).then(function (r) {
    return r || caches.match(apiMatch(matchPath));  // kept before copies were kept by version
  }).then(function (r) { return r ? r.json() : null; })
    .then(function (match) {
      if (match && String(match.version) === version) return match;
      console.warn("belot: the device's copy of this match is " +  // why, when a test fails
        (match ? "at version " + match.version : "missing"));
      caches.open(MATCHES_CACHE).then(function (c) { return c.keys(); }).then(function (keys) {
        console.warn("belot: kept here: " + keys.map(function (k) {
          var u = new URL(k.url);
          return u.pathname + u.search;
        }).filter(function (k) { return k.indexOf(matchPath.split("/")[2]) >= 0; }).join(" "));
      });
      return null;
    });
}
export function askFields(matchPath, t, row) {
  return keptMatch(matchPath, t).then(function (match) {
    if (!match || !match.deals[row - 1]) {
      console.warn("belot: no copy of this match at version " + t.getAttribute("data-version"));
      return null;
    }
    return ask({ op: "fields", question: JSON.stringify({ match: match, n: row }) });
  }).then(function (a) { return a ? JSON.parse(a.json) : null; }).catch(function (err) {
    console.warn("belot: deal " + row + " from the engine: " + err.message);
    return null;
  });
}

// -- the deal form while something is open in it ------------------------------------------
export function showEditing(form, kind) {
  var add = addButton(form);
  if (!add) return;
  if (!add.hasAttribute("data-text")) add.setAttribute("data-text", add.textContent);
  var passed = form.querySelector('[data-testid="passed"]');
  if (passed) passed.style.display = kind === "add" ? "" : "none";  // saved, not passed
  if (!form.querySelector('[data-pending="cancel"]')) {  // back to a new deal, kept as it was
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "button";
    cancel.textContent = word("data-cancel", 0);
    cancel.setAttribute("data-pending", "cancel");
    cancel.setAttribute("data-testid", "pending-cancel");
    add.after(cancel);
    var drop = document.createElement("button");  // or it goes
    drop.type = "button";
    drop.className = "button danger";
    drop.setAttribute("data-pending", "drop");
    drop.setAttribute("data-testid", "pending-delete");
    cancel.after(drop);
  }
}
export function hideEditing(form) {
  var add = addButton(form);
  if (add && add.hasAttribute("data-text")) add.textContent = add.getAttribute("data-text");
  if (!form) return;
  var passed = form.querySelector('[data-testid="passed"]');
  if (passed) passed.style.display = "";
  form.querySelectorAll('[data-pending="cancel"], [data-pending="drop"]').forEach(function (b) {
    b.remove();
  });
}
export function askSure(button) {
  button.setAttribute("data-sure", "");
  button.textContent = word("data-sure", button.getAttribute("data-n") || "");
}

// -- drawing ----------------------------------------------------------------------------------
var touched = [], added = [];  // [element, its HTML as the server drew it]; elements added
// The board and chart as the engine drew them: kept over a redraw until the engine's next
// answer replaces them, so the board never flickers back to the server's older figures.
var shown = [];
function touchIn(list, el) {
  if (!el.hasAttribute("data-touched")) {
    list.push([el, el.outerHTML]);
    el.setAttribute("data-touched", "");
  }
  return el;
}
function touch(el) { return touchIn(touched, el); }
function touchBoard(el) { return touchIn(shown, el); }
function restore(list) {
  list.forEach(function (pair) {
    if (!pair[0].isConnected) return;
    var tpl = document.createElement("template");
    tpl.innerHTML = pair[1];
    pair[0].replaceWith(tpl.content.firstElementChild);
  });
}
function untouch() {
  restore(touched);
  added.forEach(function (el) { el.remove(); });
  touched = [];
  added = [];
}
function unshow() {
  restore(shown);
  shown = [];
}
function cell(text, cls) {
  var td = document.createElement("td");
  if (cls) td.className = cls;
  td.textContent = text;
  return td;
}
function mark(tr, text) {
  var marks = tr.querySelector(".marks"), span = document.createElement("span");
  span.className = "kept-mark";
  span.textContent = text;
  if (marks.textContent) marks.append(" · ");
  marks.append(span);
}
function actionButton(what, key, label, text, testid) {
  var b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("data-pending", what);
  b.setAttribute("data-key", key);
  b.setAttribute("data-testid", testid);
  b.setAttribute("aria-label", label);
  return b;
}

function layout(list, t) { return layoutOf(list, Array.from(serverRows(t))); }

function addedRow(p, n) {
  var tr = document.createElement("tr"), actions = document.createElement("div");
  tr.setAttribute("data-testid", "pending");
  tr.setAttribute("data-key", p.key);
  tr.className = "pending";
  tr.appendChild(cell(num(n), "n"));
  tr.appendChild(cell("…"));
  tr.appendChild(cell("…"));
  tr.appendChild(cell("", "marks"));
  mark(tr, word("data-word"));
  actions.className = "row-actions";
  if (!p.tried) {
    actions.appendChild(actionButton("edit", p.key, word("data-edit", n), "✎",
      "pending-edit-" + n));
  }
  var last = cell("");
  last.appendChild(actions);
  tr.appendChild(last);
  return tr;
}
function keptRow(item, n) {  // a recorded deal with a change kept here
  var tr = touch(item.tr), p = item.op;
  tr.classList.add("pending");
  tr.setAttribute("data-kept", p.kind === "delete" ? "deleted" : "edited");
  mark(tr, word(p.kind === "delete" ? "data-deleted" : "data-word"));
  var actions = tr.querySelector(".row-actions");
  if (!actions) return;
  if (p.kind === "delete" || p.tried) actions.replaceChildren();
  if (p.kind === "delete" && !p.tried) {
    actions.appendChild(actionButton("back", p.key, word("data-back", n), "↶",
      "pending-back-" + item.tr.getAttribute("data-testid").slice(4)));
  }
}

// The deal form's result panel offline (the service worker asks the page): the engine's
// `preview` on the kept match with the kept changes, the deal at its place (`n`, else what
// is open in the form, else a new deal): the fragment the server would have sent.
export function preview(list, body, n, editing, local) {
  var t = table();
  if (!t) return Promise.reject(new Error("no sheet"));
  var at = n || openAt(list, editing, layout(list, t));
  return keptMatch(matchPath(), t, local).then(function (match) {
    if (!match) throw new Error("no match on the device");
    return ask({ op: "preview", question: JSON.stringify({
      match: match, body: body, n: at > 0 ? at : null, lang: document.documentElement.lang,
      pending: forEngine(list)
    }) });
  }).then(function (a) { return a.html; });
}

var asked = 0;
export function draw(list, ctx) {
  var t = table(), b = box();
  if (!t || !b) return;
  untouch();
  var body = t.querySelector('[data-testid="sheet"] tbody');
  body.querySelectorAll('tr[data-testid="pending"]').forEach(function (tr) { tr.remove(); });
  var lay = layout(list, t);
  lay.byRow.forEach(function (item, i) { if (item.op) keptRow(item, i + 1); });
  var deleting = list.some(function (p) { return p.kind === "delete"; });
  lay.order.forEach(function (item, i) {
    if (item.add) {
      item.tr = addedRow(item.add, i + 1);
      body.appendChild(item.tr);
    } else if (deleting) {  // numbered as they will stand after a kept delete
      var n = item.tr.querySelector(".n");
      if (n && n.textContent !== num(i + 1)) {
        touch(item.tr).querySelector(".n").textContent = num(i + 1);
      }
    }
  });
  var form = t.querySelector("form[data-draft]"), add = addButton(form);
  var open = openAt(list, ctx.editing, lay);
  if (open > 0 && add) {
    add.textContent = word("data-save", open);
    var drop = form.querySelector('[data-pending="drop"]');
    if (drop) {
      drop.setAttribute("data-n", String(open));
      if (!drop.hasAttribute("data-sure")) drop.textContent = word("data-delete", open);
    }
  }
  ended(form, false);
  t.querySelectorAll('form[action$="/redo"]').forEach(function (f) {  // the server's cookie
    f.style.display = list.length || Net.down() ? "none" : "";
  });
  totals(t, list, lay, ctx);
  b.hidden = list.length === 0;
  var none = t.querySelector('[data-testid="sheet"] + p.meta');  // "No deals yet."
  if (none) none.hidden = lay.order.length > 0;
  // "Deal N": the next after those kept (`deal-number`); the server's edit page keeps its own.
  var heading = document.getElementById("deal"), n = open > 0 ? open : lay.order.length + 1;
  if (heading && form && /:new$/.test(form.getAttribute("data-draft") || "")) {
    touch(heading).textContent = open > 0 ? word("data-edit", n)
      : renumbered(heading.textContent, n, pageDigits());
    heading.setAttribute("data-value", String(n));
  }
  B.badge(t, list.length, added, counting);
  var note = b.querySelector('[data-testid="pending-conflict"]');
  if (note) {
    note.hidden = ctx.conflict === null || !list.length;
    var why = note.querySelector(".why");
    if (why) why.textContent = ctx.conflict || "";
  }
}

function fill(tr, r) {
  ["us", "them"].forEach(function (side, j) {
    var td = tr.children[j + 1], tot = td.querySelector(".tot");
    var pts = td.querySelector(".pts bdi");
    if (!tot || !pts) {
      tot = document.createElement("bdi");
      tot.className = "tot";
      var small = document.createElement("small");
      small.className = "pts";
      pts = document.createElement("bdi");
      small.append("+", pts);
      td.replaceChildren(tot, small);
    }
    tot.textContent = num(r["total_" + side]);
    pts.textContent = num(r[side]);
    if (pts.hasAttribute("data-value")) pts.setAttribute("data-value", r[side]);
    tr.setAttribute("data-" + side, r[side]);
    tr.setAttribute("data-total-" + side, r["total_" + side]);
  });
  // The notes as the sheet will word them (the engine's, in the page's language), and
  // what is kept here; a recorded row counted again after a kept change looks provisional.
  var marks = tr.querySelector(".marks"), kept = marks && marks.querySelector(".kept-mark");
  if (!marks || typeof r.marks !== "string") return;
  marks.textContent = r.marks;
  if (kept) mark(tr, kept.textContent);
  tr.classList.add("pending");
}
// The match over with the deals kept here: no new deal (the server would refuse it); what
// is on the sheet can still be opened and changed.
function ended(form, over) {
  if (!form) return;
  form.querySelectorAll('[data-testid="add-deal"], [data-testid="passed"]').forEach(function (b) {
    if (over) {
      b.disabled = true;
      b.setAttribute("data-ended", "");
    } else if (b.hasAttribute("data-ended")) {
      b.disabled = false;
      b.removeAttribute("data-ended");
    }
  });
}
var counting = false;  // the kept changes' totals wait for the engine (the badge says so)
function totals(t, list, lay, ctx) {
  var mine = ++asked, pending = forEngine(list);
  counting = pending.length > 0;
  if (!pending.length) {
    unshow();  // nothing kept for the engine: the server's board as it drew it
    return;
  }
  function uncounted() {  // no totals from the engine (none, or it failed): say why
    unshow();
    B.badge(t, list.length, added, true);
  }
  keptMatch(matchPath(), t, ctx.local).then(function (match) {
    if (!match) return null;
    if (ctx.local) B.local(match, list);
    return ask({ op: "replay", question: JSON.stringify({ match: match,
      pending: pending, lang: document.documentElement.lang, board: true,
      digits: pageDigits() }) });
  }).then(function (a) {
    var out = a && JSON.parse(a.json);
    if (mine !== asked) return;  // a newer answer is on its way
    if (!out || !out.rows) {
      uncounted();
      return;
    }
    counting = false;
    out.rows.forEach(function (r, j) {
      var item = lay.order[out.first + j];
      if (item && item.tr) fill(item.add ? item.tr : touch(item.tr), r);
    });
    B.show(t, out, touchBoard, added);  // the board after the kept changes
    B.badge(t, list.length, added);
    ended(t.querySelector("form[data-draft]"), !!out.finished && !ctx.editing);
    var won = box() && box().querySelector('[data-testid="pending-winner"]');
    if (won) {
      won.hidden = !out.finished;  // a match of a number of deals may end level: a draw
      won.textContent = out.winner ? word("data-won").replace("{team}",
        box().getAttribute("data-" + out.winner) || out.winner)
        : out.finished ? word("data-drawn") : "";
    }
  }).catch(function () { if (mine === asked) uncounted(); });  // no engine: kept, no totals
}

// The page as the server drew it, kept on the device (the service worker shows it offline)
// when the sheet changes, with its match (the totals); the service worker also keeps every
// match page it fetches.
export function keepPages(matchPath) {
  var keptAt = null, api = apiMatch(matchPath), kept = Promise.resolve();
  // Fetched, then kept unless the device already has a newer copy: two keeps overlap (a live
  // update, then the next, or a reload), and the slower answer, of the older version, must
  // not be put over the newer one (a CI run: "the device's copy of this match is at version
  // 1" while the page showed 2, so no deal could be opened offline). The JSON is kept by its
  // version too (`atVersion`), which is what the page reads: a put begun by a page left
  // mid-keep can still land late, but only over the newest copy, never over that one.
  function store() {
    return Promise.all([fetch(matchPath), fetch(api)]).then(function (got) {
      if (!got[0].ok || !got[1].ok) throw new Error("not kept: " + got[0].status + got[1].status);
      var own = got[1].clone();
      return Promise.all([got[1].clone().json(), caches.open(MATCHES_CACHE)]).then(function (a) {
        var fresh = a[0], cache = a[1], mine = atVersion(matchPath, fresh.version);
        return cache.put(mine, own).then(function () { return cache.keys(); }).then(function (keys) {
          var older = keys.filter(function (k) {  // this match's copies of older versions
            var u = new URL(k.url), v = u.searchParams.get("v");
            return u.pathname === api && v !== null && Number(v) < fresh.version;
          });
          return Promise.all(older.map(function (k) { return cache.delete(k); }));
        }).then(function () { return cache.match(api); })
          .then(function (old) { return old ? old.json() : null; })
          .then(function (had) {
            if (had && had.version > fresh.version) return undefined;  // newer already here
            return Promise.all([cache.put(matchPath, got[0]), cache.put(api, got[1])]);
          });
      });
    });
  }
  function keep() {
    var t = table(), version = t ? t.getAttribute("data-version") : null;
    if (!window.caches || Net.down() || version === keptAt) return;
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    keptAt = version;
    kept = kept.then(store).then(readyAgain, function () {
      if (keptAt === version) keptAt = null;  // tried again at the next change
    });
  }
  // "Works offline" once this match's page is on the device (kept here or by the worker).
  readyAlso(function () {
    if (!window.caches) return Promise.resolve(false);
    return caches.open(MATCHES_CACHE).then(function (cache) {
      return cache.match(matchPath);
    }).then(Boolean);
  });
  document.addEventListener("belot:table", keep);
  if (navigator.serviceWorker) navigator.serviceWorker.addEventListener("controllerchange", keep);
}

// A match started here: the names typed into the new-match form (the game's own words when
// left empty) in place of the shell's placeholders; no links that need the server.
export function localPage(hook, body) {
  var typed = new URLSearchParams(body), names = {};
  ["us", "them"].forEach(function (side) {
    names["@@" + side + "@@"] = (typed.get("team_" + side) || "").trim() ||
      hook.getAttribute("data-" + side);
  });
  function named(text) {
    return text.replace(/@@(us|them)@@/g, function (found) { return names[found]; });
  }
  document.title = named(document.title);
  var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), node;
  while ((node = walk.nextNode())) {
    if (node.nodeValue.indexOf("@@") >= 0) node.nodeValue = named(node.nodeValue);
  }
  document.querySelectorAll("*").forEach(function (el) {
    Array.prototype.forEach.call(el.attributes, function (a) {
      if (a.value.indexOf("@@") >= 0) el.setAttribute(a.name, named(a.value));
    });
  });
  document.querySelectorAll('[data-testid="big-view"]').forEach(function (a) {
    a.style.display = "none";
  });
}

// The last deal on the sheet as it will stand: a kept add ({add}) or a recorded deal
// ({row, op}), for an Undo made offline; null on an empty sheet.
export function lastDeal(list) {
  var t = table(), lay = t && layout(list, t), item = lay && lay.order[lay.order.length - 1];
  if (!item) return null;
  return item.add ? { add: item.add } : { row: lay.byRow.indexOf(item) + 1, op: item.op || null };
}
