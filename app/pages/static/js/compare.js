// Two games side by side (pages/compare.html), enhanced: the times in this device's own zone,
// named, as every page says them (js/times.js; the page says them in UTC without script), and
// a choice of showing both games or one of them, which saves scrolling past the other on a
// phone, where the two are stacked.
import "./times.js";

const choice = document.querySelector("[data-show-sides]");
const sides = document.querySelector("[data-sides]");
choice.addEventListener("change", (event) => {
  sides.dataset.show = event.target.value;
});
choice.hidden = false;
