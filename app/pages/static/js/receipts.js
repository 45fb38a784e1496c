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

// The receipts of a write said in one line (how many, of which steps, by which key), a
// button that checks them all, and the list folded away: each in words with its own Check
// button and the receipt as JSON.
export function receiptList(gameId, receipts) {
  const box = document.createElement("div");
  const said = document.createElement("p");
  said.dataset.receiptsSaid = "";
  const seqs = receipts.map((r) => r.seq);
  const steps = seqs.length > 1 ? `steps ${seqs[0]} to ${seqs.at(-1)}` : `step ${seqs[0]}`;
  const keys = [...new Set(receipts.map((r) => r.key_id))].join(", ");
  said.textContent = `The service signed ${receipts.length} receipt${receipts.length === 1 ? "" : "s"}, ${steps}, with key ${keys}.`;
  const checkAll = document.createElement("button");
  checkAll.type = "button";
  checkAll.className = "secondary";
  checkAll.textContent = receipts.length === 1 ? `Check the receipt of step ${seqs[0]}` : "Check the receipts";
  const verdict = document.createElement("p");
  verdict.setAttribute("role", "status");
  verdict.dataset.receiptsChecked = "";
  checkAll.addEventListener("click", async () => {
    verdict.textContent = "Checking…";
    const answers = await Promise.all(receipts.map((receipt) => checked(gameId, receipt)));
    const failing = answers.filter((answer) => !answer.startsWith("It holds"));
    if (receipts.length === 1) verdict.textContent = answers[0];
    else verdict.textContent = failing.length ? failing.join(" ") : `All ${receipts.length} hold.`;
  });
  const folded = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = receipts.length === 1 ? "The receipt" : `The ${receipts.length} receipts`;
  const list = document.createElement("ul");
  list.className = "receipts";
  for (const receipt of receipts) {
    const item = document.createElement("li");
    const words = document.createElement("p");
    words.textContent = `Step ${receipt.seq}: event ${receipt.event_hash.slice(0, 12)}…, signed by key ${receipt.key_id}.`;
    const code = document.createElement("pre");
    code.textContent = JSON.stringify(receipt, null, 2);
    item.append(words, code);
    list.append(item);
  }
  folded.append(summary, list);
  box.append(said, checkAll, verdict, folded);
  return box;
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
