// Sealed choices on this device (games/sealed.py says what a commitment is): the commitment
// is the SHA-256 hex of "<choice text>:<nonce>", the choice's text a string as it is, else its
// canonical JSON (sorted keys, "," and ":" with no spaces, non-ASCII as it is). The device
// makes the nonce (32 random hex digits), records only the commitment, and keeps the choice
// and nonce in localStorage until the reveal is recorded:
//
//   tablelog.sealed.<game id>.<player>.<seal type>  ->  {"choice", "nonce", "commitment"}
//
// (the player is the seat the choice is for; the table's recorder sealing for bob keeps it
// under bob). Nothing else keeps it: if this device is lost, the choice cannot be revealed.
import { sha256Hex } from "./sha256.js";

export function seal(choice, nonce) {
  return sha256Hex(`${choiceText(choice)}:${nonce}`);
}

export function choiceText(choice) {
  return typeof choice === "string" ? choice : canonicalText(choice);
}

// As Python's json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False),
// for the JSON a choice is (strings, whole numbers, lists, objects, true, false, null).
export function canonicalText(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort(byCodePoint);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalText(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// Python sorts keys by code point; JavaScript's sort by UTF-16 unit differs past U+FFFF.
function byCodePoint(a, b) {
  const left = [...a];
  const right = [...b];
  for (let n = 0; n < Math.min(left.length, right.length); n++) {
    const diff = left[n].codePointAt(0) - right[n].codePointAt(0);
    if (diff) return diff;
  }
  return left.length - right.length;
}

// 32 random hex digits (crypto.getRandomValues is offered over plain http too).
export function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function key(game, player, type) {
  return `tablelog.sealed.${game}.${player}.${type}`;
}

// What this device keeps of `player`'s seal `type` in `game`: {choice, nonce, commitment}.
export function kept(game, player, type) {
  try {
    const value = JSON.parse(localStorage.getItem(key(game, player, type)) ?? "null");
    return value && typeof value.nonce === "string" && "choice" in value ? value : null;
  } catch {
    return null;
  }
}

// Keeps `sealed` ({choice, nonce, commitment}), or forgets the seal when it is null.
export function keep(game, player, type, sealed) {
  if (sealed) localStorage.setItem(key(game, player, type), JSON.stringify(sealed));
  else localStorage.removeItem(key(game, player, type));
}
