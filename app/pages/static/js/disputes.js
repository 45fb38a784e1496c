// Disputes from the game page (pages/_disputes.html, inside the step part js/game.js swaps).
//
// From each `tablelog:state` (js/game.js) it takes the game and this device's seat and shows
// the forms that seat may send: any seat opens a dispute on the step shown and replies to an
// open one, writing as its player (the table's recorder as admin); only the recorder resolves.
// Each write goes with an Idempotency-Key kept until it is answered (js/retry.js), so a retry
// after a lost answer is the same write. Once written, `tablelog:disputed` (detail {game,
// seq}) asks the page to show the step again, thread and all; a refusal is said above the
// forms, with the field or rule it names.
import { clearRefusal, showRefusal } from "./record-problem.js";
import { answered, keyFor } from "./retry.js";
import { actorOf, write } from "./write.js";

const unanswered = {};
let latest = null;

document.addEventListener("tablelog:state", (event) => {
  latest = event.detail;
  const box = document.querySelector("[data-disputes]");
  if (!box) return;
  const seat = latest.seat?.seat;
  for (const form of box.querySelectorAll("form[data-dispute-write]")) {
    form.hidden = !seat || (form.dataset.disputeWrite === "resolve" && seat !== "table");
  }
});

document.addEventListener("submit", async (event) => {
  const form = event.target.closest("form[data-dispute-write]");
  if (!form || !latest?.seat) return;
  event.preventDefault();
  const box = form.closest("[data-disputes]");
  const problem = box.querySelector("[data-dispute-problem]");
  const button = form.querySelector("button");
  clearRefusal(form, problem);
  button.disabled = true;
  try {
    const seq = Number(box.dataset.seq);
    const { status, answer } = await send(form, latest, seq);
    if (status === 200 || status === 201) {
      document.dispatchEvent(new CustomEvent("tablelog:disputed", { detail: { game: latest.game, seq } }));
    } else {
      await showRefusal(form, problem, answer);
    }
  } finally {
    button.disabled = false;
  }
});

async function send(form, { game, seat }, seq) {
  const kind = form.dataset.disputeWrite;
  const author = actorOf(seat.seat);
  const text = form.elements.text.value.trim();
  const base = `/api/games/${encodeURIComponent(game)}/disputes`;
  let address = base;
  let body = { seq, author, text };
  if (kind === "reply") {
    address = `${base}/${form.dataset.dispute}/replies`;
    body = { author, text };
  } else if (kind === "resolve") {
    address = `${base}/${form.dataset.dispute}/resolution`;
    const outcome = form.elements.outcome.value;
    const correcting = form.elements.correcting_seq.value;
    body = { outcome, author, text, correcting_seq: outcome === "upheld" && correcting ? Number(correcting) : null };
  }
  const sent = await write(address, body, { token: seat.token, key: keyFor(unanswered, { game, address, body }) });
  if (sent.status !== 0 && sent.status < 500) answered(unanswered);
  return sent;
}
