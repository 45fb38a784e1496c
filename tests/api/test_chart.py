"""GET /api/games/<id>/chart.svg and /chart: a game's chart as a picture and as data, at the
head and at any step, kept by a client until the step or the game's code changes."""

import xml.etree.ElementTree as ET

import pytest

import games.burnrate
from projections.rules import rules_of
from replays import chart as charts
from tests.api.helpers import create_toy
from tests.replays.test_chart import joe_and_ruth

SVG = "{http://www.w3.org/2000/svg}"
PROBLEM = "application/problem+json"


@pytest.fixture
def table(client, services):
    from tests.replays.test_chart import Table

    yield joe_and_ruth(client, services)
    Table.client = Table.services = None


def drawn(seq: int) -> str:
    """The ETag of a chart up to `seq`: the step and the code that folds and draws it."""
    return f'"{seq}-{rules_of(games.burnrate)["digest"][:16]}"'


def test_the_chart_as_data_is_the_replays_at_the_head_and_at_a_step(client, services, table):
    version = table.summary()["version"]
    head = client.get(f"{table.href}/chart")
    assert head.status_code == 200 and head.headers["ETag"] == drawn(version)
    assert head.json == charts.chart(services.projector, table.game_id)
    assert [t["turn"] for t in head.json["turns"]] == [0, 1, 2, 3]
    assert [line["name"] for line in head.json["series"]] == ["joe", "ruth"]
    past = client.get(f"{table.href}/chart?at=5")
    assert past.json["at"] == 5 and past.json["turns"][-1] == {"turn": 0, "seq": 5, "ended": False}
    assert past.headers["ETag"] == drawn(5)


def test_the_chart_as_a_picture_at_the_head_and_at_a_step(client, services, table):
    version = table.summary()["version"]
    head = client.get(f"{table.href}/chart.svg")
    assert head.status_code == 200 and head.mimetype == "image/svg+xml"
    assert head.headers["ETag"] == drawn(version)
    assert head.headers["Cache-Control"] == "no-cache"
    assert head.text == charts.drawn(charts.chart(services.projector, table.game_id))
    root = ET.fromstring(head.data)
    assert root.find(f"{SVG}title").text == f"Funding over the turns, up to step {version}"
    assert client.get(f"{table.href}/chart.svg?at={version}").data == head.data
    past = ET.fromstring(client.get(f"{table.href}/chart.svg?at=5").data)
    assert past.find(f"{SVG}title").text == "Funding over the turns, up to step 5"


def test_a_chart_already_held_is_not_sent_again(client, table):
    version = table.summary()["version"]
    url = f"{table.href}/chart.svg"
    for form in (url, f"{table.href}/chart"):
        unchanged = client.get(form, headers={"If-None-Match": drawn(version)})
        assert unchanged.status_code == 304 and unchanged.headers["ETag"] == drawn(version)
    table.record("funding_played", player="joe", card={"amount": 5, "skill_numbers": [0, 1, 2, 3]})
    assert client.get(url, headers={"If-None-Match": drawn(version)}).status_code == 200
    held = client.get(f"{url}?at={version}", headers={"If-None-Match": drawn(version)})
    assert held.status_code == 304  # the chart up to a step never changes
    older = '"' + f"{version}-" + "0" * 16 + '"'  # drawn by other code: sent again
    assert client.get(f"{url}?at={version}", headers={"If-None-Match": older}).status_code == 200


@pytest.mark.parametrize("form", ["chart", "chart.svg"])
def test_a_game_without_a_chart_or_no_game_is_not_found(client, form):
    game_id, _ = create_toy(client)
    response = client.get(f"/api/games/{game_id}/{form}")
    assert response.status_code == 404 and response.content_type == PROBLEM
    assert response.json["detail"] == "a game of toy has no chart"
    missing = client.get(f"/api/games/01J00000000000000000000000/{form}")
    assert missing.status_code == 404 and missing.content_type == PROBLEM


@pytest.mark.parametrize("form", ["chart", "chart.svg"])
@pytest.mark.parametrize("at", ["0", "two", "999"])
def test_a_step_the_game_does_not_have_is_a_bad_request_naming_at(client, table, form, at):
    response = client.get(f"{table.href}/{form}?at={at}")
    assert response.status_code == 400 and response.content_type == PROBLEM
    assert "at" in response.json["errors"]


def test_the_routes_are_in_the_openapi_document(client):
    spec = client.get("/api/openapi.json").json
    paths = spec["paths"]
    picture = paths["/api/games/{game_id}/chart.svg"]["get"]
    data = paths["/api/games/{game_id}/chart"]["get"]
    for operation in (picture, data):
        assert {"200", "400", "404"} <= set(operation["responses"])
        assert [p["name"] for p in operation["parameters"]] == ["at"]
    assert "image/svg+xml" in picture["responses"]["200"]["content"]
    schema = data["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/ChartOut"}
    properties = spec["components"]["schemas"]["ChartOut"]["properties"]
    assert {"turns", "series", "measures", "description"} <= set(properties)
