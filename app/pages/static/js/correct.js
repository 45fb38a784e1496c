// Correcting a mistake from the game page (pages/_correct.html, inside the step part that
// js/game.js swaps; the result goes to the page's "Corrected" section, which stays).
//
// From each `tablelog:state` (js/game.js) it takes the game, its version and this device's
// seat, and shows only the forms that seat may send: a retract of the latest action that may
// be withdrawn to the player whose action it is and to the table's recorder (LOG-RETRACT);
// undo to the step shown and redo to the recorder. Each write is sent again with the same
// key until it is answered (js/retry.js): a retract as an event with its event_id, undo and
// redo with an Idempotency-Key. Once written, the page goes to the new head
// (`tablelog:recorded`), and the receipts the service signed are shown and kept
// (js/receipts.js). A refusal is said above the forms, with its rule.
import { showRefusal, clearRefusal } from "./record-problem.js";
import { keepReceipts, receiptList } from "./receipts.js";
import { answered, keyFor } from "./retry.js";
import { sayIsolated } from "./names.js";
import { seatName } from "./seats.js";
import { actorOf, write } from "./write.js";

const unanswered = {};
let latest = null; // the last tablelog:state detail

document.addEventListener("tablelog:state", (event) => {
  latest = event.detail;
  offer(latest);
});

function offer({ seat }) {
  const section = document.querySelector("[data-correct]");
  if (!section) return;
  const forms = [...section.querySelectorAll("form[data-correction]")];
  const own = seat && section.dataset.retractableActor === actorOf(seat.seat);
  for (const form of forms) {
    const kind = form.dataset.correction;
    form.hidden = !seat || !(seat.seat === "table" || (kind === "retract" && own));
  }
  const status = section.querySelector("[data-correct-status]");
  const shown = forms.filter((form) => !form.hidden).length;
  status.hidden = shown > 0;
  if (!seat) status.textContent = "This device holds no seat in this game, so it corrects nothing.";
  else if (!forms.length) status.textContent = "Nothing to correct from this step.";
  else {
    sayIsolated(status, `Nothing here that ${seatName(seat.seat)} may correct: a player withdraws only their own last action, and undo and redo are the table's recorder's.`, [seat.seat]);
  }
}

document.addEventListener("submit", async (event) => {
  const form = event.target.closest("form[data-correction]");
  if (!form || !latest?.seat) return;
  event.preventDefault();
  const section = form.closest("[data-correct]");
  const box = section.querySelector("[data-correct-problem]");
  const button = form.querySelector("button");
  clearRefusal(form, box);
  button.disabled = true;
  try {
    const { status, answer } = await send(form, latest);
    if (status === 200 || status === 201) done(form, answer);
    else await showRefusal(form, box, answer);
  } finally {
    button.disabled = false;
  }
});

async function send(form, { game, version, seat }) {
  const reason = form.elements.reason?.value.trim() ?? "";
  const base = `/api/games/${encodeURIComponent(game)}`;
  const kind = form.dataset.correction;
  let sent;
  if (kind === "retract") {
    const event = { type: "retract", actor: actorOf(seat.seat), payload: { seq: Number(form.dataset.seq), reason } };
    const body = { ...event, event_id: keyFor(unanswered, { game, ...event }), expected_version: version };
    sent = await write(`${base}/events`, body, { token: seat.token });
  } else {
    const body = kind === "undo" ? { to: Number(form.dataset.to), reason, expected_version: version } : { expected_version: version };
    sent = await write(`${base}/${kind}`, body, { token: seat.token, key: keyFor(unanswered, { game, kind, body }) });
  }
  if (sent.status !== 0 && sent.status < 500) answered(unanswered); // a 5xx may have written it
  return sent;
}

function done(form, answer) {
  const game = answer.game;
  const words = {
    retract: () => `Step ${form.dataset.seq} is withdrawn, with what followed from it.`,
    undo: () => `Undone to step ${form.dataset.to}: step${answer.withdrawn.length > 1 ? "s" : ""} ${[...answer.withdrawn].reverse().join(", ")} withdrawn.`,
    redo: () => `Redone: step${answer.redone.length > 1 ? "s" : ""} ${answer.redone.join(", ")} recorded again, as step${answer.events.length > 1 ? "s" : ""} ${answer.events[0].seq}${answer.events.length > 1 ? ` to ${answer.events.at(-1).seq}` : ""}.`,
  }[form.dataset.correction]();
  const again = answer.duplicate ? " (It had been done already: this is that correction.)" : "";
  const panel = document.querySelector("[data-corrected]");
  panel.querySelector("[data-corrected-text]").textContent = `${words}${again} The service signed a receipt for each event it wrote; this device keeps them.`;
  keepReceipts(game, answer.receipts);
  panel.querySelector("[data-receipts]").replaceChildren(receiptList(game, answer.receipts ?? []));
  panel.hidden = false;
  document.dispatchEvent(new CustomEvent("tablelog:recorded", {
    detail: { game, type: form.dataset.correction, version: answer.version, events: answer.events },
  }));
}
