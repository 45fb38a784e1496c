"""Stepping through a game: each event with the state after it, the RFC 6902 patch from the
state before, the explanation a derived event carries of why it came out as it did, and the
disputes opened on it (read once a call, from the game's disputes stream)."""

import jsonpatch

from events.retract import withdrawn_by
from projections.fold import walk
from projections.state import Projector
from replays.disputes.service import DisputeService

MAX_STEPS = 200


def annotated(envelope: dict, retracts: list[list[int]]) -> dict:
    """The envelope as readers see it: with the retract that withdrew it, if any."""
    return {**envelope, "withdrawn_by": withdrawn_by(retracts, envelope["seq"])}


def step(event: dict, before, after, awaiting: dict) -> dict:
    return {
        "event": event,
        "state": after,
        "awaiting": awaiting,
        "patch": jsonpatch.make_patch(before, after).patch if before is not None else [],
        "explanation": event["payload"].get("explanation"),
    }


def replay(projector: Projector, game_id: str, first: int, last: int) -> list[dict]:
    """The steps first..last (inclusive), folding once from the state before `first`."""
    kind = projector.meta(game_id)["kind"]
    game = projector.games.get(kind)
    retracts = projector.withdrawals(game_id, after=first)
    state = projector.state_at(game_id, first - 1, kind)
    events = projector.store.read_range(game_id, first, last)
    disputes = DisputeService(projector).anchored(game_id)
    steps = []
    for envelope, after in walk(
        lambda before, e: projector.evolve(kind, before, e),
        state,
        events,
        state_before=lambda seq: projector.state_at(game_id, seq, kind),
    ):
        steps.append(step(annotated(envelope, retracts), state, after, game.awaiting(after)))
        steps[-1]["disputes"] = disputes.get(envelope["seq"], [])
        state = after
    return steps
