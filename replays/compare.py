"""Comparing two logs (a fork and its original, or any two games of one kind) and two states.

Two logs are the same up to the last seq at which their events hash the same: an event's hash
covers its `prev_hash`, so equal hashes at seq s mean equal events 1..s. The first seq that
differs is found by bisection, a few reads whatever the logs' length. This trusts the chain
as stored; `verify` says whether each log holds. A state difference is the RFC 6902 patch that
turns the first state into the second, as a replay step's patch does.
"""

import jsonpatch

from projections.checks import InvalidEvent, Refused
from projections.state import Projector

HEAD = "head"


def common_prefix(projector: Projector, a: str, b: str, a_version: int, b_version: int) -> int:
    """How many events the two logs share from seq 1 (the same hash at each seq)."""
    store = projector.store

    def same(seq: int) -> bool:
        return store.read_one(a, seq)["hash"] == store.read_one(b, seq)["hash"]

    low, high = 0, min(a_version, b_version)  # same(low) holds; the answer is in low..high
    while low < high:
        middle = (low + high + 1) // 2
        if same(middle):
            low = middle
        else:
            high = middle - 1
    return low


def compare(projector: Projector, a: str, b: str, at: int | str | None = None) -> dict:
    """Where the logs of `a` and `b` part, and how their states differ after seq `at` (by
    default the first seq that differs, or the heads if none does; `head`: the heads). A game
    whose log ends before `at` is taken at its head."""
    metas = {a: projector.meta(a), b: projector.meta(b)}
    if metas[a]["kind"] != metas[b]["kind"]:
        raise Refused(
            "LOG-COMPARE",
            f"game {a} is {metas[a]['kind']} and game {b} is {metas[b]['kind']}: only games "
            "of one kind compare",
            {"kinds": [metas[a]["kind"], metas[b]["kind"]]},
        )
    longest = max(metas[a]["version"], metas[b]["version"])
    if at not in (None, HEAD) and at > longest:
        raise InvalidEvent({"at": [f"neither game reaches seq {at}; the longer is at {longest}"]})
    common = common_prefix(projector, a, b, metas[a]["version"], metas[b]["version"])
    first_difference = common + 1 if common < longest else None
    if at is None:
        at = first_difference or HEAD
    side_a, state_a = _side(projector, a, metas[a], at, first_difference)
    side_b, state_b = _side(projector, b, metas[b], at, first_difference)
    return {
        "a": side_a,
        "b": side_b,
        "common": common,
        "first_difference": first_difference,
        "at": at,
        "patch": jsonpatch.make_patch(state_a, state_b).patch,
    }


def _side(projector: Projector, game: str, meta: dict, at, first_difference: int | None):
    """One game as compared, and its state at `at` (its head if its log ends before)."""
    version = meta["version"]
    seq = version if at == HEAD else min(at, version)
    event = None
    if first_difference and first_difference <= version:
        event = projector.store.read_one(game, first_difference)
    side = {"game": game, "version": version, "seq": seq, "forked_from": meta["forked_from"],
            "event": event}  # fmt: skip
    return side, projector.state_at(game, seq, meta["kind"])


def diff(projector: Projector, game: str, first: int, last: int | None = None) -> dict:
    """The patch from the state after seq `first` to the state after seq `last` (default the
    head) of one game."""
    meta = projector.meta(game)
    last = meta["version"] if last is None else last
    for name, seq in (("from", first), ("to", last)):
        if seq > meta["version"]:
            raise InvalidEvent({name: [f"the game is at version {meta['version']}"]})
    kind = meta["kind"]
    before = projector.state_at(game, first, kind)
    after = projector.state_at(game, last, kind)
    return {"game": game, "from": first, "to": last,
            "patch": jsonpatch.make_patch(before, after).patch}  # fmt: skip
