// Which seat this device holds in each game, kept in this browser's localStorage:
//
//   key   "tablelog.seat.<game id>"
//   value {"seat": "table" or a player's name, "token": "<that seat's write token>"}
//
// "table" is the table's recorder, whose token records anyone's actions; a player's seat
// records that player's actions only. One seat a game on one device: a tablet passed round
// the table holds the recorder's, a player's phone that player's. Pages that record read it.

const PREFIX = "tablelog.seat.";

export function heldSeat(gameId) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + gameId));
  } catch {
    return null;
  }
}

export function holdSeat(gameId, seat, token) {
  localStorage.setItem(PREFIX + gameId, JSON.stringify({ seat, token }));
}

// A seat's join link, which the new-game page copies for each seat (js/created.js), names the
// seat and its token in the address's fragment, which no request carries: `joinLink` makes
// it, and `joinFromAddress`, on the game page, keeps that seat on this device and takes the
// token out of the address and the history at once.
export function joinLink(gamePath, seat, token) {
  const fragment = new URLSearchParams({ seat, token });
  return `${location.origin}${gamePath}#${fragment}`;
}

export function joinFromAddress(gameId) {
  const asked = new URLSearchParams(location.hash.slice(1));
  const seat = asked.get("seat");
  const token = asked.get("token");
  if (!seat || !token) return null;
  holdSeat(gameId, seat, token);
  history.replaceState(history.state, "", location.pathname + location.search);
  return seat;
}

export function releaseSeat(gameId) {
  localStorage.removeItem(PREFIX + gameId);
}

export function seatName(seat) {
  return seat === "table" ? "the table's recorder" : seat;
}
