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
// last used (or the first) with [row, col]; `fillIn(form, {path: value})` fills controls in.
// js/record-choices.js then narrows the controls to what the game's rules allow now.

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
export function fillList(list, values) {
  if (!list.querySelector(":scope > .add")) { // of fixed length: its items filled in place
    list.querySelectorAll(":scope > ol > li").forEach((item, n) => {
      const path = item.firstElementChild?.dataset.field;
      if (path) fill_in(item, path, values[n] ?? "");
    });
    return;
  }
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

export function element(tag, attributes = {}) {
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
