"""The one event type every game shares: `retract`, the correction that never deletes.

A retract withdraws the latest player action not yet withdrawn, and with it every event that
came after it (the derived events it caused, earlier retracts). The state after a retract is
the state just before the withdrawn action; the log and the replay still show everything.
"""

from marshmallow import Schema, fields, validate

from events.registry import EventType

RETRACT = "retract"


class RetractPayload(Schema):
    seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=2))
    reason = fields.String(load_default="", validate=validate.Length(max=500))
    undo = fields.Boolean(
        validate=validate.Equal(True),
        metadata={"description": "true on the retracts an undo writes (POST .../undo), so the "
                  "log tells an undo of one action from a withdraw of it; left out otherwise"},
    )  # fmt: skip


RETRACT_TYPE = EventType(
    name=RETRACT,
    schema=RetractPayload,
    description=(
        "Withdraws the latest player action not yet withdrawn (`seq` must name it), with the "
        "derived events it caused. Nothing is deleted: the fold skips the withdrawn events. "
        "An undo's retracts say `undo: true`, and only those are offered to be redone."
    ),
    example={"seq": 7, "reason": "recorded the wrong card"},
)


def withdrawn_by(retracts: list[list[int]], seq: int) -> int | None:
    """The seq of the retract that withdrew event `seq`, if any. `retracts` is [[target, by]]."""
    for target, by in retracts:
        if target <= seq < by:
            return by
    return None
