// What the rules allow now (GET /api/games/<id>/choices, app/api/choices.py), narrowing the
// controls js/record-fields.js built: `offerChoices(form, fields)`, `fields` being that
// answer's {path: {rules, offer, left_out, none?, default?}}, by a field's path in the payload
// (a list's items by `*`, a map's value by its key).
//
// Each control of a path the game judged offers only the values offered (those whose `when`
// the form's other fields meet); a box becomes a list to pick from. Its field is marked
// data-rules="<the rules that left values out>", so that a refusal naming one is shown beside
// it (js/record-problem.js), and says what it left out and why. A list starts on the answer's
// `default`, until the person changes it. A list's own path judged (not its items') offers
// whole lists ("Which cards"), filling it in; a square judged offers the squares allowed
// ("Which square") and refuses a tapped or typed one the rules refuse. A `when` may name a
// square ({"top_left": [row, column]}, held by its boxes `top_left.0`, `top_left.1`): a
// restaurant's entrance and a house's garden side are offered for the square chosen, and
// until one is the field says "Choose the square first". A card as printed keeps among
// its "Which card" only the printed cards offered. A path the game did not judge keeps the
// control it was built with.
import { element, fillList } from "./record-fields.js";

export function offerChoices(form, fields) {
  leaveOutUnused(form, fields);
  const named = new Map();
  for (const control of form.elements) {
    if (!control.name || control.name.startsWith("_") || control.type === "hidden" || control.type === "checkbox") continue;
    if (control.disabled && !control.dataset.ruledOut) continue; // a part of the form not in use
    if (!named.has(control.name)) named.set(control.name, []);
    named.get(control.name).push(control);
  }
  const told = new Set(); // what was left out, told once a form
  for (const [path, controls] of named) {
    const judged = fields[path] ?? fields[path.replace(/\.\d+(?=\.|$)/g, ".*")];
    if (!judged) continue;
    const item = path.match(/\.(\d+)(?=\.|$)/)?.[1];
    const meets = meetsIn(form, item);
    const offered = judged.offer.filter(meets);
    const waitsFor = offered.length || !judged.offer.length ? null : firstChoose(form, judged.offer, item);
    let control = controls[0];
    if (control.type === "radio") offerRadios(controls, offered);
    else {
      if (control.tagName !== "SELECT") control = boxToList(control);
      offerOptions(control, offered, judged.none ?? waitsFor, judged.default);
    }
    const wrapper = control.closest("[data-field]");
    const waiting = control.type === "radio" ? waitsFor : null; // a list says it in its empty choice
    if (wrapper) tellLeftOut(wrapper, judged.rules, judged.left_out.filter(meets), told, waiting);
  }
  // a card as printed: only the printed cards the rules allow stay among "Which card"
  for (const which of form.querySelectorAll('select[name^="_which."][data-values]')) {
    const path = which.name.slice("_which.".length);
    const judged = fields[path] ?? fields[path.replace(/\.\d+(?=\.|$)/g, ".*")];
    if (!judged) continue;
    const meets = meetsIn(form, path.match(/\.(\d+)(?=\.|$)/)?.[1]);
    offerPrinted(which, judged.offer.filter(meets));
    tellLeftOut(which.closest("[data-field]"), judged.rules, judged.left_out.filter(meets), told, null);
  }
  // a square of the map judged (where a house or a restaurant may go): the squares allowed as
  // a list in words, which fills the row and column in; one tapped or typed that the rules
  // refuse is refused beside the field, with the rule's words, and its boxes emptied
  let emptied = false; // a square refused empties its boxes: what waits on it is offered again
  for (const square of form.querySelectorAll("[data-square]")) {
    const path = square.dataset.square;
    const judged = fields[path] ?? fields[path.replace(/\.\d+(?=\.|$)/g, ".*")];
    if (judged && !square.hidden) emptied = offerSquares(square, judged, path.match(/\.(\d+)(?=\.|$)/)?.[1], told) || emptied;
  }
  // a list judged as a whole (FCM's firing that must let a chain pay): the lists allowed, one
  // to choose, which fills the list's items in
  for (const list of form.querySelectorAll("[data-list]")) {
    const judged = fields[list.dataset.list];
    if (judged && !list.hidden) offerWholeLists(list, judged);
  }
  if (emptied) offerChoices(form, fields);
}

// A field the game uses only with some values of others (`only`: a campaign's square is not
// an airplane's): hidden, and its controls disabled so that nothing of it is sent, while one
// of those fields holds another value.
function leaveOutUnused(form, fields) {
  for (const [path, judged] of Object.entries(fields)) {
    if (!judged.only) continue;
    const field = form.querySelector(`[data-field="${CSS.escape(path)}"]`);
    if (!field) continue;
    const used = Object.entries(judged.only).every(([other, values]) => {
      const value = valueNamed(form, other);
      return value === "" || values.map(String).includes(value);
    });
    field.hidden = !used;
    for (const control of field.querySelectorAll("input, select")) {
      if (!used) {
        control.disabled = true;
        control.dataset.unused = "1";
      } else if (control.dataset.unused) {
        control.disabled = false;
        delete control.dataset.unused;
      }
    }
  }
}

function offerSquares(square, judged, item, told) {
  const form = square.closest("form");
  const path = square.dataset.square;
  const boxes = [...square.querySelectorAll(":scope > .inline input")]; // row, column
  let select = square.querySelector(":scope > .which-square select");
  if (!select) {
    const id = `${form.id}-${path.replaceAll(".", "-")}-square`;
    const wrapper = element("div", { class: "field which-square" });
    const label = element("label", { for: id });
    label.textContent = "Which square";
    select = element("select", { id, name: `_square.${path}` });
    select.addEventListener("change", () => {
      const [row, col] = select.value ? select.value.split(",") : ["", ""];
      boxes.forEach((box, n) => { box.value = [row, col][n]; });
      square.querySelector(":scope > .picked")?.remove();
    });
    wrapper.append(label, select);
    square.querySelector(":scope > legend").after(wrapper);
  }
  const meets = meetsIn(form, item);
  const offered = judged.offer.filter(meets);
  const leftOut = judged.left_out.filter(meets);
  const waitsFor = offered.length || !judged.offer.length ? null : firstChoose(form, judged.offer, item);
  offerOptions(select, offered.map((entry) => ({ ...entry, value: entry.value.join(",") })), waitsFor);
  const given = boxes.map((box) => box.value.trim());
  const at = given.every((value) => /^\d+$/.test(value)) ? given.map(Number).join(",") : null;
  const refused = at === null ? null : leftOut.find((entry) => entry.value.join(",") === at);
  if (at !== null) select.value = refused ? "" : at;
  select.dataset.offeredValue = select.value;
  let said = square.querySelector(":scope > .square-refused");
  if (refused) {
    said ??= element("p", { class: "error-message square-refused", id: `${select.id}-refused`, role: "alert" });
    said.textContent = `${refused.label} is not allowed now: ${refused.message} (${refused.rule})`;
    square.querySelector(":scope > .which-square").after(said);
    square.classList.add("field-error");
    for (const box of boxes) box.value = "";
    square.querySelector(":scope > .picked")?.remove();
  } else if (at !== null && said) {
    said.remove();
    square.classList.remove("field-error");
  }
  tellLeftOut(square, judged.rules, leftOut, told, null);
  return Boolean(refused);
}

// A list of fixed length (a campaign tile's size) is chosen whole: its items are filled in,
// out of sight; one the person adds to (the cards of a firing) shows them.
function offerWholeLists(list, judged) {
  const path = list.dataset.list;
  const form = list.closest("form");
  const fixed = !list.querySelector(":scope > button.add");
  let select = list.querySelector(":scope > .whole select");
  if (!select) {
    const id = `${form.id}-${path.replaceAll(".", "-")}-whole`;
    const wrapper = element("div", { class: "field whole" });
    const label = element("label", { for: id });
    const legend = list.querySelector(":scope > legend").textContent;
    label.textContent = fixed ? legend : `Which ${legend.toLowerCase()}`;
    if (fixed) {
      label.classList.add("visually-hidden");
      list.querySelector(":scope > ol").hidden = true;
    }
    select = element("select", { id, name: `_whole.${path}` });
    select.addEventListener("change", () => {
      const chosen = JSON.parse(select.dataset.values)[Number(select.value)];
      if (chosen) fillList(list, chosen);
    });
    wrapper.append(label, select);
    list.querySelector(":scope > ol").before(wrapper);
  }
  const before = JSON.parse(select.dataset.values ?? "[]")[Number(select.value)];
  const offered = judged.offer.filter(meetsIn(form));
  const waitsFor = offered.length || !judged.offer.length ? null : firstChoose(form, judged.offer);
  const words = judged.none ?? waitsFor ?? (offered.length ? "Choose" : "Nothing the rules allow now");
  select.replaceChildren(new Option(words, ""), ...offered.map((entry, n) => new Option(entry.label, String(n))));
  select.dataset.values = JSON.stringify(offered.map((entry) => entry.value));
  const still = before === undefined ? -1 : offered.findIndex((entry) => canonical(entry.value) === canonical(before));
  select.value = still < 0 ? "" : String(still);
  if (fixed && still < 0) fillList(list, offered.length === 1 ? offered[0].value : []);
  if (fixed && offered.length === 1) select.value = "0";
}

// Whether an entry's `when` holds in the form now: each field it names (a `*` being the list
// item `item`) holds that value; a list value (a square, [row, column]) held item by item by
// the controls `<path>.0`, `<path>.1`.
function meetsIn(form, item) {
  return (entry) => Object.entries(entry.when ?? {}).every(([other, value]) => {
    const name = item === undefined ? other : other.replaceAll("*", item);
    if (!Array.isArray(value)) return valueNamed(form, name) === String(value ?? "");
    return value.every((each, n) => {
      const given = valueNamed(form, `${name}.${n}`).trim();
      return typeof each === "number" ? /^\d+$/.test(given) && Number(given) === each : given === String(each);
    });
  });
}

function offerPrinted(which, offered) {
  const allowed = new Set(offered.map((entry) => canonical(entry.value)));
  const values = JSON.parse(which.dataset.values);
  for (const option of which.options) {
    if (!/^\d+$/.test(option.value)) continue; // typed, or none
    const out = !allowed.has(canonical(values[Number(option.value)]));
    option.hidden = out;
    option.disabled = out;
  }
  if (which.selectedOptions[0]?.disabled) which.value = which.options[0].value;
}

// JSON with its keys in order, so that two equal cards read the same.
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// The value a form's control of `name` holds now: a select's, a box's, the radio checked.
function valueNamed(form, name) {
  const controls = [...form.elements].filter((control) => control.name === name);
  const control = controls.find((c) => c.type !== "radio" || c.checked);
  return control ? control.value : "";
}

// "Choose the trainer first", "Choose the square first": what the values of a field wait for,
// none being offered yet: the fields it names not chosen yet (none if each holds a value, and
// the rules allow nothing with those).
function firstChoose(form, entries, item) {
  const fields = Object.keys(entries[0].when ?? {}).map((path) => {
    const name = item === undefined ? path : path.replaceAll("*", item);
    const control = form.querySelector(`[name="${CSS.escape(name)}"], [name="${CSS.escape(`${name}.0`)}"]`);
    return control?.closest("[data-field]");
  }).filter(Boolean);
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const waited = fields.filter((field) => !chosenIn(field)).map((field) => (field.dataset.square !== undefined
    ? "square" // its legend names the corner ("Top left"), the person chooses a square
    : field.querySelector(":scope > legend, :scope > label")?.textContent.trim().toLowerCase())).filter(Boolean);
  return waited.length ? `Choose the ${waited.join(" and the ")} first` : null;
}

// Whether a field holds a value: a list chosen, a radio checked, every box of a square given.
function chosenIn(field) {
  const controls = [...field.querySelectorAll("select, input")].filter((c) => c.name && !c.name.startsWith("_"));
  if (controls.some((c) => c.type === "radio")) return controls.some((c) => c.checked);
  return controls.length > 0 && controls.every((c) => c.value.trim() !== "");
}

// `preset`, the answer's `default`, is chosen while the person has not touched the list: it
// holds what it was last offered with (nothing, at first; a value filled in counts as touched).
function offerOptions(select, offered, emptyWords, preset) {
  const chosen = select.value;
  const left = select.dataset.offeredValue;
  if (chosen !== (left ?? "")) select.dataset.touched = "1";
  const none = offered.find((entry) => entry.value === null);
  const values = offered.filter((entry) => entry.value !== null);
  const words = none ? none.label : emptyWords ?? (values.length ? "Choose" : "Nothing the rules allow now");
  const empty = new Option(words, "");
  select.replaceChildren(empty, ...values.map((entry) => new Option(entry.label, String(entry.value))));
  select.dataset.empty = none ? "null" : "omit"; // an empty choice sends null only where null is allowed
  if ([...select.options].some((option) => option.value === chosen)) select.value = chosen;
  const start = preset === undefined || preset === null ? null : String(preset);
  if (!select.dataset.touched && [...select.options].some((option) => option.value === start)) select.value = start;
  select.dataset.offeredValue = select.value;
}

// The radios offered stay, in the rules' words ("east" for E).
function offerRadios(radios, offered) {
  const allowed = new Map(offered.map((entry) => [entry.value === null ? "" : String(entry.value), entry.label]));
  for (const radio of radios) {
    const out = !allowed.has(radio.value);
    radio.disabled = out;
    if (out) radio.dataset.ruledOut = "1";
    else delete radio.dataset.ruledOut;
    if (out) radio.checked = false;
    const label = radio.closest("label");
    if (label) label.hidden = out;
    if (label && !out && label.lastChild?.nodeType === Node.TEXT_NODE) label.lastChild.textContent = ` ${allowed.get(radio.value)}`;
  }
  const left = radios.filter((radio) => !radio.disabled);
  if (left.length === 1) left[0].checked = true;
}

// A box the rules narrow to a few values: a list to pick from, with the box's name and id.
function boxToList(input) {
  const select = element("select", { id: input.id, name: input.name });
  Object.assign(select.dataset, input.dataset);
  for (const name of ["aria-describedby", "aria-invalid"]) {
    if (input.hasAttribute(name)) select.setAttribute(name, input.getAttribute(name));
  }
  input.replaceWith(select);
  return select;
}

// Values refused for the same reason told once: "A, B, C, 21 more: <A's words> (RULE)".
function grouped(leftOut) {
  const groups = new Map();
  for (const entry of leftOut) {
    const reason = `${entry.rule} ${entry.message.replaceAll(String(entry.value), "\u0000")}`;
    if (!groups.has(reason)) groups.set(reason, []);
    groups.get(reason).push(entry);
  }
  return [...groups.values()].map((entries) => {
    const [{ label, message, rule }] = entries;
    if (entries.length === 1 && message.startsWith(label)) return `${message} (${rule})`; // it names itself
    const names = entries.slice(0, 3).map((entry) => entry.label);
    if (entries.length > 3) names.push(`${entries.length - 3} more`);
    return `${names.join(", ")}: ${message} (${rule})`;
  });
}

function tellLeftOut(wrapper, rules, leftOut, told, waiting) {
  wrapper.dataset.rules = rules.join(" ");
  wrapper.classList.add("offered");
  let note = wrapper.querySelector(":scope > .offered-note");
  if (!note) {
    note = element("div", { class: "offered-note" });
    const control = wrapper.querySelector(":scope > select, :scope > input, :scope > .radios, :scope > .which");
    if (control) control.after(note);
    else wrapper.append(note);
  }
  const said = waiting ? [Object.assign(element("p", { class: "hint" }), { textContent: `${waiting}.` })] : [];
  const words = grouped(leftOut);
  const key = JSON.stringify(words);
  if (!words.length || told.has(key)) return note.replaceChildren(...said);
  told.add(key);
  const details = element("details", { class: "left-out" });
  const summary = element("summary");
  summary.textContent = `Not allowed now (${leftOut.length})`;
  const list = element("ul");
  list.append(...words.map((text) => {
    const item = element("li");
    item.textContent = text;
    return item;
  }));
  details.append(summary, list);
  const open = note.querySelector("details")?.open ?? false;
  details.open = open;
  note.replaceChildren(...said, details);
}
