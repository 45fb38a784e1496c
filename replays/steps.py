"""Stepping through a game: each event with the state after it, the RFC 6902 patch from the
state before, the event in words (its game's `describe`, replays/sentences.py), the
explanation a derived event carries of why it came out as it did, and the disputes opened on
it (read once a call, from the game's disputes stream). Beside them, in words as the game says
them: what the step changed (`changes`), the explanation (`why`) and where the game stood
when the event came (`where`, "Turn 3, dinnertime").

`told` is the log as a person reads it, for the pages, and `viewed` a step as the game page
shows it. What they say of an event never changes, so each is said once and kept beside the
log, sealed as the cached states are (`said_of`; `viewed`): a page of a long game reads its
words rather than folding the log for them."""

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import jsonpatch

from events import keys
from events.retract import withdrawn_by
from projections.fold import walk
from projections.state import Projector
from replays import sentences
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
    return [one for one, _ in replayed(projector, game_id, first, last)]


def replayed(projector: Projector, game_id: str, first: int, last: int) -> Iterator[tuple]:
    """(step, the state before it) for each of first..last: a page says its changes from both."""
    disputes = DisputeService(projector).anchored(game_id)
    for game, event, text, before, after in walked(projector, game_id, first, last):
        one = step(game, event, before, after, game.awaiting(after))
        one["text"] = text
        one["disputes"] = disputes.get(event["seq"], [])
        yield one, before


def viewed(projector: Projector, game_id: str, at: int) -> tuple[dict, list[dict]]:
    """The step `at`, as `replay` makes it, and its changes as `changed` says them, for the
    game page. What never changes of a step (its patch and its words) is kept beside the log,
    sealed as `said_of` keeps the log's words, so a step seen before is folded for only to
    its state after, not to the state before it as well; nor diffed again."""
    kept = projector.seal.open_bytes(game_id, projector.redis.hget(keys.steps_seen(game_id), at))
    kept = json.loads(kept) if kept is not None else None
    if kept is None or kept.pop("by") != SAID_BY:
        [(one, before)] = replayed(projector, game_id, at, at)
        changes = changed(projector.games.get(projector.meta(game_id)["kind"]), before,
                          one["state"], one["patch"])  # fmt: skip
        kept = {"step": {name: one[name] for name in KEPT}, "changes": changes}
        body = json.dumps({**kept, "by": SAID_BY}).encode()
        projector.redis.hset(keys.steps_seen(game_id), at, projector.seal.seal_bytes(game_id, body))
        return one, changes
    kind = projector.meta(game_id)["kind"]
    state = projector.state_at(game_id, at, kind)
    event = annotated(projector.store.read_one(game_id, at), projector.withdrawals(game_id, at))
    one = {
        "event": event,
        "state": state,
        "awaiting": projector.games.get(kind).awaiting(state),
        "explanation": event["payload"].get("explanation"),
        **kept["step"],
        "disputes": DisputeService(projector).anchored(game_id).get(at, []),
    }
    return one, kept["changes"]


KEPT = ("patch", "changes", "why", "where", "text")  # what `viewed` keeps of a step


def told(
    projector: Projector, game_id: str, first: int, last: int, disputes: dict | None = None
) -> list[dict]:
    """Events first..last as a person reads them: each event (with `withdrawn_by`), its
    sentence, a derived event's explanation (as it is, and in the game's sentences: `why`),
    where the game stood (`where`) and the disputes opened on it (`disputes`, by seq, when
    the caller has read them already). What is said of an event never changes, so it is
    said once: cached (`said_of`), and folded for only from the first event not yet said."""
    if disputes is None:
        disputes = DisputeService(projector).anchored(game_id)
    retracts = projector.withdrawals(game_id, after=first)
    events = projector.store.read_range(game_id, first, last)
    said = said_of(projector, game_id, events)
    return [
        {
            "event": annotated(event, retracts),
            **said[event["seq"]],
            "explanation": event["payload"].get("explanation"),
            "disputes": disputes.get(event["seq"], []),
        }
        for event in events
    ]


# What the cached words were said by: a change to how tablelog says them is not served old.
SAID_BY = hashlib.sha256(
    b"".join(Path(module.__file__).read_bytes() for module in (sentences, sys.modules[__name__]))
).hexdigest()


def said_of(projector: Projector, game_id: str, events: list[dict]) -> dict[int, dict]:
    """{seq: {"text", "why", "where"}} of each event: its sentence, its explanation in the
    game's words, where the game stood. Kept in a hash beside the log, sealed as the states
    are (their seal's key is made from the games' rules, SAID_BY from tablelog's words); the
    events not found there are walked from the first of them, and kept."""
    if not events:
        return {}
    seqs = [event["seq"] for event in events]
    said = {}
    for seq, raw in zip(seqs, projector.redis.hmget(keys.said(game_id), seqs), strict=True):
        body = projector.seal.open_bytes(game_id, raw)
        kept = json.loads(body) if body is not None else None
        if kept is not None and kept.pop("by") == SAID_BY:
            said[seq] = kept
    missing = [seq for seq in seqs if seq not in said]
    if missing:
        fresh = {}
        for game, event, text, before, after in walked(projector, game_id, missing[0], seqs[-1]):
            words = {"text": text, "why": reasons(game, event, before),
                     "where": stood(game, before, after)}  # fmt: skip
            said[event["seq"]] = words
            body = json.dumps({**words, "by": SAID_BY}).encode()
            fresh[event["seq"]] = projector.seal.seal_bytes(game_id, body)
        projector.redis.hset(keys.said(game_id), mapping=fresh)
    return said
