"""Hidden choices recorded sealed: a commitment first, the choice and its nonce later.

A player's device chooses a nonce, a secret of 16 or more characters (32 random hex digits
will do), and records only the commitment: the lowercase SHA-256 hex digest of the UTF-8
text "<choice>:<nonce>". The reveal gives the choice and the nonce; it stands only if they
hash to the commitment. The choice's text is `choice_text`: a string as it is ("rock"), any
other JSON value as its canonical JSON (FCM's reserve card: "200"; a structure or a firing:
`canonical_text` of the dict or list).

A game uses it in three steps, every one a rule of its own:

    payload["commitment"] kept as it is           # the seal event: a 64-hex string (schema)
    check_all_sealed(waiting, rule, "...")        # reveals wait until everyone has sealed
    choice = reveal(sealed, payload["choice"], payload["nonce"], rule, "throw", who=player)

and names the reveal's `choice` and `nonce` in its event type's `secret_fields`, so a refused
reveal is kept nowhere with them. A client seals with `seal(choice, nonce)`.
"""

import hashlib
import json

from games.errors import RuleViolation

COMMITMENT = r"^[0-9a-f]{64}$"  # what a seal event's schema accepts (validate.Regexp)


def commitment(text: str, nonce: str) -> str:
    """The commitment to the choice written as `text`, salted with `nonce`."""
    return hashlib.sha256(f"{text}:{nonce}".encode()).hexdigest()


def canonical_text(value) -> str:
    """JSON as a commitment hashes it: sorted keys, no spaces, non-ASCII as it is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def choice_text(choice) -> str:
    """The text a commitment to `choice` hashes: a string as it is, else its canonical JSON
    (so the number 200 is "200", as FCM's reserve cards were always sealed)."""
    return choice if isinstance(choice, str) else canonical_text(choice)


def seal(choice, nonce: str) -> str:
    """The commitment a client records for `choice` (a string or any JSON value)."""
    return commitment(choice_text(choice), nonce)


def check_opens(sealed: str, text: str, nonce: str, rule: str, what: str) -> None:
    """Refuse a reveal whose choice (as text) and nonce do not hash to the commitment
    `sealed`. The refusal holds neither the choice nor the nonce: a refused reveal stays
    secret."""
    if commitment(text, nonce) != sealed:
        raise RuleViolation(
            rule,
            f"the revealed {what} and nonce do not match the sealed choice",
            {"commitment": sealed},
        )


def reveal(sealed: str | None, choice, nonce: str, rule: str, what: str, who: str = "") -> object:
    """`choice`, once it and `nonce` open the commitment `sealed`; refused (`rule`) when
    nothing is sealed (`who` names whose it would be) or when they do not open it."""
    if sealed is None:
        raise RuleViolation(rule, f"{who or 'nobody'} has no sealed {what} to reveal")
    check_opens(sealed, choice_text(choice), nonce, rule, what)
    return choice


def check_all_sealed(waiting: list[str], rule: str, message: str) -> None:
    """Refuse a reveal while anyone in `waiting` has still to seal: sealed choices are
    revealed together, so nobody chooses knowing another's. `message` says what waits."""
    if waiting:
        raise RuleViolation(
            rule, f"{message}; waiting for {', '.join(waiting)}", {"waiting": list(waiting)}
        )
