"""The verdict of the log's last whole check (replays/verify.py), kept beside the log and
sealed as the cached states are (projections/state.py, CacheSeal), so that a page shows it
again without checking the whole log again while the head stays where it was checked.

A verdict is kept only when the log held (`ok`): one that found a problem is checked again at
every read, so it is always today's. It names the head it checked (version and hash): when
the head has moved, or the rules have changed (the seal's key is made from them, so an older
seal does not open), the log is checked whole again. What a kept verdict cannot see is a
change made since to an event's bytes that leaves the head alone: every read of an event
checks its own hash, so a page that reads it finds it (`again`), and GET .../verify and the
verify page always check the whole log.
"""

import json
from datetime import UTC, datetime

from events import keys
from projections.recorder import Recorder
from replays.verify import Verdict, verify


def checked(recorder: Recorder, game_id: str, again: bool = False) -> tuple[Verdict, str]:
    """(the verdict of the game's log at its head, when it was reached: ISO 8601, UTC): the
    kept one, unless `again` or there is none for this head, then the whole check's."""
    projector = recorder.projector
    meta = projector.meta(game_id)
    head = {"version": meta["version"], "head_hash": meta["head_hash"]}
    if not again:
        kept = projector.seal.open_bytes(game_id, projector.redis.get(keys.verdict(game_id)))
        kept = json.loads(kept) if kept is not None else None
        if kept is not None and kept["head"] == head and meta["failed"] is None:
            return Verdict(**kept["verdict"]), kept["at"]
    verdict = verify(recorder, game_id)
    at = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    if verdict.ok and verdict.version == head["version"]:  # no append came between
        kept = {"head": head, "at": at, "verdict": verdict.as_dict()}
        sealed = projector.seal.seal_bytes(game_id, json.dumps(kept).encode())
        projector.redis.set(keys.verdict(game_id), sealed)
    return verdict, at
