// node --test: the changes a match page keeps on the device (static/changes.js): where each
// goes in the list, what is sent in which order, and rebasing after a stale version.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  answered, forEngine, lastDeal, layout, movedOn, request, tryFirst, withDelete, withEdit,
  withForm, withUndo, without,
} from "../../src/belot/web/static/changes.js";

const M = "/m/abc";
let n = 0;
const at = (version, rows = ["9:7"]) => ({ version, rows, newKey: () => `new${++n}` });
const form = (key, contract) => new URLSearchParams({ key, contract, op: "add", lang: "bg" });

test("adds go after the rest, each on the version the one before it leaves", () => {
  let list = withForm([], form("a", "hearts"), null, at(3));
  list = withForm(list, form("b", "clubs"), null, at(3));
  list = withForm(list, form("b", "spades"), null, at(3));  // the same key again: a new one
  assert.deepEqual(list.map((p) => [p.kind, p.base]), [["add", 3], ["add", 4], ["add", 5]]);
  assert.equal(list[2].key, `new${n}`);
  assert.deepEqual(list.map((p) => new URLSearchParams(p.body).get("contract")),
    ["hearts", "clubs", "spades"]);
});

test("a kept add opened again keeps its key and place; a recorded deal's save goes last", () => {
  let list = withForm([], form("a", "hearts"), null, at(0));
  list = withForm(list, form("b", "clubs"), null, at(0));
  list = withForm(list, form("zzz", "diamonds"), { key: "a" }, at(0));
  assert.deepEqual(list.map((p) => [p.key, p.kind, p.base]), [["a", "add", 0], ["b", "add", 1]]);
  assert.equal(new URLSearchParams(list[0].body).get("contract"), "diamonds");
  list = withForm(list, form("c", "spades"), { row: 1 }, at(0));
  assert.deepEqual(list.map((p) => p.kind), ["add", "add", "save"]);
  assert.equal(list[2].row, 1);
  assert.equal(new URLSearchParams(list[2].body).get("op"), "save");
});

test("deleting: a kept add never goes, a recorded deal is kept deleted, ↶ takes it back", () => {
  let list = withForm([], form("a", "hearts"), null, at(7));
  list = withDelete(list, { key: "a" }, at(7));
  assert.deepEqual(list, []);
  list = withDelete(list, { row: 2 }, at(7));
  assert.deepEqual(list.map((p) => [p.kind, p.row, p.base]), [["delete", 2, 7]]);
  assert.equal(withDelete(list, null, at(7)), null);  // nothing open: no change
  assert.deepEqual(without(list, list[0].key, at(7)), []);
  const tried = tryFirst(withDelete([], { row: 1 }, at(7)));
  assert.equal(without(tried, tried[0].key, at(7)), null);  // sent already: stays
});

test("an edit page's save replaces its deal's kept change not yet tried", () => {
  const save = new URLSearchParams({ op: "save", key: "k1", contract: "hearts" });
  let list = withEdit([], 3, save, at(2));
  list = withEdit(list, 3, new URLSearchParams({ op: "delete", key: "k2" }), at(2));
  assert.deepEqual(list.map((p) => [p.kind, p.row, p.key]), [["delete", 3, "k1"]]);
});

test("undo takes back the last deal as the sheet will stand", () => {
  const rows = ["a", "b"];
  let list = withForm([], form("x", "hearts"), null, at(2, rows));
  list = withUndo(list, lastDeal(list, rows), at(2, rows));  // the kept add leaves
  assert.deepEqual(list, []);
  list = withUndo(list, lastDeal(list, rows), at(2, rows));  // then recorded deal 2 is deleted
  assert.deepEqual(list.map((p) => [p.kind, p.row]), [["delete", 2]]);
  assert.deepEqual(lastDeal(list, rows), { row: 1, op: null });
});

test("what is sent, in which order: the page's own routes, each with its key and version", () => {
  let list = withForm([], form("a", "hearts"), null, at(4));
  list = withEdit(list, 2, new URLSearchParams({ op: "save", key: "s", contract: "clubs" }), at(4));
  list = withDelete(list, { row: 1 }, at(4));
  const sent = list.map((p) => {
    const r = request(p, M);
    return [r.url, r.body.get("version"), r.body.get("key"), r.body.get("op"),
      r.body.get("confirm"), r.headers ? r.headers["HX-Request"] : null];
  });
  assert.deepEqual(sent, [
    ["/m/abc/deals", "4", "a", "add", null, "true"],
    ["/m/abc/deals/2", "5", "s", "save", null, null],
    ["/m/abc/deals/1", "6", list[2].key, "delete", "yes", null],
  ]);
  const create = { kind: "create", key: "m", base: 0, body: "game=belot&team_us=A" };
  assert.equal(request(create, "/m/local-bg-x").url, "/matches");
});

test("recorded: it leaves, and a delete moves the deals after it up by one", () => {
  const list = tryFirst([
    { kind: "delete", row: 1, key: "d", base: 4, rows: [] },
    { kind: "save", row: 3, key: "s", base: 5, rows: [] },
  ]);
  const out = answered(list, list[0], { status: 200, table: true, version: 5, rows: ["x"] },
    { rebased: 0, anyway: false });
  assert.equal(out.again, true);
  assert.deepEqual(out.list.map((p) => [p.key, p.row, p.rows]), [["s", 2, ["x"]]]);
});

test("a stale version: rebased when the other phone only added deals, else asked", () => {
  const kept = () => tryFirst([
    { kind: "add", key: "a", base: 2, rows: ["9:7", "0:16"] },
    { kind: "add", key: "b", base: 3, rows: ["9:7", "0:16"] },
  ]);
  const state = { rebased: 0, anyway: false };
  let list = kept();
  const added = { status: 409, table: true, version: 3, rows: ["9:7", "0:16", "11:5"] };
  let out = answered(list, list[0], added, state);
  assert.equal(out.again, true);
  assert.deepEqual(out.list.map((p) => [p.key, p.base, p.tried]), [["a", 3, false], ["b", 4, undefined]]);
  assert.deepEqual(out.list[1].rows, added.rows);
  assert.equal(state.rebased, 1);
  // the other phone changed a deal these were kept after: the server's words, kept as is
  list = kept();
  const changed = { status: 409, table: true, version: 3, rows: ["9:7", "8:8"], failure: "Changed" };
  out = answered(list, list[0], changed, { rebased: 0, anyway: false });
  assert.equal(out.again, false);
  assert.equal(out.conflict, "Changed");
  assert.deepEqual(out.list.map((p) => [p.base, !!p.tried]), [[2, false], [3, false]]);
  // the player said "send them anyway": rebased once
  out = answered(list, list[0], changed, { rebased: 0, anyway: true });
  assert.equal(out.again, true);
  assert.deepEqual(out.list.map((p) => p.base), [3, 4]);
  // the match is over on the server: never rebased by itself
  out = answered(kept(), kept()[0], { ...added, over: true, failure: "" }, { rebased: 0, anyway: false });
  assert.equal(out.again, false);
  assert.equal(out.conflict, "");
  // at most five rebases in one go
  out = answered(kept(), kept()[0], added, { rebased: 5, anyway: false });
  assert.equal(out.again, false);
});

test("no answer worth keeping, or a change discarded meanwhile: nothing changes", () => {
  const list = tryFirst([{ kind: "add", key: "a", base: 0, rows: [] }]);
  for (const a of [{ status: 503, table: false }, { status: 429, table: true }]) {
    assert.equal(answered(list, list[0], a, { rebased: 0, anyway: false }).list, null);
  }
  const other = { kind: "add", key: "z", base: 0, rows: [] };
  assert.equal(answered(list, other, { status: 200, table: true, rows: [] }, {}).list, null);
});

test("a match made by the server: the rest move to it from version 0", () => {
  const list = [{ kind: "create", key: "m", base: 0 }, { kind: "add", key: "a", base: 1, rows: ["r"] }];
  assert.deepEqual(movedOn(list), [{ kind: "add", key: "a", base: 0, rows: [] }]);
});

test("the sheet as it will stand and what the engine is asked", () => {
  const rows = ["r1", "r2", "r3"];
  const list = [
    { kind: "delete", row: 1, key: "d" }, { kind: "save", row: 3, key: "s", body: "x" },
    { kind: "add", key: "a", body: "y" },
  ];
  const lay = layout(list, rows);
  assert.deepEqual(lay.order.map((o) => o.tr || o.add.key), ["r2", "r3", "a"]);
  assert.deepEqual(forEngine(list).map((c) => [c.kind, c.n]), [["delete", 1], ["save", 2], ["add", null]]);
});
