// The new Burn Rate game page (new.html beside it): the dealer is one of the names typed.
import { newGameForm } from "/static/js/new-game.js";
import { offerNames, onNames } from "/static/js/names.js";

const form = document.getElementById("new-game");
const dealer = form.elements["options.dealer"];
onNames(form, (names) => offerNames(dealer, names));
newGameForm(form);
