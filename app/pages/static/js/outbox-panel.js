// Not sent yet (pages/_outbox.html): the game's outbox (js/outbox.js) shown in the record
// panel, and its sending. js/record.js hands every action recorded to `queue`, and gives
// `startOutbox` what the panel cannot know itself: where events are posted, what to do once
// one is recorded, and how to put one back into its form to edit it.
//
// Sending starts when the page first learns its game (`tablelog:state`), when the browser
// says the connection is back (`online`), every RETRY_MS while actions wait, and on "Send
// now"; one round at a time (js/outbox.js `flush`). The game page, at each new head it shows
// with a connection, asks the service worker to keep itself afresh (js/offline.js), so that
// opened with none it shows the last head this device knew.
import { sayIsolated } from "./names.js";
import { keepAfresh } from "./offline.js";
import { change, flush, put, take, waiting } from "./outbox.js";
import { keep } from "./sealed.js";

const RETRY_MS = 5000;
const box = document.getElementById("outbox");
const list = box.querySelector("[data-outbox-items]");
const status = box.querySelector("[data-outbox-status]");
let game = null;
let head = 0; // the head the page knows
let kept = 0; // the head the service worker was asked to keep
let fresh = null; // the event id of an action being sent from its form, answered there
const outcomes = new Map(); // event id -> {status, answer} of an action sent from its form
let hooks = null;

export function startOutbox({ address, sent, edit }) {
  hooks = {
    address,
    sent: (item, answer) => {
      head = Math.max(head, answer?.version ?? 0);
      outcomes.set(item.event_id, { status: 201, answer });
      sent(item, answer);
    },
    refused: (item, statusCode, answer) => {
      if (item.event_id !== fresh) return false;
      outcomes.set(item.event_id, { status: statusCode, answer });
      return true;
    },
    changed: show,
    edit,
  };
}

document.addEventListener("tablelog:state", (event) => {
  const first = game === null;
  ({ game } = event.detail);
  head = Math.max(head, event.detail.version);
  if (document.getElementById("game") && navigator.onLine && event.detail.atHead && head > kept) {
    kept = head;
    keepAfresh([`/games/${game}`]);
  }
  if (first) {
    show();
    send();
  }
});

window.addEventListener("online", () => send());
setInterval(() => {
  const [first] = game ? waiting(game) : [];
  if (first && !first.refused) send();
}, RETRY_MS);
box.querySelector("[data-outbox-send]").addEventListener("click", () => send({ asked: true }));

// With no connection, as the browser knows it, nothing is tried unless the person asks.
function send({ asked = false } = {}) {
  if (!game || !hooks || (!navigator.onLine && !asked)) return Promise.resolve();
  return flush(game, hooks);
}

// An action recorded: in the outbox, and sent at once when nothing waits before it and there
// is a connection. The answer, if it came at once: {status, answer}; null if it waits.
export async function queue(gameId, item) {
  game = gameId;
  const alone = !waiting(game).length && navigator.onLine;
  put(game, item);
  if (!alone) {
    show();
    send();
    return null;
  }
  fresh = item.event_id;
  try {
    await send();
  } finally {
    fresh = null;
  }
  const outcome = outcomes.get(item.event_id) ?? null;
  outcomes.delete(item.event_id);
  return outcome;
}

// The expected version of an action recorded now: after the head the page knows and each
// action waiting before it.
export function following(gameId, version) {
  return Math.max(version, head) + waiting(gameId).length;
}

function show() {
  const items = game ? waiting(game) : [];
  box.hidden = !items.length;
  box.querySelector("[data-outbox-count]").textContent = items.length;
  const blocked = items.findIndex((item) => item.refused);
  list.replaceChildren(...items.map((item, at) => entry(item, blocked >= 0 && at > blocked)));
  box.querySelector("[data-outbox-send]").hidden = !items.length || items[0].refused;
  status.textContent = !items.length ? ""
    : blocked >= 0 ? "The service refused an action: say what to do with it, below. Those after it wait."
      : navigator.onLine ? "Sending them in order."
        : "This device has no connection: they are kept here and sent in order when it returns.";
}

function entry(item, behind) {
  const li = document.getElementById("outbox-item").content.firstElementChild.cloneNode(true);
  li.dataset.eventId = item.event_id;
  const slot = (name) => li.querySelector(`[data-slot="${name}"]`);
  slot("title").textContent = item.title;
  // the payload's names (a player, a target) isolated, as everywhere a name is said
  const named = Object.values(item.payload ?? {}).filter((value) => typeof value === "string");
  sayIsolated(slot("words"), item.words, named);
  if (!item.refused) {
    slot("state").textContent = behind ? "Waits for the refused one before it." : tried(item);
    return li;
  }
  li.classList.add("refused");
  const problem = item.refused;
  slot("state").textContent = "Refused: not recorded.";
  const moved = problem.status === 409 && problem.current_version !== undefined; // whatToDo says it
  slot("problem").textContent = moved ? "" : problem.detail ?? problem.title ?? `The service answered ${problem.status}.`;
  slot("problem").hidden = moved;
  const rule = problem.rule ?? problem.code;
  if (rule) {
    const link = Object.assign(document.createElement("a"), { textContent: rule, href: problem.rule_href ?? `/api/rules/${rule}` });
    slot("problem").append(" (rule ", link, ")");
  }
  slot("todo").textContent = whatToDo(item);
  slot("refusal").hidden = false;
  const name = item.title;
  for (const button of li.querySelectorAll("[data-do]")) {
    button.setAttribute("aria-label", `${button.textContent}: ${name}`);
    button.addEventListener("click", () => decide(item, button.dataset.do));
  }
  li.querySelector('[data-do="edit"]').hidden = Boolean(item.sealed); // only its commitment is here
  return li;
}

function tried(item) {
  return item.tries ? `Not sent yet: tried ${item.tries} ${item.tries === 1 ? "time" : "times"}, no answer.` : "Not sent yet.";
}

function whatToDo({ refused, expected_version: expected }) {
  if (refused.status === 409 && refused.current_version !== undefined) {
    return `Someone else recorded first: this followed step ${expected}, and the game is at step ${refused.current_version} now. Look at the log: if this action is there already, discard it; if it still happened, send it again, to follow the game as it is now.`;
  }
  if (refused.status === 422) return "The rules refuse it as the game is now. Edit it, or discard it.";
  return "Send it again, edit it, or discard it.";
}

async function decide(item, choice) {
  if (choice === "again") {
    const now = Math.max(head, item.refused.current_version ?? 0);
    change(game, item.event_id, { refused: null, expected_version: now });
    show();
    await send();
  } else if (choice === "discard") {
    const taken = take(game, item.event_id);
    if (taken?.sealed) keep(game, taken.sealed.owner, taken.type, taken.sealed.before); // as it was
    show();
    status.textContent = `Discarded: ${item.title}. Not recorded.`;
    send();
  } else if (choice === "edit") {
    if (!hooks.edit(item)) {
      status.textContent = `There is no form for ${item.title} now: the game waits for something else. Send it again, or discard it.`;
      return;
    }
    take(game, item.event_id);
    show();
  }
}

// An action's payload in words, for the list: "amount 10, skill numbers 0, 1, 2, 3".
export function inWords(value) {
  if (Array.isArray(value)) return value.map(inWords).join(", ");
  if (value !== null && typeof value === "object") {
    const said = Object.entries(value).filter(([, inner]) => inner !== null && inner !== undefined && inner !== "");
    return said.map(([key, inner]) => {
      const words = inWords(inner);
      return `${key.replaceAll("_", " ")} ${typeof inner === "object" && !Array.isArray(inner) ? `(${words})` : words}`;
    }).join(", ");
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}
