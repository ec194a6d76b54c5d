/* belot: the club's new-match form. "Deals first" lists the players by name (issue 25: it
 * said "seat 1–4"); its options are the seats, each named after the player chosen there. */
const form = document.getElementById("new-match");
const dealer = form && form.querySelector('select[name="first_dealer"]');
function named() {
  for (const option of dealer.options) {
    const seat = form.querySelector(`select[name="seat${option.dataset.seat}"]`);
    const chosen = seat && seat.selectedOptions[0];
    if (chosen) option.textContent = chosen.textContent;
  }
}
if (dealer) {
  form.addEventListener("change", (ev) => {
    if (ev.target instanceof HTMLSelectElement && ev.target !== dealer) named();
  });
  named();  // a form the browser filled back in (history) names its own choices
}
