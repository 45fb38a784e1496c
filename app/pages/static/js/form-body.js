// The body of POST /api/games, read off a new-game form (see pages/new_game.html):
// a control's name is its path in the body ("options.labor_pool.sales.salary", "players.0");
// a name starting with "_" steers the page and is not sent, nor is a disabled control.
// data-type="int" sends a whole number (anything else as typed, for the API to refuse);
// data-empty says what an empty box sends: "omit" nothing, "null" null, otherwise "".
// A checkbox sends true or false; of radios, the one checked.

export function bodyOf(form) {
  const body = {};
  for (const control of form.elements) {
    if (!control.name || control.name.startsWith("_") || control.disabled) continue;
    if (control.type === "radio" && !control.checked) continue;
    const value = valueOf(control);
    if (value !== undefined) put(body, control.name.split("."), value);
  }
  return withoutGaps(body);
}

function valueOf(control) {
  if (control.type === "checkbox") return control.checked;
  const text = control.value.trim();
  if (text === "") {
    if (control.dataset.empty === "omit") return undefined;
    if (control.dataset.empty === "null") return null;
    return "";
  }
  if (control.dataset.type === "int" && /^-?\d+$/.test(text)) return Number(text);
  return text;
}

// A numeric step in a path makes a list: "players.0" is the first player.
function put(target, [step, ...rest], value) {
  if (rest.length === 0) {
    target[step] = value;
    return;
  }
  target[step] ??= /^\d+$/.test(rest[0]) ? [] : {};
  put(target[step], rest, value);
}

// Lists close up over the entries left out: players 1, 2 and 4 typed are three players.
function withoutGaps(value) {
  if (Array.isArray(value)) return value.filter(() => true).map(withoutGaps);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutGaps(inner)]));
  }
  return value;
}
