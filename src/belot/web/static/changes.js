/* belot: the changes a match page keeps on the device, as a list (docs/web.md, "A whole match
 * offline"). Pure: every function takes the list as it is kept (queue.js) and returns it
 * changed, or null for no change; no page needed (tests/js/changes.test.mjs). A change is
 * {kind: add | save | delete | create, key (its Idempotency-Key), base (the version it is
 * sent on), body (the form as posted), row (a recorded deal's number on the server's sheet),
 * rows (the server's rows it was made on), tried (sent, its fate unknown)}. They are sent in
 * the order of the list, each on the version the one before it leaves. */
import { BUSY, NEW_MATCH, STALE, dealUrl, dealsUrl } from "./names.js";

/** A change kept by an earlier belot had no kind: an add. */
export function normal(p) {
  p.kind = p.kind || "add";
  return p;
}
export function indexOf(list, key) {
  return key ? list.findIndex((p) => p.key === key) : -1;
}
/** The kept save or delete of the server's deal `row`. */
export function opOfRow(list, row) {
  return list.find((p) => p.row === row) || null;
}
/** Each change on the version the one before it leaves: start, start + 1, … */
export function renumber(list, start) {
  list.forEach((p, i) => { p.base = start + i; });
  return list;
}
/** The version the first change is sent on: the kept list's own, else the sheet's. */
export function startOf(list, version) {
  return list.length ? list[0].base : version;
}

// -- keeping --------------------------------------------------------------------------------
// `at`: {rows (the server's rows shown), version (the sheet's), newKey()}.

/** The deal form's Add, All passed or Save of what is `open` ({key}: a kept change opened
 *  again, its form replaced, its key and place kept; {row}: a recorded deal, a save; none: a
 *  new deal, an add after the rest). `body`: URLSearchParams of the form, its op set. */
export function withForm(list, body, open, at) {
  const start = startOf(list, at.version), i = open && open.key ? indexOf(list, open.key) : -1;
  if (i >= 0) {
    body.set("key", list[i].key);
    if (list[i].kind !== "add") body.set("op", "save");
    list[i].kind = list[i].kind === "add" ? "add" : "save";
    list[i].body = body.toString();
  } else if (open && open.row) {
    body.set("op", "save");
    body.set("key", at.newKey());
    list.push({ kind: "save", row: open.row, key: body.get("key"), body: body.toString(),
      rows: at.rows });
  } else {
    if (indexOf(list, body.get("key")) >= 0) body.set("key", at.newKey());
    list.push({ kind: "add", key: body.get("key"), body: body.toString(), rows: at.rows });
  }
  return renumber(list, start);
}

/** Delete what is open: a kept add never goes; a kept save becomes a delete; a recorded deal
 *  gets a kept delete. */
export function withDelete(list, open, at) {
  const start = startOf(list, at.version), i = open && open.key ? indexOf(list, open.key) : -1;
  if (i >= 0 && list[i].kind === "add") {
    list.splice(i, 1);
  } else if (i >= 0) {
    list[i].kind = "delete";
    list[i].body = "lang=" + (new URLSearchParams(list[i].body).get("lang") || "");
  } else if (open && open.row) {
    list.push({ kind: "delete", row: open.row, key: at.newKey(), body: "", rows: at.rows });
  } else {
    return null;
  }
  return renumber(list, start);
}

/** A kept change taken back before it is sent (↶ on a kept delete). */
export function without(list, key, at) {
  const i = indexOf(list, key), start = startOf(list, at.version);
  if (i < 0 || list[i].tried) return null;
  list.splice(i, 1);
  return renumber(list, start);
}

/** The server's edit page's Save or Delete of deal `row` (`body` as posted), after the rest;
 *  a kept change of that deal not yet tried is replaced. */
export function withEdit(list, row, body, at) {
  const start = startOf(list, at.version), prior = opOfRow(list, row);
  const kind = body.get("op") === "delete" ? "delete" : "save";
  if (prior && !prior.tried) {
    prior.kind = kind;
    prior.body = body.toString();
  } else {
    list.push({ kind, row, key: body.get("key") || at.newKey(), body: body.toString(),
      rows: at.rows });
  }
  return renumber(list, start);
}

/** Undo: the last deal as the sheet will stand (`last`, lastDeal's) goes — a kept add leaves
 *  the list, a recorded deal is kept as deleted (its kept edit dropped). */
export function withUndo(list, last, at) {
  const start = startOf(list, at.version), i = indexOf(list, (last.add || last.op || {}).key);
  if (last.add || last.op) {
    if (i < 0 || list[i].tried) return null;  // sent meanwhile (another tab)
    if (last.add) list.splice(i, 1);
    else list[i] = Object.assign(list[i], { kind: "delete", body: "" });
  } else {
    list.push({ kind: "delete", row: last.row, key: at.newKey(), body: "", rows: at.rows });
  }
  return renumber(list, start);
}

// -- sending --------------------------------------------------------------------------------

/** What is posted for change `p` of the match at `path`: {url, body, headers?} — the page's
 *  own routes (the edit token is an HttpOnly cookie), each with its key and base version. */
export function request(p, path) {
  if (p.kind === "create") return { url: NEW_MATCH, body: new URLSearchParams(p.body) };
  const body = new URLSearchParams(p.body);
  body.set("version", String(p.base));
  body.set("key", p.key);
  if (p.kind === "add") {
    return { url: dealsUrl(path), body, headers: { "HX-Request": "true", "HX-Target": "table" } };
  }
  body.set("op", p.kind);
  if (p.kind === "delete") body.set("confirm", "yes");
  return { url: dealUrl(path, p.row), body };  // answered with the sheet, after a redirect
}

/** The first change marked as tried (its fate unknown until an answer comes: it can no longer
 *  be opened), or null when there is nothing to send. */
export function tryFirst(list) {
  if (!list.length) return null;
  list[0].tried = true;
  return list;
}

/** The server's answer to `p`, the first change: `a` = {status, table (a sheet came), version,
 *  rows (its rows), over (a winner on it), failure (its words, or null)}; `state` =
 *  {rebased, anyway} across one sync. Returns {list (null: leave it), again (send the next),
 *  conflict (the server's words for the player, or undefined), shown (its sheet is the one to
 *  show)}.
 *  - recorded: it leaves the list; the rest are based on this sheet (a delete moves the deals
 *    after it up by one);
 *  - stale (409, another phone changed the match) while that phone only added deals and the
 *    match is not over — or the player said "send them anyway": rebased on the new version,
 *    same keys, sent again (five times at most in one go);
 *  - no answer worth keeping (a 5xx, 429, no sheet): left as it is, for later;
 *  - refused: kept, untried, with the server's words. */
export function answered(list, p, a, state) {
  const out = { list: null, again: false, conflict: undefined, shown: false };
  if (!list.length || list[0].key !== p.key) return out;  // discarded meanwhile
  if (a.status === 200 && a.table) {
    list.shift();
    list.forEach((q) => {
      if (p.kind === "delete" && q.row > p.row) q.row -= 1;
      q.rows = a.rows;
    });
    return { ...out, list, again: true, shown: true };
  }
  const stale = a.status === STALE && a.table && a.version > p.base;
  const onlyAdded = stale && !a.over && p.rows.every((r, i) => a.rows[i] === r);
  if (stale && (onlyAdded || state.anyway) && state.rebased < 5) {
    state.rebased += 1;
    state.anyway = false;
    list.forEach((q, i) => { q.base = a.version + i; q.rows = a.rows; });
    list[0].tried = false;
    return { ...out, list, again: true };
  }
  if (a.status >= 500 || a.status === BUSY || !a.table) return out;  // later
  list[0].tried = false;  // refused: the server has not recorded it
  return { ...out, list, conflict: a.failure || "", shown: true };
}

/** A match started here was made by the server: the rest of its changes, for the new match
 *  (its first version 0, no rows yet). */
export function movedOn(list) {
  return renumber(list.slice(1).map((q) => ({ ...q, rows: [] })), 0);
}

// -- the sheet as it will stand ----------------------------------------------------------------

/** The server's rows (any items, in order) and the kept adds, in order; each server row with
 *  its kept change (a delete takes it out of the order). */
export function layout(list, rows) {
  const byRow = rows.map((tr) => ({ tr }));
  const order = byRow.slice();
  for (const p of list) {
    if (p.kind === "add") { order.push({ add: p }); continue; }
    const item = byRow[p.row - 1];
    if (!item) continue;
    item.op = p;
    if (p.kind === "delete") order.splice(order.indexOf(item), 1);
  }
  return { byRow, order };
}

/** Deal n on the sheet when change i is made. */
export function nOf(list, i) {
  let n = list[i].row;
  for (let j = 0; j < i; j += 1) {
    if (list[j].kind === "delete" && list[j].row < list[i].row) n -= 1;
  }
  return n;
}

/** The kept changes as the engine takes them (a match started here is not one of them). */
export function forEngine(list) {
  const changes = list.filter((p) => p.kind !== "create");
  return changes.map((p, i) => ({ kind: p.kind, n: p.kind === "add" ? null : nOf(changes, i),
    body: p.body }));
}

/** The last deal on the sheet as it will stand: {add} or {row, op}; null on an empty sheet. */
export function lastDeal(list, rows) {
  const lay = layout(list, rows), item = lay.order[lay.order.length - 1];
  if (!item) return null;
  return item.add ? { add: item.add } : { row: lay.byRow.indexOf(item) + 1, op: item.op || null };
}

/** Where what is open in the deal form ({key} or {row}) stands on the sheet: its deal number
 *  as the sheet will stand, or -1. */
export function openAt(list, editing, lay) {
  if (!editing) return -1;
  let item = null;
  if (editing.key) {
    const p = list.find((q) => q.key === editing.key);
    item = p && (p.kind === "add" ? lay.order.find((o) => o.add === p) : lay.byRow[p.row - 1]);
  } else {
    item = lay.byRow[editing.row - 1];
  }
  return item ? lay.order.indexOf(item) + 1 : -1;
}
