"""A table's name for a game, and finding games: the name given at creation is kept in the
creation event (so an export, an import and a fork keep it), is absent when none was given
(so such a game has the bytes it always had), and is refused naming the field when it is not
1 to 80 characters of trimmed text; GET /api/games searches and filters by kind, status and
player, newest or oldest first."""

import json

import pytest

from events.envelope import canonical, chain_break, envelope_hash
from tests.api.helpers import add, append, create_toy
from tests.replays.test_import import rechained


def created(client, **body):
    return client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"], **body})


def export(client, game_id) -> list[bytes]:
    return client.get(f"/api/games/{game_id}/export").data.splitlines()


def test_a_name_given_is_trimmed_kept_in_the_creation_event_and_shown(client):
    made = created(client, name="  Friday at Ann's  ")
    assert made.status_code == 201 and made.json["name"] == "Friday at Ann's"
    game_id = made.json["id"]
    assert client.get(f"/api/games/{game_id}").json["name"] == "Friday at Ann's"
    [listed] = client.get("/api/games").json["items"]
    assert listed["name"] == "Friday at Ann's"
    payload = client.get(f"/api/games/{game_id}/events/1").json["payload"]
    assert payload["name"] == "Friday at Ann's"
    assert client.get(f"/api/games/{game_id}/state").json["state"]["players"] == ["ann", "ben"]
    assert client.get(f"/api/games/{game_id}/verify").json["ok"]


def test_a_game_created_without_a_name_has_the_creation_bytes_it_always_had(client):
    """No `name` key at all (not null): the creation payload is the game's own and `rules`,
    as before names were kept, so its canonical bytes and hash are what they were."""
    game_id = created(client).json["id"]
    assert client.get(f"/api/games/{game_id}").json["name"] is None
    [line] = export(client, game_id)
    envelope = json.loads(line)
    assert set(envelope["payload"]) == {"players", "options", "rules"}
    assert canonical(envelope) == line and envelope_hash(envelope) == envelope["hash"]
    assert b'"name"' not in line


@pytest.mark.parametrize(
    "name",
    ["", "   ", "x" * 81, "two\nlines", "tab\there", 7, None, ["a"]],
    ids=["empty", "spaces", "81", "newline", "tab", "number", "null", "list"],
)
def test_a_name_that_is_not_trimmed_text_of_1_to_80_characters_is_refused_naming_it(client, name):
    refused = created(client, name=name)
    assert refused.status_code == 400, refused.json
    assert refused.content_type == "application/problem+json"
    assert list(refused.json["errors"]) == ["name"]
    assert client.get("/api/games").json["items"] == []


def test_a_name_of_80_characters_and_any_script_is_taken(client):
    assert created(client, name="é" * 80).status_code == 201
    assert created(client, name="金曜日のゲーム 🎲").json["name"] == "金曜日のゲーム 🎲"


def test_an_export_keeps_the_name_and_an_import_and_a_fork_are_named_for_where_they_came_from(
    client,
):
    """#32: a fork and an import are games of their own beside the original, so each is
    named when it is made ("Friday, fork at step 1", "Friday, imported"); the copied log
    keeps the creation's name as it is."""
    game_id, token = create_toy(client)
    named = created(client, name="Friday").json["id"]
    log = b"\n".join(export(client, named))
    assert chain_break([json.loads(line) for line in log.splitlines()]) is None
    imported = client.post("/api/games/import", data=log)
    assert imported.status_code == 201 and imported.json["name"] == "Friday, imported"
    fork = client.post(f"/api/games/{named}/forks", json={"at": 1})
    assert fork.status_code == 201 and fork.json["name"] == "Friday, fork at step 1"
    for made, name in ((imported.json, "Friday, imported"), (fork.json, "Friday, fork at step 1")):
        assert client.get(f"/api/games/{made['id']}").json["name"] == name
        assert client.get(f"/api/games/{made['id']}/events/1").json["payload"]["name"] == "Friday"
        assert listed(client, f"q={made['id']}") == [made["id"]]
    assert {g["name"] for g in client.get("/api/games").json["items"]} == {
        "Friday", "Friday, imported", "Friday, fork at step 1", None
    }  # fmt: skip
    unnamed_fork = client.post(f"/api/games/{game_id}/forks", json={"at": 1}).json
    assert unnamed_fork["name"] == "toy, fork at step 1"


def test_a_fork_and_an_import_take_the_name_they_are_given(client):
    named = created(client, name="Friday").json["id"]
    fork = client.post(f"/api/games/{named}/forks", json={"at": 1, "name": "  What if  "})
    assert fork.status_code == 201 and fork.json["name"] == "What if"
    log = b"\n".join(export(client, named))
    imported = client.post("/api/games/import?name=Ann%27s%20copy", data=log)
    assert imported.status_code == 201 and imported.json["name"] == "Ann's copy"
    assert listed(client, "q=copy") == [imported.json["id"]]


def test_an_imports_name_is_documented_and_part_of_what_its_key_promised(client):
    """The name is a query parameter of the OpenAPI document, and a key sent again with the
    same log under another name is a 409, as with another log: not the first game answered."""
    document = client.get("/api/openapi.json").json
    parameters = document["paths"]["/api/games/import"]["post"]["parameters"]
    assert {"in": "query", "name": "name"}.items() <= next(
        p for p in parameters if p["name"] == "name"
    ).items()
    log = b"\n".join(export(client, created(client, name="Friday").json["id"]))
    key = {"Idempotency-Key": "import-named-once"}
    first = client.post("/api/games/import?name=Ann", data=log, headers=key)
    again = client.post("/api/games/import?name=Ann", data=log, headers=key)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json["id"] == first.json["id"]
    other = client.post("/api/games/import?name=Bob", data=log, headers=key)
    assert other.status_code == 409, other.json


def test_a_long_name_forked_is_shortened_to_fit(client):
    named = created(client, name="x" * 80).json["id"]
    fork = client.post(f"/api/games/{named}/forks", json={"at": 1}).json
    assert len(fork["name"]) == 80 and fork["name"].endswith("…, fork at step 1")


@pytest.mark.parametrize("name", ["", "x" * 81, "a\nb", 3])
def test_a_fork_or_an_import_named_badly_is_refused_naming_the_field(client, name):
    named = created(client, name="Friday").json["id"]
    fork = client.post(f"/api/games/{named}/forks", json={"at": 1, "name": name})
    assert fork.status_code == 400 and list(fork.json["errors"]) == ["name"], fork.json
    if isinstance(name, str):
        log = b"\n".join(export(client, named))
        imported = client.post("/api/games/import", query_string={"name": name}, data=log)
        assert imported.status_code == 400 and list(imported.json["errors"]) == ["name"]
    assert [g["id"] for g in client.get("/api/games").json["items"]] == [named]


@pytest.mark.parametrize("name", ["", " padded ", "x" * 81, "a\nb", 3])
def test_an_import_whose_creation_names_the_game_badly_is_refused_at_line_1(client, name):
    named = created(client, name="Friday").json["id"]
    log = [json.loads(line) for line in export(client, named)]
    log[0]["payload"]["name"] = name
    refused = client.post("/api/games/import", data=rechained(log))
    assert refused.status_code == 400, refused.json
    assert "name" in refused.json["errors"]["line 1"]["payload"]


def listed(client, query: str) -> list[str]:
    answer = client.get(f"/api/games?{query}")
    assert answer.status_code == 200, answer.json
    return [game["id"] for game in answer.json["items"]]


def test_the_list_searches_and_filters_by_kind_status_and_player(client):
    friday = created(client, name="Friday at Ann's").json["id"]
    plain = client.post("/api/games", json={"kind": "toy", "players": ["Ann", "cleo"]}).json["id"]
    done, token = create_toy(client, players=("ben", "cleo"), goal=5, tally_every=100)
    append(client, done, token, add("ben", 5))
    assert listed(client, "q=fri") == [friday]
    assert listed(client, "q=ANN") == [friday, plain]
    assert listed(client, f"q={done[:-2]}") == [done]
    assert listed(client, "player=ann") == [friday, plain]
    assert listed(client, "player=cleo&order=newest") == [done, plain]
    assert listed(client, "player=cleo&status=finished") == [done]
    assert listed(client, "player=cleo&status=active&kind=toy&q=ann") == [plain]
    assert listed(client, "kind=fcm&player=ann") == []
    assert listed(client, "order=newest") == [done, plain, friday]


def test_a_filtered_list_pages_with_its_filters(client):
    made = [created(client, name=f"Round {n}").json["id"] for n in range(3)]
    created(client, name="Something else")
    page = client.get("/api/games?q=round&order=newest&limit=2").json
    assert [g["id"] for g in page["items"]] == made[:0:-1]
    assert "q=round" in page["next"] and "order=newest" in page["next"]
    rest = client.get(page["next"]).json
    assert [g["id"] for g in rest["items"]] == made[:1] and rest["next"] is None


@pytest.mark.parametrize(
    "query", ["order=sideways", "player=" + "x" * 65, "q=" + "x" * 201, "status=paused"]
)
def test_a_bad_list_query_is_refused_naming_the_parameter(client, query):
    refused = client.get(f"/api/games?{query}")
    assert refused.status_code == 400
    assert list(refused.json["errors"]) == [query.split("=")[0]]


def test_the_openapi_document_says_the_name_and_the_list_s_filters(client):
    spec = client.get("/api/openapi.json").json
    listing = spec["paths"]["/api/games"]["get"]["parameters"]
    assert {"q", "kind", "status", "player", "order", "after", "limit"} <= {
        p["name"] for p in listing
    }
    create = spec["components"]["schemas"]["GameCreate"]["properties"]
    assert create["name"]["maxLength"] == 80
    assert "name" in spec["components"]["schemas"]["GameSummary"]["properties"]
