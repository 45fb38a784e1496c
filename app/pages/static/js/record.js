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
// and actor at each new head, narrows the form's controls to it (js/record-fields.js
// offerChoices); without an answer the form keeps its own controls. A sealed choice is asked
// for in plain form and sealed on this device, which keeps it for the reveal
// (js/record-sealed.js).
import { bodyOf } from "./form-body.js";
import { heldSeat, seatName } from "./seats.js";
import { completed, fieldControls, fillIn, offerChoices, putSquare, refreshChoices } from "./record-fields.js";
import { clearRefusal, showRefusal } from "./record-problem.js";
import { keep, kept } from "./sealed.js";
import { keptValues, note, revealing, sealedBody, sealing } from "./record-sealed.js";
import { answered, keyFor } from "./retry.js";

// The event id of the action this device sent last and got no answer for (js/retry.js): the
// same action sent again, even from a form the game's moving on built afresh, is the same.
const unanswered = {};

const panel = document.getElementById("record-panel");
const slot = (name) => panel.querySelector(`[data-slot="${name}"]`);
const described = new Map(); // kind -> Promise of {type name: form description}
const allowed = new Map(); // choices address -> Promise of its `fields`, or null
let shown = { key: null, forms: [] }; // the forms on the page, and what they were built for
let latest = null; // the last tablelog:state detail
let recordingFor = null; // the table's recorder: the player chosen among those owed

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
  if (!held) {
    return clear("This device holds no seat in this game, so it records nothing. To record here, open a seat's join link (or scan its QR code) on this device: the page that created the game gives one for each seat.");
  }
  const awaiting = detail.awaiting ?? { from: [], types: [] };
  const owed = (awaiting.from ?? []).filter((actor) => actor.startsWith("player:")).map((actor) => actor.slice(7));
  const table = held.seat === "table";
  if (!table && !owed.includes(held.seat)) {
    return clear(waitingWords(awaiting, held.seat));
  }
  const player = table ? chosenPlayer(owed) : held.seat;
  const forms = await formsOf(detail.kind);
  const types = (awaiting.types ?? []).filter((type) => forms[type] && !forms[type].derived);
  if (!types.length) return clear(waitingWords(awaiting, held.seat));
  offerRecordingFor(table ? owed : []);
  const actor = player ? `player:${player}` : "admin";
  const key = JSON.stringify([detail.game, held.seat, actor, types]);
  const who = table && player ? `the table's recorder, recording for ${player}` : seatName(held.seat);
  say(`${awaiting.what ? `Now: ${awaiting.what}. ` : ""}This device is ${who}.`);
  if (key === shown.key) {
    for (const entry of shown.forms) {
      refresh(entry);
      askChoices(entry, detail);
    }
    return;
  }
  const made = types.map((type) => recordForm(forms[type], { detail, held, actor, player, forms }));
  if (made.length === 1) made[0].details.open = true;
  slot("forms").replaceChildren(...made.map((entry) => entry.details));
  shown = { key, forms: made };
}

function clear(words) {
  say(words);
  slot("for").hidden = true;
  slot("forms").replaceChildren();
  shown = { key: null, forms: [] };
}

function say(words) {
  slot("status").textContent = words;
}

function waitingWords(awaiting, seat) {
  const what = awaiting.what ? `: ${awaiting.what}` : "";
  return `Nothing for ${seatName(seat)} to record now. The game waits${what}.`;
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
      recordingFor = name;
      if (latest) render(latest);
    });
    label.append(radio, ` ${name}`);
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
function recordForm(description, { detail, held, actor, player, forms }) {
  const details = document.getElementById("record-form").content.firstElementChild.cloneNode(true);
  const id = `record-${description.type.replace(/\W/g, "-")}`;
  details.dataset.type = description.type;
  details.querySelector('[data-slot="title"]').textContent = description.title;
  details.querySelector('[data-slot="description"]').textContent = description.description;
  const form = details.querySelector("form");
  form.id = id;
  form.setAttribute("aria-label", description.title);
  const box = details.querySelector(".error-summary");
  const context = {
    state: detail.state, actor: player, players: playersOf(detail.state), id, payload: { player },
  };
  // a form of no one player's (FCM's "nobody else fires"): the table's recorder sends it as admin
  if (held.seat === "table" && !description.payload.fields.some((f) => f.picker?.name === "actor")) actor = "admin";
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
  const body = { ...event, event_id: keyFor(unanswered, { game, ...event }), expected_version: version };
  try {
    const address = panel.dataset.events.replace("GAME", encodeURIComponent(game));
    const response = await fetch(address, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    if (response.status < 500) answered(unanswered); // a 5xx may have written it
    // 200: an earlier try recorded it, and its answer was lost; this is that action
    if (response.status === 201 || response.status === 200) {
      if (revealed) keep(game, owner, revealed.seal, null); // revealed: nothing left to keep
      slot("done").textContent = `Recorded: ${description.title} (step ${answer.events.at(-1).seq}).`;
      shown.key = null; // the next state builds the forms afresh
      document.dispatchEvent(new CustomEvent("tablelog:recorded", {
        detail: { game, type: description.type, version: answer.version, events: answer.events },
      }));
    } else {
      if (sealed) keep(game, owner, description.type, before); // refused: as it was
      await showRefusal(form, box, answer ?? { detail: `The service answered ${response.status}.` });
    }
  } catch (error) {
    await showRefusal(form, box, { detail: `The service could not be reached (${error.message}). Try again.` });
  } finally {
    button.disabled = false;
  }
}

function playersOf(state) {
  return Array.isArray(state?.players) ? state.players : [];
}
