"""The rules version a creation event carries: written by the service, hidden from the game,
checked on import, and absent from logs written before it was kept."""

import json
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
from marshmallow import Schema, fields

from events.registry import EventType, EventTypeRegistry
from games import GameRegistry
from projections.rules import package_version, rules_of
from tests.api.helpers import add, append, create_toy
from tests.replays.test_import import rechained

ROOT = Path(__file__).resolve().parents[2]


def exported(client, game_id) -> list[dict]:
    return [json.loads(line) for line in client.get(f"/api/games/{game_id}/export").data.split()]


def test_a_new_game_records_tablelog_s_version_and_its_game_s_digest(client, services):
    game_id, _ = create_toy(client)
    created = client.get(f"/api/games/{game_id}/events/1").json["payload"]
    toy = services.games.get("toy")
    assert created["rules"] == rules_of(toy) == {"version": package_version(),
                                                  "digest": rules_of(toy)["digest"]}  # fmt: skip
    assert package_version() == "0.1.0"
    assert rules_of(services.games.get("fcm")) != rules_of(services.games.get("burnrate"))
    assert "rules" not in client.get(f"/api/games/{game_id}/state").json["state"]["options"]


def test_a_log_from_before_the_rules_were_kept_still_imports_and_verifies(client):
    game_id, token = create_toy(client, tally_every=1000)
    append(client, game_id, token, add("ann", 3))
    log = exported(client, game_id)
    del log[0]["payload"]["rules"]
    imported = client.post("/api/games/import", data=rechained(log))
    assert imported.status_code == 201, imported.json
    verdict = client.get(f"/api/games/{imported.json['id']}/verify").json
    assert verdict["ok"] is True and verdict["recompute"]["ok"] is True
    assert verdict["rules"]["recorded"] is None and verdict["rules"]["same"] is False


@pytest.mark.parametrize(
    "rules",
    [
        "0.1.0",
        {"version": "0.1.0"},
        {"version": "", "digest": "0" * 64},
        {"version": "0.1.0", "digest": "xyz"},
        {"version": "0.1.0", "digest": "0" * 64, "by": "me"},
    ],  # fmt: skip
)
def test_an_import_whose_creation_names_rules_of_another_form_is_refused_at_line_1(client, rules):
    game_id, _ = create_toy(client)
    log = exported(client, game_id)
    log[0]["payload"]["rules"] = rules
    refused = client.post("/api/games/import", data=rechained(log))
    assert refused.status_code == 400
    assert "rules" in refused.json["errors"]["line 1"]["payload"]


def test_a_game_whose_creation_schema_has_a_rules_field_is_not_loaded(monkeypatch):
    class Created(Schema):
        players = fields.List(fields.String())
        rules = fields.String()

    game = types.ModuleType("rulesgame")
    game.KIND, game.EVENT_TYPES = "rulesgame", [EventType("rulesgame.created", Created)]
    for name in ("initial", "evolve", "pending", "resolve", "finished", "awaiting"):
        setattr(game, name, lambda *args: None)
    monkeypatch.setitem(sys.modules, "rulesgame", game)
    with pytest.raises(TypeError, match="may not have a field 'rules'"):
        GameRegistry(["rulesgame"], EventTypeRegistry())


DIGEST_OF_FCM = (
    "import games.fcm; from projections.rules import rules_of; print(rules_of(games.fcm)['digest'])"
)


def fcm_digest(root) -> str:
    command = [sys.executable, "-c", DIGEST_OF_FCM]
    env = {"PYTHONPATH": str(root)}
    done = subprocess.run(command, cwd=root, env=env, check=True, capture_output=True, text=True)
    return done.stdout.strip()


@pytest.mark.parametrize(
    "changed", ["games/sealed.py", "games/actors.py", "events/registry.py", "events/append.lua",
                "games/fcm/data/__init__.py", "games/fcm/map/board_picture.py"],
)  # fmt: skip
def test_a_change_to_what_decides_a_game_s_rules_changes_its_digest(tmp_path, changed):
    """The game's own package, and what every game's rules are made with: the shared rule
    helpers of games/ and the events' envelope, schemas and retract of events/."""
    for folder in ("games", "events", "projections"):
        shutil.copytree(ROOT / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    before = fcm_digest(tmp_path)
    with open(tmp_path / changed, "a") as source:
        source.write("\n")
    assert fcm_digest(tmp_path) != before
