// The map as the table laid it (the #map fieldset of new.html beside it): a grid of places,
// rows by columns for the number of players (data-shapes: the game's own sizes), each
// filled by picking a tile by its picture among those of GET /api/fcm/tiles (data-tiles)
// and turning it a quarter at a time until it looks as it does on the table. What is laid
// is written as hidden inputs options.layout.* for js/form-body.js to send; a map left to
// the service writes none.

const TURN = 90;

export function mapPicker(fieldset) {
  const shapes = JSON.parse(fieldset.dataset.shapes); // {"2": [3, 3], "3": [3, 4], ...}
  const counts = Object.keys(shapes).map(Number);
  const area = fieldset.querySelector(".map-table");
  const grid = fieldset.querySelector(".map-grid");
  const inputs = fieldset.querySelector(".layout-inputs");
  const note = fieldset.querySelector(".map-note");
  const shapeChoice = fieldset.querySelector(".shapes");
  const dialog = document.getElementById("tile-picker");
  const choices = dialog.querySelector(".tile-choices");

  const placed = new Map(); // "row,col" -> {tile, rotation}
  let tiles = new Map(); // tile letter -> what GET /api/fcm/tiles says of it
  let shape = shapes[Math.min(...counts)]; // [rows, cols]
  let players = 0;
  let laid = false;
  let picking = null; // [row, col] of the place the dialog is picking for

  const loaded = fetch(fieldset.dataset.tiles)
    .then((response) => response.json())
    .then((answer) => {
      tiles = new Map(answer.tiles.map((tile) => [tile.tile, tile]));
      choices.replaceChildren(...answer.tiles.map(choiceButton));
      render();
    });

  shapeChoice.addEventListener("change", (event) => {
    shape = event.target.value.split("x").map(Number);
    render();
  });

  function render() {
    const [rows, cols] = shape;
    for (const key of [...placed.keys()]) {
      const [row, col] = key.split(",").map(Number);
      if (row >= rows || col >= cols) placed.delete(key);
    }
    area.hidden = !laid;
    renderShapes();
    grid.style.setProperty("--cols", cols);
    const places = [];
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) places.push(place(row, col));
    }
    grid.replaceChildren(...places);
    writeInputs();
  }

  // A map that is not square may lie either way round the table: 3 rows of 4, or 4 of 3.
  function renderShapes() {
    const sized = shapes[players];
    note.textContent = sized
      ? ""
      : `The map's size depends on the number of players, ${Math.min(...counts)} to ${Math.max(...counts)}.`;
    if (sized && !sameShape(sized, shape) && !sameShape([sized[1], sized[0]], shape)) shape = sized;
    const ways = sized && sized[0] !== sized[1] ? [sized, [sized[1], sized[0]]] : [];
    shapeChoice.replaceChildren(...ways.map(([rows, cols]) => shapeRadio(rows, cols)));
  }

  function shapeRadio(rows, cols) {
    const label = document.createElement("label");
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = "_map_shape";
    radio.value = `${rows}x${cols}`;
    radio.checked = sameShape([rows, cols], shape);
    label.append(radio, ` ${rows} rows of ${cols} tiles`);
    return label;
  }

  function place(row, col) {
    const laidTile = placed.get(`${row},${col}`);
    const template = document.getElementById(laidTile ? "slot-filled" : "slot-empty");
    const slot = template.content.firstElementChild.cloneNode(true);
    slot.dataset.row = row;
    slot.dataset.col = col;
    for (const span of slot.querySelectorAll('[data-slot="row"]')) span.textContent = row + 1;
    for (const span of slot.querySelectorAll('[data-slot="col"]')) span.textContent = col + 1;
    if (laidTile) {
      const words = `Tile ${laidTile.tile}, turned ${laidTile.rotation}°`;
      const picture = slot.querySelector('[data-slot="picture"]');
      picture.src = pictureOf(laidTile.tile, laidTile.rotation);
      picture.alt = `Row ${row + 1}, column ${col + 1}: ${words}, ${contents(tiles.get(laidTile.tile))}`;
      slot.querySelector('[data-slot="caption"]').textContent = `${row + 1}·${col + 1}: ${words}`;
      slot.querySelector(".turn").setAttribute("aria-label", `Turn the tile at row ${row + 1}, column ${col + 1}`);
      slot.querySelector(".turn").addEventListener("click", () => turn(row, col));
      slot.querySelector(".pick").setAttribute("aria-label", `Change the tile at row ${row + 1}, column ${col + 1}`);
    }
    const picker = slot.matches(".pick") ? slot : slot.querySelector(".pick");
    picker.addEventListener("click", () => pick(row, col));
    return slot;
  }

  function turn(row, col) {
    const laidTile = placed.get(`${row},${col}`);
    laidTile.rotation = (laidTile.rotation + TURN) % 360;
    render();
    focusPlace(row, col, ".turn");
  }

  async function pick(row, col) {
    await loaded;
    picking = [row, col];
    for (const span of dialog.querySelectorAll('[data-slot="row"]')) span.textContent = row + 1;
    for (const span of dialog.querySelectorAll('[data-slot="col"]')) span.textContent = col + 1;
    const here = placed.get(`${row},${col}`)?.tile;
    const elsewhere = new Set([...placed.values()].map((p) => p.tile).filter((tile) => tile !== here));
    for (const button of choices.querySelectorAll("button")) {
      button.disabled = elsewhere.has(button.value);
      button.setAttribute("aria-pressed", String(button.value === here));
    }
    dialog.showModal();
    dialog.scrollTop = 0; // the list starts at its top, whichever tile was picked last time
  }

  function choiceButton(tile) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.value = tile.tile;
    const picture = document.createElement("img");
    picture.src = pictureOf(tile.tile, 0, tile);
    picture.alt = "";
    const caption = document.createElement("span");
    caption.textContent = `Tile ${tile.tile}: ${contents(tile)}`;
    button.append(picture, caption);
    button.addEventListener("click", () => {
      const [row, col] = picking;
      placed.set(`${row},${col}`, { tile: tile.tile, rotation: 0 });
      dialog.close();
      render();
      focusPlace(row, col, ".turn");
    });
    return button;
  }

  function pictureOf(letter, rotation, tile = tiles.get(letter)) {
    return tile.rotations.find((turned) => turned.rotation === rotation).pictures.svg;
  }

  function focusPlace(row, col, selector) {
    grid.querySelector(`[data-row="${row}"][data-col="${col}"] ${selector}`)?.focus();
  }

  // The layout as options.layout.* inputs, tiles in reading order; each place is the field
  // an error about its tile is shown at (options.layout.tiles.<n>).
  function writeInputs() {
    if (!laid) {
      inputs.replaceChildren();
      return;
    }
    const [rows, cols] = shape;
    const written = [hidden("options.layout.rows", rows), hidden("options.layout.cols", cols)];
    written.push(hidden("options.layout.drawn_by", "table"));
    let n = 0;
    for (const slot of grid.children) {
      const laidTile = placed.get(`${slot.dataset.row},${slot.dataset.col}`);
      delete slot.dataset.field;
      if (!laidTile) continue;
      slot.dataset.field = `options.layout.tiles.${n}`;
      const prefix = `options.layout.tiles.${n}.`;
      written.push(hidden(`${prefix}tile`, laidTile.tile), hidden(`${prefix}rotation`, laidTile.rotation));
      written.push(hidden(`${prefix}row`, slot.dataset.row), hidden(`${prefix}col`, slot.dataset.col));
      n += 1;
    }
    inputs.replaceChildren(...written);
  }

  return {
    players(count) {
      players = count;
      render();
    },
    laidByTable(on) {
      laid = on;
      render();
    },
    // A layout the service drew, as pictures, for the table to lay.
    async picture(layout) {
      await loaded;
      const drawn = document.createElement("div");
      drawn.className = "map-grid drawn";
      drawn.style.setProperty("--cols", layout.cols);
      const ordered = [...layout.tiles].sort((a, b) => a.row - b.row || a.col - b.col);
      for (const laidTile of ordered) {
        const cell = document.createElement("figure");
        cell.className = "slot filled";
        const crop = document.createElement("div");
        crop.className = "crop";
        const picture = document.createElement("img");
        picture.src = pictureOf(laidTile.tile, laidTile.rotation);
        picture.alt = `Row ${laidTile.row + 1}, column ${laidTile.col + 1}: tile ${laidTile.tile}, turned ${laidTile.rotation}°`;
        crop.append(picture);
        const caption = document.createElement("figcaption");
        caption.className = "caption";
        caption.textContent = `${laidTile.row + 1}·${laidTile.col + 1}: tile ${laidTile.tile}, turned ${laidTile.rotation}°`;
        cell.append(crop, caption);
        drawn.append(cell);
      }
      return drawn;
    },
  };
}

function hidden(name, value) {
  const input = document.createElement("input");
  input.type = "hidden";
  input.name = name;
  input.value = value;
  if (typeof value === "number" || /^\d+$/.test(value)) input.dataset.type = "int";
  return input;
}

// What is on a tile, in words: "house 12, beer" or "roads only".
function contents(tile) {
  const things = [...tile.houses.map((number) => `house ${number}`), ...tile.drinks];
  return things.length ? things.join(", ") : "roads only";
}

function sameShape(a, b) {
  return a[0] === b[0] && a[1] === b[1];
}
