"""The event-type registry: every type a log may hold, its payload schema and its version.

An event is refused before anything is written when its type is unknown or its payload does
not load with the type's schema. Stored events keep the `schema_version` they were written
with; `upcast` lifts an old payload to the current version when it is read.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from marshmallow import Schema, ValidationError

from events.payloads import normaliser

Upcaster = Callable[[dict], dict]


@dataclass(frozen=True)
class EventType:
    """One kind of event.

    `upcasters[n]` turns a version-n payload into a version-(n+1) payload. `derived` types are
    written by workers (`system:` actors) only. `example` is a payload for the documentation.
    `secret_fields` are the payload fields of a reveal that open a sealed commitment: until
    the log accepts the reveal they are shown nowhere, not even in the audit of refusals.
    """

    name: str
    schema: type[Schema]
    version: int = 1
    upcasters: dict[int, Upcaster] = field(default_factory=dict)
    derived: bool = False
    description: str = ""
    example: dict | None = None
    secret_fields: tuple[str, ...] = ()

    def example_body(self) -> dict | None:
        """A whole POST body recording this type, built from `example`: as the player the
        payload names, or as the table's admin; a game's creation is the body of POST
        /api/games. None for derived types, which no client posts."""
        if self.example is None or self.derived:
            return None
        if self.name.endswith(".created"):
            return {"kind": self.name.removesuffix(".created"), **self.example}
        player = self.example.get("player")
        actor = f"player:{player}" if isinstance(player, str) else "admin"
        return {"type": self.name, "actor": actor, "payload": self.example}


class UnknownEventType(Exception):
    pass


class EventTypeRegistry:
    def __init__(self):
        self._types: dict[str, EventType] = {}
        self._schemas: dict[str, Schema] = {}  # one instance a type: building one is costly
        self._normalisers: dict[str, Callable] = {}  # events/payloads.py, where a schema is plain

    def register(self, event_type: EventType) -> None:
        known = self._types.get(event_type.name)
        if known is not None and known is not event_type:
            raise ValueError(f"event type {event_type.name} registered twice")
        missing = [v for v in range(1, event_type.version) if v not in event_type.upcasters]
        if missing:
            raise ValueError(f"{event_type.name}: no upcaster from version(s) {missing}")
        self._types[event_type.name] = event_type
        self._schemas[event_type.name] = event_type.schema()
        normalise = normaliser(self._schemas[event_type.name])
        if normalise is not None:
            self._normalisers[event_type.name] = normalise

    def get(self, name: str) -> EventType:
        try:
            return self._types[name]
        except KeyError:
            raise UnknownEventType(name) from None

    def __contains__(self, name: str) -> bool:
        return name in self._types

    def __iter__(self):
        return iter(sorted(self._types.values(), key=lambda t: t.name))

    def load_payload(self, name: str, payload) -> dict:
        """The payload as the type's schema loads it; raises ValidationError or UnknownEventType."""
        self.get(name)
        if not isinstance(payload, dict):
            raise ValidationError({"payload": ["must be a JSON object"]})
        return self._schemas[name].load(payload)

    def normalised_payload(self, name: str, payload) -> dict:
        """The payload as it is stored: loaded, then dumped back to JSON data (by plain checks
        where they are sure of the answer: events/payloads.py)."""
        normalise = self._normalisers.get(name)
        if normalise is not None:
            normalised = normalise(payload)
            if normalised is not None:
                return normalised
        return self._schemas[name].dump(self.load_payload(name, payload))

    def upcast(self, envelope: dict) -> dict:
        """The envelope with its payload lifted to the current schema version."""
        event_type = self._types.get(envelope["type"])
        if event_type is None or envelope["schema_version"] >= event_type.version:
            return envelope
        payload = envelope["payload"]
        for version in range(envelope["schema_version"], event_type.version):
            payload = event_type.upcasters[version](payload)
        return {**envelope, "payload": payload, "schema_version": event_type.version}
