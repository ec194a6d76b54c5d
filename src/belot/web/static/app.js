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
      // the panel keeps its height until the answer comes: a tap on Add meanwhile (a field
      // losing focus clears it) lands where the finger is, nothing moves under it
      if (live && !live.style.minHeight) live.style.minHeight = live.offsetHeight + "px";
      if (live) live.replaceChildren();
      result.classList.add("pending");
    }
    form.querySelectorAll(".slot").forEach(function (s) { s.replaceChildren(); });
    var other = document.getElementById("other");
    if (other) other.replaceChildren();
  }

  // A figure in the page's digits (Western, or Arabic-Indic when the reader chose them).
  function shown(n) {
    var text = String(n);
    if (!document.body || document.body.getAttribute("data-digits") !== "arab") return text;
    return text.replace(/[0-9]/g, function (d) { return "٠١٢٣٤٥٦٧٨٩".charAt(+d); });
  }

  // A team's taps are kept in one hidden input: a count (belots) or a list of what was
  // tapped ("20 20 50", "sira hundred"). Each button shows how often its value is there.
  function tokens(input) { return input.value.split(/\s+/).filter(Boolean); }

  function setList(form, name, value) {
    var input = form.elements.namedItem(name);
    if (!input) return;
    input.value = value;
    var counted = input.hasAttribute("data-count");
    form.querySelectorAll('[data-count-for="' + name + '"]').forEach(function (b) {
      var token = b.getAttribute("data-token");
      var n = counted ? (parseInt(input.value, 10) || 0)
        : tokens(input).filter(function (t) { return t === token; }).length;
      b.textContent = "\u00d7" + shown(n);
      b.hidden = n === 0;
    });
  }

  function tap(form, name, token) {
    var input = form.elements.namedItem(name);
    if (!input) return;
    if (input.hasAttribute("data-count")) {
      setList(form, name, String(Math.min((parseInt(input.value, 10) || 0) + 1, 9)));
      return;
    }
    var list = tokens(input);
    if (list.filter(function (t) { return t === token; }).length < 9) list.push(token);
    setList(form, name, list.join(" "));
  }

  document.addEventListener("click", function (ev) {
    var button = ev.target instanceof Element ? ev.target.closest("button[data-add], button[data-clear]") : null;
    if (!button || !button.form || !button.form.hasAttribute("data-calc")) return;
    ev.preventDefault();
    var form = button.form;
    var add = button.getAttribute("data-add");
    if (add) {
      tap(form, add, button.getAttribute("data-token"));
    } else {
      (button.getAttribute("data-clear") || "").split(" ").forEach(function (name) {
        var input = name && form.elements.namedItem(name);
        if (input) setList(form, name, input.hasAttribute("data-count") ? "0" : "");
      });
      form.querySelectorAll(".combos").forEach(function (c) {
        if (button.closest(".team-taps") === c.closest(".team-taps")) c.remove();
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
  // (not on htmx:sendAbort: a question is dropped for a newer one, which has asked already)
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (t) {
    document.addEventListener(t, forget);
  });

  // The page came with the answer to the fields it was rendered with.
  function settle(root) {
    root.querySelectorAll("form[data-calc]").forEach(function (form) {
      form.dataset.asked = fields(form);
    });
  }
  settle(document);

  // 3. A match's deal being entered survives a reload, a lost connection or a closed tab: it
  //    is kept on the device (localStorage) under the sheet's version until the server has
  //    recorded it; a sheet at a later version drops the drafts of the earlier ones.
  var store = (function () { try { return window.localStorage; } catch (e) { return null; } })();
  function draftKey(form) { return form.getAttribute("data-draft"); }

  function dropOldDrafts(form) {
    var key = draftKey(form);
    if (!key || !store) return;
    var parts = key.split(":"), prefix = parts[0] + ":" + parts[1] + ":";
    var now = parseInt(parts[2], 10);
    for (var i = store.length - 1; i >= 0; i--) {
      var k = store.key(i);
      if (k && k.indexOf(prefix) === 0 && parseInt(k.slice(prefix.length), 10) < now) {
        store.removeItem(k);
      }
    }
  }

  // what was typed or tapped
  function fieldsOf(form) {
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "submit" || el.readOnly) return;
      if (el.type === "radio") { if (el.checked) fields[el.name] = el.value; }
      else if (el.type !== "hidden" || el.closest(".taps")) fields[el.name] = el.value;
    });
    return fields;
  }

  function applyFields(form, saved) {
    form.querySelectorAll('input[type="radio"]').forEach(function (el) {
      el.checked = el.name in saved && el.value === saved[el.name];
    });
    Object.keys(saved).forEach(function (name) {
      form.querySelectorAll('[name="' + name + '"]').forEach(function (el) {
        if (el.type === "hidden") setList(form, name, saved[name]);
        else if (el.type !== "radio") el.value = saved[name];
      });
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function saveDraft(form) {
    var key = draftKey(form);
    if (!key) return;
    try { store.setItem(key, JSON.stringify(fieldsOf(form))); } catch (e) { /* full or off */ }
  }

  function restoreDraft(form) {
    var key = draftKey(form), saved = null;
    if (!key) return;
    try { saved = JSON.parse(store.getItem(key) || "null"); } catch (e) { saved = null; }
    if (saved) applyFields(form, saved);
  }

  // The form as the server drew it: a fresh form.
  var blanks = new WeakMap();
  function keepBlank(form) { if (!blanks.has(form)) blanks.set(form, fieldsOf(form)); }

  // for pending.js
  function tableCame(t) { if (t) document.dispatchEvent(new CustomEvent("belot:table")); }
  window.belotDrafts = {
    store: store, fieldsOf: fieldsOf, applyFields: applyFields, saveDraft: saveDraft,
    restoreDraft: restoreDraft, dropOldDrafts: dropOldDrafts, draftKey: draftKey,
    keepBlank: keepBlank, blanks: blanks, settle: settle
  };

  document.addEventListener("change", function (ev) {
    var form = ev.target instanceof Element ? ev.target.closest("form[data-draft]") : null;
    if (form) saveDraft(form);
  });
  document.addEventListener("input", function (ev) {
    var form = ev.target instanceof Element ? ev.target.closest("form[data-draft]") : null;
    if (form) saveDraft(form);
  });
  // after htmx has set itself up (its DOMContentLoaded handler was added first)
  document.addEventListener("DOMContentLoaded", function () {
    setTimeout(function () {
      document.querySelectorAll("form[data-draft]").forEach(function (form) {
        keepBlank(form);
        dropOldDrafts(form);
        restoreDraft(form);
      });
      tableCame(document.getElementById("table"));
    }, 0);
  });

  // 4. Adding a deal (htmx): the totals, the sheet and a fresh form come back in place. A
  //    preview still on its way is dropped first (it would answer for the old deal); a send
  //    that fails says so and keeps every field, and a retry sends the same key (recorded once).
  function sender(ev) {
    var elt = ev.detail && ev.detail.elt;
    return elt instanceof HTMLButtonElement && elt.hasAttribute("data-busy") ? elt : null;
  }
  function sendFailed(button, which) {  // "send-failed" (no network), "send-refused", or none
    if (!button.form) return;
    button.form.querySelectorAll('[data-testid^="send-"]').forEach(function (note) {
      note.hidden = note.getAttribute("data-testid") !== which;
    });
  }
  document.addEventListener("htmx:beforeRequest", function (ev) {
    var button = sender(ev);
    if (!button) return;
    sendFailed(button, null);
    if (button.form && window.htmx) window.htmx.trigger(button.form, "htmx:abort");
  });
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (t) {
    document.addEventListener(t, function (ev) {
      var button = sender(ev);  // an answer that is an error (busy, 429, 503): the server's
      if (button) sendFailed(button, t === "htmx:responseError" ? "send-refused" : "send-failed");
    });
  });
  document.addEventListener("htmx:afterSettle", function (ev) {
    var table = ev.detail && ev.detail.elt;
    if (!(table instanceof Element) || table.id !== "table") return;
    settle(table);  // it came with the answer to its fields (a refused deal: kept, and why)
    var refused = table.querySelector('[data-testid="failure"]');
    table.querySelectorAll("form[data-draft]").forEach(function (form) {
      if (refused) saveDraft(form);  // refused (or the sheet moved on): kept as it came back
      else keepBlank(form);
      dropOldDrafts(form);  // a later version: the server has the deal, its draft goes
      restoreDraft(form);
    });
    tableCame(table);
  });

  // 5. A number field selects what it holds on focus: typing replaces it (130, then 82 → 82).
  //    A tap's own mouseup / click would put the caret back: select again after it.
  function numeric(el) {
    return el instanceof HTMLInputElement && el.inputMode === "numeric" && !el.readOnly;
  }
  document.addEventListener("focusin", function (ev) {
    var el = ev.target;
    if (!numeric(el)) return;
    el.dataset.fresh = "1";
    setTimeout(function () {  // unless something was typed (or a click selected) meanwhile
      if (document.activeElement === el && el.dataset.fresh) el.select();
    }, 0);
  });
  document.addEventListener("click", function (ev) {
    var el = ev.target;
    if (numeric(el) && el.dataset.fresh) { delete el.dataset.fresh; el.select(); }
  });
  document.addEventListener("input", function (ev) {
    if (numeric(ev.target)) delete ev.target.dataset.fresh;
  });

  // 6. Baloot: the abnat counted are the non-buyer's; the pile follows the buyer until the
  //    player picks a pile.
  document.addEventListener("change", function (ev) {
    var el = ev.target;
    if (!(el instanceof HTMLInputElement) || el.type !== "radio" || !el.form) return;
    var form = el.form;
    form.querySelectorAll("[data-opposes]").forEach(function (pile) {
      var teamField = pile.getAttribute("data-team-field");
      if (el.name === teamField) { pile.setAttribute("data-chosen", "yes"); return; }
      if (el.name !== pile.getAttribute("data-opposes") || pile.hasAttribute("data-chosen")) return;
      var other = el.value === "us" ? "them" : "us";
      var radio = form.querySelector('input[name="' + teamField + '"][value="' + other + '"]');
      if (radio && !radio.checked) {
        radio.checked = true;
        form.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
  }, true);

  // 6d. The last choice before the number (the last trick; Baloot: who bought) moves on to
  //     the number while it is empty: the keyboard comes up with no tap of its own.
  document.addEventListener("change", function (ev) {
    var el = ev.target;
    if (!(el instanceof HTMLInputElement) || el.type !== "radio" || !ev.isTrusted) return;
    var box = el.closest("fieldset.group");
    var next = box && box.nextElementSibling;
    var pile = next && next.matches("fieldset.group")
      ? next.querySelector('.pile input[inputmode="numeric"]') : null;
    if (pile && !pile.value) pile.focus();
  });

  // 6c. The compact panel (declarations, contra, capot…) says on its button how many things
  //     in it are not as a fresh form has them.
  function countExtras(form) {
    var more = form.querySelector("details.more");
    var badge = more && more.querySelector("[data-more-count]");
    if (!badge) return;
    var n = 0;
    more.querySelectorAll(".panel input").forEach(function (el) {
      if (el.type === "radio") n += el.checked && el.value !== "1" && el.value !== "none" ? 1 : 0;
      else if (el.hasAttribute("data-count")) n += parseInt(el.value, 10) || 0;
      else if (el.type === "hidden") n += tokens(el).length;
    });
    badge.textContent = shown(n);
    badge.hidden = n === 0;
  }
  document.addEventListener("change", function (ev) {
    var form = ev.target instanceof Element ? ev.target.closest("form[data-calc]") : null;
    if (form) countExtras(form);
  });

  // 8. The new-match page: choosing a game chooses its own rules (Baloot plays sa).
  document.addEventListener("change", function (ev) {
    var el = ev.target;
    if (!(el instanceof HTMLInputElement) || el.name !== "game" || !el.form) return;
    var want = el.value === "baloot" ? "sa" : "bg";
    var now = el.form.querySelector('input[name="rules"]:checked');
    var isBaloot = now && now.value === "sa";
    if (!now || isBaloot !== (el.value === "baloot")) {
      var pick = el.form.querySelector('input[name="rules"][value="' + want + '"]');
      if (pick) pick.checked = true;
    }
  });

  // 9. At the table: the screen stays on while a match is open (Screen Wake Lock, where the
  //    browser has it), and the last match opened is one tap away from every page.
  var onMatch = /^\/m\/[A-Za-z0-9_-]+/.exec(location.pathname);
  if (onMatch && navigator.wakeLock) {
    var keepAwake = function () {
      if (document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").catch(function () { /* refused: no matter */ });
    };
    keepAwake();
    document.addEventListener("visibilitychange", keepAwake);  // the lock ends when hidden
  }
  try {
    if (onMatch) store.setItem("last-match", onMatch[0]);
    var last = store.getItem("last-match");
    var link = document.querySelector('[data-testid="last-match"]');
    if (link && last && !onMatch && /^\/m\/[A-Za-z0-9_-]+$/.test(last)) {
      link.setAttribute("href", last);
      link.hidden = false;
    }
  } catch (e) { /* no storage: no link */ }

  // 9b. Clubs: the header's Club leads to the club this device last used; with several, a
  //     short list of them (the last used first) and a new club. Kept in localStorage.
  var clubPath = /^\/c\/([A-Za-z0-9_-]+)(\/|$)/.exec(location.pathname);
  function clubsKept() {
    try {
      var list = JSON.parse(store.getItem("clubs") || "[]");
      return Array.isArray(list) ? list.filter(function (c) {
        return c && typeof c.id === "string" && /^[A-Za-z0-9_-]+$/.test(c.id);
      }) : [];
    } catch (e) { return []; }
  }
  function useClub(id, name) {
    var list = clubsKept(), known = list.filter(function (c) { return c.id === id; })[0];
    if (!name && !known) return;
    list = list.filter(function (c) { return c.id !== id; });
    list.unshift({ id: id, name: name || known.name });
    try { store.setItem("clubs", JSON.stringify(list.slice(0, 8))); } catch (e) { /* off */ }
  }
  var title = document.querySelector('[data-testid="club-title"]');
  if (clubPath && title) useClub(clubPath[1], title.textContent.trim());
  var clubLink = document.querySelector('[data-testid="club-link"]');
  if (clubLink) useClub(clubLink.getAttribute("data-club"), null);
  var navClub = document.querySelector('[data-testid="nav-club"]');
  var clubs = store ? clubsKept() : [];
  if (navClub && clubs.length) {
    navClub.setAttribute("href", "/c/" + clubs[0].id);
    if (clubs.length > 1) {
      navClub.setAttribute("aria-haspopup", "true");
      navClub.setAttribute("aria-expanded", "false");
      navClub.addEventListener("click", function (ev) {
        ev.preventDefault();
        var menu = document.querySelector('[data-testid="club-menu"]');
        if (menu) {
          menu.remove();
          navClub.setAttribute("aria-expanded", "false");
          return;
        }
        menu = document.createElement("ul");
        menu.className = "club-menu";
        menu.setAttribute("data-testid", "club-menu");
        clubs.concat([{ id: null, name: navClub.getAttribute("data-new") }]).forEach(function (c) {
          var li = document.createElement("li"), a = document.createElement("a");
          a.href = c.id ? "/c/" + c.id : "/clubs/new";
          a.textContent = c.name;
          if (c.id) a.setAttribute("data-testid", "club-menu-" + c.id);
          li.appendChild(a);
          menu.appendChild(li);
        });
        navClub.closest("header").appendChild(menu);
        navClub.setAttribute("aria-expanded", "true");
      });
    }
  }

  // 7. An edit link carries the match's token after "#": no server or proxy sees it. Hand it
  //    to the server once (it keeps it in a cookie for this match) and drop it from the address.
  var claim = /^#token=([A-Za-z0-9_-]{1,200})$/.exec(location.hash);
  if (claim && /^\/m\/[A-Za-z0-9_-]+$/.test(location.pathname)) {
    history.replaceState(null, "", location.pathname);
    var f = document.createElement("form");
    f.method = "post";
    f.action = location.pathname + "/claim";
    var t = document.createElement("input");
    t.type = "hidden"; t.name = "token"; t.value = claim[1];
    f.appendChild(t);
    document.body.appendChild(f);
    f.submit();
  }

  document.addEventListener("htmx:afterSwap", function () {
    var result = document.getElementById("result");
    if (result) result.classList.remove("pending");
  });

  // A lost connection: say so in the panel rather than leave it blank.
  function offline(ev) {
    if (sender(ev)) return;  // a failed add says so by its button; the answer shown stays
    var asked = ev.detail && ev.detail.elt;  // the deal form's own question, not the sheet's
    if (!(asked instanceof HTMLFormElement) || !asked.hasAttribute("data-calc")) return;
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

  // Live sheet (CONTRACT 5.1): a viewer's page hears each change of the match from the
  // server (Server-Sent Events, whichever app instance made it) and fetches the new sheet
  // at once. The browser reconnects by itself; a slow poll on the element is the safety net.
  function follow() {
    var table = document.querySelector("#table[data-live]");
    if (!table || !window.EventSource || !window.htmx) return;
    var source = new EventSource(table.getAttribute("data-live")), latest = 0;
    // Behind the last version heard: fetch again, also once a sheet has come (changes in quick
    // succession: an earlier answer may land after a later event was dropped meanwhile).
    function catchUp() {
      // the editor's own Add (Save, Undo) on its way brings the new sheet itself
      if (document.querySelector("[data-busy].htmx-request, [data-busy][disabled]")) return;
      var now = document.getElementById("table");
      if (now && parseInt(now.getAttribute("data-version"), 10) < latest) {
        htmx.trigger(now, "belot:changed");
      }
    }
    source.addEventListener("version", function (e) {
      latest = Math.max(latest, JSON.parse(e.data).version);
      catchUp();
    });
    document.addEventListener("htmx:afterSettle", catchUp);
    // The table played on ("next game, same table"): its page follows to the new match.
    source.addEventListener("next", function (e) {
      var next = JSON.parse(e.data).match;
      if (typeof next === "string" && /^[A-Za-z0-9_-]+$/.test(next)) {
        source.close();
        location.assign("/m/" + next);
      }
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", follow);
  else follow();
})();
