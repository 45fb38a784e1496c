// Lists of the players typed so far (the dealer, the turn order), kept up to date as names
// are typed in the form's player boxes (names "players.0", "players.1", ...).

export function playerNames(form) {
  return [...form.querySelectorAll('input[name^="players."]')]
    .map((input) => input.value.trim())
    .filter(Boolean);
}

// Calls `changed(names)` now and after every edit of a player's name.
export function onNames(form, changed) {
  const boxes = form.querySelectorAll('input[name^="players."]');
  for (const box of boxes) box.addEventListener("input", () => changed(playerNames(form)));
  changed(playerNames(form));
}

// Offers `names` in `select` after its first option (the empty choice), keeping the name
// chosen if it is still there.
export function offerNames(select, names) {
  const chosen = select.value;
  const [empty] = select.options;
  const options = names.map((name) => new Option(name, name));
  select.replaceChildren(empty, ...options);
  select.value = names.includes(chosen) ? chosen : "";
}

// `text` as nodes to append, each of `names` in it an element of its own (<bdi>), as the
// pages' `isolated` filter does: a name holding a right-to-left override turns nothing round
// the words around it. A name is set as text, never as HTML.
export function isolated(text, names) {
  const shown = names.filter((name) => typeof name === "string" && name && name !== "table");
  if (!shown.length) return [text];
  const escaped = [...shown].sort((a, b) => b.length - a.length).map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const parts = text.split(new RegExp(`(?<![\\p{L}\\p{N}_])(${escaped.join("|")})(?![\\p{L}\\p{N}_])`, "u"));
  return parts.map((part, n) => (n % 2 ? Object.assign(document.createElement("bdi"), { textContent: part }) : part)).filter((part) => part !== "");
}

// Sets `element`'s text to `text`, the names in it isolated.
export function sayIsolated(element, text, names) {
  element.replaceChildren(...isolated(text, names));
}
