// This device (pages/_device.html): the seat it holds in this game (js/seats.js), a switch
// to another seat (a seat's join link, or a seat and its token) once the service has said
// which seat the token opens (GET /api/games/<id>/seats/me, a read), forgetting the seat after
// a confirmation, and for the table's recorder the replacement of a lost seat's token
// (POST /api/games/<id>/seats/<seat>/token), then that seat's new join link, to copy or to
// scan as a QR code (js/created.js, offerJoinLink).
//
// The page's other parts read the seat from each `tablelog:state` (js/game.js's contract), so
// after a change this sends the last one again with the new seat, and it sets the page head's
// "this device: …", which js/game.js writes once at load.
import { offerJoinLink } from "./created.js";
import { answered, keyFor } from "./retry.js";
import { isolated, sayIsolated } from "./names.js";
import { heldSeat, holdSeat, releaseSeat, seatName } from "./seats.js";

const section = document.getElementById("device");
const gameId = section.dataset.game;
const gamePath = section.dataset.gamePath;
const slot = (name, within = section) => within.querySelector(`[data-slot="${name}"]`);
let latest = null; // the detail of the last tablelog:state
let shown; // the seat as last shown, as JSON
let verified = null; // a token the service said opens its seat, since this page loaded

document.addEventListener("tablelog:state", (event) => {
  latest = event.detail;
  render();
});

function render(news = "") {
  const held = heldSeat(gameId);
  const text = JSON.stringify(held);
  if (text === shown && !news) return;
  shown = text;
  say(news + heldWords(held));
  slot("forget").hidden = !held;
  closeConfirm(slot("forget-confirm"), slot("forget-ask"));
  slot("switch").hidden = false;
  slot("switch-title").textContent = held ? "Switch to another seat" : "Take a seat";
  slot("replace").hidden = held?.seat !== "table";
  if (held && held.token !== verified) stillOpens(held);
}

function heldWords(held) {
  if (!held) return "This device holds no seat in this game, so it records nothing here.";
  if (held.seat === "table") {
    return "This device holds the table's recorder's seat in this game: it records anyone's actions.";
  }
  return `This device holds ${held.seat}'s seat in this game: it records ${held.seat}'s actions only.`;
}

function say(words) {
  const held = heldSeat(gameId);
  sayIsolated(slot("held"), words, held ? [held.seat] : []);
}

// A seat kept before this page loaded may have had its token replaced since (a phone found
// again after the recorder replaced its token): the page says so rather than fail at a write.
async function stillOpens(held) {
  const checked = await seatOfToken(held.token);
  if (JSON.stringify(heldSeat(gameId)) !== JSON.stringify(held)) return; // changed meanwhile
  if (checked.seat === held.seat) verified = held.token;
  else if (checked.status === 403) {
    say(`This device keeps a token for ${seatName(held.seat)}'s seat, but it no longer opens it: `
      + "the table's recorder has replaced it. Open the seat's new join link here, or forget this seat.");
  }
}

// What the service says of a token: {seat} or {refused: words, status}.
async function seatOfToken(token) {
  let response;
  try {
    response = await fetch(section.dataset.seatHeld, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    });
  } catch {
    return { refused: "The service could not be reached, so the token was not checked and nothing was kept. Try again." };
  }
  const answer = await response.json().catch(() => null);
  if (response.ok && answer?.seat) return { seat: answer.seat };
  return { refused: tokenRefusal(response.status, answer), status: response.status };
}

function tokenRefusal(status, problem) {
  switch (status) {
    case 401:
      return "No token was sent: paste the whole token.";
    case 403:
      return "That token opens no seat of this game, so nothing was kept. Check that it was "
        + "copied whole; a token the table's recorder has replaced no longer works: ask for "
        + "the seat's new join link.";
    case 404:
      return `The service has no game ${gameId}, so nothing was kept.`;
    case 429:
      return `${problem?.detail ?? "Too many tokens were refused"}: wait a minute and try again. Nothing was kept.`;
    default:
      return `The service could not check the token (${problemWords(status, problem)}), so nothing was kept. Try again.`;
  }
}

function problemWords(status, problem) {
  return problem?.detail ? `${status}: ${problem.detail}` : `it answered ${status}`;
}

// --- switching seat --------------------------------------------------------------------------

const byLink = slot("by-link");
byLink.addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = byLink.elements.link;
  clearError(byLink);
  const asked = joinLinkAsked(input.value.trim());
  if (asked.refused) return showError(byLink, input, asked.refused);
  await take(byLink, input, asked.token, asked.seat);
});

const byToken = slot("by-token");
byToken.addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = byToken.elements.token;
  clearError(byToken);
  const token = input.value.trim();
  if (!token) return showError(byToken, input, "Paste the seat's token.");
  await take(byToken, input, token, byToken.elements.seat.value);
});

// The seat and token a pasted join link names (js/seats.js, joinLink), if it is this game's.
function joinLinkAsked(text) {
  if (!text) return { refused: "Paste a seat's join link." };
  let address;
  try {
    address = new URL(text); // a link as copied is whole: a word alone is no address
  } catch {
    return { refused: "That is not a link: a join link is this game's address, then #seat=…&token=…." };
  }
  const other = address.pathname.match(/^\/games\/([^/]+)$/);
  if (address.pathname !== gamePath) {
    return {
      refused: other
        ? `That join link is for another game (${decodeURIComponent(other[1])}), so nothing was kept: open it itself to join that game.`
        : "That is not a join link of this game: a join link is this game's address, then #seat=…&token=….",
    };
  }
  const fragment = new URLSearchParams(address.hash.slice(1));
  const seat = fragment.get("seat");
  const token = fragment.get("token");
  if (!seat || !token) {
    return { refused: "That link names no seat and token after its #: copy the seat's whole join link." };
  }
  return { seat, token };
}

async function take(form, input, token, asked) {
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const checked = await seatOfToken(token);
    if (checked.refused) return showError(form, input, checked.refused);
    if (checked.seat !== asked) {
      return showError(form, input, `That token opens ${seatName(checked.seat)}'s seat, not `
        + `${seatName(asked)}'s, so nothing was kept.`);
    }
    verified = token;
    holdSeat(gameId, checked.seat, token);
    form.reset();
    changed("Seat taken. ");
  } finally {
    button.disabled = false;
  }
}

function showError(form, input, words) {
  const message = slot("error", form);
  message.textContent = words;
  message.hidden = false;
  input.closest(".field").classList.add("field-error");
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), message.id].filter(Boolean).join(" "));
  input.focus();
}

function clearError(form) {
  const message = slot("error", form);
  message.hidden = true;
  message.textContent = "";
  for (const field of form.querySelectorAll(".field-error")) field.classList.remove("field-error");
  for (const input of form.querySelectorAll("[aria-invalid]")) {
    input.removeAttribute("aria-invalid");
    const rest = input.getAttribute("aria-describedby").split(" ").filter((id) => id !== message.id);
    if (rest.length) input.setAttribute("aria-describedby", rest.join(" "));
    else input.removeAttribute("aria-describedby");
  }
}

// The seat changed here: this section, the page head, and the page's other parts.
function changed(news) {
  render(news);
  const held = heldSeat(gameId);
  const head = document.querySelector("#game [data-seat]");
  if (head) {
    sayIsolated(head, held ? `· this device: ${seatName(held.seat)}` : "", held ? [held.seat] : []);
    head.hidden = !held;
  }
  if (latest) {
    document.dispatchEvent(new CustomEvent("tablelog:state", { detail: { ...latest, seat: held } }));
  }
}

// --- forgetting it ---------------------------------------------------------------------------

slot("forget-ask").addEventListener("click", () => {
  const held = heldSeat(gameId);
  if (!held) return render();
  sayIsolated(slot("forget-question"), `Forget ${seatName(held.seat)}'s seat on this device? `
    + "Its token is no longer kept here, and this device records nothing in this game until "
    + "it joins again by the seat's join link.", [held.seat]);
  openConfirm(slot("forget-confirm"), slot("forget-ask"), slot("forget-yes"));
});
slot("forget-no").addEventListener("click", () => {
  closeConfirm(slot("forget-confirm"), slot("forget-ask"));
  slot("forget-ask").focus();
});
slot("forget-yes").addEventListener("click", () => {
  releaseSeat(gameId);
  changed("Seat forgotten. ");
  slot("held").focus();
});

function openConfirm(confirm, ask, yes) {
  confirm.hidden = false;
  ask.hidden = true;
  yes.focus();
}

function closeConfirm(confirm, ask) {
  confirm.hidden = true;
  ask.hidden = false;
}

// --- the recorder replaces a lost seat's token -------------------------------------------------

for (const item of section.querySelectorAll("[data-replace-seat]")) {
  const seat = item.dataset.replaceSeat;
  const ask = slot("replace-ask", item);
  const confirm = slot("replace-confirm", item);
  const sent = {}; // the key of the replacement not yet answered (js/retry.js)
  ask.addEventListener("click", () => openConfirm(confirm, ask, slot("replace-yes", item)));
  slot("replace-no", item).addEventListener("click", () => {
    closeConfirm(confirm, ask);
    ask.focus();
  });
  slot("replace-yes", item).addEventListener("click", () => replace(item, seat, sent));
}

async function replace(item, seat, sent) {
  const yes = slot("replace-yes", item);
  const error = slot("replace-error", item);
  const held = heldSeat(gameId);
  error.hidden = true;
  if (held?.seat !== "table") return render();
  yes.disabled = true;
  let response;
  let answer;
  try {
    response = await fetch(section.dataset.seatToken.replace("SEAT", encodeURIComponent(seat)), {
      method: "POST",
      headers: {
        Authorization: `Bearer ${held.token}`,
        "Idempotency-Key": keyFor(sent, { seat, token: held.token }),
        Accept: "application/json",
      },
    });
    answer = await response.json().catch(() => null);
  } catch {
    return refuse(item, "The service did not answer, so the token may or may not have been "
      + "replaced. Press “Replace it” again: it is sent as the same request, so the seat gets one new token.");
  } finally {
    yes.disabled = false;
  }
  if (response.status < 500) answered(sent); // a 5xx may have written it: a retry keeps the key
  if (response.status === 201 || response.status === 200) return replaced(item, seat, answer);
  refuse(item, replaceRefusal(response.status, answer));
}

function replaceRefusal(status, problem) {
  switch (status) {
    case 401:
      return "This device sent no token, so nothing was replaced: take the table's recorder's seat first.";
    case 403:
      return "This device's token is not the table's recorder's (it may have been replaced from "
        + "another device), so nothing was replaced. Join again by the recorder's new join link.";
    case 404:
      return `The service has no game ${gameId}, so nothing was replaced.`;
    case 409:
      return "Others kept writing to the game at the same moment, so nothing was replaced. Try again.";
    default:
      if (status >= 500) {
        return `The service failed (${status}): the token may have been replaced. Press “Replace it” `
          + "again: it is sent as the same request, so the seat gets one new token.";
      }
      return `The service refused (${problemWords(status, problem)}), so nothing was replaced.`;
  }
}

function refuse(item, words) {
  const error = slot("replace-error", item);
  error.textContent = words;
  error.hidden = false;
}

function replaced(item, seat, answer) {
  const name = seatName(seat);
  closeConfirm(slot("replace-confirm", item), slot("replace-ask", item));
  const panel = document.getElementById("device-replaced").content.firstElementChild.cloneNode(true);
  const said = slot("said", panel);
  sayIsolated(said, `${capitalized(name)}'s token is replaced (step ${answer.seq}): the old one no `
    + `longer works. Give ${name} this join link, or let that device scan its QR code.`, [seat]);
  said.tabIndex = -1;
  const input = slot("link", panel);
  input.id = `device-new-link-${[...item.parentElement.children].indexOf(item)}`;
  slot("link-label", panel).htmlFor = input.id;
  slot("link-label", panel).replaceChildren(...isolated(`${capitalized(name)}'s new join link`, [seat]));
  const { link, showCode } = offerJoinLink(panel, { seat, label: name, token: answer.token }, gamePath);
  input.value = link;
  slot("replaced", item).replaceChildren(panel);
  showCode();
  if (seat === "table") { // this device's own token: it keeps the new one
    verified = answer.token;
    holdSeat(gameId, "table", answer.token);
    changed("The recorder's token is replaced, and this device keeps the new one. ");
  }
  said.focus();
}

function capitalized(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

render();
