// A new-game form at work: the body read off the form is posted to POST /api/games (the
// address is the form's data-api), the same request any client of the API makes. A refusal
// is shown beside its fields (js/errors.js), a created game's tokens in its place
// (js/created.js). `afterCreated(answer, panel)` lets a game's page add what the service drew.
import { bodyOf } from "./form-body.js";
import { clearProblems, showProblem } from "./errors.js";
import { showCreated } from "./created.js";
import { answered, keyFor } from "./retry.js";

export function newGameForm(form, { afterCreated } = {}) {
  const button = form.querySelector("button[type=submit]");
  const sent = {}; // the key of the creation not yet answered (js/retry.js)
  button.disabled = false; // without script it stays disabled: the page says so
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems(form);
    button.disabled = true;
    const body = bodyOf(form);
    try {
      const { status, answer } = await create(form.dataset.api, body, keyFor(sent, body));
      if (status < 500) answered(sent); // a 5xx may have written it: a retry keeps the key
      // 200: an earlier try made the game, and its answer was lost; this is that game
      if (status === 201 || status === 200) showCreated(form, answer, afterCreated);
      else showProblem(form, answer ?? { detail: `The service answered ${status}.` });
    } catch (error) {
      showProblem(form, { detail: `The service could not be reached (${error.message}). Try again.` });
    } finally {
      button.disabled = false;
    }
  });
}

async function create(address, body, key) {
  const response = await fetch(address, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  return { status: response.status, answer };
}
