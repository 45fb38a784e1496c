"""A payload schema made into plain checks, for the payloads an append checks most: those
already in their stored form. marshmallow's `dump(load(payload))` walks its whole machinery
(hooks, error stores, getters) for every field, the largest share of an FCM action's CPU
(docs/architecture.md, "What an append costs the CPU").

`normaliser(schema)` gives a function that answers `dump(load(payload))` (always a dict), or
None for anything it is not sure of: a value not of its field's JSON type (marshmallow would
turn "5" into 5, or refuse it), a validator's refusal, a missing or unknown field. The registry then
asks marshmallow itself, which answers or refuses with its own words, so only ever the same
answer comes back quicker. A schema with anything beyond the plain fields, validators and
defaults below (hooks, data keys, load- or dump-only fields, custom fields) gets None, and
marshmallow checks all its payloads. tests/events/test_payloads.py holds the two to the same
answers for every event type.
"""

from collections.abc import Callable

from marshmallow import RAISE, Schema, ValidationError, fields, validate
from marshmallow.utils import missing


class _Miss(Exception):
    """Not sure: marshmallow is asked."""


Normalise = Callable[[object], object]  # a value to its stored form, or _Miss

_SCALARS = {fields.String: str, fields.Integer: int, fields.Boolean: bool}
_SCALAR_VALIDATORS = (validate.Length, validate.Range, validate.OneOf, validate.Regexp,
                      validate.Equal)  # fmt: skip
_IMMUTABLE_DEFAULTS = (type(None), bool, int, str)


def normaliser(schema: Schema) -> Callable[[object], dict | None] | None:
    """`dump(load(payload))` by plain checks, or None where they are not sure; None itself if
    `schema` is not plain."""
    compiled = _schema(schema)
    if compiled is None:
        return None

    def normalise(payload):
        try:
            return compiled(payload)
        except _Miss:
            return None

    return normalise


def _schema(schema: Schema) -> Normalise | None:
    plain = (
        not any(schema._hooks.values())
        and not schema.many
        and schema.opts.unknown == RAISE
        and schema.dict_class is dict
        and schema.only is None
        and not schema.exclude
        and schema.load_fields.keys() == schema.dump_fields.keys() == schema.fields.keys()
    )
    if not plain:
        return None
    members = []
    for name, field in schema.fields.items():
        # a dict's own attribute (`items`) is what marshmallow's dump reads for a field absent
        if field.data_key is not None or field.attribute is not None or "." in name \
                or hasattr(dict, name):  # fmt: skip
            return None
        normalise = _field(field)
        if normalise is None:
            return None
        default = field.load_default  # loaded unchecked, then dumped
        if isinstance(default, _IMMUTABLE_DEFAULTS):
            default = field._serialize(default, name, None)
        elif default is not missing:
            if default not in (dict, list):
                return None
            default = field._serialize(default(), name, None)  # a new one made at each use
            if default not in ({}, []):
                return None
        members.append((name, normalise, field.required, default))
    names = frozenset(schema.fields)

    def normalise_object(value):
        if type(value) is not dict or not value.keys() <= names:
            raise _Miss
        out = {}
        for name, normalise, required, default in members:
            if name in value:
                out[name] = normalise(value[name])
            elif required:
                raise _Miss
            elif default is not missing:
                out[name] = type(default)() if type(default) in (dict, list) else default
        return out

    return normalise_object


def _field(field: fields.Field) -> Normalise | None:
    """A field's `_serialize(deserialize(value))`, or None if it is not plain."""
    if field.pre_load or field.post_load:
        return None
    kind = type(field)
    validators = tuple(field.validators)
    if kind in _SCALARS:
        if getattr(field, "as_string", False) or (
            kind is fields.Boolean
            and (field.truthy, field.falsy) != (fields.Boolean.truthy, fields.Boolean.falsy)
        ):
            return None
        if not all(isinstance(v, _SCALAR_VALIDATORS) for v in validators):
            return None
        return _checked(_of_type(_SCALARS[kind]), validators, field.allow_none)
    if validators and not all(type(v) is validate.Length for v in validators):
        return None  # a container's validators see the loaded value: only its length is sure
    if kind is fields.Raw:
        return _checked(_itself, validators, field.allow_none, typed=False)
    if kind is fields.List:
        inner = _field(field.inner)
        if inner is None:
            return None

        def normalise_list(value):
            if type(value) is not list:
                raise _Miss
            return [inner(item) for item in value]

        return _checked(normalise_list, validators, field.allow_none)
    if kind is fields.Nested:
        nested = field.schema
        if field.many or field.only is not None or field.exclude or field.unknown is not None:
            return None
        normalise_object = _schema(nested)
        if normalise_object is None:
            return None
        return _checked(normalise_object, validators, field.allow_none)
    if kind is fields.Dict:
        keys = _field(field.key_field) if field.key_field else _itself
        values = _field(field.value_field) if field.value_field else _itself
        if keys is None or values is None:
            return None

        def normalise_dict(value):
            if type(value) is not dict:
                raise _Miss
            return {keys(key): values(item) for key, item in value.items()}

        return _checked(normalise_dict, validators, field.allow_none)
    return None


def _itself(value):
    return value


def _of_type(kind: type) -> Normalise:
    def normalise_scalar(value):
        if type(value) is not kind:
            raise _Miss
        return value

    return normalise_scalar


def _checked(
    normalise: Normalise, validators: tuple, allow_none: bool, typed: bool = True
) -> Normalise:
    """`normalise` for a value that is not None, then each validator as marshmallow runs it;
    None as marshmallow takes it: as itself, unchecked, where the field allows it. `typed`:
    `normalise` itself refuses None."""
    if not validators and not allow_none and typed:
        return normalise

    def normalise_checked(value):
        if value is None:
            if allow_none:
                return None
            raise _Miss
        out = normalise(value)
        try:
            for validator in validators:
                validator(out)
        except ValidationError:
            raise _Miss from None
        return out

    return normalise_checked
