"""Keys for tools: the credentials a league site, a chat bot or a statistics site reads the
feed and keeps webhooks with, issued by the person running the service
(`flask --app app keys create`).

All keys live in one Redis hash (`events/keys.py`, `tool_keys`): `<id>` -> the key's record,

    {"id": "3f9a0c1b2d4e", "name": "league-site", "scopes": ["feed:read"],
     "rate_limit": "600/minute", "created_at": "2026-...Z", "revoked_at": null,
     "sha256": "<hex digest of the token>"}

and `<id>:used` -> when it was last accepted. The token, `tlk_<id>_<secret>`, is answered
once, when the key is made; Redis keeps only its SHA-256 digest. A token names its key's id,
so checking it reads one record (one round trip, `HMGET`) and compares digests in constant
time. Revoking sets `revoked_at` and keeps the record, so the list still shows it. Every
command names the one hash: it runs unchanged on Redis Cluster.
"""

import hmac
import json
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta

from limits import parse_many

from events import keys
from events.store import utc_now
from projections.recorder import token_digest

PREFIX = "tlk_"
SCOPES = ("feed:read", "webhooks:read", "webhooks:write")
IMPLIES = {"webhooks:write": ("webhooks:read",)}  # a scope and what it brings with it
NAME_LENGTH = 80
USED_EVERY = timedelta(minutes=1)  # `last_used_at` is written at most this often per key
TOKEN = re.compile(r"tlk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})")  # secret: token_urlsafe(32)
KEY_ID = re.compile(r"[0-9a-f]{12}")

# Make a key, unless its id is taken or a key not revoked has its name: 'ok', 'id' or 'name'.
CREATE = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'id' end
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  if not string.find(all[i], ':', 1, true) then
    local record = cjson.decode(all[i + 1])
    if record['name'] == ARGV[3] and record['revoked_at'] == cjson.null then return 'name' end
  end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 'ok'
"""

# Revoke a key at ARGV[2] unless it is revoked already; the record as it now is, or nil.
REVOKE = """
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return nil end
local record = cjson.decode(raw)
if record['revoked_at'] == cjson.null then
  record['revoked_at'] = ARGV[2]
  raw = cjson.encode(record)
  redis.call('HSET', KEYS[1], ARGV[1], raw)
end
return raw
"""


class InvalidToolKey(ValueError):
    """A key that cannot be made as asked; `field` is what was wrong (name, scopes,
    rate_limit). Nothing was written."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


class UnknownToolKey(LookupError):
    """No key has that id or name."""


@dataclass(frozen=True)
class ToolKey:
    id: str
    name: str
    scopes: tuple[str, ...]
    rate_limit: str  # limits syntax, "600/minute"; empty: no limit
    created_at: str
    revoked_at: str | None = None
    last_used_at: str | None = None

    def allows(self, scope: str) -> bool:
        """Whether the key has `scope`, itself or by a scope that implies it."""
        return any(scope == held or scope in IMPLIES.get(held, ()) for held in self.scopes)

    def shown(self) -> dict:
        """What may be shown of the key: everything but its digest (which the record alone
        holds)."""
        return {
            "id": self.id, "name": self.name, "scopes": list(self.scopes),
            "rate_limit": self.rate_limit, "created_at": self.created_at,
            "last_used_at": self.last_used_at, "revoked_at": self.revoked_at,
        }  # fmt: skip


def checked_name(name: str) -> str:
    """The name trimmed; InvalidToolKey unless it is 1 to NAME_LENGTH characters of text."""
    name = (name or "").strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        raise InvalidToolKey("name", f"a key's name is 1 to {NAME_LENGTH} characters")
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise InvalidToolKey("name", "a key's name has no control characters (line breaks, tabs)")
    if KEY_ID.fullmatch(name):
        raise InvalidToolKey("name", "a key's name cannot look like a key's id (12 hex digits)")
    return name


def checked_scopes(scopes) -> tuple[str, ...]:
    """The scopes asked for and those they imply, in SCOPES' order; InvalidToolKey for an
    unknown one or none."""
    asked = {scope.strip() for scope in scopes if scope.strip()}
    unknown = sorted(asked - set(SCOPES))
    if unknown:
        raise InvalidToolKey(
            "scopes", f"unknown scope {', '.join(unknown)}: the scopes are {', '.join(SCOPES)}"
        )
    if not asked:
        raise InvalidToolKey("scopes", f"a key needs at least one of {', '.join(SCOPES)}")
    held = asked | {implied for scope in asked for implied in IMPLIES.get(scope, ())}
    return tuple(scope for scope in SCOPES if scope in held)


def checked_rate_limit(value: str) -> str:
    """A limits-syntax rate ("600/minute", "10/second;1000/hour"), or "" for none."""
    value = value.strip()
    try:
        if value:
            parse_many(value)
    except ValueError:
        raise InvalidToolKey(
            "rate_limit",
            f'{value!r} is not a rate limit: write "600/minute", "10/second;1000/hour", '
            "or nothing for no limit",
        ) from None
    return value


def _key(record: dict, used: str | None) -> ToolKey:
    return ToolKey(
        id=record["id"], name=record["name"], scopes=tuple(record["scopes"]),
        rate_limit=record["rate_limit"], created_at=record["created_at"],
        revoked_at=record.get("revoked_at"), last_used_at=used,
    )  # fmt: skip


def _text(value) -> str | None:
    return value.decode() if isinstance(value, bytes) else value


class ToolKeys:
    """The keys for tools, in the hash `tool_keys` (see the module's docstring)."""

    def __init__(self, client, default_rate_limit: str):
        self.redis = client
        self.default_rate_limit = default_rate_limit  # RATE_LIMIT_TOOL_KEY
        self._create = client.register_script(CREATE)
        self._revoke = client.register_script(REVOKE)

    def create(self, name: str, scopes, rate_limit: str | None = None) -> tuple[ToolKey, str]:
        """A new key and its token, which is not kept: only its digest is. `rate_limit`
        None takes RATE_LIMIT_TOOL_KEY's. InvalidToolKey, and nothing written, for a bad
        name, scope or rate, or a name a key not revoked has."""
        name = checked_name(name)
        held = checked_scopes(scopes)
        rate = checked_rate_limit(self.default_rate_limit if rate_limit is None else rate_limit)
        while True:
            key_id = secrets.token_hex(6)
            token = f"{PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
            key = ToolKey(key_id, name, held, rate, utc_now())
            record = {**key.shown(), "sha256": token_digest(token)}
            del record["last_used_at"]
            made = _text(
                self._create(keys=[keys.tool_keys()], args=[key_id, json.dumps(record), name])
            )
            if made == "name":
                raise InvalidToolKey(
                    "name", f"a key named {name!r} exists; revoke it or choose another name"
                )
            if made == "ok":
                return key, token
            # 'id': 48 random bits met a key's id; draw again

    def find(self, token: str) -> ToolKey | None:
        """The key whose token this is, revoked or not (one round trip); None for a string
        that is not a token, or not one of a key this service made."""
        match = TOKEN.fullmatch(token)
        if match is None:
            return None
        key_id = match.group(1)
        raw, used = self.redis.hmget(keys.tool_keys(), [key_id, f"{key_id}:used"])
        if raw is None:
            return None
        record = json.loads(raw)
        if not hmac.compare_digest(token_digest(token), record["sha256"]):
            return None
        return _key(record, _text(used))

    def by_id(self, key_id: str) -> ToolKey | None:
        """The key of that id, revoked or not; None if there is none (one round trip): how a
        worker finds whether a webhook's key still works."""
        raw, used = self.redis.hmget(keys.tool_keys(), [key_id, f"{key_id}:used"])
        return _key(json.loads(raw), _text(used)) if raw is not None else None

    def used(self, key: ToolKey) -> None:
        """Note that `key` was accepted now, if its last use noted is a minute old or more:
        a write at most once a minute per key, not one a request."""
        now = utc_now()
        if key.last_used_at and _at(now) - _at(key.last_used_at) < USED_EVERY:
            return
        self.redis.hset(keys.tool_keys(), f"{key.id}:used", now)

    def all(self) -> list[ToolKey]:
        """Every key, revoked ones too, oldest first."""
        fields = {_text(f): _text(v) for f, v in self.redis.hgetall(keys.tool_keys()).items()}
        found = [
            _key(json.loads(value), fields.get(f"{field}:used"))
            for field, value in fields.items()
            if ":" not in field
        ]
        return sorted(found, key=lambda key: (key.created_at, key.id))

    def named(self, id_or_name: str) -> ToolKey:
        """The key of that id, or the one of that name not revoked (else the latest revoked
        of that name); UnknownToolKey if none."""
        every = self.all()
        for key in every:
            if key.id == id_or_name:
                return key
        named = [key for key in every if key.name == id_or_name.strip()]
        if not named:
            raise UnknownToolKey(id_or_name)
        live = [key for key in named if key.revoked_at is None]
        return (live or named)[-1]

    def revoke(self, id_or_name: str) -> tuple[ToolKey, bool]:
        """Revoke the key of that id or name: the key, revoked, and whether it was revoked
        before this. UnknownToolKey if there is none. Its record stays."""
        key = self.named(id_or_name)
        now = utc_now()
        raw = self._revoke(keys=[keys.tool_keys()], args=[key.id, now])
        revoked = _key(json.loads(raw), key.last_used_at)
        return revoked, revoked.revoked_at != now


def _at(timestamp: str) -> datetime:
    return datetime.fromisoformat(timestamp)
