"""Calls a client makes, written once: create a toy game, record an action with its token,
read a live stream as an EventSource does."""

import json
import uuid

from app.api import stream


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


class Reader:
    """An open stream: `next()` is its next message as {"id", "event", "data"} (`comment`
    for a comment), as an EventSource would parse it."""

    def __init__(self, client, path, headers=None):
        self.response = client.get(path, headers=headers or {}, buffered=False)
        assert self.response.status_code == 200, self.response.data
        self.chunks = iter(self.response.response)
        opening = self.next()
        assert opening["retry"] == str(stream.RECONNECT_MS)

    def next(self) -> dict:
        fields = {}
        for line in next(self.chunks).decode().removesuffix("\n\n").split("\n"):
            name, _, value = line.partition(":")
            fields[name or "comment"] = value.removeprefix(" ")
        if "data" in fields:
            fields["data"] = json.loads(fields["data"])
        return fields

    def next_event(self) -> dict:
        """The next message that is not a heartbeat."""
        while (message := self.next()).get("comment") == "heartbeat":
            pass
        return message

    def close(self):
        self.response.close()
