"""Stepping through a game: each event with the state after it, the RFC 6902 patch from the
state before, the event in words (its game's `describe`, replays/sentences.py), the
explanation a derived event carries of why it came out as it did, and the disputes opened on
it (read once a call, from the game's disputes stream). Beside them, in words as the game says
them: what the step changed (`changes`), the explanation (`why`) and where the game stood
when the event came (`where`, "Turn 3, dinnertime").

`told` is the same walk without the states: the log as a person reads it, for the pages."""

from collections.abc import Iterator

import jsonpatch

from events.retract import withdrawn_by
from projections.fold import walk
from projections.state import Projector
from replays.disputes.service import DisputeService
from replays.sentences import changed, reasons, sentence, where

MAX_STEPS = 200


def annotated(envelope: dict, retracts: list[list[int]]) -> dict:
    """The envelope as readers see it: with the retract that withdrew it, if any."""
    return {**envelope, "withdrawn_by": withdrawn_by(retracts, envelope["seq"])}


def step(game, event: dict, before, after, awaiting: dict) -> dict:
    patch = jsonpatch.make_patch(before, after).patch if before is not None else []
    return {
        "event": event,
        "state": after,
        "awaiting": awaiting,
        "patch": patch,
        "explanation": event["payload"].get("explanation"),
        "changes": [change["text"] for change in changed(game, before, after, patch)],
        "why": reasons(game, event, before),
        "where": stood(game, before, after),
    }


def stood(game, before, after) -> str | None:
    """Where the game stood when the event came: in the state before it, or for the creation
    the state it made."""
    return where(game, before if before is not None else after)


def walked(projector: Projector, game_id: str, first: int, last: int) -> Iterator[tuple]:
    """(game, event as readers see it, its sentence, state before, state after) for each of
    first..last (inclusive), folding once from the state before `first`."""
    kind = projector.meta(game_id)["kind"]
    game = projector.games.get(kind)
    retracts = projector.withdrawals(game_id, after=first)
    state = projector.state_at(game_id, first - 1, kind)
    events = projector.store.read_range(game_id, first, last)
    for envelope, after in walk(
        lambda before, e: projector.evolve(kind, before, e),
        state,
        events,
        state_before=lambda seq: projector.state_at(game_id, seq, kind),
    ):
        text = sentence(game, projector.event_types.upcast(envelope), state)
        yield game, annotated(envelope, retracts), text, state, after
        state = after


def replay(projector: Projector, game_id: str, first: int, last: int) -> list[dict]:
    """The steps first..last (inclusive)."""
    disputes = DisputeService(projector).anchored(game_id)
    steps = []
    for game, event, text, before, after in walked(projector, game_id, first, last):
        steps.append(step(game, event, before, after, game.awaiting(after)))
        steps[-1]["text"] = text
        steps[-1]["disputes"] = disputes.get(event["seq"], [])
    return steps


def told(
    projector: Projector, game_id: str, first: int, last: int, disputes: dict | None = None
) -> list[dict]:
    """Events first..last as a person reads them: each event (with `withdrawn_by`), its
    sentence, a derived event's explanation (as it is, and in the game's sentences: `why`),
    where the game stood (`where`) and the disputes opened on it (`disputes`, by seq, when
    the caller has read them already)."""
    if disputes is None:
        disputes = DisputeService(projector).anchored(game_id)
    return [
        {
            "event": event,
            "text": text,
            "explanation": event["payload"].get("explanation"),
            "why": reasons(game, event, before),
            "where": stood(game, before, after),
            "disputes": disputes.get(event["seq"], []),
        }
        for game, event, text, before, after in walked(projector, game_id, first, last)
    ]
