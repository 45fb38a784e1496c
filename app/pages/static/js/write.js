// A write to the API from a page: JSON in, the answer's status and JSON out, with this
// device's seat token and, for a write that is not an event, an Idempotency-Key (js/retry.js
// keeps it the same until the write is answered). A network failure is an answer too
// (status 0), so the caller says what happened in words.
export async function write(address, body, { token, key } = {}) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  try {
    const response = await fetch(address, { method: "POST", headers, body: JSON.stringify(body) });
    const answer = await response.json().catch(() => null);
    return { status: response.status, answer: answer ?? { detail: `The service answered ${response.status}.` } };
  } catch (error) {
    return { status: 0, answer: { detail: `The service could not be reached (${error.message}). Try again.` } };
  }
}

// The actor a seat writes as: a player's seat as that player, the table's recorder as admin.
export function actorOf(seat) {
  return seat === "table" ? "admin" : `player:${seat}`;
}
