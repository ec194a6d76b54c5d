/* belot: the board while changes are kept on the device (issue 19; docs/web.md, "Offline"),
 * for pending-sheet.js. The engine's board (engine.replay with `board`: totals, points to go,
 * dealer, hanging pot, sheet count, winner: the server's template and code) and its chart in
 * place of the server's, and the `offline-badge` near the totals: how many changes are not
 * sent yet. Each element changed is handed to `touch` first (pending-sheet puts back what the
 * server drew), each one added to `added` (taken away again).
 * show(t, out, touch, added), badge(t, count, added), local(match, list). */
import { num } from "./digits.js";
import { isLocal } from "./names.js";

function parsed(html, selector) {
  var tpl = document.createElement("template");
  tpl.innerHTML = html;
  return tpl.content.querySelector(selector);
}

// The engine's board and chart (out.board, out.chart) in place of the server's; without
// them (a board the engine could not draw), its totals at least.
export function show(t, out, touch, added) {
  var board = t.querySelector("section.board"), fresh = out.board && parsed(out.board,
    "section.board");
  if (!board || !fresh) {
    ["us", "them"].forEach(function (side) {
      var big = t.querySelector('[data-testid="total-' + side + '"]');
      if (!big) return;
      touch(big).textContent = num(out.totals[side]);
      big.setAttribute("data-value", out.totals[side]);
      big.classList.add("pending");
    });
    return;
  }
  touch(board);
  board.replaceChildren.apply(board, Array.prototype.slice.call(fresh.childNodes));
  board.classList.add("pending");
  board.querySelectorAll('[data-testid^="total-"]').forEach(function (big) {
    big.classList.add("pending");  // figures that are the device's until the server has them
  });
  if (isLocal(location.pathname)) {  // only on this device: no big digits yet
    board.querySelectorAll('[data-testid="big-view"]').forEach(function (a) { a.remove(); });
  }
  var chart = t.querySelector("svg.chart"), drawn = out.chart && parsed(out.chart, "svg.chart");
  if (chart && drawn) {
    touch(chart);
    chart.replaceChildren.apply(chart, Array.prototype.slice.call(drawn.childNodes));
  } else if (drawn) {  // the server's sheet had no deals: no chart yet
    var box = t.querySelector("#sheet");
    if (box) {
      box.appendChild(drawn);
      added.push(drawn);
    }
  }
}

// "offline — 3 not sent", under the totals, while anything is kept here; `waiting`: the
// totals are not counted yet (no engine, or not started yet), and it says so (issue 25).
export function badge(t, count, added, waiting) {
  var board = t.querySelector("section.board");
  var box = t.querySelector('[data-testid="pending-box"]');
  var old = t.querySelector('[data-testid="offline-badge"]');
  if (old) old.remove();
  if (!board || !box || !count) return;
  var p = document.createElement("p");
  p.className = "meta offline-badge";
  p.setAttribute("role", "status");
  p.setAttribute("data-testid", "offline-badge");
  p.setAttribute("data-count", String(count));
  p.textContent = (box.getAttribute("data-badge") || "{n}").replace("{n}", num(count));
  if (waiting && box.getAttribute("data-totals-wait")) {
    var why = document.createElement("span");
    why.className = "totals-wait";
    why.setAttribute("data-testid", "totals-wait");
    why.textContent = box.getAttribute("data-totals-wait");
    p.append(document.createElement("br"), why);
  }
  var totals = board.querySelector(".totals");
  if (totals) totals.after(p); else board.prepend(p);
  added.push(p);
}

// A match started here (its `create` first in the kept list) as the API would send it
// before its first deal: its names, seats and first dealer from the form it was kept with.
export function local(match, list) {
  var made = list[0] && list[0].kind === "create" ? new URLSearchParams(list[0].body) : null;
  match.id = location.pathname.split("/")[2];
  if (!made) return match;
  match.teams = { us: made.get("team_us") || "", them: made.get("team_them") || "" };
  var seats = [1, 2, 3, 4].map(function (i) { return (made.get("seat" + i) || "").trim(); });
  if (seats.every(Boolean)) {
    match.seats = seats.map(function (name) { return { name: name, player: null }; });
    match.dealer = parseInt(made.get("first_dealer") || "1", 10) || 1;
  }
  return match;
}
