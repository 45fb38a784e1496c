// The outbox: the actions this device recorded and the service has not yet answered, kept in
// this browser's localStorage, one list per game, in the order they were recorded:
//
//   key   "tablelog.outbox.<game id>"
//   value [{event_id, type, actor, payload, expected_version, token, title, words,
//           sealed, refused}, ...]
//
// Every action recorded on the game page goes in here first, with its event id, and is sent
// from here (js/record.js): with a connection at once, without one when it returns. Sending
// is one action at a time, in order, each to POST /api/games/<id>/events with its own event id
// and the version it follows (`expected_version`):
//
// - 201, or 200 (an earlier try recorded it and its answer was lost): sent, and out of the
//   list; the next one then follows the seq it was recorded at;
// - no answer, or a 5xx (which may have written it): it stays, and is sent again later with
//   the same event id, so it is never recorded twice;
// - any other refusal (409: someone recorded first; 422: a rule; 403: the seat's token):
//   it stays, marked `refused` with the service's problem document, and nothing behind it is
//   sent until the person sends it again (at the head as it is then), edits it or discards it.
//
// No DOM here: js/outbox-panel.js shows the list and its buttons.

const PREFIX = "tablelog.outbox.";
const rounds = new Map(); // game id -> the round of sending under way

export function waiting(game) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + game)) ?? [];
  } catch {
    return [];
  }
}

function save(game, items) {
  if (items.length) localStorage.setItem(PREFIX + game, JSON.stringify(items));
  else localStorage.removeItem(PREFIX + game);
}

// An action, at the end of the list; one with an event id the list holds already is that
// action (a second tap on Record of an action not yet answered), kept once.
export function put(game, item) {
  const items = waiting(game);
  if (items.some((kept) => kept.event_id === item.event_id)) return false;
  save(game, [...items, { refused: null, ...item }]);
  return true;
}

export function change(game, eventId, changes) {
  save(game, waiting(game).map((item) => (item.event_id === eventId ? { ...item, ...changes } : item)));
}

// Out of the list, without being sent (discarded, or put back into its form to edit): the one
// behind it takes its place, following the version it was to follow.
export function take(game, eventId) {
  const items = waiting(game);
  const at = items.findIndex((item) => item.event_id === eventId);
  if (at < 0) return null;
  const [taken] = items.splice(at, 1);
  if (items[at]) items[at] = { ...items[at], expected_version: taken.expected_version };
  save(game, items);
  return taken;
}

// Sends what waits, in order, until the list is empty, an action gets no answer, or one is
// refused. A round already under way for the game is the one returned: it reads the list
// afresh before each action, so an action put in meanwhile is sent by it. `hooks`:
//   address(game)                 where the game's events are posted
//   sent(item, answer)            recorded (201 or 200)
//   refused(item, status, answer) refused; true if the page showed it where it was recorded,
//                                 then it leaves the list (its form holds it), else it stays
//   changed()                     the list changed
export function flush(game, hooks) {
  if (!rounds.has(game)) {
    rounds.set(game, round(game, hooks).finally(() => rounds.delete(game)));
  }
  return rounds.get(game);
}

async function round(game, hooks) {
  for (;;) {
    const [item] = waiting(game);
    if (!item || item.refused) return;
    const { status, answer } = await post(hooks.address(game), item);
    if (status === 200 || status === 201) {
      take(game, item.event_id);
      const [next] = waiting(game);
      const seq = answer?.events?.at(-1)?.seq;
      if (next && seq) change(game, next.event_id, { expected_version: seq });
      hooks.sent(item, answer);
      hooks.changed();
      continue;
    }
    if (status === 0 || status >= 500) {
      change(game, item.event_id, { tries: (item.tries ?? 0) + 1 });
      hooks.changed();
      return;
    }
    if (hooks.refused(item, status, answer)) take(game, item.event_id);
    else change(game, item.event_id, { refused: { status, ...(answer ?? {}) } });
    hooks.changed();
    return;
  }
}

async function post(address, item) {
  const { event_id, type, actor, payload, expected_version, token } = item;
  try {
    const response = await fetch(address, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ event_id, type, actor, payload, expected_version }),
    });
    return { status: response.status, answer: await response.json().catch(() => null) };
  } catch {
    return { status: 0, answer: null };
  }
}
