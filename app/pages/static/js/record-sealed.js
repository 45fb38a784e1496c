// Sealed choices in the record panel (js/sealed.js keeps them): where a seal's commitment
// carries the `sealed` picker ({reveals: <type>, choice: <field>}, app/api/forms.py), its form asks
// for the choice as the reveal's form asks for it, and the device seals it; the reveal's form
// is filled in from what the device kept. Nothing here knows a game: it reads the hints.
import { kept, newNonce, seal } from "./sealed.js";

const SEALED_WORDS = "Your choice is sealed on this device: only its commitment is recorded. The choice and its nonce are kept on this device until you reveal it; if this device is lost, the choice cannot be revealed.";
const FILLED_WORDS = "Filled in from what this device kept when it sealed this choice: the choice and its nonce. Record it to reveal it.";
const TYPED_WORDS = "This device kept nothing for this choice: give the choice and the nonce it was sealed with.";

// A seal's form: {field: the commitment's name, reveals, asked: the reveal's field asking for
// the choice, payload: the description the form is built from}; null for any other type.
export function sealing(description, forms) {
  const field = description.payload.fields.find((f) => f.picker?.name === "sealed");
  const asked = field && forms[field.picker.reveals]?.payload.fields.find((f) => f.name === field.picker.choice);
  if (!asked) return null;
  const fields = description.payload.fields.map((f) => (f === field ? { ...asked, required: true } : f));
  return { field: field.name, reveals: field.picker.reveals, asked, payload: { ...description.payload, fields } };
}

// A reveal's form: {seal: the type it opens, choice: its field} when some seal names it.
export function revealing(description, forms) {
  for (const form of Object.values(forms)) {
    const field = form.payload.fields.find((f) => f.picker?.name === "sealed");
    if (field?.picker.reveals === description.type) return { seal: form.type, choice: field.picker.choice };
  }
  return null;
}

// The seal's payload for a form's `body` (the choice in place of the commitment), and what
// the device keeps: {choice, nonce, commitment}.
export function sealedBody(body, found) {
  const { [found.asked.name]: choice, ...rest } = body;
  const nonce = newNonce();
  const commitment = seal(choice, nonce);
  return { payload: { ...rest, [found.field]: commitment }, secret: { choice, nonce, commitment } };
}

// What a reveal's form is filled with, {path: value}, from what the device kept; null if none.
export function keptValues(found, game, player) {
  const secret = player ? kept(game, player, found.seal) : null;
  return secret ? { [found.choice]: secret.choice, nonce: secret.nonce } : null;
}

export function note(kind) {
  const paragraph = document.createElement("p");
  paragraph.className = `hint sealed-note ${kind}`;
  paragraph.textContent = { sealed: SEALED_WORDS, filled: FILLED_WORDS, typed: TYPED_WORDS }[kind];
  return paragraph;
}
