"""Request bodies as JSON, parsed in one place for every route, and strictly.

Python's parser takes more than the service can hold: a lone UTF-16 surrogate (`"\\ud800"`)
becomes a string that cannot be encoded as UTF-8 when its event is hashed; nesting thousands
deep overflows the stack; an integer of thousands of digits exceeds Python's limit on integer
conversion; `NaN` and `Infinity` are not JSON. Each of these is refused here as a 400 that
says what was wrong and where (the field, or the line and column), before any view runs.

The app's JSON provider parses with `loads`; its request class hands the InvalidJSON to the
problem handler (not werkzeug's bare BadRequest); the argument parser of the API's blueprints
reads the body through the request, so `@blp.arguments` and `request.get_json()` are one
strict path.
"""

import json
import math
import re

import flask
import flask_smorest
from flask.json.provider import DefaultJSONProvider
from flask_smorest.utils import resolve_schema_instance
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

MAX_DEPTH = 64  # arrays and objects within each other; the deepest game data is far less
MAX_INT_DIGITS = 20  # a 64-bit integer; seqs and amounts stay within 2**53

SURROGATE = re.compile("[\ud800-\udfff]")
LONE_SURROGATE = (
    "a lone UTF-16 surrogate ({}) is not a character; send UTF-8, or pair the surrogates"
)
# JSON's strings (skipped whole) and its brackets, to find where nesting goes too deep.
STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]')


class InvalidJSON(ValueError):
    """Text that is not JSON the service can hold; `errors` maps where to what."""

    def __init__(self, errors: dict):
        super().__init__(errors)
        self.errors = errors


class _Unholdable:
    """What the parser makes of a number the service refuses, found by the walk after it."""

    def __init__(self, reason: str):
        self.reason = reason


def _integer(digits: str):
    count = len(digits.lstrip("-"))
    if count > MAX_INT_DIGITS:
        return _Unholdable(f"an integer of {count} digits; at most {MAX_INT_DIGITS} are accepted")
    return int(digits)


def _float(text: str):
    value = float(text)
    return value if math.isfinite(value) else _Unholdable(f"{text} is not a JSON number")


def _constant(name: str):
    return _Unholdable(f"{name} is not a JSON number")


def loads(data: bytes | str):
    """The JSON value of `data` (UTF-8), or InvalidJSON naming what and where."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            where = f"{error.reason} at byte {error.start}"
            raise InvalidJSON({"body": [f"not UTF-8: {where}"]}) from None
    else:
        text = data
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise InvalidJSON({"body": [f"not JSON: {error.msg} at {where}"]}) from None
    except RecursionError:
        raise InvalidJSON({"body": [_too_deep(text)]}) from None
    try:
        _check(value, 0)
    except _Refused as refused:
        if refused.too_deep:
            raise InvalidJSON({"body": [_too_deep(text)]}) from None
        raise InvalidJSON(refused.errors()) from None
    return value


def json_lines(data: bytes) -> list[tuple[int, object]]:
    """(line number, value) of each non-blank line of a JSON Lines body, parsed by `loads`;
    errors are keyed `line N`."""
    values = []
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            values.append((number, loads(line)))
        except InvalidJSON as error:
            raise InvalidJSON(_under(f"line {number}", error.errors)) from None
    return values


class _Refused(Exception):
    def __init__(self, message: str, too_deep: bool = False):
        super().__init__(message)
        self.message = message
        self.too_deep = too_deep
        self.path: list = []

    def errors(self) -> dict:
        errors: dict | list = [self.message]
        for key in self.path:
            errors = {_printable(key): errors}
        return errors if isinstance(errors, dict) else {"body": errors}


def _check(value, depth: int) -> None:
    """Refuse the first lone surrogate, unholdable number or nesting past MAX_DEPTH."""
    if isinstance(value, str):
        found = not value.isascii() and SURROGATE.search(value)
        if found:
            raise _Refused(LONE_SURROGATE.format(_printable(found.group())))
    elif isinstance(value, _Unholdable):
        raise _Refused(value.reason)
    elif isinstance(value, dict | list):
        if depth >= MAX_DEPTH:
            raise _Refused("too deep", too_deep=True)
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            try:
                _check(key, depth)
                if isinstance(item, str | dict | list | _Unholdable):
                    _check(item, depth + 1)
            except _Refused as refused:
                refused.path.append(key)
                raise


def _too_deep(text: str) -> str:
    """Where the nesting of `text` first goes past MAX_DEPTH (brackets in strings skipped)."""
    depth = 0
    for token in STRING_OR_BRACKET.finditer(text):
        if token.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                offset = token.start()
                line = text.count("\n", 0, offset) + 1
                column = offset - text.rfind("\n", 0, offset)
                return f"nested more than {MAX_DEPTH} deep at line {line}, column {column}"
        elif token.group() in "]}":
            depth -= 1
    return f"nested more than {MAX_DEPTH} deep"


def _printable(key) -> str:
    """A key or text as it can be written back in an answer: surrogates as escapes."""
    return str(key).encode("utf-8", "backslashreplace").decode()


def _under(prefix: str, errors: dict) -> dict:
    if list(errors) == ["body"]:
        return {prefix: errors["body"]}
    return {prefix: errors}


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON, parsing strictly: `request.get_json()` is `loads`."""

    def loads(self, s, **kwargs):
        return loads(s)


class Request(flask.Request):
    def on_json_loading_failed(self, e: ValueError | None):
        if isinstance(e, InvalidJSON):
            raise e
        return super().on_json_loading_failed(e)


class BodyParser(FlaskParser):
    """webargs, reading a JSON body through the request (so through `loads`)."""

    def _raw_load_json(self, req: flask.Request):
        if not is_json_request(req) or not req.get_data(cache=True):
            return core.missing
        return req.get_json()


class Blueprint(flask_smorest.Blueprint):
    """The API's blueprints: flask-smorest's, with the strict body parser, and each schema of
    `@blp.arguments` made once, when the view is declared: given a class, webargs would build
    a new instance (its fields deep-copied) on every request, 110 µs of an append's."""

    ARGUMENTS_PARSER = BodyParser()

    def arguments(self, schema, *args, **kwargs):
        return super().arguments(resolve_schema_instance(schema), *args, **kwargs)


def register(app: flask.Flask) -> None:
    app.json = JSONProvider(app)
    app.request_class = Request
