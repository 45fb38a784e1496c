"""An event type as a form: what a page needs to ask a person for its payload, read off the
type's marshmallow schema, so that no page holds code of its own for any event type.

A payload is described as a tree of fields. Each field is

    {"name", "path", "label", "kind", "required", "nullable", "picker", "description", ...}

(`label` is the name in words unless the field's metadata gives one.)

`kind` is `string`, `integer`, `number`, `boolean`, `object` (with `fields`), `list` (with
`item`, `min_items`, `max_items`), `map` (with `keys` and `values`, each a field) or `any`
(JSON a person does not type: explanations). What the validators say is added where there is
one: `choices` (OneOf), `min` and `max` (Range), `min_length`, `max_length` (Length: of a
string, or of a list as `min_items`, `max_items`), `pattern` (Regexp); `default` where the
schema loads one. `path` is the field's place in the payload, dotted, with `*` for a list's
item or a map's value.

`picker` is the game's own hint, given as data beside its schema (a field's
`metadata={"picker": "choose", ...}`, answered as `{"name": "choose", ...}`), saying how a
person names the value better than by typing it. A page that knows a picker offers it; one
that does not, the plain control. The pickers:

- `{"picker": "actor"}`: the acting player's name, which the page already knows;
- `{"picker": "choose", "from": <state path>, "value": <item field>, "show": <template>}`:
  one of the things in the game's state at `from` (an employee of this company, a card of
  this chain), shown by `show` and sent as `value` (without it: a list's item itself, a
  mapping's key). `{field}` in the path is that payload field's value
  (`companies.{target}.employees`); a mapping at `from` gives its entries as items, each
  entry's key under `key` (or the name `key` gives); `where` ({item field: [values]}) keeps
  some items (a value may be `{field}`); `choices` ({label, value}) come first. In the
  template `{field}` is the item's, `{field|words}` with underscores as spaces,
  `{field|named}` as the picker's `names` ({value: words}) name it (a card by its title).
  Items whose words are the same are told apart by `apart` (another template, "on the
  beach"), then by their order among all the items at `from` ("Waitress (2nd)");
- `{"picker": "printed", ...}` on an object: a card as printed, chosen among `choices` and
  the items `from` names (as `choose` reads them, each sent whole), which fill its fields;
  or typed;
- `{"picker": "some_of", "choices": [...]}` on a list: several of the choices, each once;
- `{"picker": "square"}` on a [row, col]: a square of the map, clicked or typed.
- `{"picker": "follows", "field": <payload field>}`: not asked; the schema fills it in from
  that field of the payload (the card turned up on a pile is of the pile's department);
- `{"picker": "sealed", "reveals": <event type>, "choice": <field>}` on a commitment
  (games/sealed.py): the form asks for the choice as the field `choice` of the type `reveals`
  asks for it, the device makes a nonce, sends only the commitment and keeps the choice and
  nonce; the `reveals` type's form (its `choice` field and its `nonce`) is filled in from
  what the device kept.
"""

from marshmallow import Schema, fields, missing, validate

KINDS = (
    (fields.Boolean, "boolean"),
    (fields.Integer, "integer"),
    (fields.Number, "number"),
    (fields.String, "string"),
    (fields.Nested, "object"),
    (fields.List, "list"),
    (fields.Tuple, "list"),
    (fields.Dict, "map"),
)


def event_type_form(event_type) -> dict:
    """One event type as a form: its name, words, example body and the payload's fields."""
    return {
        "type": event_type.name,
        "title": title(event_type.name),
        "description": event_type.description,
        "version": event_type.version,
        "derived": event_type.derived,
        "example": event_type.example_body(),
        "payload": schema_form(event_type.schema()),
    }


SAID_IN_CAPITALS = {"vp": "VP", "ceo": "CEO", "cfo": "CFO", "cto": "CTO"}


def title(name: str) -> str:
    """`burnrate.funding_played` -> `Funding played`, `burnrate.vp_card_played` -> `VP card
    played`: the short forms people say in capitals (SAID_IN_CAPITALS) kept so."""
    words = [SAID_IN_CAPITALS.get(word, word) for word in name.split(".", 1)[-1].split("_")]
    said = " ".join(words)
    return said[:1].upper() + said[1:]


def schema_form(schema: Schema, path: str = "") -> dict:
    """A schema as an object field's `fields`, in the order they are declared."""
    return {
        "kind": "object",
        "fields": [
            field_form(field, field.data_key or name, _join(path, field.data_key or name))
            for name, field in schema.fields.items()
            if not field.dump_only
        ],
    }


def field_form(field: fields.Field, name: str, path: str) -> dict:
    kind = next((k for cls, k in KINDS if isinstance(field, cls)), "any")
    described = {
        "name": name,
        "path": path,
        "label": field.metadata.get("label") or label(name),
        "kind": kind,
        "required": bool(field.required),
        "nullable": bool(field.allow_none),
        "picker": picker(field.metadata),
        "description": field.metadata.get("description"),
    }
    default = field.load_default
    if default is not missing and not callable(default):
        described["default"] = default
    if kind == "object":
        described.update(schema_form(field.schema, path))
    elif kind == "list":
        inner = field.inner if isinstance(field, fields.List) else field.tuple_fields[0]
        described["item"] = field_form(inner, "", _join(path, "*"))
    elif kind == "map":
        keys = field.key_field or fields.String()
        values = field.value_field or fields.Raw()
        described["keys"] = field_form(keys, "", _join(path, "<key>"))
        described["values"] = field_form(values, "", _join(path, "*"))
    described.update(validators(field.validators, list_like=kind == "list"))
    return {k: v for k, v in described.items() if v is not None}


def picker(metadata: dict) -> dict | None:
    """The game's hint, `{"name": "choose", "from": ...}`, from `metadata={"picker": "choose",
    "from": ...}`; None without one."""
    if "picker" not in metadata:
        return None
    hint = {k: v for k, v in metadata.items() if k not in ("picker", "label", "description")}
    return {"name": metadata["picker"], **hint}


def validators(checks, list_like: bool = False) -> dict:
    """What the validators allow, as form constraints."""
    found = {}
    for check in checks:
        if isinstance(check, validate.OneOf):
            found["choices"] = list(check.choices)
        elif isinstance(check, validate.Range):
            found.update(_bounds("min", "max", check.min, check.max))
        elif isinstance(check, validate.Length):
            low, high = (check.equal, check.equal) if check.equal is not None else (
                check.min, check.max)  # fmt: skip
            names = ("min_items", "max_items") if list_like else ("min_length", "max_length")
            found.update(_bounds(*names, low, high))
        elif isinstance(check, validate.Regexp):
            found["pattern"] = check.regex.pattern
    return found


def label(name: str) -> str:
    """`top_left` -> `Top left`; an item of a list or map has none of its own."""
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def _bounds(low_name: str, high_name: str, low, high) -> dict:
    return {k: v for k, v in ((low_name, low), (high_name, high)) if v is not None}


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name
