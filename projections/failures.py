"""The automatic phases the worker gave up on, kept beside the log (`events/keys.py`, `failure`).

A phase job gives up (workers/jobs.py) when the game's own code fails on the head's state, at
once, or when anything else fails on its last attempt. It then writes one record:

    {"phase": "tally", "seq": 3, "error": "TypeError: ...", "at": "2026-...Z", "attempts": 1,
     "rules": {"version", "digest"}}

the phase (null if the job failed before the game named it), the head it was resolving at,
the error's type and message, when (UTC), the attempts made, and the rules it failed under
(projections/rules.py). One game keeps one record, the latest.

A record holds while the log's head is at its `seq`: the summary, `next`, the game page and
`verify` name it, and nothing tries that phase again, since the same state under the same rules
fails the same way. Any append moves the head (a retract, a correction, the next action), and
with it the record no longer holds: that append's job tries again. So does the sweeper once
the game's rules have changed (a release that fixes it). Nothing else clears a record; none is
ever deleted.
"""

import json

from events import keys
from events.store import utc_now

ERROR_KEPT = 500  # characters of an error's message kept

# Written once: a failure at the same seq under the same rules is the one already kept.
KEEP = """
local kept = redis.call('GET', KEYS[1])
if kept then
  local readable, old = pcall(cjson.decode, kept)
  if readable and type(old) == 'table' and old['seq'] == tonumber(ARGV[2])
      and type(old['rules']) == 'table' and old['rules']['version'] == ARGV[3]
      and old['rules']['digest'] == ARGV[4] then
    return 0
  end
end
redis.call('SET', KEYS[1], ARGV[1])
return 1
"""


def failure(phase: str | None, seq: int, error: BaseException, attempts: int, rules) -> dict:
    """The record of a phase given up on at `seq` because of `error`."""
    said = f"{type(error).__name__}: {error}"
    if len(said) > ERROR_KEPT:
        said = said[: ERROR_KEPT - 1] + "…"
    return {"phase": phase, "seq": seq, "error": said, "at": utc_now(), "attempts": attempts,
            "rules": rules}  # fmt: skip


class Failures:
    def __init__(self, client):
        self.redis = client
        self._keep = client.register_script(KEEP)

    def keep(self, game_id: str, record: dict) -> bool:
        """Keep `record` unless the same failure (its seq, its rules) is kept already: True if
        it was written, so that its job says it, once."""
        rules = record["rules"] or {"version": "", "digest": ""}
        arguments = [json.dumps(record), record["seq"], rules["version"], rules["digest"]]
        return bool(self._keep(keys=[keys.failure(game_id)], args=arguments))


def current(raw: bytes | None, version: int) -> dict | None:
    """The record kept, if it holds at the head `version`; None if not, or if it does not read
    (a record is no cache and no evidence: one changed in Redis only says the wrong thing)."""
    if not raw:
        return None
    try:
        record = json.loads(raw)
    except ValueError:
        return None
    if not _readable(record) or record["seq"] != version:
        return None
    return record


def _readable(record) -> bool:
    """A record of the shape `failure` writes (one changed in Redis may not be)."""
    return (
        isinstance(record, dict)
        and all(type(record.get(name)) is int for name in ("seq", "attempts"))
        and all(isinstance(record.get(name), str) for name in ("error", "at"))
        and isinstance(record.get("phase"), str | None)
        and isinstance(record.get("rules"), dict | None)
    )


def holds(meta: dict, rules: dict) -> bool:
    """The worker gave up at this head under these rules: trying again fails the same way."""
    failed = meta.get("failed")
    return failed is not None and failed.get("rules") == rules


def awaiting(record: dict) -> dict:
    """What a game waits for once the worker gave up on its phase: a correction. A retract,
    by the table's recorder, withdraws the action that led there; any append moves the head,
    and the worker tries again there."""
    phase = (record["phase"] or "the phase due").replace("_", " ")
    tries = "attempt" if record["attempts"] == 1 else "attempts"
    return {
        "from": ["admin"],
        "types": ["retract"],
        "what": f"the worker could not resolve {phase} at seq {record['seq']} "
        f"({record['error']}; {record['attempts']} {tries}): it tries again once a correction, "
        "such as a retract, moves the game on",
        "rule": "LOG-RETRACT",
    }


def at(meta: dict, seq: int, awaiting_then: dict) -> tuple[dict, dict | None]:
    """What the game waits for after `seq` (the game says `awaiting_then`) and the failure
    then holding: the worker's, at the head only."""
    failed = meta.get("failed") if seq == meta["version"] else None
    return (awaiting(failed) if failed else awaiting_then), failed
