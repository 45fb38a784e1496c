// The new Burn Rate game page (pages/new_burnrate.html): the dealer is one of the names typed.
import { newGameForm } from "./new-game.js";
import { offerNames, onNames } from "./names.js";

const form = document.getElementById("new-game");
const dealer = form.elements["options.dealer"];
onNames(form, (names) => offerNames(dealer, names));
newGameForm(form);
