// Record (pages/record.html): a form for each action this device's seat may record now.
//
// What it relies on from the game page (pages/game.html, js/game.js):
// - a `tablelog:state` event on document after each load, step or live update, with detail
//   {game, kind, version, at, atHead, state, awaiting, seat}: `awaiting` as the API answers it
//   ({from: ["player:ann", ...], types: [...], what, rule}); forms are offered only at the
//   head (`atHead`), where an action can be recorded;
// - `tablelog:square` events on document with detail {row, col} when the map is tapped: the
//   square goes to the square picker of the open form last used;
// and what it sends back: `tablelog:recorded` on document, detail {game, type, version,
// events}, once the service accepted an action (201), for the page to load the new state.
//
// The seat is this device's (js/seats.js, localStorage `tablelog.seat.<game id>`): a player's
// seat records that player's actions when `awaiting.from` names them; the table's recorder
// records for whichever player is owed (a choice when several are), or as `admin` when none
// is. The forms come from GET /api/<kind>/event-types (js/record-fields.js builds them), the
// payload is read off the form by js/form-body.js, and a refusal is shown above its form
// (js/record-problem.js), beside the field whose rule refused it; nothing else on the page
// changes. What the game's rules allow now, GET /api/games/<id>/choices for each form's type
// and actor at each new head, narrows the form's controls to it (js/record-choices.js
// offerChoices); without an answer the form keeps its own controls. A sealed choice is asked
// for in plain form and sealed on this device, which keeps it for the reveal
// (js/record-sealed.js).
import { bodyOf } from "./form-body.js";
import { sayIsolated } from "./names.js";
import { heldSeat, seatName } from "./seats.js";
import { offerChoices } from "./record-choices.js";
import { completed, fieldControls, fillIn, putSquare, refreshChoices } from "./record-fields.js";
import { clearRefusal, showRefusal } from "./record-problem.js";
import { keep, kept } from "./sealed.js";
import { keptValues, note, revealing, sealedBody, sealing } from "./record-sealed.js";
import { answered, keyFor } from "./retry.js";
import { waiting } from "./outbox.js";
import { following, inWords, queue, startOutbox } from "./outbox-panel.js";

// The event id of the action being recorded (js/retry.js), until the outbox keeps it: from
// there the outbox sends it again, with the same id, until it is answered.
const unanswered = {};

const panel = document.getElementById("record-panel");
const slot = (name) => panel.querySelector(`[data-slot="${name}"]`);
const described = new Map(); // kind -> Promise of {type name: form description}
const allowed = new Map(); // choices address -> Promise of its `fields`, or null
let shown = { key: null, forms: [] }; // the forms on the page, and what they were built for
let latest = null; // the last tablelog:state detail
let recordingFor = null; // the table's recorder: the player chosen among those owed
// The table's recorder's forms record for one player at a time; when the game moves on to
// another, the panel says so and opens none of the new player's forms until asked:
// `handedOver` is {from, to} from then until a form is opened or an action recorded.
let formsFor = null;
let handedOver = null;

document.addEventListener("tablelog:state", (event) => {
  latest = event.detail;
  render(latest).catch((error) => say(`The forms could not be made: ${error.message}`));
});

document.addEventListener("tablelog:square", (event) => {
  const open = shown.forms.filter((entry) => entry.details.open);
  const form = open.find((entry) => entry.form.dataset.lastUsed) ?? open[0];
  if (form && putSquare(form.form, event.detail)) refresh(form);
});

async function render(detail) {
  if (!detail.atHead) {
    return clear("This is a past step: actions are recorded at the latest one.");
  }
  const held = heldSeat(detail.game);
  slot("take").hidden = Boolean(held);
  if (!held) return clear("This device holds no seat here, so it records nothing.");
  const awaiting = detail.awaiting ?? { from: [], types: [] };
  const owed = (awaiting.from ?? []).filter((actor) => actor.startsWith("player:")).map((actor) => actor.slice(7));
  const table = held.seat === "table";
  if (!table && !owed.includes(held.seat)) return clear(waitingWords(awaiting, owed));
  const player = table ? chosenPlayer(owed) : held.seat;
  const forms = await formsOf(detail.kind);
  const types = (awaiting.types ?? []).filter((type) => forms[type] && !forms[type].derived);
  if (!types.length) return clear(waitingWords(awaiting, owed));
  offerRecordingFor(table ? owed : []);
  if (table && formsFor && player && formsFor !== player) handedOver = { from: formsFor, to: player };
  if (table) formsFor = player;
  say(nowWords(awaiting, { table, player, seat: held.seat }) + unsentWords(detail.game));
  offerRecordIt(true);
  const actor = player ? `player:${player}` : "admin";
  const key = JSON.stringify([detail.game, held.seat, actor, types]);
  if (key === shown.key) {
    for (const entry of shown.forms) {
      refresh(entry);
      askChoices(entry, detail);
    }
    return;
  }
  const whose = table ? player : null; // named on each form where the device records for anyone
  const made = types.map((type) => recordForm(forms[type], { detail, held, actor, player, whose, forms }));
  if (made.length === 1 && !handedOver) made[0].details.open = true;
  slot("forms").replaceChildren(...made.map((entry) => entry.details));
  shown = { key, forms: made };
}

function clear(words) {
  say(words);
  offerRecordIt(false);
  slot("for").hidden = true;
  slot("forms").replaceChildren();
  shown = { key: null, forms: [] };
}

function say(words) {
  sayIsolated(slot("status"), words, playersOf(latest?.state));
}

function waitingWords(awaiting, owed) {
  const what = awaiting.what ? `: ${awaiting.what}` : "";
  return `Waiting${owed.length ? ` for ${owed.join(", ")}` : ""}${what}.`;
}

function nowWords(awaiting, { table, player, seat }) {
  const what = awaiting.what ? `: ${awaiting.what}` : "";
  if (!table) return `Your move, ${seat}${what}.`;
  if (!player) return `Now${what}. This device is ${seatName(seat)}.`;
  if (handedOver) {
    const { from, to } = handedOver;
    return `Nothing more for ${from} now: the game waits for ${to}. The forms below record for ${to}: open one to record it.`;
  }
  return `Now${what}. This device is ${seatName(seat)}, recording for ${player}.`;
}

// Offline, what the panel says is the game as the service last told it, before the actions
// this device keeps: the forms follow on from those.
function unsentWords(game) {
  const count = waiting(game).length;
  if (!count) return "";
  return ` (As this device last heard from the service, before the ${count === 1 ? "action" : `${count} actions`} not sent yet.)`;
}

// "Waiting for joe" in the step shown (pages/_step.html) leads to joe's forms on joe's device:
// a link after it, which opens the first form and puts the focus in its first field.
function offerRecordIt(offered) {
  const line = document.querySelector("[data-awaiting]");
  const link = line?.querySelector("[data-record-it]");
  if (!offered) return link?.remove();
  if (!line || link) return;
  const added = document.createElement("a");
  added.href = "#record-panel";
  added.dataset.recordIt = "";
  added.textContent = "Record it";
  added.addEventListener("click", (event) => {
    const entry = shown.forms[0];
    if (!entry) return;
    event.preventDefault();
    entry.details.open = true;
    entry.form.querySelector("input:not([type=hidden]), select, textarea")?.focus();
  });
  line.append(" ", added);
}

// The table's recorder, with several players owed an action at once: whose it records.
function chosenPlayer(owed) {
  if (!owed.length) return null;
  if (!owed.includes(recordingFor)) recordingFor = owed[0];
  return recordingFor;
}

function offerRecordingFor(owed) {
  const place = slot("for");
  place.hidden = owed.length < 2;
  if (owed.length < 2) return place.replaceChildren();
  const fieldset = document.createElement("fieldset");
  const legend = document.createElement("legend");
  legend.textContent = "Recording for";
  const radios = document.createElement("div");
  radios.className = "radios inline";
  for (const name of owed) {
    const label = document.createElement("label");
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = "_recording_for";
    radio.value = name;
    radio.checked = name === recordingFor;
    radio.addEventListener("change", () => {
      recordingFor = formsFor = name; // asked for: not a hand-over to say
      if (latest) render(latest);
    });
    label.append(radio, " ", Object.assign(document.createElement("bdi"), { textContent: name }));
    radios.append(label);
  }
  fieldset.append(legend, radios);
  place.replaceChildren(fieldset);
}

function formsOf(kind) {
  if (!described.has(kind)) {
    const address = panel.dataset.forms.replace("KIND", encodeURIComponent(kind));
    const loading = fetch(address, { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`the service answered ${response.status}`);
        return response.json();
      })
      .then((answer) => Object.fromEntries(answer.types.map((type) => [type.type, type])));
    loading.catch(() => described.delete(kind)); // asked again next time
    described.set(kind, loading);
  }
  return described.get(kind);
}

// One form: the type's title, what the rules say, its fields, and the box for a refusal.
function recordForm(description, { detail, held, actor, player, whose, forms }) {
  const details = document.getElementById("record-form").content.firstElementChild.cloneNode(true);
  const id = `record-${description.type.replace(/\W/g, "-")}`;
  details.dataset.type = description.type;
  details.querySelector('[data-slot="title"]').textContent = description.title;
  // a form of no one player's (FCM's "nobody else fires"): the table's recorder sends it as admin
  if (held.seat === "table" && !description.payload.fields.some((f) => f.picker?.name === "actor")) actor = "admin";
  if (whose && actor !== "admin") {
    details.querySelector('[data-slot="whose"]').append(" for ", named(whose));
    const words = document.createElement("span"); // one item of the button's flex: the space kept
    words.append("Record for ", named(whose));
    details.querySelector('[data-slot="submit"]').replaceChildren(words);
  }
  details.addEventListener("toggle", () => {
    if (details.open && handedOver) {
      handedOver = null;
      if (latest) say(nowWords(latest.awaiting ?? {}, { table: true, player, seat: held.seat }));
    }
  });
  details.querySelector('[data-slot="description"]').textContent = description.description;
  const form = details.querySelector("form");
  form.id = id;
  form.setAttribute("aria-label", description.title);
  const box = details.querySelector(".error-summary");
  const context = {
    state: detail.state, actor: player, players: playersOf(detail.state), id, payload: { player },
  };
  const sealed = sealing(description, forms);
  const revealed = sealed ? null : revealing(description, forms);
  const asked = sealed?.payload ?? description.payload;
  const values = revealed ? keptValues(revealed, detail.game, player) : null;
  const notes = sealed ? [note("sealed")] : revealed ? [note(values ? "filled" : "typed")] : [];
  details.querySelector('[data-slot="fields"]').replaceChildren(...notes, ...fieldControls(asked, context));
  if (values) fillIn(form, values);
  const entry = { details, form, box, description, asked, sealed, revealed, player, actor, choices: null };
  form.addEventListener("change", () => {
    form.dataset.lastUsed = "1";
    refresh(entry);
  });
  form.addEventListener("focusin", () => {
    for (const other of shown.forms) delete other.form.dataset.lastUsed;
    form.dataset.lastUsed = "1";
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(entry, { game: detail.game, version: latest?.version ?? detail.version, token: held.token, actor });
  });
  refresh(entry);
  askChoices(entry, detail);
  return entry;
}

function refresh(entry) {
  refreshChoices(entry.form, latest?.state, bodyOf(entry.form));
  if (entry.choices) offerChoices(entry.form, entry.choices);
}

// What the rules allow now for this form, asked once a head; a late answer for an older head
// is dropped, and none (an error, a network fault) leaves the form's own controls.
async function askChoices(entry, detail) {
  const address = `${panel.dataset.choices.replace("GAME", encodeURIComponent(detail.game))}?${new URLSearchParams({
    actor: entry.actor, type: entry.description.type,
  })}`;
  const key = `${address}#${detail.version}`;
  entry.asking = key;
  if (!allowed.has(key)) {
    allowed.set(key, fetch(address, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer) => (answer && answer.version === detail.version ? answer.fields : null))
      .catch(() => null)
      .then((fields) => {
        if (!fields) allowed.delete(key); // asked again at the next state
        return fields;
      }));
  }
  const fields = await allowed.get(key);
  if (entry.asking !== key || !fields) return;
  entry.choices = fields;
  refresh(entry);
  entry.form.dataset.choices = "ready"; // for a test to wait on
}

// An action recorded goes into this device's outbox (js/outbox.js, shown by
// js/outbox-panel.js) with its event id before it is sent: sent at once when nothing waits
// and there is a connection, and then recorded or refused here, beside its form, as ever;
// otherwise kept, "not sent yet", and the form made afresh for the next action, which follows
// the head this page knows and the actions waiting before it (docs/architecture.md,
// "Recording offline").
async function send(entry, { game, version, token, actor }) {
  const { form, box, description, sealed, revealed } = entry;
  const button = form.querySelector('[data-slot="submit"]');
  clearRefusal(form, box);
  slot("done").textContent = "";
  button.disabled = true;
  let payload = completed(bodyOf(form), entry.asked);
  let secret = null;
  if (sealed) ({ payload, secret } = sealedBody(payload, sealed));
  const owner = payload.player ?? entry.player; // whose sealed choice this device keeps
  const before = sealed ? kept(game, owner, description.type) : null;
  if (sealed) keep(game, owner, description.type, secret); // before it is sent: never lost
  const event = { type: description.type, actor, payload };
  const item = {
    ...event, event_id: keyFor(unanswered, { game, ...event }), expected_version: following(game, version),
    token, title: description.title, words: inWords(payload),
    sealed: sealed ? { owner, before } : null, revealed: revealed ? { owner, seal: revealed.seal } : null,
  };
  try {
    const outcome = await queue(game, item);
    answered(unanswered); // the outbox keeps its event id from here on
    if (!outcome) {
      confirm(`Kept on this device, not sent yet: ${description.title}. It is sent when the service can be reached.`);
      shown.key = null; // the forms afresh, for the next action
      if (latest) await render(latest);
    } else if (outcome.status >= 400) {
      if (sealed) keep(game, owner, description.type, before); // refused: as it was
      await showRefusal(form, box, outcome.answer ?? { detail: `The service answered ${outcome.status}.` });
    }
  } finally {
    button.disabled = false;
  }
}

// The confirmation of an action, where the hand was: the form it tapped folds away with the
// next state, and the focus (and so the view) goes to the words at the top of the panel,
// unless the hand is elsewhere by now (the outbox sends in the background).
function confirm(words) {
  const done = slot("done");
  done.textContent = words;
  const focused = document.activeElement;
  if (!focused || focused === document.body || panel.contains(focused)) done.focus();
}

function named(name) {
  const isolated = document.createElement("bdi");
  isolated.textContent = name;
  return isolated;
}

// Recorded (201, or 200: an earlier try recorded it and its answer was lost), at once or from
// the outbox.
function recorded(item, answer) {
  if (item.revealed) keep(answer.game, item.revealed.owner, item.revealed.seal, null); // nothing left to keep
  handedOver = null;
  confirm(`Recorded: ${item.title} (step ${answer.events.at(-1).seq}).`);
  shown.key = null; // the next state builds the forms afresh
  document.dispatchEvent(new CustomEvent("tablelog:recorded", {
    detail: { game: answer.game, type: item.type, version: answer.version, events: answer.events },
  }));
}

// A refused action of the outbox, back in its form to be put right, if the form is shown.
function edit(item) {
  const entry = shown.forms.find((shownEntry) => shownEntry.description.type === item.type && shownEntry.actor === item.actor);
  if (!entry) return false;
  fillIn(entry.form, item.payload);
  entry.details.open = true;
  refresh(entry);
  showRefusal(entry.form, entry.box, item.refused ?? {});
  return true;
}

startOutbox({ address: (game) => panel.dataset.events.replace("GAME", encodeURIComponent(game)), sent: recorded, edit });

function playersOf(state) {
  return Array.isArray(state?.players) ? state.players : [];
}
