"""Hidden choices recorded sealed: a commitment first, the choice and its nonce later.

A player's device chooses a nonce, a secret of 16 or more characters (32 random hex digits
will do), and records only the commitment: the lowercase SHA-256 hex digest of the UTF-8
text "<choice>:<nonce>". The reveal gives the choice and the nonce; it stands only if they
hash to the commitment. A game writes its choice as text (FCM's reserve card: "200"; its
restructuring: the structure's canonical JSON, see `canonical_text`).
"""

import hashlib
import json

from games.errors import RuleViolation


def commitment(choice: str, nonce: str) -> str:
    """The commitment to `choice`, salted with `nonce`."""
    return hashlib.sha256(f"{choice}:{nonce}".encode()).hexdigest()


def canonical_text(value) -> str:
    """JSON as a commitment hashes it: sorted keys, no spaces, non-ASCII as it is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def check_opens(sealed: str, choice: str, nonce: str, rule: str, what: str) -> None:
    """Refuse a reveal whose choice and nonce do not hash to the commitment `sealed`. The
    refusal holds neither the choice nor the nonce: a refused reveal stays secret."""
    if commitment(choice, nonce) != sealed:
        raise RuleViolation(
            rule,
            f"the revealed {what} and nonce do not match the sealed choice",
            {"commitment": sealed},
        )
