"""GET /api/fcm/tiles and each tile's pictures: a table finds the tiles it laid by looking."""

import xml.etree.ElementTree as ET

import pytest

import games.fcm
from projections.rules import rules_of

PROBLEM = "application/problem+json"


def test_the_list_names_every_tile_with_what_is_seen_in_each_turn(client):
    response = client.get("/api/fcm/tiles")
    assert response.status_code == 200 and response.content_type == "application/json"
    body = response.json
    assert body["kind"] == "fcm"
    assert [tile["tile"] for tile in body["tiles"]] == [chr(ord("A") + i) for i in range(20)]
    tile_e = next(tile for tile in body["tiles"] if tile["tile"] == "E")
    assert tile_e["houses"] == [8] and tile_e["drinks"] == ["beer"]
    quarter = tile_e["rotations"][1]
    assert quarter == {
        "rotation": 90,
        "grid": ["..###", "...B#", "#HH.#", "#HH..", "###.."],
        "exits": {"N": True, "E": True, "S": True, "W": True},
        "roads": [["N", "E"], ["S", "W"]],
        "houses": [{"number": 8, "top_left": [2, 1], "squares": [[2, 1], [2, 2], [3, 1], [3, 2]]}],
        "drinks": [{"drink": "beer", "square": [1, 3]}],
        "bridges": [],
        "pictures": {
            "svg": "/api/fcm/tiles/E.svg?rotation=90",
            "txt": "/api/fcm/tiles/E.txt?rotation=90",
        },
    }


def test_every_picture_link_answers(client):
    for tile in client.get("/api/fcm/tiles").json["tiles"]:
        for turn in tile["rotations"]:
            svg = client.get(turn["pictures"]["svg"])
            assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
            ET.fromstring(svg.data)
            txt = client.get(turn["pictures"]["txt"])
            assert txt.status_code == 200 and txt.mimetype == "text/plain"


def test_a_tile_as_svg_and_as_text(client):
    svg = client.get("/api/fcm/tiles/G.svg?rotation=90")
    assert svg.status_code == 200 and svg.content_type == "image/svg+xml; charset=utf-8"
    assert "Tile G, rotation 90° clockwise" in svg.text and 'class="bridge"' in svg.text
    assert svg.headers["Cache-Control"] == "public, no-cache"
    assert svg.headers["ETag"] == f'"{rules_of(games.fcm)["digest"][:16]}"'
    held = client.get(
        "/api/fcm/tiles/G.svg?rotation=90", headers={"If-None-Match": svg.headers["ETag"]}
    )
    assert held.status_code == 304 and held.headers["ETag"] == svg.headers["ETag"]
    text = client.get("/api/fcm/tiles/G.txt?rotation=90")
    assert text.status_code == 200 and text.content_type == "text/plain; charset=utf-8"
    assert text.text.startswith("Tile G, rotation 90° clockwise\n")
    assert "━┃━" in text.text
    unturned = client.get("/api/fcm/tiles/G.txt")
    assert unturned.text.startswith("Tile G, rotation 0°\n")


@pytest.mark.parametrize("form", ["svg", "txt"])
def test_an_unknown_tile_is_not_found(client, form):
    response = client.get(f"/api/fcm/tiles/Z.{form}?rotation=90")
    assert response.status_code == 404 and response.content_type == PROBLEM
    assert "no tile Z" in response.json["detail"]


@pytest.mark.parametrize("rotation", ["45", "360", "-90", "quarter"])
def test_an_unknown_rotation_is_a_bad_request(client, rotation):
    response = client.get(f"/api/fcm/tiles/E.svg?rotation={rotation}")
    assert response.status_code == 400 and response.content_type == PROBLEM
    assert list(response.json["errors"]) == ["rotation"]


def test_a_game_without_tiles_has_none_to_show(client):
    for kind, words in (("burnrate", "has no map tiles"), ("chess", "no game kind chess")):
        response = client.get(f"/api/{kind}/tiles")
        assert response.status_code == 404 and response.content_type == PROBLEM
        assert words in response.json["detail"]
        assert client.get(f"/api/{kind}/tiles/A.svg").status_code == 404


def test_the_routes_are_in_the_openapi_document(client):
    paths = client.get("/api/openapi.json").json["paths"]
    tiles = paths["/api/{kind}/tiles"]["get"]
    assert {"200", "404"} <= set(tiles["responses"])
    for form, media_type in (("svg", "image/svg+xml"), ("txt", "text/plain")):
        operation = paths["/api/{kind}/tiles/{tile}." + form]["get"]
        assert {"200", "400", "404"} <= set(operation["responses"])
        assert media_type in operation["responses"]["200"]["content"]
        assert [p["name"] for p in operation["parameters"]] == ["rotation"]
