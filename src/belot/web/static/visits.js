/* belot: what this device remembers of where it was (docs/web.md, "The table screen"): the
 * screen stays on while a match is open (Screen Wake Lock, where the browser has it), the last
 * match opened is one tap from every page (`last-match`), and the header's Club leads to the
 * club last used; with several, a short list of them (the last used first) and a new club
 * (`nav-club`, `club-menu`). Kept in localStorage (names.js). */
import { CLUBS, LAST_MATCH, NEW_CLUB, clubAt, clubUrl, isId, matchAt, matchPage, storage }
  from "./names.js";

const store = storage();
const onMatch = matchAt(location.pathname);

if (onMatch && navigator.wakeLock) {
  const keepAwake = () => {
    if (document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").catch(() => { /* refused: no matter */ });
  };
  keepAwake();
  document.addEventListener("visibilitychange", keepAwake);  // the lock ends when hidden
}
try {
  if (onMatch) store.setItem(LAST_MATCH, onMatch.path);
  const last = store.getItem(LAST_MATCH);
  const link = document.querySelector('[data-testid="last-match"]');
  if (link && last && !onMatch && matchPage(last)) {
    link.setAttribute("href", last);
    link.hidden = false;
  }
} catch { /* no storage: no link */ }

function clubsKept() {
  try {
    const list = JSON.parse(store.getItem(CLUBS) || "[]");
    return Array.isArray(list) ? list.filter((c) => c && isId(c.id)) : [];
  } catch { return []; }
}
function useClub(id, name) {
  let list = clubsKept();
  const known = list.find((c) => c.id === id);
  if (!name && !known) return;
  list = list.filter((c) => c.id !== id);
  list.unshift({ id, name: name || known.name });
  try { store.setItem(CLUBS, JSON.stringify(list.slice(0, 8))); } catch { /* off */ }
}
const club = clubAt(location.pathname);
const title = document.querySelector('[data-testid="club-title"]');
if (club && title) useClub(club, title.textContent.trim());
const clubLink = document.querySelector('[data-testid="club-link"]');
// A club match opened here counts as its club used, even on a device that never opened the
// club's own page (its name comes with the link).
if (clubLink) {
  useClub(clubLink.getAttribute("data-club"), clubLink.getAttribute("data-club-name"));
}
const navClub = document.querySelector('[data-testid="nav-club"]');
const clubs = store ? clubsKept() : [];
if (navClub && clubs.length) {
  navClub.setAttribute("href", clubUrl(clubs[0].id));
  if (clubs.length > 1) {
    navClub.setAttribute("aria-haspopup", "true");
    navClub.setAttribute("aria-expanded", "false");
    navClub.addEventListener("click", (ev) => {
      ev.preventDefault();
      let menu = document.querySelector('[data-testid="club-menu"]');
      if (menu) {
        menu.remove();
        navClub.setAttribute("aria-expanded", "false");
        return;
      }
      menu = document.createElement("ul");
      menu.className = "club-menu";
      menu.setAttribute("data-testid", "club-menu");
      for (const c of [...clubs, { id: null, name: navClub.getAttribute("data-new") }]) {
        const li = document.createElement("li"), a = document.createElement("a");
        a.href = c.id ? clubUrl(c.id) : NEW_CLUB;
        a.textContent = c.name;
        if (c.id) a.setAttribute("data-testid", `club-menu-${c.id}`);
        li.appendChild(a);
        menu.appendChild(li);
      }
      navClub.closest("header").appendChild(menu);
      navClub.setAttribute("aria-expanded", "true");
    });
  }
}
