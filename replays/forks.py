"""Forks: a new game whose log is a copy of another's first N events, to record a what-if.

The copy is the original's envelopes 1..N byte for byte (same event ids, hashes and times), so
it verifies as the original does and `compare` finds where the two part. It becomes a game the
way an import does (replays/transfer.py): audited from scratch, then written by the recorder's
`write_new_game` with its caches and a new write token. Where it came from,
`{"game", "seq", "head_hash"}`, is kept in its meta hash as `forked_from` (beside
`created_at`): it is not in the hashed log, which is only a copy, but anyone can check it, as
the fork's event `seq` must hash to `head_hash`. Like an import, a fork has new seats: a token
for the table's recorder and one for each player, none of the original's.

A fork and an import are named when they are made, in the meta hash as the name a creation
gives is (the copied log keeps the creation's name as it was): the name asked for, or the
original's followed by where the copy came from ("Friday, fork at step 43", "Friday,
imported"), so the list does not show three games of one name.
"""

import json

from events.idempotency import Keyed
from projections.checks import InvalidEvent, Refused
from projections.recorder import Recorder
from projections.rules import NAME, NAME_LENGTH, name_errors
from replays.audit import LogProblem, audited_records


def copy_name(recorder: Recorder, creation: dict, name: str | None, said: str) -> str:
    """The name of a copy of the log that begins with `creation`: `name` when one is asked
    for (InvalidEvent naming the field if it is not a name), else the original's name, or its
    game's title, with `said` after it, the original's shortened to keep to NAME_LENGTH."""
    if name is not None:
        if errors := name_errors(name.strip() if isinstance(name, str) else name):
            raise InvalidEvent({NAME: errors})
        return name.strip()
    kind = creation["type"].removesuffix(".created")
    original = creation["payload"].get(NAME) or getattr(recorder.games.get(kind), "TITLE", kind)
    room = NAME_LENGTH - len(said)
    if len(original) > room:
        original = original[: room - 1].rstrip() + "…"
    return original + said


def fork(
    recorder: Recorder,
    game_id: str,
    at: int,
    token: str,
    seat_token,
    keyed: Keyed | None = None,
    name: str | None = None,
):
    """A new game holding events 1..`at` of `game_id`; `token` is its table's recorder's, and
    each player's seat gets `seat_token(player)`. `keyed`: sent with an Idempotency-Key, whose
    retry finds the fork the first made; `name`, its name (copy_name). Returns its id,
    its head state, the seats' tokens and whether it was made before."""
    meta = recorder.projector.meta(game_id)
    if not 1 <= at <= meta["version"]:
        raise InvalidEvent({"at": [f"game {game_id} has events 1 to {meta['version']}"]})
    log = recorder.store.read_range(game_id, 1, at)
    try:
        records = audited_records(recorder, log)
    except LogProblem as problem:
        raise Refused(
            "LOG-FORK",
            f"game {game_id} does not verify at seq {problem.seq} ({problem.detail}); "
            "a fork copies only a log that holds",
            {"seq": problem.seq},
        ) from None
    origin = {"game": game_id, "seq": at, "head_hash": log[-1]["hash"]}
    more_meta = {
        "forked_from": json.dumps(origin),
        NAME: copy_name(recorder, log[0], name, f", fork at step {at}"),
    }
    seats = {player: seat_token(player) for player in records[-1].players}
    fork_id, made_before = recorder.write_new_game(
        meta["kind"], log, records, token, seats, more_meta, keyed
    )
    return fork_id, records[-1].state, seats, made_before
