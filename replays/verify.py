"""Verification: the chain re-hashed and the log refolded from scratch, no cache trusted, and
the caches compared with what the refold gives. The first seq that does not hold is named."""

import json
from dataclasses import asdict, dataclass

from events import keys
from events.envelope import GENESIS, chain_break
from events.store import CorruptEvent
from games.errors import RuleViolation
from projections.state import Projector


@dataclass
class Verdict:
    game: str
    ok: bool
    version: int
    checked: int
    first_bad_seq: int | None = None
    problem: str | None = None
    detail: str | None = None

    def as_dict(self) -> dict:
        return asdict(self)


def verify(projector: Projector, game_id: str) -> Verdict:
    meta = projector.meta(game_id)
    version, kind = meta["version"], meta["kind"]
    store = projector.store
    try:
        log = list(store.iterate(game_id))
    except CorruptEvent as error:
        return Verdict(game_id, False, version, error.seq - 1, error.seq, "hash", error.reason)
    broken = chain_break(log, GENESIS)
    if broken:
        seq, reason = broken
        return Verdict(game_id, False, version, seq - 1, seq, "hash", reason)
    if len(log) != version or (log and log[-1]["hash"] != meta["head_hash"]):
        return Verdict(
            game_id, False, version, len(log), len(log) + 1, "chain",
            f"the log holds {len(log)} events but the game records version {version}",
        )  # fmt: skip
    snapshots = _cached_states(projector, game_id)
    state = None
    for envelope in log:
        seq = envelope["seq"]
        try:
            state = projector.advance(game_id, kind, state, envelope, cached=False)
        except (RuleViolation, KeyError, TypeError, ValueError) as error:
            return Verdict(game_id, False, version, seq - 1, seq, "fold", str(error))
        cached = snapshots.get(seq)
        if cached is not None and cached != _normalised(state):
            return Verdict(
                game_id, False, version, seq, seq, "cache",
                f"the cached state at seq {seq} differs from the refold; drop the caches",
            )  # fmt: skip
    return Verdict(game_id, True, version, len(log))


def _normalised(state):
    return json.loads(json.dumps(state))


def _cached_states(projector: Projector, game_id: str) -> dict[int, object]:
    redis = projector.redis
    cached = {int(seq): json.loads(raw)["state"] for seq, raw in
              redis.hgetall(keys.snapshots(game_id)).items()}  # fmt: skip
    head = redis.get(keys.head(game_id))
    if head:
        head = json.loads(head)
        cached[head["seq"]] = head["state"]
    return cached
