"""The recompute check: every automatic phase the worker resolved, resolved again by today's
rules from the state before it, and compared with what the worker recorded.

It mirrors workers/jobs.py. At a state where the game names a phase, a job appends what
`resolve` returns, each event as `system:<phase>` caused by the version it read, and then asks
again: so every run of derived events in a log is one batch or more, each batch being
`resolve(state before it)`, and the state before the next batch is the fold of the one before.
A player's event or a retract between two batches only means the job read a newer head.
Compared, event by event: type, payload (explanations included, as the type's schema stores
it), actor (the phase now due) and `caused_by` (the seq before the batch). Not compared: event
ids (made from the game id, which an import changes) and times.

Some derived events are judged again when folded (FCM's dinnertime re-serves each house), most
are not, and none of their explanations are: a derived event rewritten with its chain
re-hashed folds as well as the one it replaced, and only this check sees it.
"""

import contextlib
import json
from dataclasses import asdict, dataclass

import jsonpatch
import jsonpointer
from marshmallow import ValidationError

from events.registry import EventTypeRegistry, UnknownEventType

SHOWN_CHANGES = 3  # changes a sentence names; the patch has them all


@dataclass
class Difference:
    """The first seq where the log and today's rules part: the event recorded there and the
    one today's rules write there (either None where there is none), the RFC 6902 patch from
    the one to the other, and a sentence saying it."""

    seq: int
    phase: str | None
    recorded: dict | None
    today: dict | None
    patch: list | None
    detail: str


class Recompute:
    """Today's rules run alongside a fold of the log: `step` each event with the state before
    it, in log order, then `end`. `difference` is the first found (nothing is looked at after
    it); `derived` counts the worker's events found as today's rules write them."""

    def __init__(self, game, event_types: EventTypeRegistry):
        self.game = game
        self.event_types = event_types
        self.derived = 0
        self.through = 0
        self.difference: Difference | None = None
        self._due: list[dict] = []  # the rest of the batch under way: today's events
        self._batch_size = 0

    def step(self, envelope: dict, before) -> Difference | None:
        """Look at one more event; the difference if this is where the log parts from today."""
        if self.difference is not None:
            return None
        seq = envelope["seq"]
        if not envelope["actor"].startswith("system:"):
            if self._due:  # what today's rules write next is missing: nothing to patch
                instead = self._as_recorded(envelope)
                return self._differ(seq, None, self._due[0], self._stopped_short(seq), instead)
            self.through = seq
            return None
        recorded = self._as_recorded(envelope)
        if not self._due:
            self._due = self._batch(seq, recorded, before)
            self._batch_size = len(self._due)
            if self.difference is not None:
                return self.difference
        today = self._due.pop(0)
        if recorded != today:
            return self._differ(seq, recorded, today, _changed(seq, recorded, today))
        self.derived += 1
        self.through = seq
        return None

    def reads_before(self, envelope: dict) -> bool:
        """Whether `step(envelope, before)`, the next step, reads `before`: at the first of
        the worker's events of a batch, unless a difference was found."""
        return (self.difference is None and not self._due
                and envelope["actor"].startswith("system:"))  # fmt: skip

    def end(self, version: int) -> Difference | None:
        """The log ends at `version`: a batch under way there is one the worker left short."""
        if self.difference is None and self._due:
            return self._differ(version + 1, None, self._due[0], self._stopped_short(version + 1))
        return self.difference

    def as_dict(self) -> dict:
        found = asdict(self.difference) if self.difference else {}
        return {"ok": self.difference is None, "derived": self.derived,
                "through": self.through, **found}  # fmt: skip

    def _batch(self, seq: int, recorded: dict, before) -> list[dict]:
        """Today's events of the phase due before `seq`, as the worker would record them."""
        try:
            phase = self.game.pending(before)
            events = self.game.resolve(before) if phase else []
        except Exception as error:  # a rule that cannot run on this state: say so, go no further
            why = f"today's rules fail to resolve the state after seq {seq - 1}: {error!r}"
            self._differ(seq, recorded, None, f"seq {seq}: {why}")
            return []
        if phase is None:
            why = f"the worker recorded {recorded['type']}, but no phase is due after seq {seq - 1}"
            self._differ(seq, recorded, None, f"seq {seq}: {why}")
            return []
        if not events:
            why = (
                f"today's rules resolve {phase} to no event; the worker recorded {recorded['type']}"
            )
            self._differ(seq, recorded, None, f"seq {seq}: {why}")
            return []
        return [self._as_today(event, phase, seq - 1) for event in events]

    def _as_today(self, event: dict, phase: str, cause: int) -> dict:
        payload = event.get("payload")
        # a payload its schema refuses is kept as resolved: it cannot equal what the log holds
        with contextlib.suppress(ValidationError, UnknownEventType):
            payload = self.event_types.normalised_payload(event["type"], payload)
        return _plain({"type": event["type"], "actor": f"system:{phase}", "caused_by": cause,
                       "payload": payload})  # fmt: skip

    def _as_recorded(self, envelope: dict) -> dict:
        envelope = self.event_types.upcast(envelope)
        return {name: envelope[name] for name in ("type", "actor", "caused_by", "payload")}

    def _stopped_short(self, seq: int) -> str:
        index = self._batch_size - len(self._due) + 1
        phase = self._due[0]["actor"].removeprefix("system:")
        return (f"seq {seq}: today's rules write {self._due[0]['type']} here, event {index} "
                f"of {self._batch_size} of the {phase} phase; the worker's batch ended before "
                "it")  # fmt: skip

    def _differ(self, seq, recorded, today, detail: str, instead=None) -> Difference:
        """The difference at `seq`; `instead`, the event there when it is not the worker's."""
        phase = (today or recorded)["actor"].removeprefix("system:")
        patch = jsonpatch.make_patch(recorded, today).patch if recorded and today else None
        self.difference = Difference(seq, phase, recorded or instead, today, patch, detail)
        return self.difference


def _changed(seq: int, recorded: dict, today: dict) -> str:
    """The difference of two events in a sentence: the types, or the first few changes."""
    if recorded["type"] != today["type"]:
        types = f"the worker recorded {recorded['type']}, today's rules write {today['type']}"
        return f"seq {seq}: {types}"
    patch = jsonpatch.make_patch(recorded, today).patch
    shown = [_change(op, recorded) for op in patch[:SHOWN_CHANGES]]
    more = len(patch) - len(shown)
    also = f"; and {more} more change{'s' if more > 1 else ''}" if more else ""
    return f"seq {seq}, {recorded['type']}: {'; '.join(shown)}{also}"


def _change(op: dict, recorded: dict) -> str:
    path = op["path"]
    if op["op"] == "add":
        return f"{path} would be {_short(op['value'])} (recorded without it)"
    was = _short(jsonpointer.resolve_pointer(recorded, path, None))
    if op["op"] == "remove":
        return f"{path} would not be there (recorded {was})"
    if op["op"] == "replace":
        return f"{path} recorded {was}, today {_short(op['value'])}"
    return f"{op['op']} {path}"  # move or copy: the patch says from where


def _short(value, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plain(value):
    """As JSON data reads back: what the log holds is compared with it."""
    return json.loads(json.dumps(value))
