// The chart on the game page (pages/_chart.html), moved along with the page: after every
// `tablelog:state` (js/game.js sends one after each load, step and live update) whose step is
// not the one drawn, it asks GET /api/games/<id>/chart?at=N for the chart in numbers, then
// shows the service's picture of it (chart.svg?at=N), its words as the picture's alt text,
// and the numbers' tables. An answer that comes after a later step was asked is dropped; a
// chart that cannot be loaded stays as it was, saying the step it shows.

const section = document.getElementById("chart");
const slot = (name) => section.querySelector(`[data-slot="${name}"]`);

let drawnAt = Number(section.dataset.at);
let asked = 0; // the latest request: an older answer arriving late is dropped

document.addEventListener("tablelog:state", (event) => {
  const { at } = event.detail;
  if (at !== drawnAt) follow(at);
});

async function follow(at) {
  const ticket = ++asked;
  let chart;
  try {
    const response = await fetch(`${section.dataset.chart}?at=${at}`);
    if (!response.ok) throw new Error(`${response.status}`);
    chart = await response.json();
  } catch {
    return; // the chart of the step drawn stays, and says which step it is
  }
  if (ticket !== asked) return;
  drawnAt = chart.at;
  section.dataset.at = chart.at;
  show(chart);
}

function show(chart) {
  slot("title").textContent = chart.title;
  const picture = slot("picture");
  picture.alt = chart.description;
  picture.src = `${section.dataset.picture}?at=${chart.at}`;
  const last = chart.turns.at(-1);
  const underWay = last && !last.ended ? ", the last the step shown (a hollow marker)" : "";
  slot("caption").textContent =
    `Up to step ${chart.at} of ${chart.version}: each point is a turn's end${underWay}.`;
  slot("tables").replaceChildren(...chart.measures.map((measure) => table(chart, measure)));
}

function table(chart, measure) {
  const region = make("div", { className: "chart-table", tabIndex: 0 });
  region.setAttribute("role", "region");
  region.setAttribute("aria-label", `${measure.label} by turn`);
  const head = make("tr", {}, [make("th", { scope: "col", textContent: "Turn" })]);
  for (const line of chart.series) head.append(make("th", { scope: "col", textContent: line.name }));
  const rows = chart.turns.map((turn, index) => {
    const title = make("th", { scope: "row", textContent: `${turn.turn}` });
    if (!turn.ended) title.append(" ", make("small", { textContent: `(step ${turn.seq}, under way)` }));
    const cells = chart.series.map((line) => {
      const value = line.values[measure.key][index];
      const out = line.out_turn !== null && turn.turn >= line.out_turn;
      return make("td", { textContent: value !== null ? `${value}` : out ? "out" : "–" });
    });
    return make("tr", {}, [title, ...cells]);
  });
  const caption = make("caption", { textContent: `${measure.label} at each turn's end` });
  region.append(
    make("table", {}, [caption, make("thead", {}, [head]), make("tbody", {}, rows)]),
  );
  return region;
}

function make(tag, properties = {}, children = []) {
  const element = Object.assign(document.createElement(tag), properties);
  element.append(...children);
  return element;
}
