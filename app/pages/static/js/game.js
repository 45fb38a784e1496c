// The game page (pages/game.html), enhanced: it steps in place, keeps ?at=N in the URL, takes
// the arrow keys, shows FCM's map as SVG, and follows the game live. Without script the page
// is whole at any ?at=N; this only saves the reloads.
//
// Contract with the record panel (pages/record.html and js/record.js, which the page loads
// before this script, so its listeners hear the first message):
//
//   After the page loads, after every step and after every live update, this script sends
//
//     document.dispatchEvent(new CustomEvent("tablelog:state", {detail: {
//       game,      the game's id
//       kind,      "burnrate", "fcm", ...
//       version,   the seq of the game's latest event (its head), as far as the page knows
//       at,        the step shown, 1..version: `state` and `awaiting` are those after it
//       atHead,    at === version: what is recorded now follows from `state`
//       state,     the state after step `at` (GET /api/games/<id>/state?at=<at>)
//       awaiting,  what the game then waits for, {from, types, what, rule} (GET .../next?at=<at>)
//       seat,      the seat this device holds in the game, {seat, token} (js/seats.js), or null
//     }}))
//
//   and listens on document for
//
//     "tablelog:recorded"  the panel recorded something (js/record.js), or a correction was
//                          written (js/correct.js): the page goes to the head and reloads it;
//     "tablelog:disputed"  a dispute was written on the step shown (js/disputes.js): the
//                          page shows that step again, with its thread.
//
//   On FCM's map, drawn from GET /api/games/<id>/map.svg?at=N when the service answers it, a
//   click on a square (<rect class="square" data-square="ROW,COL">) is sent as
//
//     document.dispatchEvent(new CustomEvent("tablelog:square", {detail: {row, col}}))
//
// Live: an EventSource on GET /api/games/<id>/stream. Any `event` or `phase` message brings
// the log's new entries (GET /games/<id>/log?after=N); a page at the head then shows the new
// head, and a page at a past step stays there and says "N new events — go to the latest". A
// `dispute` message on the step shown shows it again, with the thread. An
// EventSource retries by itself after a dropped connection, but gives up on an error answer
// (a 5xx, or 503 when the process has no stream to spare): then this script starts a new one
// after a delay, resuming after the last seq it has.
import { sayIsolated } from "./names.js";
import { inLocalTime } from "./times.js";
import { heldSeat, joinFromAddress, seatName } from "./seats.js";

const root = document.getElementById("game");
const gameId = root.dataset.game;
joinFromAddress(gameId); // a seat's join link, before anything reads the seat
// a join link opened where the game's page is open already changes only the fragment
window.addEventListener("hashchange", () => {
  if (joinFromAddress(gameId)) location.reload();
});
const stepBox = document.getElementById("step");
const log = document.getElementById("events");
const slider = document.getElementById("at");
const news = root.querySelector("[data-news]");
const liveStatus = root.querySelector("[data-live-status]");
const gameName = document.title.split(/,| · /)[0];

let view = readView(stepBox); // {game, kind, version, at, atHead, state, awaiting}
let version = view.version; // the head as far as this page knows
let following = view.atHead; // at the head: live updates move the page along
let unseen = 0; // events recorded since the page left the head
let asked = 0; // the latest request for a step: an older answer arriving late is dropped
let aimed = view.at; // the step asked for last, so that keys pressed quickly add up

function readView(container) {
  return JSON.parse(container.querySelector("#step-data").textContent);
}

// --- stepping ------------------------------------------------------------------------------

async function show(at, { push = true } = {}) {
  const ticket = ++asked;
  aimed = at === "head" ? version : at;
  const query = at === "head" ? "" : `?at=${at}`;
  let html;
  try {
    const response = await fetch(`/games/${gameId}/step${query}`);
    if (!response.ok) throw new Error(`${response.status}`);
    html = await response.text();
  } catch {
    if (ticket === asked) {
      aimed = view.at;
      say("This step could not be loaded: is the service reachable?");
    }
    return;
  }
  const next = document.createElement("template");
  next.innerHTML = html;
  await drawMap(next.content);
  if (ticket !== asked) return;
  stepBox.replaceChildren(next.content);
  view = readView(stepBox);
  version = Math.max(version, view.version);
  following = view.at === version;
  if (following) unseen = 0;
  if (push) history.pushState({ at: view.at }, "", here());
  else history.replaceState({ at: view.at }, "", here());
  settle();
}

function here() {
  return following ? `/games/${gameId}` : `/games/${gameId}?at=${view.at}`;
}

function target(step) {
  const moves = { first: 1, back: aimed - 1, forward: aimed + 1, last: "head" };
  const at = step in moves ? moves[step] : Number(step);
  if (at === "head" || at >= version) return "head";
  return at >= 1 ? at : null;
}

// After every step and live update: the controls, the log and the news say where the page is.
function settle() {
  const { at } = view;
  const atHead = at === version;
  for (const link of root.querySelectorAll(".stepper [data-step]")) {
    const step = link.dataset.step;
    const usable = step === "first" || step === "back" ? at > 1 : !atHead;
    const to = { first: 1, back: at - 1, forward: at + 1, last: null }[step];
    if (usable) {
      link.href = to === null ? `/games/${gameId}` : `/games/${gameId}?at=${to}`;
      link.removeAttribute("aria-disabled");
    } else {
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
    }
  }
  slider.max = version;
  slider.value = at;
  root.querySelector("[data-at-text]").textContent = at;
  root.querySelector("[data-version-of]").textContent = version;
  root.querySelector("[data-version-text]").textContent = `${version} event${version === 1 ? "" : "s"}`;
  root.querySelector("[data-permalink]").href = `/games/${gameId}?at=${at}`;
  document.title = `${gameName}${atHead ? "" : `, step ${at}`} · tablelog`;
  localTimes([stepBox]);
  markLog();
  tellNews();
  announce();
}

function markLog() {
  let current = null;
  for (const item of log.children) {
    const seq = Number(item.dataset.seq);
    item.classList.toggle("after", seq > view.at);
    if (seq === view.at) {
      item.setAttribute("aria-current", "step");
      current = item;
    } else item.removeAttribute("aria-current");
  }
  // Within the log's own box (it scrolls on a wide screen), never the page.
  if (current && log.scrollHeight > log.clientHeight) {
    const top = current.offsetTop;
    if (top < log.scrollTop || top + current.offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = Math.max(0, top - log.clientHeight / 3);
    }
  }
}

function tellNews() {
  const link = news.querySelector("a");
  if (following || unseen === 0) {
    news.hidden = true;
    return;
  }
  link.textContent = `${unseen} new ${unseen === 1 ? "event" : "events"} — go to the latest`;
  news.hidden = false;
}

function say(text) {
  news.querySelector("a").textContent = text;
  news.hidden = false;
}

function announce() {
  const detail = { ...view, version, atHead: view.at === version, seat: heldSeat(gameId) };
  document.dispatchEvent(new CustomEvent("tablelog:state", { detail }));
}

root.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-step]");
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  if (!link.hasAttribute("href")) return;
  const at = target(link.dataset.step);
  if (at !== null) show(at);
});

let sliding = null;
slider.addEventListener("input", () => {
  root.querySelector("[data-at-text]").textContent = slider.value;
  clearTimeout(sliding);
  sliding = setTimeout(() => show(target(slider.value)), 150);
});
slider.form.addEventListener("submit", (event) => {
  event.preventDefault();
  show(target(slider.value));
});
slider.form.querySelector("[data-go]").hidden = true;

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const typing = event.target.closest("input, select, textarea, [contenteditable], #record, .map-view:not(.zoom-1)");
  if (typing) return; // the slider takes the arrows itself; a form keeps them; a zoomed map scrolls
  const step = { ArrowLeft: "back", ArrowRight: "forward" }[event.key];
  if (!step) return;
  const at = target(step);
  event.preventDefault();
  if (at !== null && !(at === "head" && aimed === version)) show(at);
});

window.addEventListener("popstate", () => {
  const at = new URLSearchParams(location.search).get("at");
  show(at ? target(at) ?? "head" : "head", { push: false });
});

// --- FCM's map as a picture --------------------------------------------------------------

// The map in text stays until GET .../map.svg answers (404 while the service draws none:
// then the page stops asking); the SVG goes in its place, in a box that scrolls once the map
// is zoomed, and the text folds away below it. The board's zoom buttons (hidden until there
// is a picture) step through ZOOMS sizes, a class on the box (`zoom-1`, the map fitting its
// column, to `zoom-5`, in css/pages.css: the CSP allows no style attribute); a pinch
// on the box, or ctrl + wheel (a trackpad's pinch), steps them too. A tapped square is
// marked on the picture and said in words in the board's live region. The zoom, the place
// the box was scrolled to and the square tapped last outlive a step.
const ZOOMS = 5;
const SVG_NS = "http://www.w3.org/2000/svg";
let zoom = 1;
let chosen = null; // the square tapped last, {row, col}, until an action is recorded
let svgDrawn = true;
async function drawMap(container) {
  const figure = container.querySelector("[data-map-svg]");
  if (!figure || !svgDrawn) return;
  try {
    const response = await fetch(figure.dataset.mapSvg);
    if (response.status === 404) svgDrawn = false;
    if (!response.ok) return;
    const parsed = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
    const svg = parsed.documentElement;
    if (svg.localName !== "svg") return;
    const text = document.createElement("details");
    text.className = "map-as-text";
    text.append(Object.assign(document.createElement("summary"), { textContent: "The map in text" }));
    const buttons = figure.querySelector("[data-map-zoom]");
    const said = figure.querySelector("[data-map-chosen]");
    text.append(...[...figure.children].filter((part) => part !== buttons && part !== said));
    const box = Object.assign(document.createElement("div"), { className: "map-view" });
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", "The map: zoom it with the buttons above, scroll it when zoomed in");
    box.append(document.importNode(svg, true));
    pinchable(box);
    const before = stepBox.querySelector(".map-view"); // the step shown until now, if any
    const scrolled = before && [before.scrollLeft, before.scrollTop];
    figure.replaceChildren(...[buttons, box, said, text].filter(Boolean));
    if (buttons) buttons.hidden = false;
    zoomTo(box, zoom, { keepCentre: false });
    markSquare(figure);
    // The step being shown goes in right after this; then the box scrolls as the last one was.
    if (scrolled) requestAnimationFrame(() => ([box.scrollLeft, box.scrollTop] = scrolled));
  } catch {
    // the text stays
  }
}

function zoomTo(box, level, { keepCentre = true } = {}) {
  zoom = Math.min(ZOOMS, Math.max(1, level));
  const centre = keepCentre && [
    (box.scrollLeft + box.clientWidth / 2) / box.scrollWidth,
    (box.scrollTop + box.clientHeight / 2) / box.scrollHeight,
  ];
  for (let n = 1; n <= ZOOMS; n++) box.classList.toggle(`zoom-${n}`, n === zoom);
  // zoomed in, the box scrolls, by the keyboard too; fitted, it is no stop for the Tab key
  if (zoom > 1) box.tabIndex = 0;
  else box.removeAttribute("tabindex");
  if (centre) {
    box.scrollLeft = centre[0] * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = centre[1] * box.scrollHeight - box.clientHeight / 2;
  }
  const figure = box.closest("[data-map-svg]");
  const can = { in: zoom < ZOOMS, out: zoom > 1, fit: zoom > 1 };
  for (const button of figure.querySelectorAll("[data-zoom]")) {
    if (can[button.dataset.zoom]) button.removeAttribute("aria-disabled");
    else button.setAttribute("aria-disabled", "true");
  }
}

// The square tapped last, outlined on the picture (below the clicks' layer, so taps still
// land on the squares) and told in the live region: a step's picture is told before it is
// shown, so a step says nothing new.
function markSquare(figure) {
  const svg = figure.querySelector(".map-view svg");
  const said = figure.querySelector("[data-map-chosen]");
  svg?.querySelector(".chosen-square")?.remove();
  const square = chosen && svg?.querySelector(`.square[data-square="${chosen.row},${chosen.col}"]`);
  if (square) {
    const mark = document.createElementNS(SVG_NS, "rect");
    mark.setAttribute("class", "chosen-square");
    for (const name of ["x", "y", "width", "height"]) mark.setAttribute(name, square.getAttribute(name));
    square.parentNode.before(mark);
  }
  if (said) said.textContent = chosen ? `Square ${chosen.row}, ${chosen.col} chosen` : "";
}

stepBox.addEventListener("click", (event) => {
  const button = event.target.closest("[data-map-zoom] [data-zoom]");
  if (button) {
    if (button.getAttribute("aria-disabled")) return;
    const box = button.closest("[data-map-svg]").querySelector(".map-view");
    const to = { in: zoom + 1, out: zoom - 1, fit: 1 }[button.dataset.zoom];
    if (box) zoomTo(box, to);
    return;
  }
  const square = event.target.closest(".square[data-square]");
  if (!square) return;
  const [row, col] = square.dataset.square.split(",").map(Number);
  chosen = { row, col };
  markSquare(square.closest("[data-map-svg]"));
  document.dispatchEvent(new CustomEvent("tablelog:square", { detail: { row, col } }));
});

// A pinch on the map's box zooms the map rather than the page. The listeners are the box's
// own, not the step's (a `display: contents` box, which the browser's compositor would not
// send the gestures to). ctrl + wheel is how a trackpad's pinch arrives; on a touch screen
// (css/pages.css leaves the box's pinch to this page: `touch-action`), each time two fingers
// are a third further apart, or closer, the map steps one zoom.
let wheeled = 0;
let pinch = null; // the distance between the fingers at the last step
function apart(touches) {
  return Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
}
function pinchable(box) {
  box.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    wheeled += event.deltaY;
    if (Math.abs(wheeled) < 40) return;
    zoomTo(box, zoom + (wheeled < 0 ? 1 : -1));
    wheeled = 0;
  }, { passive: false });
  box.addEventListener("touchstart", (event) => {
    pinch = event.touches.length === 2 ? apart(event.touches) : null;
  }, { passive: true });
  box.addEventListener("touchmove", (event) => {
    if (pinch === null || event.touches.length !== 2) return;
    const now = apart(event.touches);
    if (now > pinch * 4 / 3 || now < pinch * 3 / 4) {
      zoomTo(box, zoom + (now > pinch ? 1 : -1));
      pinch = now;
    }
  }, { passive: true });
  box.addEventListener("touchend", () => (pinch = null), { passive: true });
}

// An action recorded used the square chosen: the next picture shows none.
document.addEventListener("tablelog:recorded", () => (chosen = null));

// --- live --------------------------------------------------------------------------------

function lastLogged() {
  return Number(log.lastElementChild?.dataset.seq ?? 0);
}

let refreshing = false;
let again = false;

// The log's new entries; then the head, if the page follows it. Messages that come while a
// refresh is under way make one more round, not one each.
async function refresh() {
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = true;
  try {
    do {
      again = false;
      const response = await fetch(`/games/${gameId}/log?after=${lastLogged()}`);
      if (!response.ok) break;
      add(await response.text());
      const newest = lastLogged();
      if (newest > version) {
        if (!following) unseen += newest - version;
        version = newest;
      }
      if (following && view.at !== version) await show("head", { push: false });
      else settle();
    } while (again);
  } finally {
    refreshing = false;
  }
}

// The entries come with a heading before the first (pages/_log.html: where the game stood, as
// the game says it); one that says what the log's last heading says already is dropped, so
// entries of the same turn and phase go on under it, and those of a new one under the new one.
function add(html) {
  const entries = document.createElement("template");
  entries.innerHTML = html;
  const items = [...entries.content.children];
  const headings = log.querySelectorAll(":scope > .log-heading");
  const last = headings[headings.length - 1];
  if (items[0]?.classList.contains("log-heading") && items[0].dataset.where === last?.dataset.where) {
    items.shift().remove();
  }
  log.append(...items);
  localTimes(items);
  for (const item of items) {
    if (item.dataset.withdraws) withdraw(Number(item.dataset.withdraws), Number(item.dataset.seq));
  }
}

// A gap in the log (pages/_log.html: a stretch the page left out, the latest entries and
// those around the step shown being listed) is filled from its end, GAP_STRETCH entries at a
// time: they go in after it, and the gap shrinks, or goes once it is empty. A heading that
// says what the one before says already is dropped, as when entries come live.
const GAP_STRETCH = 30;

function gapButtons() {
  for (const gap of log.querySelectorAll(":scope > .log-gap")) {
    const button = gap.querySelector("[data-gap-more]");
    const [from, to] = [Number(gap.dataset.gapFrom), Number(gap.dataset.gapTo)];
    const first = Math.max(from, to - GAP_STRETCH + 1);
    button.textContent = `Show steps ${first} to ${to}`;
    button.hidden = false;
  }
}

log.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-gap-more]");
  if (!button) return;
  const gap = button.closest(".log-gap");
  const [from, to] = [Number(gap.dataset.gapFrom), Number(gap.dataset.gapTo)];
  const first = Math.max(from, to - GAP_STRETCH + 1);
  button.disabled = true;
  try {
    const response = await fetch(`/games/${gameId}/log?after=${first - 1}&upto=${to}`);
    if (!response.ok) throw new Error(`${response.status}`);
    const entries = document.createElement("template");
    entries.innerHTML = await response.text();
    const items = [...entries.content.children];
    const next = gap.nextElementSibling;
    const lastHeading = items.filter((item) => item.classList.contains("log-heading")).pop();
    if (next?.classList.contains("log-heading") && next.dataset.where === lastHeading?.dataset.where) next.remove();
    gap.after(...items);
    localTimes(items);
    if (first === from) {
      const before = [...log.children].slice(0, [...log.children].indexOf(gap)).reverse();
      const headingBefore = before.find((item) => item.classList.contains("log-heading"));
      if (items[0]?.classList.contains("log-heading") && items[0].dataset.where === headingBefore?.dataset.where) {
        items[0].remove();
      }
      gap.remove();
      items.find((item) => item.dataset.seq)?.querySelector("a")?.focus();
    } else {
      gap.dataset.gapTo = first - 1;
      gap.querySelector("[data-gap-text]").textContent = `${from} to ${first - 1}`;
      gapButtons();
      button.focus();
    }
    markLog();
  } catch {
    button.textContent = "Could not load them: try again";
  } finally {
    button.disabled = false;
  }
});

// A retract at seq `by` withdraws its target and everything after it, as the fold does.
function withdraw(from, by) {
  for (const item of log.children) {
    if (!item.dataset.seq || item.dataset.withdraws) continue; // a heading, a correction
    const seq = Number(item.dataset.seq);
    if (seq < from || seq >= by || item.classList.contains("withdrawn")) continue;
    item.classList.add("withdrawn");
    const sentence = item.querySelector(".sentence");
    const struck = document.createElement("s");
    struck.append(...sentence.childNodes);
    const tag = Object.assign(document.createElement("span"), {
      className: "tag",
      textContent: `withdrawn by step ${by}`,
    });
    tag.dataset.withdrawn = "";
    sentence.replaceChildren(struck, " ", tag);
  }
}

function connect(delay = 3000) {
  const query = new URLSearchParams({ after: lastLogged(), disputes_after: disputesSeen });
  const source = new EventSource(`/api/games/${gameId}/stream?${query}`);
  source.addEventListener("open", () => {
    delay = 3000;
    liveStatus.textContent = "live";
    liveStatus.classList.remove("lost");
  });
  source.addEventListener("event", refresh);
  source.addEventListener("phase", refresh);
  source.addEventListener("dispute", disputed);
  source.addEventListener("error", () => {
    liveStatus.textContent = "reconnecting…";
    liveStatus.classList.add("lost");
    if (source.readyState === EventSource.CLOSED) {
      setTimeout(() => connect(Math.min(delay * 2, 60000)), delay);
    }
  });
}

// A dispute written on this page (js/disputes.js): the step shown again, with its thread.
document.addEventListener("tablelog:disputed", () => show(view.at, { push: false }));

// A dispute written anywhere (a `dispute` message): its step's entry of the log told again,
// and the step shown again if the dispute is on it, unless a reply or dispute is being
// written there, which a new step part would lose.
let disputesSeen = Number(root.dataset.disputeEntry); // the last entry heard of
function disputed(message) {
  const entry = JSON.parse(message.data);
  disputesSeen = Math.max(disputesSeen, entry.entry);
  const listed = log.querySelector(`[data-log-dispute="${entry.dispute}"]`)?.closest("li[data-seq]");
  const seq = entry.seq ?? Number(listed?.dataset.seq);
  if (seq) retell(seq);
  const here = entry.seq === view.at || stepBox.querySelector(`[data-dispute="${entry.dispute}"]`);
  const typing = [...stepBox.querySelectorAll("[data-disputes] textarea")].some((box) => box.value.trim());
  if (here && !typing) show(view.at, { push: false });
}

// The log's entry of step `seq`, if the page lists it, as the service tells it now; an
// answer that comes after a later one's asking (a reply, then its resolution) is dropped.
const retelling = new Map(); // seq -> the latest asking
async function retell(seq) {
  const asking = (retelling.get(seq) ?? 0) + 1;
  retelling.set(seq, asking);
  const response = await fetch(`/games/${gameId}/log?after=${seq - 1}&upto=${seq}`);
  const html = response.ok ? await response.text() : null;
  const old = log.querySelector(`:scope > li[data-seq="${seq}"]`);
  if (html === null || !old || retelling.get(seq) !== asking) return;
  const entries = document.createElement("template");
  entries.innerHTML = html;
  const told = entries.content.querySelector(`li[data-seq="${seq}"]`);
  if (!told) return;
  told.classList.toggle("after", old.classList.contains("after"));
  if (old.hasAttribute("aria-current")) told.setAttribute("aria-current", "step");
  localTimes([told]);
  old.replaceWith(told);
}

document.addEventListener("tablelog:recorded", () => {
  following = true;
  unseen = 0;
  refresh();
});

// --- this device ---------------------------------------------------------------------------

// Times in this device's own zone, named (js/times.js; the page says UTC without script).
function localTimes(items) {
  for (const item of items) inLocalTime(item);
}

const held = heldSeat(gameId);
if (held) {
  const seat = root.querySelector("[data-seat]");
  sayIsolated(seat, `· this device: ${seatName(held.seat)}`, [held.seat]);
  seat.hidden = false;
}
liveStatus.hidden = false;
root.querySelector("[data-keys]").hidden = false;
localTimes(log.children);
gapButtons();
history.replaceState({ at: view.at }, "", location.href);
await drawMap(stepBox);
settle();
connect();
