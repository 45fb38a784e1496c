"""Malformed input at the edge: JSON that Python parses but the service cannot hold (lone
surrogates, nesting thousands deep, integers thousands of digits long, NaN) is a 400 problem
that says what was wrong and where, on every route, never a 500 later on."""

import copy
import json

import pytest

from events.envelope import GENESIS, envelope_hash
from tests.api.helpers import add, append, create_toy

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def game(client):
    return create_toy(client, tally_every=100)


def post(client, path, text, headers=None):
    data = text.encode() if isinstance(text, str) else text
    return client.post(path, data=data, headers={**JSON, **(headers or {})})


def assert_refused(response, where, what):
    assert response.status_code == 400, response.data[:300]
    assert response.content_type == "application/problem+json"
    assert where in response.json["detail"], response.json
    assert what in response.json["detail"], response.json
    json.dumps(response.json).encode()  # the answer itself is clean UTF-8


def test_a_lone_surrogate_in_a_player_name_is_400_naming_it(client):
    response = post(client, "/api/games", '{"kind": "toy", "players": ["\\ud800", "ben"]}')
    assert_refused(response, "players.0", "surrogate")
    assert "surrogate" in response.json["errors"]["players"]["0"][0]
    assert client.get("/api/games").json["items"] == []


def test_a_lone_surrogate_anywhere_is_400_keys_and_raw_bytes_included(client, game):
    game_id, token = game
    events = f"/api/games/{game_id}/events"
    auth = {"Authorization": f"Bearer {token}"}
    body = '{"type": "toy.added", "actor": "player:ann", "payload": {"player": "ann\\udc00"}}'
    assert_refused(post(client, events, body, auth), "payload.player", "surrogate")
    body = '{"type": "toy.added", "actor": "player:ann", "payload": {"\\ud83d": 1}}'
    assert_refused(post(client, events, body, auth), "payload", "surrogate")
    raw = b'{"kind": "toy", "players": ["\xed\xa0\x80", "ben"]}'
    assert_refused(post(client, "/api/games", raw), "body", "UTF-8")
    assert client.get(f"/api/games/{game_id}").json["version"] == 1


def test_a_surrogate_pair_is_one_character_and_welcome(client):
    response = post(client, "/api/games", '{"kind": "toy", "players": ["\\ud83d\\ude00", "ben"]}')
    assert response.status_code == 201
    assert response.json["players"] == ["\U0001f600", "ben"]


@pytest.mark.parametrize("depth", [10_000, 200])
def test_json_nested_too_deep_is_400_with_its_position(client, depth):
    response = post(client, "/api/games", "[" * depth + "]" * depth)
    assert_refused(response, "line 1, column 65", "nested more than 64")


def test_a_huge_integer_in_the_body_is_400_naming_the_field(client, game):
    response = post(client, "/api/games", '{"kind": "toy", "players": [' + "9" * 5000 + "]}")
    assert_refused(response, "players.0", "5000 digits")
    game_id, token = game
    body = json.dumps(add("ann", 1))[:-1] + ', "expected_version": ' + "1" * 5000 + "}"
    auth = {"Authorization": f"Bearer {token}"}
    response = post(client, f"/api/games/{game_id}/events", body, auth)
    assert_refused(response, "expected_version", "5000 digits")


def test_a_huge_version_in_if_match_is_400_naming_the_header(client, game):
    game_id, token = game
    headers = {"Authorization": f"Bearer {token}", "If-Match": '"' + "9" * 5000 + '"'}
    response = post(client, f"/api/games/{game_id}/events", json.dumps(add("ann", 1)), headers)
    assert_refused(response, "If-Match", "version")
    assert client.get(f"/api/games/{game_id}").json["version"] == 1


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_numbers_json_has_not_are_400(client, number):
    response = post(client, "/api/games", '{"kind": "toy", "players": ["a", "b"], "options": '
                                         f'{{"goal": {number}}}}}')  # fmt: skip
    assert_refused(response, "options.goal", "not a JSON number")


def test_broken_json_says_where(client):
    response = post(client, "/api/games", '{"kind": "toy",\n "players": ["a" "b"]}')
    assert_refused(response, "line 2, column 18", "not JSON")


def exported(client, game):
    game_id, token = game
    append(client, game_id, token, add("ann", 1))
    export = client.get(f"/api/games/{game_id}/export").data
    return [json.loads(line) for line in export.splitlines()]


def relinked(log) -> str:
    """The log with its chain made whole again: a forger's import, not a damaged one."""
    prev = GENESIS
    for envelope in log:
        envelope["prev_hash"] = prev
        prev = envelope["hash"] = envelope_hash(envelope)
    return "\n".join(json.dumps(envelope) for envelope in log)


def test_an_import_is_parsed_as_strictly_line_by_line(client, game):
    log = exported(client, game)
    deep = relinked(copy.deepcopy(log)) + "\n" + "[" * 10_000
    assert_refused(post(client, "/api/games/import", deep), "line 3", "nested more than 64")
    forged = relinked(copy.deepcopy(log)).replace('"player": "ann"', '"player": "\\ud800"')
    assert_refused(post(client, "/api/games/import", forged), "line 2.payload.player", "surrogate")
    huge = relinked(copy.deepcopy(log)).replace('"seq": 2', '"seq": ' + "2" * 5000)
    assert_refused(post(client, "/api/games/import", huge), "line 2", "5000 digits")
    assert len(client.get("/api/games").json["items"]) == 1


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [(0, "type", 5), (0, "type", ["toy.created"]), (1, "schema_version", "1"),
     (1, "schema_version", None), (1, "schema_version", 0), (1, "event_id", 7),
     (1, "recorded_at", "yesterday"), (1, "occurred_at", 7), (1, "caused_by", "x"),
     (1, "actor", "root")],
)  # fmt: skip
def test_an_imported_envelope_of_the_wrong_shape_is_400_naming_line_and_field(
    client, game, line, field, value
):
    log = exported(client, game)
    log[line][field] = value
    response = post(client, "/api/games/import", relinked(log))
    assert_refused(response, f"line {line + 1}.{field}", "")
    assert len(client.get("/api/games").json["items"]) == 1
