// A write sent again after it got no answer (the tablet left the Wi-Fi) must be the same
// write, or the service could record it twice: the same key (an event id, an
// Idempotency-Key) for as long as the request is the same, a new one once it is answered or
// the person changed it. The service answers such a retry with what the first did.

export function keyFor(memo, request) {
  const text = JSON.stringify(request);
  if (memo.request !== text) {
    memo.request = text;
    memo.key = uuid();
  }
  return memo.key;
}

export function answered(memo) {
  memo.request = null;
  memo.key = null;
}

// A random (version 4) UUID. crypto.randomUUID is for secure pages only, and a table's
// service is often plain http on its own network; getRandomValues is everywhere.
function uuid() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
