/* belot pages: the small bits htmx does not do, one module each (docs/web.md, "The page
 * scripts"). Every page loads this one (base.html); no inline script anywhere (CSP). The
 * order of the imports is the order their listeners hear an event. */
import "./net.js";
import "./taps.js";
import "./panel.js";
import "./wait.js";
import "./sending.js";
import "./drafts.js";
import "./form.js";
import "./visits.js";
import "./needs-server.js";
import "./claim.js";
import "./live.js";

// What only a deal form uses, imported once one is there (a page without one does not carry
// it; precached all the same): the count pad where it has a pile to count (count.js), the
// French forms' helps and the panel's summary (french.js).
function dealForm() {
  if (document.querySelector("form[data-calc] .pile")) import("./count.js");
  if (document.querySelector("form[data-calc]")) import("./french.js");
}
dealForm();
document.addEventListener("htmx:afterSettle", dealForm);
