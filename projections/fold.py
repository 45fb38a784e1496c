"""Folding events into states, retracts included, with no recursion through earlier retracts.

A retract at seq `b` naming `t` withdraws events `t` to `b - 1`: the state after it is the state
after `t - 1`. `walk` goes forward once and keeps the state after every `t - 1` a retract of
its range will ask for, so each event is folded once however many retracts there are. A
retract whose `t - 1` lies before the range asks `state_before` (the projector's cached states).
"""

from collections.abc import Callable, Iterable, Iterator

from events.retract import RETRACT
from events.seats import SEAT_REPLACED

Evolve = Callable[[object, dict], object]


def retract_pairs(envelopes: Iterable[dict]) -> list[list[int]]:
    """[target, retract seq] for each retract among `envelopes`, in order."""
    return [[e["payload"]["seq"], e["seq"]] for e in envelopes if e["type"] == RETRACT]


def walk(
    evolve: Evolve,
    state,
    envelopes: list[dict],
    state_before: Callable[[int], object] | None = None,
) -> Iterator[tuple[dict, object]]:
    """(event, state after it) for each of `envelopes` (consecutive seqs), starting from
    `state`, the state before the first of them."""
    targets = {target for target, _ in retract_pairs(envelopes)}
    kept: dict[int, object] = {}
    if envelopes and envelopes[0]["seq"] in targets:
        kept[envelopes[0]["seq"] - 1] = state
    for envelope in envelopes:
        seq = envelope["seq"]
        if envelope["type"] == RETRACT:
            before = envelope["payload"]["seq"] - 1
            if before in kept:
                state = kept[before]
            elif state_before is not None:
                state = state_before(before)
            else:
                raise ValueError(f"seq {seq} retracts seq {before + 1}, before this fold")
        else:
            state = evolve(state, envelope)
        if seq + 1 in targets:
            kept[seq] = state
        yield envelope, state


def latest_withdrawable(newest_first: Iterable[dict]) -> int | None:
    """The seq a retract may name: the latest event written by a player or admin and not
    withdrawn, among events read newest first. A retract seen on the way withdraws the events
    from its target on, so the search jumps below it."""
    below = None  # events at or above this seq are withdrawn by a retract already passed
    for envelope in newest_first:
        seq = envelope["seq"]
        if seq == 1:
            return None
        if below is not None and seq >= below:
            continue
        if envelope["type"] == RETRACT:
            target = envelope["payload"]["seq"]
            below = target if below is None else min(below, target)
            continue
        if envelope["actor"].startswith("system:") or envelope["type"] == SEAT_REPLACED:
            continue
        return seq
    return None
