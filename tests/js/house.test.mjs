// node --test: the calculator's memory of the house rules a device plays (static/house.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { remember, remembered } from "../../src/belot/web/static/house.js";

function storage() {
  const kept = new Map();
  return { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, String(v)) };
}

test("each game keeps its own switches", () => {
  const s = storage();
  remember(s, "belot", ["border-to-declarers", "hanging-to-more"]);
  remember(s, "baloot", ["tie-by-abnat"]);
  assert.deepEqual(remembered(s, "belot"), ["border-to-declarers", "hanging-to-more"]);
  assert.deepEqual(remembered(s, "baloot"), ["tie-by-abnat"]);
});

test("nothing kept, or something unreadable, is no switch", () => {
  const s = storage();
  assert.deepEqual(remembered(s, "belot"), []);
  s.setItem("belot:house-rules:belot", "{not json");
  assert.deepEqual(remembered(s, "belot"), []);
  s.setItem("belot:house-rules:belot", JSON.stringify([1, "contra-round-first"]));
  assert.deepEqual(remembered(s, "belot"), ["contra-round-first"]);
});

test("a storage that refuses does not break the page", () => {
  const full = { getItem: () => null, setItem: () => { throw new Error("quota"); } };
  assert.doesNotThrow(() => remember(full, "belot", ["x"]));
});
