"""The OpenAPI document as another tool reads it: valid against the OpenAPI 3.0 schema
(openapi-spec-validator), and whole enough for a real generator (openapi-python-client)
to make a client that creates a game and records an event on the running service (#20)."""

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from openapi_spec_validator import validate

from app import create_app
from tests.pages.live import LiveServer

GENERATOR = Path(sys.executable).with_name("openapi-python-client")


def test_the_served_document_is_valid_openapi(client):
    validate(client.get("/api/openapi.json").json)


@pytest.fixture
def served(settings):
    server = LiveServer(create_app({"TESTING": True, "TABLELOG_SETTINGS": settings}))
    yield server
    server.stop()


def generated_client(spec: dict, folder: Path):
    """The package openapi-python-client makes of `spec`, imported."""
    (folder / "openapi.json").write_text(json.dumps(spec))
    made = subprocess.run(
        [GENERATOR, "generate", "--path", folder / "openapi.json", "--meta", "none",
         "--output-path", folder / "tablelog_client"],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "PATH": f"{GENERATOR.parent}{os.pathsep}{os.environ['PATH']}"},
    )  # fmt: skip
    said = made.stdout + made.stderr
    assert made.returncode == 0, said
    # all it leaves out: the SVG pictures (the map, the chart), a content type this generator
    # does not parse
    pictures = [
        response
        for item in spec["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
        if "image/svg+xml" in response.get("content", {})
    ]
    left_out = [line for line in said.splitlines() if line.startswith("Cannot parse")]
    assert len(left_out) == len(pictures) >= 2, said
    assert all("Unsupported content_type image/svg+xml" in line for line in left_out), said
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module("tablelog_client")
    finally:
        sys.path.remove(str(folder))


def test_a_generated_client_creates_a_game_and_records_an_event(client, served, tmp_path):
    api = generated_client(client.get("/api/openapi.json").json, tmp_path)
    create = importlib.import_module("tablelog_client.api.games.post_api_games")
    append = importlib.import_module("tablelog_client.api.log.post_api_games_game_id_events")
    models = importlib.import_module("tablelog_client.models")
    anonymous = api.Client(base_url=served.url)
    body = models.GameCreate.from_dict(
        {"kind": "toy", "players": ["ann", "ben"], "options": {"tally_every": 100}}
    )
    made = create.sync_detailed(client=anonymous, body=body)
    assert made.status_code == 201, made.content
    game = json.loads(made.content)
    seated = api.AuthenticatedClient(base_url=served.url, token=game["token"])
    event = {"type": "toy.added", "actor": "player:ann", "payload": {"player": "ann", "amount": 3}}
    recorded = append.sync_detailed(
        game["id"], client=seated, body=models.AppendIn.from_dict(event)
    )
    assert recorded.status_code == 201, recorded.content
    assert client.get(f"/api/games/{game['id']}/state").json["state"]["total"] == 3
    # a tool, with its key: a webhook registered, the feed read, each answer parsed
    _, key = client.application.extensions["tablelog"].tool_keys.create(
        "league", ["feed:read", "webhooks:write"]
    )
    tool = api.AuthenticatedClient(base_url=served.url, token=key)
    register = importlib.import_module("tablelog_client.api.webhooks.post_api_webhooks")
    read_feed = importlib.import_module("tablelog_client.api.feed.get_api_feed")
    hook = {"url": "https://1.1.1.1/tablelog", "start": "start", "filters": {"kind": ["toy"]}}
    registered = register.sync_detailed(client=tool, body=models.WebhookIn.from_dict(hook))
    assert registered.status_code == 201, registered.content
    assert registered.parsed.secret.startswith("whsec_") and registered.parsed.status == "enabled"
    page = read_feed.sync_detailed(client=tool, limit=10, game=[game["id"]])
    assert page.status_code == 200, page.content
    assert [(e.game, e.seq, e.type_) for e in page.parsed.entries] == [
        (game["id"], 1, "toy.created"), (game["id"], 2, "toy.added")]  # fmt: skip
    assert page.parsed.entries[1].event.payload["amount"] == 3
