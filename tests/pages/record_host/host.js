// Stands in for js/game.js: reads the game's summary and state at the head and sends them as
// `tablelog:state`, at the start, after every `tablelog:recorded`, and when a test calls
// window.hostLoad() (after recording through the API itself). `tablelog:recorded` details
// are kept in window.recorded for the tests to read.
import { heldSeat } from "/static/js/seats.js";

const section = document.getElementById("record");
const game = section.dataset.game;
window.recorded = [];

async function load() {
  const read = async (path) => (await fetch(path, { cache: "no-store" })).json();
  const summary = await read(`/api/games/${game}`);
  const head = await read(`/api/games/${game}/state`);
  const detail = {
    game, kind: summary.kind, version: head.version, at: head.version, atHead: true,
    state: head.state, awaiting: summary.awaiting, seat: heldSeat(game)?.seat ?? null,
  };
  document.dispatchEvent(new CustomEvent("tablelog:state", { detail }));
  section.dataset.recorded = window.recorded.length;
  section.dataset.version = head.version;
}

document.addEventListener("tablelog:recorded", (event) => {
  window.recorded.push(event.detail);
  load();
});
window.hostLoad = load;
load();
