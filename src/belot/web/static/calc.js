/* belot: the calculators' scripts (docs/web.md, "The page scripts"): what the first answer
 * needs at once; app.js and offline.js once the page has loaded (precached all the same). */
import "./taps.js";
import "./panel.js";
import "./form.js";
import "./house.js";

function later() {
  import("./app.js");
  import("./offline.js");
}

if (document.readyState === "complete") later();
else window.addEventListener("load", later, { once: true });
