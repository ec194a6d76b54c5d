/* belot: the one place for what the page scripts, the server and the service worker agree on
 * (docs/web.md, "The page scripts"): a match's address, the device's caches and storage keys,
 * a draft's key, the URLs the scripts post to and the statuses that mean something to them.
 * Pure: no page needed (tests/js/names.test.mjs). */

// What the service worker needs too: pack.py reads this one line (JSON) and writes it into
// sw.js's BELOT_PACK.names, so a change here is a change there.
export const SHARED = {"id": "[A-Za-z0-9_-]+", "matches": "belot-matches", "local": "/m/local-", "localPage": "^/m/local-([a-z0-9-]+?)-[A-Za-z0-9]{8}-[A-Za-z0-9-]+$"};

const ID = SHARED.id;
const MATCH = new RegExp(`^(/m/(${ID}))(/.*)?$`);
const DEAL_PAGE = new RegExp(`^(/m/${ID})(?:/deals/(\\d+))?$`);
const CLUB = new RegExp(`^/c/(${ID})(?:/|$)`);
const AN_ID = new RegExp(`^${ID}$`);

export const MATCHES_CACHE = SHARED.matches;  // the match pages and their JSON kept offline
export const LOCAL_PAGE = new RegExp(SHARED.localPage);

/** An id as the server makes them (a match, a club). */
export function isId(text) {
  return typeof text === "string" && AN_ID.test(text);
}

/** Any address under a match (`/m/{id}`, `/big`, `/deals/3`…): {path: "/m/{id}", id, rest}. */
export function matchAt(pathname) {
  const m = MATCH.exec(pathname);
  return m ? { path: m[1], id: m[2], rest: m[3] || "" } : null;
}

/** The match page itself (`/m/{id}`), or null. */
export function matchPage(pathname) {
  const m = matchAt(pathname);
  return m && !m.rest ? m.path : null;
}

/** The editor's pages of a match: `/m/{id}` ({path, row: null}) or a deal's edit page
 *  `/m/{id}/deals/{n}` ({path, row: n}). */
export function dealPage(pathname) {
  const m = DEAL_PAGE.exec(pathname);
  return m ? { path: m[1], row: m[2] ? parseInt(m[2], 10) : null } : null;
}

/** A match started on this device, not yet made by the server (newmatch.js). */
export function isLocal(path) {
  return typeof path === "string" && path.startsWith(SHARED.local);
}
export function localPath(rules, tag, key) {
  return `${SHARED.local}${rules}-${tag}-${key}`;
}

/** A club's pages (`/c/{id}`, `/c/{id}/…`): its id, or null. */
export function clubAt(pathname) {
  const m = CLUB.exec(pathname);
  return m ? m[1] : null;
}

// -- URLs the scripts ask or post to ------------------------------------------------------------
export const PROBE = "/static/up";  // a 404 with no body and no database: "the server answers"
export const NEW_MATCH = "/matches";  // POST: the new-match form
export const apiMatch = (path) => `/api/v1/matches/${path.split("/")[2]}`;
export const dealsUrl = (path) => `${path}/deals`;  // POST: add a deal (htmx's route)
export const dealUrl = (path, n) => `${path}/deals/${n}`;  // POST: save or delete deal n
export const claimUrl = (path) => `${path}/claim`;  // POST: the edit link's token
export const clubUrl = (id) => `/c/${id}`;
export const NEW_CLUB = "/clubs/new";

// -- statuses -----------------------------------------------------------------------------------
export const STALE = 409;  // stale-version: another phone changed the match meanwhile
export const BUSY = 429;
/** No answer (0) or a proxy's answer for a server that is gone: not the server's word. */
export const GONE = [0, 502, 503, 504];

// -- the device's storage ----------------------------------------------------------------------
// A deal form's draft (localStorage): "draft:{match path}:{version}:{n or new}", as the
// server writes it into the form's data-draft (deal_form.html).
export function draftKey(path, version, which) {
  return `draft:${path}:${version}:${which}`;
}
export function parseDraftKey(key) {
  const m = /^draft:([^:]+):(\d+):([^:]+)$/.exec(key || "");
  return m ? { path: m[1], version: parseInt(m[2], 10), which: m[3] } : null;
}
export const LOCAL_DRAFT = "draft:/m/local:";  // a local match's shell, before it has a path
export const editKey = (path) => `pending-edit:${path}`;  // what is open in the deal form
export const legacyQueueKey = (path) => `pending:${path}`;  // kept changes, before IndexedDB
export { houseKey } from "./keys.js";  // the calculator's house rules (keys.js)
export const LAST_MATCH = "last-match";
export const CLUBS = "clubs";
export const ENGINE_CHECKED = "offline-engine";  // the pack revision whose engine answered
export const QUEUE_DB = "belot";
export const QUEUE_STORE = "pending";
export const QUEUE_CHANNEL = "belot-pending";

/** localStorage, or null where the browser keeps none (some private modes). */
export function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null;
  }
}
