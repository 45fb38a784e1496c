"""The RQ job that resolves a game's automatic phase.

It reads the head, asks the game what is pending, lets the game resolve it and appends the
derived events with the version it read as the expected version. If another event landed in
between, it reads again; if nothing is pending any more, it writes nothing. Derived event ids
are a function of (game, version, index), so even a lost reply cannot write an event twice.
A phase that makes the next one due (a turn's end, then the next) is resolved in the same job.
"""

from events.store import VersionConflict
from projections.recorder import derived_events
from projections.services import Services, Settings

MAX_PHASES_PER_JOB = 100

_services: Services | None = None


def services() -> Services:
    global _services
    if _services is None:
        _services = Services(Settings.from_env())
    return _services


def resolve_phase(game_id: str, seq: int) -> dict:
    """Resolve what is pending in `game_id` (enqueued when seq made it due). A summary dict."""
    return resolve_pending(services(), game_id)


def resolve_pending(svc: Services, game_id: str) -> dict:
    resolved = []
    for _ in range(MAX_PHASES_PER_JOB):
        head = svc.projector.head(game_id)
        game = svc.games.get(head.kind)
        phase = game.pending(head.state)
        if phase is None:
            break
        derived = derived_events(game_id, head.version, phase, game.resolve(head.state))
        if not derived:
            raise RuntimeError(f"{head.kind} named phase {phase!r} but resolved no events")
        try:
            recorded = svc.recorder.record(
                game_id, derived, expected_version=head.version, system=True
            )
        except VersionConflict:
            continue  # a newer event landed: look again at the new head
        resolved.append({"phase": phase, "seqs": [e["seq"] for e in recorded.envelopes]})
    else:
        raise RuntimeError(f"game {game_id} still pending after {MAX_PHASES_PER_JOB} phases")
    return {"game": game_id, "resolved": resolved}
