// The front page: each game's start and last activity in this device's own time, and which
// seat this device holds in it (js/seats.js). Without script the page says the same in UTC,
// less the seat.
import { isolated } from "./names.js";
import { heldSeat, seatName } from "./seats.js";

const day = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
for (const time of document.querySelectorAll("time[datetime]")) {
  const format = "day" in time.dataset ? day : moment;
  time.textContent = format.format(new Date(time.dateTime));
}
for (const cell of document.querySelectorAll("[data-seat-of]")) {
  const held = heldSeat(cell.dataset.seatOf);
  cell.replaceChildren(...(held ? isolated(seatName(held.seat), [held.seat]) : []));
}
