// The new Food Chain Magnate game page (new.html beside it): the turn order is picked from
// the names typed, the map laid tile by tile (map-picker.js); whatever was left to the
// service is shown once the game is created, so the table can lay it.
import { newGameForm } from "/static/js/new-game.js";
import { offerNames, onNames } from "/static/js/names.js";
import { mapPicker } from "./map-picker.js";

const form = document.getElementById("new-game");
const turnOrder = form.querySelector(".turn-order");
const map = mapPicker(document.getElementById("map"));
let players = 0;

const leftToService = (choice) => form.elements[choice].value === "service";

// As many places in the turn order as there are players; none sent unless the table drew it.
function showTurnOrder() {
  const byTable = !leftToService("_turn_order");
  turnOrder.hidden = !byTable;
  turnOrder.querySelectorAll("li").forEach((place, n) => {
    place.hidden = n >= players;
    place.querySelector("select").disabled = !byTable || n >= players;
  });
}

// Until the table says otherwise, the turn order is the order the names were typed in.
onNames(form, (names) => {
  players = names.length;
  turnOrder.querySelectorAll("select").forEach((select, n) => {
    offerNames(select, names);
    if (select.value === "" && n < names.length) select.value = names[n];
  });
  showTurnOrder();
  map.players(players);
});

form.addEventListener("change", (event) => {
  if (event.target.name === "_turn_order") showTurnOrder();
  if (event.target.name === "_map") map.laidByTable(event.target.value === "table");
});

newGameForm(form, { afterCreated: showDrawn });

async function showDrawn(answer, place) {
  const { turn_order: order, board } = answer.state;
  if (leftToService("_turn_order")) {
    const drawn = fromTemplate("drawn-turn-order");
    drawn.querySelector('[data-slot="order"]').textContent = order.join(", then ");
    place.append(drawn);
  }
  if (board.layout.drawn_by === "service") {
    const drawn = fromTemplate("drawn-map");
    drawn.querySelector('[data-slot="map"]').replaceWith(await map.picture(board.layout));
    place.append(drawn);
  }
}

function fromTemplate(id) {
  return document.getElementById(id).content.firstElementChild.cloneNode(true);
}
