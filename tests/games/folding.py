"""What the machinery hands a game's rules, built for tests that fold events by hand."""

import json


def validated(event_type, payload):
    """The payload as the machinery hands it over: loaded, dumped, through JSON."""
    schema = event_type.schema()
    return json.loads(json.dumps(schema.dump(schema.load(payload))))


def envelope(seq, event_type, payload, actor):
    """An envelope as `evolve` receives it (hashes and times are not the rules' business)."""
    return {
        "seq": seq,
        "event_id": f"event-{seq}",
        "type": event_type.name,
        "schema_version": event_type.version,
        "actor": actor,
        "payload": payload,
        "recorded_at": "2024-01-01T00:00:00Z",
        "occurred_at": None,
        "caused_by": None,
        "prev_hash": "0" * 64,
        "hash": "0" * 64,
    }
