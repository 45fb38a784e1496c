// The front page: say, for each game, which seat this device holds (js/seats.js).
import { heldSeat, seatName } from "./seats.js";

for (const cell of document.querySelectorAll("[data-seat-of]")) {
  const held = heldSeat(cell.dataset.seatOf);
  cell.textContent = held ? seatName(held.seat) : "";
}
