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
import "./count.js";
import "./visits.js";
import "./needs-server.js";
import "./claim.js";
import "./live.js";
