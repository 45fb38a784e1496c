// A tool's webhooks (pages/webhooks.html), a client of the API (app/api/webhooks.py) like the
// other pages. The key for tools is asked for once and kept in this tab's sessionStorage
// (never localStorage, never the address), until "Forget the key" or the tab is closed; it is
// sent only as the Authorization header of the API's requests. With it the page lists the
// key's webhooks (GET /api/webhooks), each opening to its attempts, newest first, 50 at a
// time (GET .../attempts, `next` for older ones), each with a button that sends its entry
// again (POST .../attempts/<id>/again: a worker's job, so the page says it was queued and
// reads the attempts again shortly after); a disabled webhook has a button that enables it
// again (POST .../enable). A refusal is said in plain words in the error summary, as the
// forms say one (js/errors.js): a refused key beside the key's field, the rest above.
import { clearProblems, showProblem } from "./errors.js";
import { inLocalTime } from "./times.js";

const KEPT = "tablelog.toolKey"; // sessionStorage: this tab's key for tools
const REFRESHES = [1500, 3000, 6000]; // ms to wait, in turn, for a sent-again attempt to show
const FORGOTTEN = -1; // the status of a request not sent, as the key was forgotten

const keySection = document.querySelector("[data-tool-key]");
const form = document.getElementById("tool-key");
const field = document.getElementById("tool-key-token");
const slot = (name, within = document) => within.querySelector(`[data-slot="${name}"]`);
const held = slot("held", keySection);
const status = document.querySelector("[data-status]");
const section = document.querySelector("[data-webhooks]");
const list = slot("list", section);
const kinds = JSON.parse(document.getElementById("kind-names").textContent);

// A request the API did not answer with a 2xx: its status (0 when it could not be reached),
// its problem document, and its Retry-After.
class Refused extends Error {
  constructor(status, problem, retryAfter) {
    super(problem?.detail ?? `answered ${status}`);
    Object.assign(this, { status, problem, retryAfter });
  }
}

async function call(path, { method = "GET", key = sessionStorage.getItem(KEPT) } = {}) {
  if (!key) throw new Refused(FORGOTTEN, null, null); // forgotten while a read was due
  let response;
  try {
    response = await fetch(path, { method, headers: { Authorization: `Bearer ${key}`, Accept: "application/json" } });
  } catch {
    throw new Refused(0, null, null);
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Refused(response.status, answer, response.headers.get("Retry-After"));
  return answer;
}

// --- the key ---------------------------------------------------------------------------------

form.addEventListener("submit", (event) => {
  event.preventDefault();
  clearProblems(form);
  const key = field.value.trim();
  if (!key) showProblem(form, { errors: { key: ["Paste your key for tools: it starts with tlk_."] } });
  else useKey(key, true);
});

slot("forget", held).addEventListener("click", () => {
  forget();
  status.textContent = "The key is forgotten: this tab no longer holds it.";
  field.focus();
});

async function useKey(key, typed = false) {
  status.textContent = "Reading your webhooks…";
  let me, webhooks;
  try {
    me = await call("/api/tools/me", { key });
    webhooks = await call("/api/webhooks", { key });
  } catch (refused) {
    status.textContent = "";
    if (refused.status === 401 || refused.status === 403 || typed) forget();
    else showHeld("This tab holds a key for tools, not checked yet: reload the page to try again.");
    sayRefused(refused);
    return;
  }
  sessionStorage.setItem(KEPT, key);
  field.value = "";
  showHeld(`This tab holds the key “${me.name}” (${me.id}; ${me.scopes.join(", ")}).`);
  show(webhooks.items);
  const count = webhooks.items.length;
  status.textContent = `${count} ${count === 1 ? "webhook" : "webhooks"} of this key.`;
  if (typed) document.getElementById("webhooks-title").focus();
}

function showHeld(words) {
  form.hidden = true;
  slot("held-words", held).textContent = words;
  held.hidden = false;
}

function forget() {
  sessionStorage.removeItem(KEPT);
  held.hidden = true;
  form.hidden = false;
  section.hidden = true;
  list.replaceChildren();
}

// A refusal in words. A key refused (401), or one that may not read webhooks when it is
// entered, is said beside the key's field; the rest in the summary alone.
function sayRefused(refused, doing = "") {
  const { status: code, problem, retryAfter } = refused;
  const detail = problem?.detail ?? problem?.title ?? "";
  if (code === 401) {
    const message = `The service refused this key: ${detail || "it is not a key for tools"}. Check that it is whole (tlk_…), or ask whoever runs the service for a new one.`;
    showProblem(form, { errors: { key: [message] } });
    return;
  }
  let words;
  if (code === 0) words = `The service could not be reached${doing}. Check the connection and try again.`;
  else if (code === 403 && problem?.scope) {
    words = `This key may not do this${doing}: it needs the scope ${problem.scope}, and the key has ${(problem.scopes ?? []).join(", ") || "none"}. Ask whoever runs the service for a key with ${problem.scope}.`;
  } else if (code === 404) words = `That is no longer there${doing}: the webhook was deleted, or is not this key's. The list is read again.`;
  else if (code === 429) words = `Too many requests with this key${doing}. Try again in ${retryAfter ?? "a few"} seconds.`;
  else words = `The service refused${doing}: ${detail || `it answered ${code}`}.`;
  if (code === 403 && !sessionStorage.getItem(KEPT)) showProblem(form, { errors: { key: [words] } });
  else showProblem(form, { detail: words });
}

// --- the webhooks ------------------------------------------------------------------------------

function show(webhooks) {
  list.replaceChildren(...webhooks.map(webhookItem));
  slot("none", section).hidden = webhooks.length > 0;
  section.hidden = false;
}

async function readAgain() {
  try {
    show((await call("/api/webhooks")).items);
  } catch (refused) {
    if (refused.status !== FORGOTTEN) sayRefused(refused);
  }
}

function webhookItem(webhook) {
  const item = document.getElementById("webhook-item").content.firstElementChild.cloneNode(true);
  item.dataset.id = webhook.id;
  fill(item, webhook);
  const open = slot("open", item);
  const attempts = slot("attempts", item);
  const view = { url: webhook.attempts, next: null, shown: new Set(), loaded: false };
  open.setAttribute("aria-controls", (attempts.id = `attempts-${webhook.id}`));
  open.addEventListener("click", async () => {
    const opening = attempts.hidden;
    attempts.hidden = !opening;
    open.setAttribute("aria-expanded", String(opening));
    open.textContent = opening ? "Hide its attempts" : "Show its attempts";
    if (opening && !view.loaded) {
      view.loaded = await readAttempts(item, webhook, view, view.url);
      if (!view.loaded) return;
    }
    if (opening) slot("attempts-title", item).focus();
  });
  slot("older", item).addEventListener("click", () => readAttempts(item, webhook, view, view.next));
  const enable = slot("enable", item);
  enable.addEventListener("click", async () => {
    clearProblems(form);
    enable.disabled = true;
    try {
      fill(item, await call(`${webhook.href}/enable`, { method: "POST" }));
      status.textContent = `Enabled again: ${webhook.url} goes on from where it stopped, sent first what came while it was disabled.`;
      item.querySelector("h3").focus();
    } catch (refused) {
      failed(refused, " (enabling it)");
    } finally {
      enable.disabled = false;
    }
  });
  return item;
}

// What the API says of a webhook, into its item: the state first and plainly.
function fill(item, webhook) {
  slot("url", item).textContent = webhook.url;
  slot("description", item).textContent = webhook.description;
  slot("description", item).hidden = !webhook.description;
  slot("id", item).textContent = webhook.id;
  const state = slot("state", item);
  const words = slot("state-words", item);
  const disabled = webhook.status === "disabled";
  state.className = `webhook-state ${disabled ? "disabled" : webhook.failures ? "failing" : "enabled"}`;
  if (disabled) {
    words.replaceChildren(strong("Disabled"), " since ", timeOf(webhook.disabled_at), `: ${webhook.disabled_reason ?? "no reason was kept"}. Nothing is sent to it until it is enabled again.`);
  } else if (webhook.failures) {
    words.replaceChildren(strong("Enabled, but failing"), `: ${webhook.failures} ${webhook.failures === 1 ? "attempt" : "attempts in a row"} failed, since `, timeOf(webhook.failing_since), ". Nothing after that entry is sent until it goes through.");
  } else {
    words.replaceChildren(strong("Enabled"), ": each entry its filters admit is sent as it is recorded.");
  }
  slot("enable", item).hidden = !disabled;
  slot("filters", item).textContent = filtersInWords(webhook.filters ?? {});
  slot("delivered", item).textContent = `${webhook.delivered} ${webhook.delivered === 1 ? "entry" : "entries"}`;
  slot("last-delivered", item).replaceChildren(webhook.last_delivered_at ? timeOf(webhook.last_delivered_at) : "never");
  slot("failures", item).textContent = String(webhook.failures);
  const next = slot("next-attempt", item);
  if (disabled) next.textContent = "none: it is disabled";
  else next.replaceChildren(webhook.next_attempt_at ? timeOf(webhook.next_attempt_at) : "as soon as an entry comes");
}

// The feed's filters (GET /api/feed's arguments) in words; each narrows what the others admit.
function filtersInWords(filters) {
  const parts = [];
  if (filters.source === "log") parts.push("the games' events only");
  if (filters.source === "disputes") parts.push("dispute entries only");
  if (filters.kind?.length) parts.push(`games of ${anyOf(filters.kind.map((kind) => kinds[kind] ?? kind))}`);
  if (filters.game?.length) parts.push(`${filters.game.length === 1 ? "the game" : "the games"} ${anyOf(filters.game)}`);
  if (filters.type?.length) parts.push(`of type ${anyOf(filters.type)}`);
  if (filters.table) parts.push(`games at the table “${filters.table}”`);
  if (filters.player) parts.push(`games with the player ${filters.player}`);
  return parts.length ? `Only entries: ${parts.join("; ")}.` : "Every entry of every game (no filter).";
}

function anyOf(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

// --- the attempts ------------------------------------------------------------------------------

// Reads a page of attempts (`url`) and adds those not shown yet: after the others for an
// older page, before them for the newest (`newest`). True if the API answered.
async function readAttempts(item, webhook, view, url, newest = false) {
  const older = slot("older", item);
  older.disabled = true;
  try {
    const page = await call(url);
    const fresh = page.items.filter((attempt) => !view.shown.has(attempt.id));
    fresh.forEach((attempt) => view.shown.add(attempt.id));
    const drawn = fresh.map((attempt) => attemptItem(webhook, attempt, item, view));
    const into = slot("attempt-list", item);
    if (newest) into.prepend(...drawn);
    else {
      into.append(...drawn);
      view.next = page.next;
      older.hidden = !page.next;
    }
    slot("no-attempts", item).hidden = view.shown.size > 0;
    if (!newest && url !== view.url && drawn.length) drawn[0].focus(); // the first older one
    return fresh.length > 0 || !newest;
  } catch (refused) {
    failed(refused, " (reading its attempts)");
    return false;
  } finally {
    older.disabled = false;
  }
}

function attemptItem(webhook, attempt, webhookItemShown, view) {
  const item = document.getElementById("attempt-item").content.firstElementChild.cloneNode(true);
  item.tabIndex = -1;
  const outcome = slot("outcome", item);
  outcome.textContent = attempt.ok ? "Delivered" : "Failed";
  outcome.classList.add(attempt.ok ? "outcome-ok" : "outcome-failed");
  const at = slot("at", item);
  at.replaceWith(timeOf(attempt.at));
  slot("entry", item).replaceChildren(...entryOf(attempt));
  const answered = attempt.status == null ? "no answer" : `HTTP ${attempt.status}`;
  slot("answer", item).textContent = `${answered}, after ${duration(attempt.duration_ms)}`;
  slot("error", item).textContent = attempt.error ?? "";
  slot("error-row", item).hidden = !attempt.error;
  slot("trigger", item).textContent = attempt.trigger === "again" ? "sent again on request" : "a delivery";
  slot("message", item).textContent = attempt.message;
  if (attempt.response) slot("response", item).textContent = attempt.response;
  else slot("response-box", item).replaceWith(Object.assign(document.createElement("p"), { className: "hint", textContent: "The answer had no body." }));
  const again = slot("again", item);
  const queued = slot("queued", item);
  slot("entry", item).id = `entry-${attempt.id}`;
  queued.id = `queued-${attempt.id}`;
  again.setAttribute("aria-describedby", `entry-${attempt.id} queued-${attempt.id}`);
  again.addEventListener("click", async () => {
    clearProblems(form);
    again.disabled = true;
    queued.textContent = "Sending…";
    try {
      await call(`${webhook.attempts}/${attempt.id}/again`, { method: "POST" });
      queued.textContent = "Queued: a worker sends this entry again, with the same webhook-id. Its attempt will show at the top of the list.";
      watchForNew(webhookItemShown, webhook, view, () => {
        queued.textContent = "Sent again: its attempt is now at the top of the list.";
      });
    } catch (refused) {
      queued.textContent = "";
      failed(refused, " (sending it again)");
    } finally {
      again.disabled = false;
    }
  });
  return item;
}

// After a send again: the newest attempts read again, and the webhook's state, a few times
// until a new attempt shows (then `shown()`).
function watchForNew(item, webhook, view, shown, tries = [...REFRESHES]) {
  if (!tries.length) return;
  setTimeout(async () => {
    const fresh = await readAttempts(item, webhook, view, view.url, true);
    call(webhook.href).then((read) => fill(item, read), () => {});
    if (fresh) shown();
    else watchForNew(item, webhook, view, shown, tries.slice(1));
  }, tries[0]);
}

function entryOf(attempt) {
  const game = Object.assign(document.createElement("a"), { textContent: `game ${attempt.game}` });
  if (attempt.seq != null) {
    game.href = `/games/${encodeURIComponent(attempt.game)}?at=${attempt.seq}`;
    return [game, `, event ${attempt.seq}: ${attempt.type}`];
  }
  game.href = `/games/${encodeURIComponent(attempt.game)}`;
  return [game, `, dispute entry ${attempt.entry}: ${attempt.type}`];
}

// A refusal of something asked of a webhook: a 404 means the list has changed.
function failed(refused, doing) {
  if (refused.status === FORGOTTEN) return;
  if (refused.status === 401) forget();
  sayRefused(refused, doing);
  if (refused.status === 404) readAgain();
}

// --- words and times ---------------------------------------------------------------------------

function duration(ms) {
  if (ms == null) return "no time";
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString()} ms`;
}

function timeOf(instant) {
  const time = document.createElement("time");
  if (!instant) {
    time.textContent = "an unknown time";
    return time;
  }
  time.dateTime = instant;
  time.textContent = instant;
  inLocalTime(time); // as every page says a time: this device's zone, named
  return time;
}

function strong(text) {
  return Object.assign(document.createElement("strong"), { textContent: text });
}

// --- at load -----------------------------------------------------------------------------------

keySection.hidden = false;
const kept = sessionStorage.getItem(KEPT);
form.hidden = Boolean(kept);
if (kept) useKey(kept);
