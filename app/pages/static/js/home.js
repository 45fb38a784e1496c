// The front page: each game's last activity in this device's own time, and which seat this
// device holds in it (js/seats.js). Without script the page says the same in UTC, less the seat.
import { heldSeat, seatName } from "./seats.js";

const local = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
for (const time of document.querySelectorAll("time[datetime]")) {
  time.textContent = local.format(new Date(time.dateTime));
}
for (const cell of document.querySelectorAll("[data-seat-of]")) {
  const held = heldSeat(cell.dataset.seatOf);
  cell.textContent = held ? seatName(held.seat) : "";
}
