"""Payday through the API with a real RQ worker: one fcm.nobody_fired from the table's recorder
says that every chain that can pay fires nobody, the worker pays the salaries, and the log
replays and verifies; a chain that cannot pay is still asked on its own, and a player's seat
may not say it for another chain (FCM-PAY-1, FCM-PAY-2)."""

from tests.api.helpers import append
from tests.conftest import wait_for
from tests.games.fcm.test_payday import at_payday
from tests.games.fcm.test_restructuring import ids

NOBODY = {"type": "fcm.nobody_fired", "actor": "admin", "payload": {}}


def at_payday_game(client, **cash):
    state = at_payday(cash=cash).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.json
    return created.json["id"], created.json, state


def log_types(client, game_id):
    return [e["type"] for e in client.get(f"/api/games/{game_id}/events?limit=100").json["items"]]


def test_the_table_records_once_that_nobody_fires_and_the_worker_pays(client, start_worker):
    start_worker()
    game_id, created, _ = at_payday_game(client, ann=100, bob=100)
    waiting = client.get(f"/api/games/{game_id}/next").json
    assert "fcm.nobody_fired" in waiting["types"]
    answer = append(client, game_id, created["token"], NOBODY)
    assert answer.status_code == 201, answer.json
    assert answer.json["pending"] == "payday"
    wait_for(lambda: "fcm.salaries_paid" in log_types(client, game_id))
    assert log_types(client, game_id)[:3] == [
        "fcm.created", "fcm.nobody_fired", "fcm.salaries_paid"
    ]  # fmt: skip
    step = client.get(f"/api/games/{game_id}/replay/2").json
    assert "nobody fired: ann and bob fired nobody" in str(step)
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def test_a_chain_that_cannot_pay_is_still_asked_and_a_seat_says_only_its_own(client):
    """bob owes $5 with $0: nobody_fired covers ann only, which bob's seat may not say for
    her and hers may; then bob is asked on his own, and the table's word is refused."""
    game_id, created, state = at_payday_game(client, ann=100, bob=0)
    refused = append(client, game_id, created["seats"]["bob"], {**NOBODY, "actor": "player:bob"})
    assert refused.status_code == 422 and refused.json["rule"] == "FCM-PAY-1", refused.json
    assert (
        "bob records whom bob fires (“Fired”, an empty list for nobody), and each of ann its own"
        in refused.json["detail"]
    )  # the action by its form's title
    said = append(client, game_id, created["seats"]["ann"], {**NOBODY, "actor": "player:ann"})
    assert said.status_code == 201, said.json
    waiting = client.get(f"/api/games/{game_id}/next").json
    assert waiting["from"] == ["player:bob"] and waiting["types"] == ["fcm.fired"]
    refused = append(client, game_id, created["token"], NOBODY)
    assert refused.status_code == 422 and refused.json["rule"] == "FCM-PAY-2", refused.json
    assert log_types(client, game_id) == ["fcm.created", "fcm.nobody_fired"]
    assert ids(state, "bob", "brand_manager")  # busy, and what bob owes for
