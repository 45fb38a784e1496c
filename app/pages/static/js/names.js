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
