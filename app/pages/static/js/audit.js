// The game page's audit (pages/_audit.html): the log's check said in words in place, and a
// fork from the step the page shows. The step follows the game page (js/game.js's
// `tablelog:state`, sent after every load, step and live update). A fork is a creation: its
// POST carries an Idempotency-Key kept until it is answered (js/retry.js), so a retry after
// a lost answer is the same fork with the same tokens; the tokens are then shown once, as a
// new game's (js/created.js), this device keeping the fork's recorder's (js/seats.js).
import { showCreated } from "./created.js";
import { clearProblems, showProblem } from "./errors.js";
import { answered, keyFor } from "./retry.js";

const section = document.getElementById("audit");
const gameId = section.dataset.game;

// --- the check ----------------------------------------------------------------------------

const verifyLink = section.querySelector("[data-verify]");
const verdictBox = section.querySelector("[data-verdict-box]");
let version = null; // the game's head as the page last said it
let checked = null; // the head the check shown was made at

verifyLink.addEventListener("click", async (event) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  verdictBox.textContent = "Verifying…";
  try {
    const response = await fetch(`/games/${gameId}/verdict`);
    if (!response.ok) throw new Error(`the service answered ${response.status}`);
    const words = document.createElement("template");
    words.innerHTML = await response.text();
    verdictBox.replaceChildren(words.content);
    checked = version;
  } catch (error) {
    verdictBox.textContent = `The log could not be checked (${error.message}). Try again.`;
  }
});

// --- the fork -----------------------------------------------------------------------------

const form = document.getElementById("fork");
const button = form.querySelector("[data-fork-button]");
const atInput = form.querySelector("[data-fork-at]");
const problemBox = document.getElementById("fork-problem");
const made = section.querySelector("[data-fork-made]");
const sent = {}; // the key of the fork not yet answered (js/retry.js)

document.addEventListener("tablelog:state", (event) => {
  const { at } = event.detail;
  version = event.detail.version;
  if (checked !== null && checked !== version) {
    verdictBox.textContent = "The game has moved on since the check: verify it again.";
    checked = null;
  }
  atInput.value = at;
  button.textContent = `Fork from step ${at}`;
});

button.disabled = false; // without script it stays disabled: the page says why
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  clearProblems(form, problemBox);
  button.disabled = true;
  const body = { at: Number(atInput.value) };
  try {
    const response = await fetch(form.dataset.api, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": keyFor(sent, body) },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    if (response.status < 500) answered(sent); // a 5xx may have written it: a retry keeps the key
    // 200: an earlier try made the fork, and its answer was lost; this is that fork
    if (response.status === 201 || response.status === 200) showFork(answer, body.at);
    else showProblem(form, answer ?? { detail: `The service answered ${response.status}.` }, problemBox);
  } catch (error) {
    showProblem(form, { detail: `The service could not be reached (${error.message}). Try again.` }, problemBox);
  } finally {
    button.disabled = false;
  }
});

// The fork's tokens in the created panel, after the form (a fork made before it goes: each
// token is shown once, and this device keeps the seat chosen for it), and a way to compare.
function showFork(answer, at) {
  const before = made.nextElementSibling;
  if (before?.matches(".created")) before.remove();
  showCreated(made, answer, (fork, drawn) => {
    const compare = document.createElement("p");
    const link = Object.assign(document.createElement("a"), {
      href: `/games/${gameId}/compare/${fork.id}`,
      textContent: "Compare it with this game",
    });
    compare.append(`A fork of this game, its steps 1 to ${at}. `, link, ".");
    drawn.append(compare);
    listFork(fork, at);
  });
  const panel = made.nextElementSibling;
  panel.querySelector("h2").textContent = "Fork created";
}

function listFork(fork, at) {
  const item = document.createElement("li");
  const link = Object.assign(document.createElement("a"), {
    href: `/games/${gameId}/compare/${fork.id}`,
    textContent: `With its fork at step ${at}`,
  });
  const id = Object.assign(document.createElement("small"), { className: "id", textContent: fork.id });
  item.append(link, " ", id);
  section.querySelector("[data-forks]").append(item);
}
