// A game just created: the form gives way to its tokens, each with a copy button, once
// (the API answers them only to the request that created the game); this device keeps the
// token of the seat chosen (js/seats.js), the table's recorder's unless told otherwise.
//
// What other pages take from here (keep these stable):
//   showCreated(form, answer, afterCreated)  the panel of pages/_created.html in the form's
//       place, for an answer shaped as POST /api/games answers (a fork's is the same);
//   seatsOf(answer)  the seats of such an answer, the table's recorder first:
//       [{seat, label, note, token}];
//   offerJoinLink(place, {seat, label, token}, gamePath)  a seat's join link on the controls
//       in `place`: a button.copy-link copies it, a button.show-code (if any) draws its QR
//       code in [data-slot="code"], and .copied says how that went; it returns
//       {link, showCode}, showCode() drawing the code at once (js/device.js does, after a
//       token is replaced);
//   copyText(text, status, done)  copies, and says `done` (or that it failed) in `status`.
import { sayIsolated } from "./names.js";
import { holdSeat, joinLink, releaseSeat, seatName } from "./seats.js";

export function showCreated(form, answer, afterCreated) {
  const template = document.getElementById("created");
  const panel = template.content.firstElementChild.cloneNode(true);
  const slot = (name) => panel.querySelector(`[data-slot="${name}"]`);
  const gamePath = template.dataset.gamePath + answer.id;
  slot("id").textContent = answer.id;
  slot("name").textContent = answer.name ?? "";
  slot("game-link").href = gamePath;
  slot("game-button").href = gamePath;

  const seats = seatsOf(answer);
  slot("tokens").append(...seats.map((seat) => tokenRow(seat, gamePath)));
  slot("seats").append(
    ...seats.map((seat) => seatChoice(seat.seat, `${seat.label} (${seat.note})`, answer.players)),
    seatChoice("", "None: keep no token on this device"),
  );
  const kept = slot("kept");
  const keep = (seat) => {
    const held = seats.find((s) => s.seat === seat);
    if (held) holdSeat(answer.id, held.seat, held.token);
    else releaseSeat(answer.id);
    const words = held ? `This device keeps the token of ${seatName(held.seat)} for this game.` : "This device keeps no token for this game.";
    sayIsolated(kept, words, answer.players);
  };
  slot("seats").addEventListener("change", (event) => keep(event.target.value));
  slot("seats").querySelector('input[value="table"]').checked = true;
  keep("table");

  afterCreated?.(answer, slot("drawn"));
  form.hidden = true;
  form.after(panel);
  panel.focus();
}

export function seatsOf(answer) {
  return [
    { seat: "table", label: "The table's recorder", note: "records anyone's actions", token: answer.token },
    ...answer.players.map((player) => ({
      seat: player, label: player, note: `records ${player}'s actions only`, token: answer.seats[player],
    })),
  ];
}

function tokenRow(seat, gamePath) {
  const { label, token } = seat;
  const row = document.getElementById("token-row").content.firstElementChild.cloneNode(true);
  const input = row.querySelector('[data-slot="token"]');
  sayIsolated(row.querySelector('[data-slot="seat"]'), label, [seat.seat]);
  row.dataset.seat = seat.seat;
  input.value = token;
  input.setAttribute("aria-label", `${label}'s token`);
  const status = row.querySelector(".copied");
  row.querySelector(".copy").addEventListener("click", () => copyText(token, status, "Copied"));
  offerJoinLink(row, seat, gamePath);
  return row;
}

export function offerJoinLink(place, { seat, label, token }, gamePath) {
  const link = joinLink(gamePath, seat, token);
  const status = place.querySelector(".copied");
  const figure = place.querySelector('[data-slot="code"]');
  const linkButton = place.querySelector(".copy-link");
  linkButton.setAttribute("aria-label", `Copy ${label}'s join link`);
  linkButton.addEventListener("click", () => copyText(link, status, "Join link copied"));
  const showCode = () => drawJoinCode(figure, gamePath, token, status);
  const codeButton = place.querySelector(".show-code");
  if (codeButton) {
    codeButton.setAttribute("aria-label", `Show ${label}'s join link as a QR code`);
    codeButton.addEventListener("click", showCode);
  }
  return { link, showCode };
}

// The join link as a QR code, drawn by the service (POST, so the token is in no address), for
// the seat's phone to scan.
async function drawJoinCode(figure, gamePath, token, status) {
  try {
    const response = await fetch(`${gamePath}/join-code.svg`, {
      method: "POST", headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${response.status}`);
    const svg = new DOMParser().parseFromString(await response.text(), "image/svg+xml").documentElement;
    svg.setAttribute("role", "img");
    figure.replaceChildren(document.importNode(svg, true));
    figure.hidden = false;
  } catch (error) {
    status.textContent = `The QR code could not be drawn (${error.message})`;
  }
}

function seatChoice(value, text, players = []) {
  const choice = document.getElementById("seat-choice").content.firstElementChild.cloneNode(true);
  choice.querySelector("input").value = value;
  sayIsolated(choice.querySelector('[data-slot="label"]'), text, players);
  return choice;
}

// The clipboard API needs a secure context (https, or this machine's own address); on a
// tablet reaching the service over the local network, the old way still copies.
export async function copyText(text, status, done) {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = done;
  } catch {
    const scratch = Object.assign(document.createElement("textarea"), { value: text, readOnly: true });
    document.body.append(scratch);
    scratch.select();
    status.textContent = document.execCommand("copy") ? done : "Copying did not work here";
    scratch.remove();
  }
}
