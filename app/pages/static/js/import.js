// The import page (pages/import.html): the log read from the file chosen, or the text
// pasted, is posted as it is to POST /api/games/import. The Idempotency-Key is kept for as
// long as the log is the same and unanswered (js/retry.js), so sending it again after a lost
// answer is the same import, answered with the same game and tokens. A refusal is the API's
// problem document, shown as the other forms show one (js/errors.js), beside the log; the
// game imported is shown as a new game is (js/created.js), this device keeping its recorder's
// token.
import { showCreated } from "./created.js";
import { isolated } from "./names.js";
import { clearProblems, showProblem } from "./errors.js";
import { answered, keyFor } from "./retry.js";

const form = document.getElementById("import");
const button = form.querySelector("button[type=submit]");
const file = document.getElementById("import-file");
const text = document.getElementById("import-text");
const status = document.querySelector("[data-imported]");
const sent = {}; // the key of the import not yet answered

button.disabled = false; // without script it stays disabled: the page says why
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  clearProblems(form);
  const log = file.files.length ? await file.files[0].text() : text.value;
  if (!log.trim()) {
    showProblem(form, { errors: { log: ["Choose the exported file, or paste its text."] } });
    return;
  }
  button.disabled = true;
  status.textContent = "Importing: the service checks every event…";
  try {
    const response = await fetch(form.dataset.api, {
      method: "POST",
      headers: { "Content-Type": "application/x-ndjson", Accept: "application/json", "Idempotency-Key": keyFor(sent, log) },
      body: log,
    });
    const answer = await response.json().catch(() => null);
    if (response.status < 500) answered(sent); // a 5xx may have written it: a retry keeps the key
    status.textContent = "";
    if (response.status === 201 || response.status === 200) showImported(answer);
    else showProblem(form, beside(answer ?? { detail: `The service answered ${response.status}.` }));
  } catch (error) {
    status.textContent = "";
    showProblem(form, { detail: `The service could not be reached (${error.message}). Try again.` });
  } finally {
    button.disabled = false;
  }
});

// The import's 400 names a line of the log ({"line 3": {"type": [...]}}) or its body: said
// beside the log's field, each message with the line it is about.
function beside(problem) {
  if (!problem.errors) return problem;
  const said = flat(problem.errors).map(([where, message]) => (where ? `${where}: ${message}` : message));
  return { ...problem, errors: { log: said } };
}

function flat(errors, where = "") {
  if (Array.isArray(errors)) return errors.map((message) => [where, String(message)]);
  return Object.entries(errors).flatMap(([step, inner]) => {
    const place = step === "body" || step === "_schema" ? where : [where, step].filter(Boolean).join(", ");
    return flat(inner, place);
  });
}

function showImported(answer) {
  showCreated(form, answer, (game, drawn) => {
    const said = document.createElement("p");
    const link = Object.assign(document.createElement("a"), { href: `/games/${game.id}/verify`, textContent: "verify it" });
    said.append(...isolated(`The log was checked whole and imported: ${game.version} events, players ${game.players.join(", ")}. Check it again here whenever you like: `, game.players), link, ".");
    drawn.append(said);
  });
  form.nextElementSibling.querySelector("h2").textContent = "Game imported";
}
