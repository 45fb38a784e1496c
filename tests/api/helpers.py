"""Calls a client makes, written once: create a toy game, record an action with its token."""

import uuid


def create_toy(client, players=("ann", "ben"), **options) -> tuple[str, str]:
    response = client.post(
        "/api/games", json={"kind": "toy", "players": list(players), "options": options}
    )
    assert response.status_code == 201, response.json
    return response.json["id"], response.json["token"]


def add(player: str, amount: int, **extra) -> dict:
    return {
        "type": "toy.added",
        "actor": f"player:{player}",
        "payload": {"player": player, "amount": amount},
        **extra,
    }


def append(client, game_id, token, body, headers=None):
    headers = {"Authorization": f"Bearer {token}", **(headers or {})}
    return client.post(f"/api/games/{game_id}/events", json=body, headers=headers)


def new_id() -> str:
    return str(uuid.uuid4())


def retract(seq: int, actor: str = "admin", reason: str = "") -> dict:
    return {"type": "retract", "actor": actor, "payload": {"seq": seq, "reason": reason}}
