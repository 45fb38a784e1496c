"""GET /api/games/<id>/seats/me: the seat a write token opens, for a device to check a token
before it keeps it. A read: it writes nothing, and a refused token is counted as an append's."""

from tests.api.helpers import add, append
from tests.api.test_limits import assert_limited, limited_client
from tests.api.test_seats import create, version


def seat_of(client, game_id, token):
    return client.get(f"/api/games/{game_id}/seats/me",
                      headers={"Authorization": f"Bearer {token}"})  # fmt: skip


def test_each_token_answers_its_own_seat(client):
    game = create(client)
    assert seat_of(client, game["id"], game["token"]).json == {"game": game["id"], "seat": "table"}
    for player, token in game["seats"].items():
        answer = seat_of(client, game["id"], token)
        assert answer.status_code == 200 and answer.json["seat"] == player
        assert answer.headers["Cache-Control"] == "no-store"
    assert version(client, game) == 1  # nothing written


def test_no_token_is_a_401_and_a_token_of_no_seat_a_403(client):
    game, other = create(client), create(client)
    missing = client.get(f"/api/games/{game['id']}/seats/me")
    assert missing.status_code == 401 and missing.json["type"] == "/problems/unauthorized"
    assert missing.headers["WWW-Authenticate"].lower().startswith("bearer")
    foreign = seat_of(client, game["id"], other["token"])
    assert foreign.status_code == 403 and foreign.json["type"] == "/problems/forbidden"
    assert foreign.json["detail"] == "this is not a write token of this game"


def test_an_unknown_game_is_a_404(client):
    answer = seat_of(client, "01J00000000000000000000000", "any token")
    assert answer.status_code == 404 and answer.json["type"].startswith("/problems/")


def test_a_replaced_token_opens_no_seat_and_its_replacement_opens_it(client):
    game = create(client)
    old = game["seats"]["ann"]
    table = {"Authorization": f"Bearer {game['token']}"}
    new = client.post(f"/api/games/{game['id']}/seats/ann/token", headers=table).json["token"]
    assert seat_of(client, game["id"], old).status_code == 403
    assert seat_of(client, game["id"], new).json["seat"] == "ann"
    assert append(client, game["id"], new, add("ann", 2)).status_code == 201


def test_refused_tokens_count_against_the_address_as_an_append_s_do(settings):
    """Past the limit of failed authentications a guess is a 429, not an answer, and a failed
    append counts toward the same limit."""
    client = limited_client(settings, rate_limit_auth_failures="2/minute")
    game = create(client)
    assert seat_of(client, game["id"], "guess").status_code == 403
    assert append(client, game["id"], "guess", add("ann", 1)).status_code == 403
    assert_limited(seat_of(client, game["id"], "guess"))
    assert seat_of(client, game["id"], game["token"]).status_code == 200  # never held back
