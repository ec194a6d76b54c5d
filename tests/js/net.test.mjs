// node --test: what "offline" means to the page scripts (static/net.js, issue 18): the server
// cannot be reached, whatever navigator.onLine says. The real module, imported; its page is a
// small stand-in (`createNet(env)`): its fetch, its forms and its events are the test's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createNet, net, retryAfter } from "../../src/belot/web/static/net.js";

function page({ onLine = true, answer = () => Promise.resolve({ status: 404 }) } = {}) {
  const heard = [], asked = [], posted = [], listeners = {};
  const on = (type, fn) => { (listeners[type] ||= []).push(fn); };
  class HTMLFormElement { submit() { posted.push(this); } }
  const document = {
    visibilityState: "visible",
    addEventListener: on,
    dispatchEvent: (ev) => { heard.push(ev.detail); },
    createElement: () => ({ remove() {} }),
  };
  const window = { addEventListener: on };
  const env = {
    document, HTMLFormElement, AbortController,
    navigator: { onLine },
    CustomEvent: class { constructor(type, init) { this.type = type; this.detail = init.detail; } },
    fetch: (url, init) => { asked.push(url); return answer(url, init); },
    setTimeout: () => 0, clearTimeout: () => {},
  };
  const n = createNet(env);
  n.listen(window);
  return { net: n, heard, asked, posted, listeners, HTMLFormElement };
}

test("outside a page there is no page's net, and importing it touches nothing", () => {
  assert.equal(net, null);
});

test("an answer from the app is the server reached; none, or a proxy's 50x, is offline", async () => {
  assert.equal(await page().net.reach(), true);  // a 404 is an answer
  for (const status of [502, 503, 504]) {
    const p = page({ answer: () => Promise.resolve({ status }) });
    assert.equal(await p.net.reach(), false);
    assert.equal(p.net.down(), true);
  }
  const refused = page({ answer: () => Promise.reject(new TypeError("Failed to fetch")) });
  assert.equal(await refused.net.reach(), false);
  assert.deepEqual(Array.from(refused.heard, (d) => d.up), [false]);  // said once: it changed
});

test("navigator.onLine true is not believed; false is believed without asking", async () => {
  const lying = page({ onLine: true, answer: () => Promise.reject(new TypeError("no route")) });
  assert.equal(lying.net.down(), false);  // nothing tried yet
  assert.equal(await lying.net.reach(), false);
  assert.equal(lying.net.down(), true);
  const off = page({ onLine: false });
  assert.equal(off.net.down(), true);
  assert.equal(await off.net.reach(), false);
  assert.equal(off.asked.length, 0);
});

test("fetch rejects when the server cannot be reached, and says when it is back", async () => {
  let status = 502;
  const p = page({ answer: () => Promise.resolve({ status }) });
  await assert.rejects(p.net.fetch("/m/x/deals"), (err) => err.offline === true);
  status = 200;
  assert.equal((await p.net.fetch("/m/x/deals")).status, 200);
  assert.deepEqual(Array.from(p.heard, (d) => d.up), [false, true]);
});

test("a page's post goes only once the server answers; otherwise the page keeps it", async () => {
  for (const [answer, sent] of [
    [() => Promise.resolve({ status: 404 }), true],
    [() => Promise.reject(new TypeError("refused")), false],
  ]) {
    const p = page({ answer });
    const form = new p.HTMLFormElement();
    form.appendChild = () => {};
    form.hasAttribute = () => false;
    let prevented = false, kept = 0;
    const ev = { target: form, submitter: null, preventDefault: () => { prevented = true; } };
    p.net.post(ev, () => { kept += 1; });
    p.net.post(ev, () => { kept += 1; });  // a second tap while the first is asked
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(prevented, true);
    assert.equal(p.posted.length, sent ? 1 : 0);
    assert.equal(kept, sent ? 0 : 1);
  }
});

test("a tap's post asks the server anew: a probe sent before the tap does not answer it", async () => {
  // The page's own probe (as it opened) is sent while the network is there; the network goes;
  // the tap comes before that probe's "yes": the post waits for its own probe, which fails.
  let before = null, calls = 0;
  const p = page({
    answer: () => {
      calls += 1;
      if (calls === 1) return new Promise((resolve) => { before = () => resolve({ status: 404 }); });
      return Promise.reject(new TypeError("offline now"));
    },
  });
  p.net.reach();  // the page's own probe, on its way
  const form = new p.HTMLFormElement();
  form.appendChild = () => {};
  form.hasAttribute = () => false;
  let kept = 0;
  p.net.post({ target: form, submitter: null, preventDefault: () => {} }, () => { kept += 1; });
  before();  // the old probe says the server answered
  for (let i = 0; i < 4; i += 1) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(p.asked.length, 2);  // the tap's own probe
  assert.equal(p.posted.length, 0);  // never posted into the browser's error page
  assert.equal(kept, 1);
});

test("a busy answer's Retry-After says when to send again; anything else, the usual wait", () => {
  const answer = (value) => ({ headers: new Headers(value === null ? {} : { "Retry-After": value }) });
  assert.equal(retryAfter(answer("7"), 15000), 7000);
  assert.equal(retryAfter(answer(null), 15000), 15000);
  assert.equal(retryAfter(answer("0"), 15000), 15000);
  assert.equal(retryAfter(answer("1.5"), 15000), 15000);
  assert.equal(retryAfter(answer("9999"), 15000), 15000);  // an hour is no answer for a table
  assert.equal(retryAfter(answer("Wed, 21 Oct 2026 07:28:00 GMT"), 15000), 15000);
});
