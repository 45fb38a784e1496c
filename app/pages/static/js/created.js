// A game just created: the form gives way to its tokens, each with a copy button, once
// (the API answers them only to the request that created the game); this device keeps the
// token of the seat chosen (js/seats.js), the table's recorder's unless told otherwise.
import { holdSeat, joinLink, releaseSeat } from "./seats.js";

export function showCreated(form, answer, afterCreated) {
  const template = document.getElementById("created");
  const panel = template.content.firstElementChild.cloneNode(true);
  const slot = (name) => panel.querySelector(`[data-slot="${name}"]`);
  const gamePath = template.dataset.gamePath + answer.id;
  slot("id").textContent = answer.id;
  slot("game-link").href = gamePath;
  slot("game-button").href = gamePath;

  const seats = [
    { seat: "table", label: "The table's recorder", note: "records anyone's actions", token: answer.token },
    ...answer.players.map((player) => ({
      seat: player, label: player, note: `records ${player}'s actions only`, token: answer.seats[player],
    })),
  ];
  slot("tokens").append(...seats.map((seat) => tokenRow(seat, gamePath)));
  slot("seats").append(
    ...seats.map((seat) => seatChoice(seat.seat, `${seat.label} (${seat.note})`)),
    seatChoice("", "None: keep no token on this device"),
  );
  const kept = slot("kept");
  const keep = (seat) => {
    const held = seats.find((s) => s.seat === seat);
    if (held) holdSeat(answer.id, held.seat, held.token);
    else releaseSeat(answer.id);
    kept.textContent = held
      ? `This device keeps the token of ${held.seat === "table" ? "the table's recorder" : held.seat} for this game.`
      : "This device keeps no token for this game.";
  };
  slot("seats").addEventListener("change", (event) => keep(event.target.value));
  slot("seats").querySelector('input[value="table"]').checked = true;
  keep("table");

  afterCreated?.(answer, slot("drawn"));
  form.hidden = true;
  form.after(panel);
  panel.focus();
}

function tokenRow({ seat, label, token }, gamePath) {
  const row = document.getElementById("token-row").content.firstElementChild.cloneNode(true);
  const input = row.querySelector('[data-slot="token"]');
  row.querySelector('[data-slot="seat"]').textContent = label;
  row.dataset.seat = seat;
  input.value = token;
  input.setAttribute("aria-label", `${label}'s token`);
  const status = row.querySelector(".copied");
  row.querySelector(".copy").addEventListener("click", () => copy(token, status, "Copied"));
  const linkButton = row.querySelector(".copy-link");
  linkButton.setAttribute("aria-label", `Copy ${label}'s join link`);
  linkButton.addEventListener("click", () => copy(joinLink(gamePath, seat, token), status, "Join link copied"));
  const codeButton = row.querySelector(".show-code");
  codeButton.setAttribute("aria-label", `Show ${label}'s join link as a QR code`);
  const figure = row.querySelector('[data-slot="code"]');
  codeButton.addEventListener("click", () => showCode(figure, `${gamePath}/join-code.svg`, token, status));
  return row;
}

// The join link as a QR code, drawn by the service (POST, so the token is in no address), for
// the seat's phone to scan.
async function showCode(figure, address, token, status) {
  try {
    const response = await fetch(address, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${response.status}`);
    const svg = new DOMParser().parseFromString(await response.text(), "image/svg+xml").documentElement;
    svg.setAttribute("role", "img");
    figure.replaceChildren(document.importNode(svg, true));
    figure.hidden = false;
  } catch (error) {
    status.textContent = `The QR code could not be drawn (${error.message})`;
  }
}

function seatChoice(value, text) {
  const choice = document.getElementById("seat-choice").content.firstElementChild.cloneNode(true);
  choice.querySelector("input").value = value;
  choice.querySelector('[data-slot="label"]').textContent = text;
  return choice;
}

// The clipboard API needs a secure context (https, or this machine's own address); on a
// tablet reaching the service over the local network, the old way still copies.
async function copy(text, status, done) {
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
