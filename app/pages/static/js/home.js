// The front page: each game's start and last activity in this device's own time, its zone
// named (js/times.js), and which seat this device holds in it (js/seats.js). Without script
// the page says the same in UTC, less the seat.
import { isolated } from "./names.js";
import { heldSeat, seatName } from "./seats.js";

import "./times.js"; // the times in this device's own zone, named
for (const cell of document.querySelectorAll("[data-seat-of]")) {
  const held = heldSeat(cell.dataset.seatOf);
  cell.replaceChildren(...(held ? isolated(seatName(held.seat), [held.seat]) : []));
}
