// node --test: the addresses and keys the page scripts, the server and the service worker
// agree on (static/names.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  LOCAL_DRAFT, LOCAL_PAGE, SHARED, apiMatch, clubAt, dealPage, draftKey, isLocal, localPath,
  matchAt, matchPage, parseDraftKey,
} from "../../src/belot/web/static/names.js";

test("a match's addresses", () => {
  assert.deepEqual(matchAt("/m/Ab_9-x/deals/3"), { path: "/m/Ab_9-x", id: "Ab_9-x", rest: "/deals/3" });
  assert.deepEqual(matchAt("/m/abc"), { path: "/m/abc", id: "abc", rest: "" });
  assert.equal(matchAt("/m/a.b"), null);
  assert.equal(matchAt("/matches/new"), null);
  assert.equal(matchPage("/m/abc"), "/m/abc");
  assert.equal(matchPage("/m/abc/big"), null);
  assert.deepEqual(dealPage("/m/abc/deals/12"), { path: "/m/abc", row: 12 });
  assert.deepEqual(dealPage("/m/abc"), { path: "/m/abc", row: null });
  assert.equal(dealPage("/m/abc/big"), null);
  assert.equal(apiMatch("/m/abc"), "/api/v1/matches/abc");
  assert.equal(clubAt("/c/club1/tournaments"), "club1");
  assert.equal(clubAt("/clubs/new"), null);
});

test("a match started on the device: its address as the service worker reads it", () => {
  const path = localPath("bg-6up", "abcdefgh", "k".repeat(16));
  assert.equal(path, "/m/local-bg-6up-abcdefgh-kkkkkkkkkkkkkkkk");
  assert.ok(isLocal(path) && !isLocal("/m/abc"));
  assert.equal(LOCAL_PAGE.exec(path)[1], "bg-6up");
  assert.ok(matchPage(path));  // a match page like any other
});

test("a draft's key, as the server writes it into the deal form", () => {
  assert.equal(draftKey("/m/abc", 7, "new"), "draft:/m/abc:7:new");
  assert.deepEqual(parseDraftKey("draft:/m/abc:7:3"), { path: "/m/abc", version: 7, which: "3" });
  assert.equal(parseDraftKey("pending-edit:/m/abc"), null);
  assert.ok(LOCAL_DRAFT.startsWith("draft:/m/local"));
  const form = readFileSync(new URL("../../src/belot/web/templates/deal_form.html", import.meta.url), "utf8");
  assert.match(form, /data-draft="draft:\{\{ match\.url \}\}:\{\{ match\.version \}\}:\{\{ match\.n or 'new' \}\}"/);
});

test("the shared line is one line of JSON (pack.py reads it for the service worker)", () => {
  const source = readFileSync(new URL("../../src/belot/web/static/names.js", import.meta.url), "utf8");
  const line = source.split("\n").find((l) => l.startsWith("export const SHARED = "));
  assert.deepEqual(JSON.parse(line.slice("export const SHARED = ".length).replace(/;$/, "")), SHARED);
});
