/* belot pages: the small bits htmx does not do. No inline script anywhere (CSP).
 * 1. Tap counters (+20, belot, sira...) count in place instead of posting the page.
 * 2. Any change to the deal clears the shown result at once, so it is never stale;
 *    htmx then brings the new one (hx-sync="this:replace" drops older answers). */
(function () {
  "use strict";

  function clearResult(form) {
    var result = document.getElementById("result");
    if (result) {
      var live = result.querySelector(".live");
      if (live) live.replaceChildren();
      result.classList.add("pending");
    }
    form.querySelectorAll(".slot").forEach(function (s) { s.replaceChildren(); });
    var other = document.getElementById("other");
    if (other) other.replaceChildren();
  }

  function setCount(form, name, n) {
    var input = form.elements.namedItem(name);
    if (!input) return;
    input.value = String(n);
    form.querySelectorAll('[data-count-for="' + name + '"]').forEach(function (b) {
      b.textContent = "\u00d7" + n;
      b.hidden = n === 0;
    });
  }

  document.addEventListener("click", function (ev) {
    var button = ev.target instanceof Element ? ev.target.closest("button[data-add], button[data-clear]") : null;
    if (!button || !button.form || !button.form.hasAttribute("data-calc")) return;
    ev.preventDefault();
    var form = button.form;
    var add = button.getAttribute("data-add");
    if (add) {
      var input = form.elements.namedItem(add);
      var n = Math.min((parseInt(input && input.value, 10) || 0) + 1, 9);
      setCount(form, add, n);
    } else {
      (button.getAttribute("data-clear") || "").split(" ").forEach(function (name) {
        if (name) setCount(form, name, 0);
      });
    }
    form.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // What the shown (or coming) answer is for. An event that changes nothing (a field losing
  // focus, a tap on the choice already made) neither clears the answer nor asks again.
  function fields(form) { return new URLSearchParams(new FormData(form)).toString(); }

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (ev) {
      var form = ev.target instanceof Element ? ev.target.closest("form[data-calc]") : null;
      if (form && fields(form) !== form.dataset.asked) clearResult(form);
    }, true);
  });

  document.addEventListener("htmx:confirm", function (ev) {
    var form = ev.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-calc")) return;
    var now = fields(form);
    if (now === form.dataset.asked) { ev.preventDefault(); return; }
    form.dataset.asked = now;
  });

  function forget(ev) {
    var form = ev.target instanceof Element ? ev.target.closest("form[data-calc]") : null;
    if (form) delete form.dataset.asked;  // no answer came: the same input may ask again
  }
  ["htmx:sendError", "htmx:responseError", "htmx:sendAbort", "htmx:timeout"].forEach(function (t) {
    document.addEventListener(t, forget);
  });

  // The page came with the answer to the fields it was rendered with.
  document.querySelectorAll("form[data-calc]").forEach(function (form) {
    form.dataset.asked = fields(form);
  });

  // 3. A match's deal being entered survives a reload or a lost connection: it is kept in
  //    this tab's sessionStorage under the sheet's version (so a recorded deal never returns).
  function draftKey(form) { return form.getAttribute("data-draft"); }

  function saveDraft(form) {
    var key = draftKey(form);
    if (!key) return;
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "submit" || el.readOnly) return;
      if (el.type === "radio") { if (el.checked) fields[el.name] = el.value; }
      else if (el.type !== "hidden" || /^[dbp]_/.test(el.name)) fields[el.name] = el.value;
    });
    try { sessionStorage.setItem(key, JSON.stringify(fields)); } catch (e) { /* full or off */ }
  }

  function restoreDraft(form) {
    var key = draftKey(form), saved = null;
    if (!key) return;
    try { saved = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { saved = null; }
    if (!saved) return;
    Object.keys(saved).forEach(function (name) {
      form.querySelectorAll('[name="' + name + '"]').forEach(function (el) {
        if (el.type === "radio") el.checked = el.value === saved[name];
        else if (el.type === "hidden") setCount(form, name, parseInt(saved[name], 10) || 0);
        else el.value = saved[name];
      });
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  document.addEventListener("change", function (ev) {
    var form = ev.target instanceof Element ? ev.target.closest("form[data-draft]") : null;
    if (form) saveDraft(form);
  });
  document.addEventListener("input", function (ev) {
    var form = ev.target instanceof Element ? ev.target.closest("form[data-draft]") : null;
    if (form) saveDraft(form);
  });
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form instanceof HTMLFormElement && draftKey(form) && ev.submitter &&
        /^(add|save)$/.test(ev.submitter.value)) {
      try { sessionStorage.removeItem(draftKey(form)); } catch (e) { /* nothing kept */ }
    }
  });
  // after htmx has set itself up (its DOMContentLoaded handler was added first)
  document.addEventListener("DOMContentLoaded", function () {
    setTimeout(function () { document.querySelectorAll("form[data-draft]").forEach(restoreDraft); }, 0);
  });

  document.addEventListener("htmx:afterSwap", function () {
    var result = document.getElementById("result");
    if (result) result.classList.remove("pending");
  });

  // A lost connection: say so in the panel rather than leave it blank.
  function offline(ev) {
    var result = document.getElementById("result");
    var live = result && result.querySelector(".live");
    if (!live || !result.dataset.offline) return;
    var p = document.createElement("p");
    p.className = "error";
    p.textContent = result.dataset.offline;
    live.replaceChildren(p);
  }
  document.addEventListener("htmx:sendError", offline);
  document.addEventListener("htmx:responseError", offline);
})();
