/* belot: figures in the page's digits (docs/web.md, "Digits"): Western by default, Arabic-Indic
 * when an Arabic reader chose them (body[data-digits="arab"]). What posts or tests read
 * (data-value) stays ASCII. Pure but for `pageDigits` (tests/js/digits.test.mjs). */

const ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩";

/** Every Western digit of `text` as an Arabic-Indic one. */
export function arabic(text) {
  return String(text).replace(/[0-9]/g, (d) => ARABIC_INDIC.charAt(+d));
}

/** A figure (or a text with figures) in the given digits: "arab" or "latn". */
export function inDigits(n, digits) {
  return digits === "arab" ? arabic(n) : String(n);
}

/** The page's digits: what the body says; an Arabic page whose switch offers Western digits
 *  (`digits-latn`) shows Arabic-Indic ones. */
export function pageDigits(doc = globalThis.document) {
  const said = doc && doc.body && doc.body.getAttribute("data-digits");
  if (said) return said;
  return doc && doc.querySelector('[data-testid="digits-latn"]') ? "arab" : "latn";
}

/** A figure in this page's digits. */
export function num(n) {
  return inDigits(n, pageDigits());
}

/** The first figure of `text` (either kind of digits) replaced by `n` in this page's digits. */
export function renumbered(text, n, digits) {
  return text.replace(/[0-9\u0660-\u0669]+/, inDigits(n, digits));
}
