// node --test: figures in the page's digits (static/digits.js): Arabic-Indic on an Arabic page
// whose reader chose them, Western otherwise.
import { test } from "node:test";
import assert from "node:assert/strict";
import { arabic, inDigits, pageDigits, renumbered } from "../../src/belot/web/static/digits.js";

test("every Western digit becomes its Arabic-Indic one, nothing else changes", () => {
  assert.equal(arabic(1234567890), "١٢٣٤٥٦٧٨٩٠");
  assert.equal(arabic("Deal 12 — 151"), "Deal ١٢ — ١٥١");
  assert.equal(inDigits(162, "arab"), "١٦٢");
  assert.equal(inDigits(162, "latn"), "162");
  assert.equal(inDigits(0, "arab"), "٠");
});

test("a heading's number replaced in the page's digits, whichever digits it had", () => {
  assert.equal(renumbered("الجولة ٤", 5, "arab"), "الجولة ٥");
  assert.equal(renumbered("Раздаване 9", 10, "latn"), "Раздаване 10");
  assert.equal(renumbered("الجولة 4", 12, "arab"), "الجولة ١٢");
});

test("the page's digits: the body's word, else the switch on the page", () => {
  const page = (said, latnSwitch) => ({
    body: { getAttribute: () => said },
    querySelector: () => (latnSwitch ? {} : null),
  });
  assert.equal(pageDigits(page("arab", false)), "arab");
  assert.equal(pageDigits(page("latn", true)), "latn");
  assert.equal(pageDigits(page(null, true)), "arab");
  assert.equal(pageDigits(page(null, false)), "latn");
});
