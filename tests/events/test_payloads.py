"""The plain checks of events/payloads.py give marshmallow's `dump(load(payload))` or nothing:
for every payload of every event type, either None (and marshmallow answers) or marshmallow's
own answer, to the byte. Never a payload marshmallow refuses."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields, validate

from events.envelope import canonical
from events.payloads import normaliser
from events.registry import EventTypeRegistry
from events.retract import RETRACT_TYPE
from events.seats import SEAT_REPLACED_TYPE
from games import GameRegistry, configured_modules

STORED_LOGS = sorted((Path(__file__).parent / "stored_logs").glob("*.jsonl"))
REFUSED = object()

# The types marshmallow alone checks: each has a hook (a pre_load, a schema validator) or a
# field beyond the plain ones (the toy's Float).
NOT_PLAIN = {
    "burnrate.bad_hire_played", "burnrate.created", "burnrate.employee_drafted",
    "burnrate.hire_played", "fcm.campaign_placed", "fcm.created", "toy.created",
}  # fmt: skip


def registry() -> EventTypeRegistry:
    types = EventTypeRegistry()
    types.register(RETRACT_TYPE)
    types.register(SEAT_REPLACED_TYPE)
    GameRegistry(configured_modules(), types)
    return types


TYPES = registry()
PLAIN = sorted(name for name in (t.name for t in TYPES) if name not in NOT_PLAIN)


def corpus() -> dict[str, list[dict]]:
    """Payloads each type takes: its example, and those of the stored logs at its version."""
    found = {t.name: [t.example] for t in TYPES if t.example is not None}
    for path in STORED_LOGS:
        for line in path.read_bytes().splitlines():
            event = json.loads(line)
            kind = event["type"]
            if kind in TYPES and event["schema_version"] == TYPES.get(kind).version:
                found.setdefault(event["type"], []).append(event["payload"])
    return found


CORPUS = corpus()


def marshmallows(schema: Schema, payload):
    try:
        return schema.dump(schema.load(payload))
    except ValidationError:
        return REFUSED


def assert_same_answer(schema: Schema, payload) -> None:
    fast = normaliser(schema)(payload)
    if fast is None:
        return
    expected = marshmallows(schema, payload)
    assert expected is not REFUSED, f"the plain checks took what marshmallow refuses: {payload}"
    assert fast == expected
    assert canonical(fast) == canonical(expected)  # True is not 1 here


def test_the_types_marshmallow_alone_checks_are_those_with_hooks_or_other_fields():
    plain = {t.name for t in TYPES if normaliser(TYPES._schemas[t.name]) is not None}
    assert {t.name for t in TYPES} - plain == NOT_PLAIN


@pytest.mark.parametrize("name", PLAIN)
def test_every_payload_a_type_takes_is_answered_by_the_plain_checks_as_by_marshmallow(name):
    schema = TYPES._schemas[name]
    normalise = normaliser(schema)
    for payload in CORPUS[name]:
        assert normalise(payload) is not None, payload
        assert_same_answer(schema, payload)


def _places(holder, key):
    """(holder, key) and every (container, key) inside `holder[key]`."""
    yield holder, key
    value = holder[key]
    if isinstance(value, dict):
        for inner in value:
            yield from _places(value, inner)
    elif isinstance(value, list):
        for index in range(len(value)):
            yield from _places(value, index)


def _field_names(schema: Schema) -> set[str]:
    names = set(schema.fields)
    for field in schema.fields.values():
        inner = field.inner if isinstance(field, fields.List) else field
        if isinstance(inner, fields.Nested):
            names |= _field_names(inner.schema)
    return names


def _near(value):
    """Values a wrong or borderline payload holds where `value` was."""
    near = [None, True, False, 0, -1, 1.0, 0.5, "", "1", [], {}, [value], {"x": value}]
    if isinstance(value, bool):
        near += [int(value), str(value).lower()]
    elif isinstance(value, int):
        near += [value + 1, value - 1, float(value), str(value), 10**20]
    elif isinstance(value, str):
        near += [value + "x", value.upper(), value[:-1], value.encode().hex()]
    elif isinstance(value, list):
        near += [value + value, value[:-1], tuple(value)]
    return near


@st.composite
def changed(draw, payload: dict, names: list[str]):
    """`payload` with one to three changes: a value replaced (the payload itself too) by
    another of `_near`'s or a string taken from elsewhere in the payload, a key dropped, or a
    key added (a field of the schema, or one it does not know)."""
    root = [copy.deepcopy(payload)]
    strings = sorted({v for c, k in _places(root, 0) if isinstance(v := c[k], str)} | {"ann"})
    for _ in range(draw(st.integers(1, 3))):
        holder, key = draw(st.sampled_from(list(_places(root, 0))))
        change = draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if change == "drop" and isinstance(holder, dict):
            del holder[key]
        elif change == "add" and isinstance(holder[key], dict):
            holder[key][draw(st.sampled_from([*names, "unknown"]))] = draw(
                st.sampled_from([*_near(0), *strings])
            )
        else:
            holder[key] = draw(st.sampled_from([*_near(holder[key]), *strings]))
    return root[0]


@pytest.mark.parametrize("name", PLAIN)
@settings(max_examples=120, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(data=st.data())
def test_a_changed_payload_is_answered_by_the_plain_checks_as_by_marshmallow_or_not_at_all(
    name, data
):
    schema = TYPES._schemas[name]
    names = sorted(_field_names(schema))
    payload = data.draw(st.sampled_from(CORPUS[name]))
    assert_same_answer(schema, data.draw(changed(payload, names)))


class Inner(Schema):
    code = fields.String(required=True, validate=validate.Regexp(r"^[a-z]+$"))
    note = fields.String(load_default=None)


class Everything(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=8))
    count = fields.Integer(load_default=3, validate=validate.Range(min=0))
    strict = fields.Integer(strict=True, allow_none=True)
    flag = fields.Boolean(load_default=False)
    anything = fields.Raw()
    tags = fields.List(fields.String(validate=validate.OneOf(["a", "b"])), load_default=list)
    inner = fields.Nested(Inner, load_default=dict)
    many = fields.List(fields.Nested(Inner), validate=validate.Length(max=2))
    table = fields.Dict(keys=fields.String(validate=validate.OneOf(["x", "y"])),
                        values=fields.Integer())  # fmt: skip
    loose = fields.Dict()


EVERYTHING = [
    {"name": "ann"},
    {"name": "ann", "count": 0, "strict": None, "flag": True, "anything": [1, {"a": None}]},
    {"name": "ann", "anything": "x", "strict": 7},
    {"name": "ann", "tags": ["a", "b"], "inner": {"code": "q"}, "many": [{"code": "r"}]},
    {"name": "ann", "table": {"x": 1}, "loose": {"k": [1.5, "v"]}},
    {"name": "ann", "inner": {"code": "q", "note": None}, "many": []},
]


@pytest.mark.parametrize("payload", EVERYTHING)
def test_each_plain_field_validator_and_default_is_answered_as_marshmallow_answers(payload):
    assert normaliser(Everything())(payload) is not None
    assert_same_answer(Everything(), payload)


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_a_changed_payload_of_every_plain_field_is_answered_as_marshmallow_answers(data):
    payload = data.draw(st.sampled_from(EVERYTHING))
    names = sorted(_field_names(Everything()))
    assert_same_answer(Everything(), data.draw(changed(payload, names)))


def test_a_default_container_is_a_new_one_for_each_payload():
    normalise = normaliser(Everything())
    first, second = normalise({"name": "ann"}), normalise({"name": "ben"})
    assert first["tags"] == [] and first["inner"] == {}
    assert first["tags"] is not second["tags"] and first["inner"] is not second["inner"]


def test_a_schema_beyond_the_plain_fields_is_left_to_marshmallow():
    class WithFloat(Schema):
        amount = fields.Float()

    class Renamed(Schema):
        name = fields.String(data_key="Name")

    class Listed(Schema):
        items = fields.List(fields.String())  # read by dump as the dict's own `items`

    assert normaliser(WithFloat()) is None
    assert normaliser(Renamed()) is None
    assert normaliser(Listed()) is None
