// The receipts the service signs for each event a write recorded (Receipt in the API's
// schemas): kept in this browser's localStorage, "tablelog.receipts.<game id>", a list, so a
// player can later show what the service accepted; and shown after a write, each with a button
// that asks the service to check it (POST /api/games/<id>/receipts/check).
const PREFIX = "tablelog.receipts.";
const KEPT = 500; // the newest a game keeps on one device

export function keepReceipts(gameId, receipts) {
  if (!receipts?.length) return;
  let kept = [];
  try {
    kept = JSON.parse(localStorage.getItem(PREFIX + gameId)) ?? [];
  } catch {
    kept = [];
  }
  const known = new Set(kept.map((r) => r.signature));
  const added = receipts.filter((r) => !known.has(r.signature));
  localStorage.setItem(PREFIX + gameId, JSON.stringify([...kept, ...added].slice(-KEPT)));
}

// A list of `receipts`, each said in words with its Check button and the receipt as JSON.
export function receiptList(gameId, receipts) {
  const list = document.createElement("ul");
  list.className = "receipts";
  for (const receipt of receipts) {
    const item = document.createElement("li");
    const words = document.createElement("p");
    words.textContent = `Step ${receipt.seq}: event ${receipt.event_hash.slice(0, 12)}…, signed by key ${receipt.key_id}.`;
    const check = document.createElement("button");
    check.type = "button";
    check.className = "secondary";
    check.textContent = `Check the receipt of step ${receipt.seq}`;
    const verdict = document.createElement("p");
    verdict.setAttribute("role", "status");
    check.addEventListener("click", async () => {
      verdict.textContent = "Checking…";
      verdict.textContent = await checked(gameId, receipt);
    });
    const raw = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "The receipt";
    const code = document.createElement("pre");
    code.textContent = JSON.stringify(receipt, null, 2);
    raw.append(summary, code);
    item.append(words, check, verdict, raw);
    list.append(item);
  }
  return list;
}

async function checked(gameId, receipt) {
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/receipts/check`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(receipt),
    });
    const answer = await response.json();
    if (!response.ok) return `The service could not check it: ${answer.detail ?? response.status}.`;
    return answer.valid ? `It holds: ${answer.reason}` : `It does not hold (${answer.problem}): ${answer.reason}`;
  } catch (error) {
    return `The service could not be reached (${error.message}).`;
  }
}
