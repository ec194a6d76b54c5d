/* belot's table pages (the match page, the new-match page): what the calculators never need,
 * kept out of app.js so that a first visit to a calculator loads less (issue 19): who won the
 * bid asked once, the editor's live sheet keeping what is typed, the share button, the
 * new-match page's names. No inline script anywhere (CSP). */
import * as D from "./drafts.js";

// 6b. Who won the bid is asked once (a match with seats): a player's tap chooses the team
//     too, and a tap on the other team forgets a player of this one (form.py does the same).
document.addEventListener("change", function (ev) {
  var el = ev.target;
  if (!(el instanceof HTMLInputElement) || el.type !== "radio" || !el.form) return;
  var box = el.closest(".bidder");
  if (!box) return;
  var teamName = box.querySelector("label.team input").name;
  if (el.name === "caller" && /^[1-4]$/.test(el.value)) {
    var team = parseInt(el.value, 10) % 2 ? "us" : "them";
    var radio = el.form.querySelector('input[name="' + teamName + '"][value="' + team + '"]');
    if (radio && !radio.checked) {
      radio.checked = true;
      radio.dispatchEvent(new Event("change", { bubbles: true }));
    }
  } else if (el.name === teamName) {
    var caller = el.form.querySelector('input[name="caller"]:checked');
    var seat = caller ? parseInt(caller.value, 10) : NaN;
    if (seat && (seat % 2 ? "us" : "them") !== el.value) {
      var none = el.form.querySelector('input[name="caller"][value="none"]');
      if (none) none.checked = true;
    }
  }
}, true);

// An editor's own sheet is live too (a deal from another phone appears): what is being
// typed in the deal form meanwhile stays in it, the number field keeps its focus.
var typing = null;
document.addEventListener("htmx:beforeSwap", function (ev) {
  var d = ev.detail, old = d && d.target;
  if (!(old instanceof Element) || old.id !== "table" || !d.requestConfig) return;
  if (d.requestConfig.verb !== "get") return;
  var form = old.querySelector("form[data-draft]");
  if (!form) return;
  var now = D.fieldsOf(form), blank = D.blanks.get(form) || {};
  var focused = document.activeElement;
  typing = JSON.stringify(now) === JSON.stringify(blank) ? null : {
    fields: now, focus: focused && form.contains(focused) ? focused.getAttribute("name") : null
  };
});
document.addEventListener("htmx:afterSettle", function (ev) {
  var table = ev.detail && ev.detail.elt;
  if (!typing || !(table instanceof Element) || table.id !== "table") return;
  var kept = typing;
  typing = null;
  table.querySelectorAll("form[data-draft]").forEach(function (form) {
    D.applyFields(form, kept.fields);
    D.saveDraft(form);
    var el = kept.focus && form.elements.namedItem(kept.focus);
    if (el instanceof HTMLInputElement && el.type === "text") el.focus();
  });
});

// 9c. Share the read-only link: the phone's own share sheet (Web Share API), else the
//     link copied to the clipboard (else selected, to copy by hand), and said so.
document.addEventListener("click", function (ev) {
  var button = ev.target instanceof Element ? ev.target.closest('[data-testid="share"]') : null;
  if (!button) return;
  var url = button.getAttribute("data-url");
  var said = button.parentNode.querySelector('[data-testid="share-said"]');
  function copied() {
    if (said) { said.textContent = button.getAttribute("data-copied"); said.hidden = false; }
  }
  function byHand() {
    var input = document.getElementById("share");
    if (input) { input.focus(); input.select(); }
  }
  if (navigator.share) {
    navigator.share({ title: button.getAttribute("data-title") || "", url: url })
      .catch(function () { /* closed: nothing to say */ });
  } else if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(url).then(copied, byHand);
  } else {
    byHand();
  }
});

// 8b. The new-match page: the first dealer is chosen by name, and a team left unnamed shows
//     (as its placeholder) the name it will get, its two players', once the seats are typed.
function seatsTyped(form) {
  var seats = [1, 2, 3, 4].map(function (i) {
    var el = form.elements.namedItem("seat" + i);
    return el && "value" in el ? el.value.trim() : "";
  });
  form.querySelectorAll(".dealer-pick").forEach(function (chip, i) {
    var span = chip.querySelector("span");
    if (!span.hasAttribute("data-number")) span.setAttribute("data-number", span.textContent);
    span.textContent = seats[i] || span.getAttribute("data-number");
  });
  var them = form.elements.namedItem("team_them"), pair = them && them.getAttribute("data-pair");
  [["team_us", 0, 2], ["team_them", 1, 3]].forEach(function (t) {
    var input = form.elements.namedItem(t[0]);
    if (!input || !pair) return;
    var a = seats[t[1]], b = seats[t[2]], all = seats.every(Boolean);
    input.placeholder = all ? pair.replace("{a}", a).replace("{b}", b)
      : input.getAttribute("data-default");
  });
}
document.addEventListener("input", function (ev) {
  var el = ev.target;
  var seat = el instanceof HTMLInputElement && /^seat[1-4]$/.test(el.name);
  if (seat && el.form) seatsTyped(el.form);
});
document.querySelectorAll(".dealer-pick").forEach(function (chip) {
  var form = chip.closest("form");
  if (form) seatsTyped(form);
});
