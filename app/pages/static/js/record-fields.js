// The controls of a record form, built from an event type's description as
// GET /api/<kind>/event-types answers it (app/api/forms.py): one control a field, named by its
// path in the payload so that js/form-body.js reads the payload off the form, and marked
// data-field="<path>" so that js/errors.js shows a refusal beside it. Nothing here knows a
// game: where the game's hint (`picker`) says how a person names a value, it is offered
// (chosen from the state by name, a card as printed, ticked, a square of the map).
//
// `fieldControls(description, context)` answers the elements; `context` is
// {state, actor: the acting player's name or null, players, payload: what is known of the
// payload already ({player}), id: a prefix for element ids}.
// `refreshChoices(form, state)` offers again what the state holds (after a live update or
// when a field a list depends on changes); `completed(payload, description)` adds the empty
// lists and maps a form sends nothing for; `putSquare(form, square)` fills the square picker
// last used (or the first) with [row, col]; `fillIn(form, {path: value})` fills controls in;
// `offerChoices(form, fields)` narrows the controls to what the game's rules allow now.

const RADIOS_UP_TO = 6; // more choices than this are a list to pick from

export function fieldControls(description, context) {
  return description.fields.map((field) => control(field, field.name, context)).filter(Boolean);
}

function control(field, path, context) {
  const picker = field.picker?.name;
  if (picker === "actor") return actorControl(field, path, context);
  if (picker === "follows") return null; // filled in from another field by the schema
  if (picker === "choose") return chooseControl(field, path, context);
  if (picker === "square" && field.kind === "list") return squareControl(field, path, context);
  if (picker === "some_of" && field.kind === "list") return someOfControl(field, path, context);
  switch (field.kind) {
    case "object": return objectControl(field, path, context);
    case "list": return listControl(field, path, context);
    case "map": return mapControl(field, path, context);
    case "boolean": return checkboxControl(field, path, context);
    case "string": case "integer": case "number":
      return field.choices ? choicesControl(field, path, context) : boxControl(field, path, context);
    default: return null; // JSON nobody types (an explanation)
  }
}

// --- the acting player: known already, sent as it is -----------------------------------
function actorControl(field, path, context) {
  if (context.actor) return hidden(path, context.actor);
  // The table's recorder as admin: which player the action is for.
  const choices = context.players.map((name) => ({ label: name, value: name }));
  return selectField(field, path, context, choices, { label: "Which player" });
}

// --- a thing in the state, by name ----------------------------------------------------------
function chooseControl(field, path, context) {
  const choices = stateChoices(field.picker, context.state, context.payload);
  if (choices === null) {
    return field.choices ? choicesControl(field, path, context) : boxControl(field, path, context);
  }
  const wrapper = selectField(field, path, context, choices);
  const select = wrapper.querySelector("select");
  select.dataset.choose = JSON.stringify(field.picker);
  return wrapper;
}

// The choices a picker offers in `state`: its own `choices`, then the items at `from`.
// null when `from` names nothing in this state (the plain control is offered instead).
export function stateChoices(picker, state, payload) {
  const own = picker.choices ?? [];
  if (!picker.from) return own;
  const source = at(state, fill(picker.from, payload));
  if (source === undefined) return own.length ? own : picker.from.includes("{") ? [] : null;
  const items = Array.isArray(source)
    ? source.map((item) => (isObject(item) ? item : { value: item, _scalar: true }))
    : Object.entries(source ?? {}).map(([key, value]) => ({
        ...(isObject(value) ? value : { value }), [picker.key ?? "key"]: key, _key: key,
      }));
  const labels = labelled(items, picker);
  const kept = items.filter((item) => where(item, picker.where, payload));
  return [...own, ...kept.map((item) => ({ label: labels.get(item), value: valueOf(item, picker) }))];
}

// Each item in words, told apart from the others at `from` (not only those kept, so that a
// thing reads the same in every form): by `show`; where two read the same and their `apart`
// words differ, by those too ("Waitress, on the beach"); where they still read the same, by
// their order ("Waitress, at work (2nd)", "Waitress (2nd)"). games/choices.py `told_apart`
// says the same for the choices the rules judge.
function labelled(items, picker) {
  const shown = (item) => (picker.show
    ? template(picker.show, item, picker.names)
    : String(item._scalar ? item.value : item._key ?? item.id ?? item.value));
  let labels = new Map(items.map((item) => [item, shown(item)]));
  if (picker.apart) {
    const more = new Map(items.map((item) => [item, template(picker.apart, item, picker.names)]));
    const differing = new Map();
    for (const item of items) {
      const label = labels.get(item);
      differing.set(label, (differing.get(label) ?? new Set()).add(more.get(item)));
    }
    labels = new Map(items.map((item) => [item, differing.get(labels.get(item)).size > 1
      ? `${labels.get(item)}, ${more.get(item)}` : labels.get(item)]));
  }
  const shared = sharedLabels(labels);
  const counted = new Map();
  for (const item of items) {
    const label = labels.get(item);
    if (!shared.has(label)) continue;
    counted.set(label, (counted.get(label) ?? 0) + 1);
    labels.set(item, `${label} (${ordinal(counted.get(label))})`);
  }
  return labels;
}

function sharedLabels(labels) {
  const seen = new Set();
  const shared = new Set();
  for (const label of labels.values()) (seen.has(label) ? shared : seen).add(label);
  return shared;
}

// 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st
function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th";
  return `${n}${suffix}`;
}

function valueOf(item, picker) {
  if (picker.value) return item[picker.value];
  if (item._scalar) return item.value;
  if (picker.name === "printed") return withoutMarks(item);
  return item._key ?? item.value;
}

function withoutMarks(item) {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !key.startsWith("_")));
}

function where(item, wanted, payload) {
  if (!wanted) return true;
  return Object.entries(wanted).every(([key, values]) =>
    values.some((value) => (typeof value === "string" ? fill(value, payload) : value) === (item[key] ?? null)),
  );
}

// --- a card as printed: chosen, filling its fields, or typed --------------------------------
function objectControl(field, path, context) {
  const fieldset = element("fieldset", { class: "field object", "data-field": path });
  fieldset.append(legend(field), ...hint(field, context, path));
  const inner = element("div", { class: "object-fields" });
  inner.append(...field.fields.map((f) => control(f, join(path, f.name), context)).filter(Boolean));
  const picker = field.picker?.name === "printed" ? field.picker : null;
  const choices = picker ? stateChoices(picker, context.state, context.payload) ?? picker.choices ?? [] : [];
  if (picker || field.nullable) {
    const id = `${context.id}-${path.replaceAll(".", "-")}-which`;
    const which = element("div", { class: "field which" });
    const select = element("select", { id, name: `_which.${path}` });
    if (picker) select.append(new Option("As printed (enter it below)", "_typed"));
    if (field.nullable) select.append(new Option("None", "_none"));
    if (!picker) select.prepend(new Option("Give it below", "_typed"));
    choices.forEach((choice, n) => select.append(new Option(choice.label, String(n))));
    select.dataset.printed = JSON.stringify(picker ?? {});
    select.dataset.values = JSON.stringify(choices.map((choice) => choice.value)); // offerChoices
    const label = element("label", { for: id });
    label.textContent = picker ? "Which card" : "Give it, or none";
    which.append(label, select);
    const none = hidden(path, "");
    none.dataset.empty = "null";
    none.disabled = true;
    select.addEventListener("change", () => choose(select, inner, none, path, choices));
    fieldset.append(which, none);
  }
  fieldset.append(inner);
  return fieldset;
}

function choose(select, inner, none, path, choices) {
  const isNone = select.value === "_none";
  none.disabled = !isNone;
  inner.hidden = isNone;
  for (const control of inner.querySelectorAll("input, select")) control.disabled = isNone;
  const choice = choices[Number(select.value)];
  if (choice) fill_in(inner, path, choice.value);
}

// Fills the form's controls with `values`, {path: value} (a sealed choice the device kept).
export function fillIn(form, values) {
  for (const [path, value] of Object.entries(values)) fill_in(form, path, value);
}

// Puts `value` into the controls under `path`: boxes, choices, ticks and lists.
function fill_in(container, path, value) {
  const list = Array.isArray(value) && container.querySelector(`[data-list="${CSS.escape(path)}"]`);
  if (list) return fillList(list, value);
  if (Array.isArray(value) || !isObject(value)) {
    const ticks = container.querySelectorAll(`[data-some-of="${CSS.escape(path)}"] input[type=checkbox]`);
    if (ticks.length) {
      for (const tick of ticks) tick.checked = value.map(String).includes(tick.value);
      ticks[0].dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    for (const control of container.querySelectorAll(`[name="${CSS.escape(path)}"]`)) {
      if (control.type === "checkbox") control.checked = Boolean(value);
      else if (control.type === "radio") control.checked = control.value === String(value ?? "");
      else control.value = value ?? "";
    }
    return;
  }
  for (const [key, inner] of Object.entries(value)) fill_in(container, join(path, key), inner);
}

// A list's items made afresh, one for each value.
function fillList(list, values) {
  for (const remove of list.querySelectorAll(":scope > ol > li > .remove")) remove.click();
  for (const value of values) {
    list.querySelector(":scope > .add").click();
    const item = list.querySelector(":scope > ol > li:last-child");
    const path = item.firstElementChild?.dataset.field;
    if (path) fill_in(item, path, value);
  }
}

// --- several of the choices, ticked (skill numbers) -------------------------------------------
function someOfControl(field, path, context) {
  const fieldset = element("fieldset", { class: "field some-of", "data-field": path, "data-some-of": path });
  fieldset.append(legend(field), ...hint(field, context, path));
  const boxes = element("div", { class: "ticks" });
  const sent = element("div", { class: "sent" });
  const integer = field.item?.kind === "integer";
  for (const choice of field.picker.choices) {
    const label = element("label");
    const tick = element("input", { type: "checkbox", name: `_tick.${path}`, value: String(choice) });
    label.append(tick, ` ${choice}`);
    boxes.append(label);
  }
  const write = () => {
    const ticked = [...boxes.querySelectorAll("input:checked")].map((tick) => tick.value);
    sent.replaceChildren(...ticked.map((value, n) => hidden(`${path}.${n}`, value, integer)));
  };
  boxes.addEventListener("change", write);
  fieldset.append(boxes, sent);
  return fieldset;
}

// --- a square of the map: tapped on the map, or typed --------------------------------------------
function squareControl(field, path, context) {
  const fieldset = element("fieldset", { class: "field square", "data-field": path, "data-square": path });
  fieldset.append(legend(field));
  const note = element("p", { class: "hint" });
  note.textContent = "Tap the square on the map, or give its row and column (from 0, counted from the north-west corner).";
  fieldset.append(note, ...hint(field, context, path));
  const boxes = element("div", { class: "inline" });
  ["Row", "Column"].forEach((words, n) => {
    const id = `${context.id}-${path.replaceAll(".", "-")}-${n}`;
    const wrapper = element("div", { class: "field" });
    const label = element("label", { for: id });
    label.textContent = words;
    const input = element("input", {
      id, name: `${path}.${n}`, class: "number", inputmode: "numeric", "data-type": "int", "data-empty": "omit",
    });
    wrapper.append(label, input);
    boxes.append(wrapper);
  });
  fieldset.addEventListener("focusin", () => markActive(fieldset));
  fieldset.addEventListener("click", () => markActive(fieldset));
  fieldset.append(boxes);
  return fieldset;
}

function markActive(fieldset) {
  const form = fieldset.closest("form");
  for (const other of form.querySelectorAll("[data-square]")) other.classList.remove("active");
  fieldset.classList.add("active");
}

export function putSquare(form, { row, col }) {
  let target = form.querySelector("[data-square].active") ?? form.querySelector("[data-square]");
  if (!target) return false;
  const filled = [...target.querySelectorAll("input")].every((input) => input.value !== "");
  const list = target.closest("[data-list]");
  if (filled && list && target === list.querySelector(":scope > ol > li:last-child [data-square]")) {
    list.querySelector(":scope > .add").click(); // a route: the next square
    target = list.querySelector(":scope > ol > li:last-child [data-square]");
  }
  const [rowBox, colBox] = target.querySelectorAll("input");
  rowBox.value = row;
  colBox.value = col;
  markActive(target);
  const where = target.querySelector(".picked") ?? element("p", { class: "picked", role: "status" });
  where.textContent = `Square row ${row}, column ${col}`;
  target.append(where);
  target.dispatchEvent(new Event("change", { bubbles: true }));
  return true;
}

// --- a list: its items, one more at a time ---------------------------------------------------------
function listControl(field, path, context) {
  const fixed = field.min_items !== undefined && field.min_items === field.max_items;
  const fieldset = element("fieldset", { class: "field list", "data-field": path, "data-list": path });
  fieldset.append(legend(field), ...hint(field, context, path));
  const items = element("ol", { class: "items" });
  fieldset.append(items);
  let made = 0;
  const add = () => {
    const n = made++;
    const item = element("li");
    const inner = control({ ...field.item, label: fixed ? `${n + 1}` : `${one(field.label)} ${n + 1}` }, `${path}.${n}`, {
      ...context, id: `${context.id}-${n}`,
    });
    item.append(inner);
    if (!fixed) {
      const remove = element("button", { type: "button", class: "secondary remove" });
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", `Remove ${one(field.label)} ${n + 1}`);
      remove.addEventListener("click", () => {
        item.remove();
        addButton.disabled = false;
      });
      item.append(remove);
    }
    items.append(item);
    addButton.disabled = field.max_items !== undefined && items.children.length >= field.max_items;
  };
  const addButton = element("button", { type: "button", class: "secondary add" });
  addButton.textContent = `Add ${items.children.length ? "another" : "one"}`;
  addButton.setAttribute("aria-label", `Add to ${field.label}`);
  addButton.addEventListener("click", () => {
    add();
    addButton.textContent = "Add another";
    // a new item is a change of the form: what the rules allow is offered in it too
    items.lastElementChild.dispatchEvent(new Event("change", { bubbles: true }));
    items.lastElementChild.querySelector("input, select")?.focus();
  });
  const first = Math.max(field.min_items ?? 0, fixed ? field.min_items : 0, field.required && field.item.kind === "object" ? 1 : 0);
  for (let n = 0; n < first; n++) add();
  if (!fixed) {
    addButton.textContent = items.children.length ? "Add another" : "Add one";
    fieldset.append(addButton);
  }
  return fieldset;
}

// --- a map: a value for each key the game names -------------------------------------------------
function mapControl(field, path, context) {
  const keyChoices = field.keys.picker?.name === "choose"
    ? stateChoices(field.keys.picker, context.state, context.payload)
    : field.keys.choices?.map((value) => ({ label: words(String(value)), value })) ?? null;
  if (keyChoices === null || field.values.kind === "any") return null;
  const fieldset = element("fieldset", { class: "field map", "data-field": path });
  fieldset.append(legend(field), ...hint(field, context, path));
  if (!keyChoices.length) {
    const none = element("p", { class: "hint" });
    none.textContent = "Nothing to give here now.";
    fieldset.append(none);
  }
  for (const key of keyChoices) {
    const inner = control({ ...field.values, label: key.label, required: false }, `${path}.${key.value}`, {
      ...context, id: `${context.id}-${String(key.value).replace(/\W/g, "-")}`,
    });
    if (inner) fieldset.append(inner);
  }
  return fieldset;
}

// --- plain controls ---------------------------------------------------------------------------
function choicesControl(field, path, context) {
  const choices = field.choices.map((value) => ({ label: words(String(value)), value }));
  if (choices.length > RADIOS_UP_TO) return selectField(field, path, context, choices);
  const fieldset = element("fieldset", { class: "field", "data-field": path });
  fieldset.append(legend(field), ...hint(field, context, path));
  const radios = element("div", { class: "radios inline" });
  const integer = field.kind === "integer";
  const all = field.nullable ? [...choices, { label: "None", value: null }] : choices;
  all.forEach((choice, n) => {
    const label = element("label");
    const radio = element("input", {
      type: "radio", name: path, value: choice.value === null ? "" : String(choice.value),
    });
    if (integer) radio.dataset.type = "int";
    if (choice.value === null) radio.dataset.empty = "null";
    label.append(radio, ` ${choice.label}`);
    radios.append(label);
    if (n === 0 && all.length === 1) radio.checked = true;
  });
  fieldset.append(radios);
  return fieldset;
}

function selectField(field, path, context, choices, { label: question } = {}) {
  const id = `${context.id}-${path.replaceAll(".", "-")}`;
  const wrapper = element("div", { class: "field", "data-field": path });
  const label = element("label", { for: id });
  label.textContent = question ?? field.label;
  const select = element("select", { id, name: path, "data-empty": field.nullable ? "null" : "omit" });
  if (field.kind === "integer") select.dataset.type = "int";
  offer(select, choices, field);
  wrapper.append(label, ...hint(field, context, path), select);
  return wrapper;
}

function offer(select, choices, field) {
  const chosen = select.value;
  const empty = new Option(field.nullable ? "None" : choices.length ? "Choose" : "None to choose", "");
  select.replaceChildren(empty, ...choices.map((choice) => new Option(choice.label, String(choice.value))));
  if ([...select.options].some((option) => option.value === chosen)) select.value = chosen;
  else if (choices.length === 1 && field.required) select.value = String(choices[0].value);
}

function boxControl(field, path, context) {
  const id = `${context.id}-${path.replaceAll(".", "-")}`;
  const wrapper = element("div", { class: "field", "data-field": path });
  const label = element("label", { for: id });
  label.textContent = field.label;
  const numeric = field.kind === "integer" || field.kind === "number";
  const input = element("input", {
    id, name: path, autocomplete: "off", "data-empty": field.nullable ? "null" : "omit",
  });
  if (numeric) {
    input.className = "number";
    input.inputMode = "numeric";
    if (field.kind === "integer") input.dataset.type = "int";
  }
  if (field.default !== undefined && field.default !== null) input.value = field.default;
  wrapper.append(label, ...hint(field, context, path), input);
  return wrapper;
}

function checkboxControl(field, path, context) {
  const id = `${context.id}-${path.replaceAll(".", "-")}`;
  const wrapper = element("div", { class: "field checkbox", "data-field": path });
  const input = element("input", { type: "checkbox", id, name: path });
  input.checked = Boolean(field.default);
  const label = element("label", { for: id });
  label.textContent = field.label;
  wrapper.append(input, label, ...hint(field, context, path));
  return wrapper;
}

// --- what the state holds now ---------------------------------------------------------------------
export function refreshChoices(form, state, payload) {
  for (const select of form.querySelectorAll("select[data-choose]")) {
    const picker = JSON.parse(select.dataset.choose);
    const choices = stateChoices(picker, state, payload) ?? [];
    offer(select, choices, { nullable: select.dataset.empty === "null", required: true });
  }
}

// A form sends nothing for an empty list or map; the payload has them, as the schema wants,
// but for a list that may not be empty, which the API then says is missing.
export function completed(payload, description) {
  for (const field of description.fields) {
    const value = payload[field.name];
    if (value === undefined && field.required && field.picker?.name !== "actor") {
      if (field.kind === "list" && !field.min_items) payload[field.name] = []; // else "missing"
      if (field.kind === "map") payload[field.name] = {};
    }
    if (field.kind === "object" && isObject(value)) completed(value, field);
  }
  return payload;
}

// --- small helpers ------------------------------------------------------------------------------
function legend(field) {
  const element_ = element("legend");
  element_.textContent = field.label;
  return element_;
}

function hint(field, context, path) {
  if (!field.description) return [];
  const paragraph = element("p", { class: "hint", id: `${context.id}-${path.replaceAll(".", "-")}-hint` });
  paragraph.textContent = field.description;
  return [paragraph];
}

function hidden(name, value, integer = typeof value === "number") {
  const input = element("input", { type: "hidden", name, value: String(value) });
  if (integer) input.dataset.type = "int";
  return input;
}

function element(tag, attributes = {}) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

// "companies.{target}.employees" with the payload's target.
function fill(path, payload) {
  return path.replace(/\{(\w+)\}/g, (_, name) => payload[name] ?? "");
}

function at(value, path) {
  for (const step of path.split(".")) {
    if (value === null || value === undefined) return undefined;
    value = value[step];
  }
  return value;
}

// "{name}, {department}", "{card|named}", "row {top_left.0}": an item in words; `|words` with
// underscores as spaces, `|named` as the picker's `names` name the value (a card by its title).
function template(text, item, names = {}) {
  return text.replace(/\{([\w.]+)(?:\|(words|named))?\}/g, (_, path, filter) => {
    const value = at(item, path);
    if (value === undefined || value === null) return "—";
    const shown = Array.isArray(value) ? value.join(", ") : String(value);
    if (filter === "named") return names[shown] ?? words(shown);
    return filter ? words(shown) : shown;
  });
}

// "Cards" -> "Card": what each item of a list is called.
function one(label) {
  return label.endsWith("s") ? label.slice(0, -1) : label;
}

function words(text) {
  return text.replaceAll("_", " ");
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function join(path, name) {
  return path ? `${path}.${name}` : name;
}

// --- what the rules allow now (GET /api/games/<id>/choices, app/api/choices.py) ----------------
// `fields` is that answer's {path: {rules, offer, left_out}}, by a field's path in the payload
// (a list's items by `*`, a map's value by its key). Each control of a path the game judged
// offers only the values offered (those whose `when` the form's other fields meet); a box
// becomes a list to pick from. Its field is marked data-rules="<the rules that left values
// out>", so that a refusal naming one is shown beside it (js/record-problem.js), and says what
// it left out and why. A list starts on the answer's `default`, until the person changes it.
// A list's own path judged (not its items') offers whole lists: "Which cards", filling it in. A card as printed keeps among its "Which card" only the printed cards
// offered. A path the game did not judge keeps the control built above.
export function offerChoices(form, fields) {
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
  for (const square of form.querySelectorAll("[data-square]")) {
    const path = square.dataset.square;
    const judged = fields[path] ?? fields[path.replace(/\.\d+(?=\.|$)/g, ".*")];
    if (judged) offerSquares(square, judged, path.match(/\.(\d+)(?=\.|$)/)?.[1], told);
  }
  // a list judged as a whole (FCM's firing that must let a chain pay): the lists allowed, one
  // to choose, which fills the list's items in
  for (const list of form.querySelectorAll("[data-list]")) {
    const judged = fields[list.dataset.list];
    if (judged) offerWholeLists(list, judged);
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
}

function offerWholeLists(list, judged) {
  const path = list.dataset.list;
  let select = list.querySelector(":scope > .whole select");
  if (!select) {
    const id = `${list.closest("form").id}-${path.replaceAll(".", "-")}-whole`;
    const wrapper = element("div", { class: "field whole" });
    const label = element("label", { for: id });
    label.textContent = `Which ${list.querySelector(":scope > legend").textContent.toLowerCase()}`;
    select = element("select", { id, name: `_whole.${path}` });
    select.addEventListener("change", () => {
      const chosen = JSON.parse(select.dataset.values)[Number(select.value)];
      if (chosen) fillList(list, chosen);
    });
    wrapper.append(label, select);
    list.querySelector(":scope > ol").before(wrapper);
  }
  const before = JSON.parse(select.dataset.values ?? "[]")[Number(select.value)];
  const words = judged.none ?? (judged.offer.length ? "Choose" : "Nothing the rules allow now");
  select.replaceChildren(new Option(words, ""), ...judged.offer.map((entry, n) => new Option(entry.label, String(n))));
  select.dataset.values = JSON.stringify(judged.offer.map((entry) => entry.value));
  const still = before === undefined ? -1 : judged.offer.findIndex((entry) => canonical(entry.value) === canonical(before));
  select.value = still < 0 ? "" : String(still);
}

// Whether an entry's `when` holds in the form now: each field it names (a `*` being the list
// item `item`) holds that value.
function meetsIn(form, item) {
  return (entry) => Object.entries(entry.when ?? {}).every(
    ([other, value]) => valueNamed(form, item === undefined ? other : other.replaceAll("*", item)) === String(value ?? ""),
  );
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

// "Choose the trainer first": what the values of a field wait for, none being offered yet.
function firstChoose(form, entries, item) {
  const fields = Object.keys(entries[0].when ?? {}).map((path) => {
    const name = item === undefined ? path : path.replaceAll("*", item);
    return form.querySelector(`[name="${CSS.escape(name)}"]`)?.closest("[data-field]");
  }).filter(Boolean);
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const waited = fields.map((field) => field.querySelector(":scope > legend, :scope > label")?.textContent.trim().toLowerCase())
    .filter(Boolean);
  return waited.length ? `Choose the ${waited.join(" and the ")} first` : null;
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

function offerRadios(radios, offered) {
  const allowed = new Set(offered.map((entry) => (entry.value === null ? "" : String(entry.value))));
  for (const radio of radios) {
    const out = !allowed.has(radio.value);
    radio.disabled = out;
    if (out) radio.dataset.ruledOut = "1";
    else delete radio.dataset.ruledOut;
    if (out) radio.checked = false;
    const label = radio.closest("label");
    if (label) label.hidden = out;
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
