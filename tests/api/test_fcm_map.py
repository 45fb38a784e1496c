"""GET /api/games/<id>/map.svg: the board as a picture at the head and at any seq."""

import xml.etree.ElementTree as ET

import pytest

import games.fcm
from projections.rules import rules_of
from tests.games.fcm.table import legal_spot, turn_five

SVG = "{http://www.w3.org/2000/svg}"
PROBLEM = "application/problem+json"


def drawn(seq: int) -> str:
    """The ETag of a picture at `seq`: the seq and the drawing's code, by the rules digest."""
    return f'"{seq}-{rules_of(games.fcm)["digest"][:16]}"'


def create(client, players, **options):
    body = {"kind": "fcm", "players": players, "options": options}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json
    return response.json


def place_first_restaurant(client, game):
    state = client.get(f"/api/games/{game['id']}/state").json["state"]
    player = state["setup"]["to_act"][0]
    top_left, entrance = legal_spot(state)
    body = {"type": "fcm.starting_restaurant_placed", "actor": f"player:{player}",
            "payload": {"player": player, "top_left": top_left, "entrance": entrance}}  # fmt: skip
    headers = {"Authorization": f"Bearer {game['token']}"}
    placed = client.post(f"/api/games/{game['id']}/events", json=body, headers=headers)
    assert placed.status_code == 201, placed.json
    return player


def restaurants(svg: bytes) -> list[str]:
    root = ET.fromstring(svg)
    return [g.get("data-owner") for g in root.iter(f"{SVG}g") if g.get("class") == "restaurant"]


def test_the_board_as_a_picture_at_the_head_and_at_any_seq(client):
    game = create(client, ["ann", "bob"])
    url = f"/api/games/{game['id']}/map.svg"
    first = client.get(url)
    assert first.status_code == 200 and first.mimetype == "image/svg+xml"
    assert first.headers["ETag"] == drawn(1) and restaurants(first.data) == []
    player = place_first_restaurant(client, game)
    head = client.get(url)
    assert head.headers["ETag"] == drawn(2) and restaurants(head.data) == [player]
    assert client.get(f"{url}?at=1").data == first.data
    assert client.get(f"{url}?at=2").data == head.data
    root = ET.fromstring(head.data)
    assert root.get("viewBox") == ET.fromstring(first.data).get("viewBox")
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("class") == "square"]) == 15 * 15


def test_a_picture_already_held_is_not_sent_again(client):
    game = create(client, ["ann", "bob"])
    url = f"/api/games/{game['id']}/map.svg"
    unchanged = client.get(url, headers={"If-None-Match": drawn(1)})
    assert unchanged.status_code == 304 and unchanged.headers["ETag"] == drawn(1)
    place_first_restaurant(client, game)
    assert client.get(url, headers={"If-None-Match": drawn(1)}).status_code == 200
    assert client.get(f"{url}?at=1", headers={"If-None-Match": drawn(1)}).status_code == 304


@pytest.mark.parametrize("form", ["svg", "txt"])
def test_a_picture_drawn_by_other_code_is_sent_again(client, form):
    """A picture is the state at its seq as the game's code draws it: a release that draws
    otherwise (or folds otherwise) changes the game's rules digest, and so the picture's
    ETag; a client holding the picture of the same seq by older code gets the new one."""
    game = create(client, ["ann", "bob"])
    url = f"/api/games/{game['id']}/map.{form}"
    assert client.get(url, headers={"If-None-Match": '"1"'}).status_code == 200
    older = '"1-' + "0" * 16 + '"'
    assert client.get(url, headers={"If-None-Match": older}).status_code == 200
    assert client.get(url, headers={"If-None-Match": drawn(1)}).status_code == 304


def test_a_declared_position_is_drawn_with_its_pieces(client):
    game = create(client, ["ann", "bob"], position=turn_five())
    root = ET.fromstring(client.get(f"/api/games/{game['id']}/map.svg").data)
    campaigns = [g.get("data-number") for g in root.iter(f"{SVG}g") if g.get("class") == "campaign"]
    assert campaigns == ["5", "9", "11"]
    assert "turn 5" in root.find(f"{SVG}title").text


def test_past_the_head_or_without_a_board_there_is_no_picture(client):
    game = create(client, ["ann", "bob"])
    past = client.get(f"/api/games/{game['id']}/map.svg?at=9")
    assert past.status_code == 400 and past.content_type == PROBLEM
    boardless = client.post("/api/games", json={"kind": "toy", "players": ["a", "b"]}).json
    response = client.get(f"/api/games/{boardless['id']}/map.svg")
    assert response.status_code == 404 and response.content_type == PROBLEM
    assert "has no board to draw" in response.json["detail"]
    assert client.get("/api/games/nosuchgame/map.svg").status_code == 404


def test_the_route_is_in_the_openapi_document(client):
    paths = client.get("/api/openapi.json").json["paths"]
    for form, media_type in (("svg", "image/svg+xml"), ("txt", "text/plain")):
        operation = paths["/api/games/{game_id}/map." + form]["get"]
        assert {"200", "400", "404"} <= set(operation["responses"])
        assert media_type in operation["responses"]["200"]["content"]
        assert [p["name"] for p in operation["parameters"]] == ["at"]
