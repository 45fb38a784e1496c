"""The recompute check of verify: every automatic phase the worker resolved is resolved again
by today's rules from the state before it and compared with what the worker recorded; and the
rules a game was recorded under are named when they are not today's."""

import copy
import json

import pytest

from events import keys
from events.envelope import canonical, envelope_hash
from tests.api.helpers import add, append, create_toy, retract
from tests.conftest import wait_for
from tests.games.fcm.recorded_play import recorded_walk
from tests.replays.test_import import rechained
from tests.scenarios.recorded_table import RecordedTable
from workers.jobs import resolve_pending


def verified(client, game_id) -> dict:
    return client.get(f"/api/games/{game_id}/verify").json


def events_of(client, game_id) -> list[dict]:
    return client.get(f"/api/games/{game_id}/events?limit=1000").json["items"]


def forge(redis_client, game_id: str, seq: int, change) -> None:
    """Event `seq` changed by `change(envelope)`, it and every later event re-hashed and the
    meta's head hash set, the cached states dropped: what someone with Redis access can do."""
    stream = keys.events(game_id)
    entries = redis_client.xrange(stream)
    redis_client.delete(stream)
    prev = None
    for entry_id, fields in entries:
        envelope = json.loads(fields[b"e"])
        if envelope["seq"] == seq:
            change(envelope)
        if envelope["seq"] >= seq:
            envelope["prev_hash"] = prev
            envelope["hash"] = envelope_hash(envelope)
        prev = envelope["hash"]
        redis_client.xadd(stream, {b"e": canonical(envelope)}, id=entry_id)
    redis_client.hset(keys.meta(game_id), "head_hash", prev)
    redis_client.delete(keys.head(game_id), keys.states(game_id))


def test_burn_rate_turn_ends_written_by_a_worker_recompute_as_recorded(client, start_worker):
    from tests.games.burnrate import test_rulebook_examples as examples

    start_worker()
    RecordedTable.client = client
    try:
        table = examples.joe_with_two_bad_ideas(RecordedTable)
    finally:
        RecordedTable.client = None
    assert len(table.derived) >= 6  # two turns' ends: salaries, contractors, cards, next turn
    verdict = verified(client, table.game_id)
    assert verdict["ok"] is True, verdict
    assert verdict["recompute"] == {"ok": True, "derived": len(table.derived),
                                    "through": verdict["version"]}  # fmt: skip
    assert verdict["rules"]["same"] is True and verdict["rules"]["recorded"]["version"] == "0.1.0"


def fcm_positions() -> dict:
    """Declared positions from which the worker resolves each of FCM's automatic phases."""
    from tests.games.fcm.test_campaigns import at_marketing
    from tests.games.fcm.test_payday import at_payday
    from tests.scenarios.test_fcm import worked_example_position

    return {
        "dinnertime, cleanup": worked_example_position(),
        "payday, campaigns, cleanup": at_payday(cash={"ann": 50, "bob": 50}).state,
        "campaigns, cleanup": at_marketing().state,
    }


def create_fcm(client, position) -> dict:
    players = position["players"]
    body = {"kind": "fcm", "players": players, "options": {"position": position}}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json
    return response.json


def settled(client, game_id) -> dict:
    return wait_for(lambda: (s := client.get(f"/api/games/{game_id}").json)["pending"] is None
                    and s["awaiting"]["from"] and s, timeout=30)  # fmt: skip


def test_fcm_phases_written_by_a_worker_recompute_as_recorded(client, start_worker):
    """Dinnertime, payday, the campaigns and cleanup, each from a declared position."""
    start_worker()
    games = {name: create_fcm(client, position) for name, position in fcm_positions().items()}
    payday = games["payday, campaigns, cleanup"]
    for player in ("ann", "bob"):
        body = {"type": "fcm.fired", "actor": f"player:{player}",
                "payload": {"player": player, "cards": []}}  # fmt: skip
        assert append(client, payday["id"], payday["token"], body).status_code == 201
    phases = set()
    for game in games.values():
        settled(client, game["id"])
        derived = [e for e in events_of(client, game["id"]) if e["actor"].startswith("system:")]
        phases |= {e["actor"] for e in derived}
        verdict = verified(client, game["id"])
        assert verdict["ok"] is True, verdict
        assert verdict["recompute"]["ok"] is True and verdict["recompute"]["derived"] == len(
            derived
        )
    assert phases == {"system:dinnertime", "system:payday", "system:marketing", "system:cleanup"}


def test_an_explanation_rewritten_in_redis_is_caught_by_the_recompute_naming_its_seq(
    client, start_worker, redis_client
):
    """The house's winner and income fold as before (the fold re-serves the house); only the
    sentence saying why was changed, and every hash after it recomputed."""
    from tests.scenarios.test_fcm import worked_example_position

    start_worker()
    game = create_fcm(client, worked_example_position())
    settled(client, game["id"])
    [five] = [e for e in events_of(client, game["id"])
              if e["type"] == "fcm.house_served" and e["payload"]["house"] == 5]  # fmt: skip
    why = five["payload"]["explanation"]["decided_by"]

    def reworded(envelope):
        envelope["payload"]["explanation"]["decided_by"] = "red's restaurant was closer"

    forge(redis_client, game["id"], five["seq"], reworded)
    verdict = verified(client, game["id"])
    assert verdict["problem"] == "recompute" and verdict["ok"] is False
    assert verdict["first_bad_seq"] == five["seq"] and verdict["checked"] == five["seq"] - 1
    recompute = verdict["recompute"]
    assert recompute["seq"] == five["seq"] and recompute["phase"] == "dinnertime"
    path = "/payload/explanation/decided_by"
    assert recompute["patch"] == [{"op": "replace", "path": path, "value": why}]
    assert recompute["recorded"]["payload"]["explanation"]["decided_by"] != why
    assert recompute["today"]["payload"]["explanation"]["decided_by"] == why
    assert f"seq {five['seq']}, fcm.house_served: {path} recorded" in verdict["detail"]
    assert "red's restaurant was closer" in verdict["detail"]
    assert verdict["detail"] == recompute["detail"]
    state = client.get(f"/api/games/{game['id']}/state").json["state"]
    assert state["chains"]["yellow"]["cash"] == 39  # the fold alone does not see it


def tallied_toy(client, services) -> tuple[str, str]:
    """ann 9, ben 2, the tally (seq 4, caused by 3), ann 9, the tally (6), by the worker's job."""
    game_id, token = create_toy(client, goal=1000, tally_every=10)
    append(client, game_id, token, add("ann", 9))
    append(client, game_id, token, add("ben", 2))
    resolve_pending(services, game_id)
    append(client, game_id, token, add("ann", 9))
    resolve_pending(services, game_id)
    return game_id, token


def test_phases_after_retracts_are_recomputed_from_the_state_the_retract_returns_to(
    client, services
):
    game_id, token = tallied_toy(client, services)
    assert append(client, game_id, token, retract(5)).status_code == 201  # withdraws 5 and 6
    append(client, game_id, token, add("ann", 9))  # 20 again: a tally at 9, previous 11
    resolve_pending(services, game_id)
    append(client, game_id, token, add("ben", 1))
    assert append(client, game_id, token, retract(10)).status_code == 201
    append(client, game_id, token, add("ben", 9))  # 29, not 30; then 34: a tally at 14
    append(client, game_id, token, add("ann", 5))
    resolve_pending(services, game_id)
    log = events_of(client, game_id)
    tallies = [e for e in log if e["type"] == "toy.tallied"]
    assert [(e["seq"], e["payload"]["total"]) for e in tallies] == [(4, 11), (6, 20), (9, 20),
                                                                     (14, 34)]  # fmt: skip
    verdict = verified(client, game_id)
    assert verdict["ok"] is True and verdict["recompute"] == {"ok": True, "derived": 4,
                                                              "through": 14}  # fmt: skip


def exported(client, game_id) -> list[dict]:
    return [json.loads(line) for line in client.get(f"/api/games/{game_id}/export").data.split()]


def imported(client, log) -> str:
    response = client.post("/api/games/import", data=rechained(log))
    assert response.status_code == 201, response.json
    return response.json["id"]


OTHER_RULES = {"version": "0.0.9", "digest": "ab" * 32}


def test_a_game_recorded_under_other_rules_says_so_and_where_today_s_decide_otherwise(
    client, services
):
    game_id, _ = tallied_toy(client, services)
    log = exported(client, game_id)
    log[0]["payload"]["rules"] = OTHER_RULES
    same_decisions = verified(client, imported(client, log))
    assert same_decisions["ok"] is True and same_decisions["recompute"]["ok"] is True
    today = verified(client, game_id)["rules"]["recorded"]
    assert same_decisions["rules"] == {"recorded": OTHER_RULES, "today": today, "same": False}

    older = copy.deepcopy(log)
    older[5]["payload"]["explanation"] = {"total": 20, "previous": 11}  # no "every" back then
    verdict = verified(client, imported(client, older))
    assert verdict["ok"] is True and verdict["problem"] is None
    assert verdict["recompute"]["ok"] is False and verdict["recompute"]["seq"] == 6
    assert verdict["recompute"]["patch"] == [
        {"op": "add", "path": "/payload/explanation/every", "value": 10}
    ]
    detail = verdict["recompute"]["detail"]
    assert detail.startswith("recorded under tablelog 0.0.9, toy rules abababababab; today's "
                             "rules (tablelog 0.1.0, toy rules ")  # fmt: skip
    assert detail.endswith(
        "would have decided differently at seq 6, toy.tallied: "
        "/payload/explanation/every would be 10 (recorded without it)"
    )


def test_an_imported_log_under_today_s_rules_with_a_tally_the_rules_would_not_write_fails(
    client, services
):
    """An import is audited (the fold accepts any tally total); verify recomputes it."""
    game_id, _ = tallied_toy(client, services)
    log = exported(client, game_id)
    log[3]["payload"]["total"] = 12
    log[3]["payload"]["explanation"]["total"] = 12
    verdict = verified(client, imported(client, log))
    assert (verdict["ok"], verdict["problem"], verdict["first_bad_seq"]) == (False, "recompute", 4)
    assert len(verdict["recompute"]["patch"]) == 2
    assert verdict["detail"].startswith("the worker's events are not what the rules the game was")


@pytest.mark.parametrize(
    ("forged", "seq", "words"),
    [
        ({"caused_by": 2}, 4, "seq 4, toy.tallied: /caused_by recorded 2, today 3"),
        ({"actor": "system:count"}, 6, '/actor recorded "system:count", today "system:tally"'),
    ],
)
def test_derived_events_the_worker_would_not_have_written_are_named(
    client, services, redis_client, forged, seq, words
):
    """Changes the fold does not see: who wrote a tally, and what caused it."""
    game_id, _ = tallied_toy(client, services)
    forge(redis_client, game_id, seq, lambda envelope: envelope.update(forged))
    verdict = verified(client, game_id)
    assert (verdict["first_bad_seq"], verdict["problem"]) == (seq, "recompute"), verdict
    assert words in verdict["detail"]


def test_a_log_that_does_not_hold_is_not_recomputed_past_where_it_stops(
    client, services, redis_client
):
    from tests.replays.test_replay import tamper

    game_id, _ = tallied_toy(client, services)
    tamper(redis_client, game_id, 5, lambda raw: raw.replace(b'"amount":9', b'"amount":8'))
    verdict = verified(client, game_id)
    assert (verdict["ok"], verdict["problem"], verdict["first_bad_seq"]) == (False, "hash", 5)
    assert verdict["recompute"] == {"ok": None, "derived": 0, "through": 0}
    assert verdict["rules"] == {"recorded": None, "today": None, "same": None}
    forge(redis_client, game_id, 5, lambda envelope: envelope["payload"].update(amount=1))
    verdict = verified(client, game_id)  # 9 + 2 + 1 is 12: no tally is due at 6, the fold says
    assert (verdict["problem"], verdict["first_bad_seq"]) == ("fold", 6)
    assert verdict["recompute"] == {"ok": None, "derived": 1, "through": 5}
    assert verdict["rules"]["same"] is True


def test_a_five_player_fcm_game_walked_to_turn_six_recomputes_every_phase_as_recorded(
    client, services, redis_client
):
    """A seeded random game recorded as the table and the worker record it
    (tests/games/fcm/recorded_play.py). Verify folds most states in place; those the recompute
    reads, before each of the worker's batches, stay as they were: every phase resolves again
    as recorded, and a late dinnertime explanation changed in Redis is still found."""
    game_id, walked = recorded_walk(services, 19, 6)  # five players, houses served by turn 5
    verdict = verified(client, game_id)
    assert walked.turns == 6 and verdict["ok"] is True, verdict
    derived = [e for e in events_of(client, game_id) if e["actor"].startswith("system:")]
    assert verdict["recompute"] == {"ok": True, "derived": len(derived),
                                    "through": verdict["version"]}  # fmt: skip
    served = [e for e in derived if e["type"] == "fcm.house_served"][-1]

    def reworded(envelope):
        envelope["payload"]["explanation"]["decided_by"] = "the table agreed"

    forge(redis_client, game_id, served["seq"], reworded)
    verdict = verified(client, game_id)
    assert verdict["problem"] == "recompute" and verdict["first_bad_seq"] == served["seq"]
    assert verdict["recompute"]["patch"][0]["path"] == "/payload/explanation/decided_by"
