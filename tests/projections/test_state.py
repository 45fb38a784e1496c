"""Folding a log into state at any seq: a retract costs the same at the 100th as at the first,
and a cached state is used only when it proves it was written by tablelog for that seq."""

import json

import pytest

import tests.toygame as toy
from events import keys
from tests.api.helpers import add, append, create_toy, retract

ENOUGH = 2_000  # far more evolves than any of these appends needs; the old fold blew past it


@pytest.fixture
def evolves(monkeypatch):
    """The seqs the toy game's `evolve` is called with, in order."""
    calls = []
    original = toy.evolve

    def counted(state, event):
        calls.append(event["seq"])
        if len(calls) > ENOUGH:
            raise AssertionError("the fold does not end: each retract refolds the ones before")
        return original(state, event)

    monkeypatch.setattr(toy, "evolve", counted)
    return calls


def alternate(client, game_id, token, evolves, rounds):
    """An action then its retract, `rounds` times; the evolves each retract's append cost."""
    costs = []
    for _ in range(rounds):
        added = append(client, game_id, token, add("ann", 1))
        assert added.status_code == 201, added.json
        evolves.clear()
        withdrawn = append(client, game_id, token, retract(added.json["version"]))
        assert withdrawn.status_code == 201, withdrawn.json
        costs.append(len(evolves))
    return costs


def test_the_hundredth_retract_folds_no_more_than_the_first(client, evolves):
    game_id, token = create_toy(client, goal=10**6, tally_every=10**6)
    costs = alternate(client, game_id, token, evolves, 100)
    assert max(costs) <= max(costs[:3])
    state = client.get(f"/api/games/{game_id}/state").json
    assert (state["version"], state["state"]["total"]) == (201, 0)


def test_state_and_replay_among_many_retracts_stay_short(client, evolves):
    game_id, token = create_toy(client, goal=10**6, tally_every=10**6)
    alternate(client, game_id, token, evolves, 60)
    for at in (119, 120, 121):
        evolves.clear()
        answer = client.get(f"/api/games/{game_id}/state?at={at}").json
        assert answer["state"]["total"] == (1 if at == 120 else 0)
        assert len(evolves) <= 12  # at most a snapshot interval (10) away
    evolves.clear()
    steps = client.get(f"/api/games/{game_id}/replay?from=100&to=121").json["steps"]
    assert [s["state"]["total"] for s in steps] == [1, 0] * 11
    assert len(evolves) <= 40


def test_a_retract_of_a_retracted_region_returns_to_the_state_before_it(client):
    game_id, token = create_toy(client, goal=10**6, tally_every=10**6)
    for amount in (1, 2, 3):  # seqs 2, 3, 4
        append(client, game_id, token, add(["ann", "ben"][amount % 2 - 1], amount))
    assert append(client, game_id, token, retract(4)).status_code == 201  # 5: total 3
    assert append(client, game_id, token, retract(3)).status_code == 201  # 6: total 1
    assert append(client, game_id, token, add("ben", 5)).status_code == 201  # 7: total 6
    assert append(client, game_id, token, retract(7)).status_code == 201  # 8: total 1
    totals = [client.get(f"/api/games/{game_id}/state?at={n}").json["state"]["total"]
              for n in range(2, 9)]  # fmt: skip
    assert totals == [1, 3, 6, 3, 1, 6, 1]
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def forge(redis_client, key, change):
    """Rewrite a cached state's JSON in place, keeping whatever seal it carried."""
    raw = redis_client.get(key)
    seal, _, body = raw.partition(b" ")
    record = json.loads(body)
    change(record)
    redis_client.set(key, seal + b" " + json.dumps(record).encode())


def test_a_forged_head_state_is_not_believed_by_reads_appends_or_the_worker(
    client, redis_client, services
):
    game_id, token = create_toy(client, goal=10**6, tally_every=10)
    append(client, game_id, token, add("ann", 4))
    forge(redis_client, keys.head(game_id), lambda r: r["state"].update(total=9))
    assert client.get(f"/api/games/{game_id}/state").json["state"]["total"] == 4
    forge(redis_client, keys.head(game_id), lambda r: r["state"].update(total=9))
    answer = append(client, game_id, token, add("ben", 3))
    assert answer.json["pending"] is None  # 4 + 3: no tally is due, whatever the cache said
    forge(redis_client, keys.head(game_id), lambda r: r["state"].update(total=19))
    assert services.projector.head(game_id).state["total"] == 7


def test_a_forged_snapshot_is_passed_over(client, redis_client, services):
    game_id, token = create_toy(client, goal=10**6, tally_every=10**6)
    for n in range(12):
        append(client, game_id, token, add(["ann", "ben"][n % 2], 1))
    redis_client.delete(keys.head(game_id))
    [(member, score)] = redis_client.zrangebyscore(keys.states(game_id), 10, 10, withscores=True)
    seal, _, body = member.partition(b" ")
    record = json.loads(body)
    record["state"]["total"] = 99
    redis_client.zrem(keys.states(game_id), member)
    redis_client.zadd(keys.states(game_id), {seal + b" " + json.dumps(record).encode(): score})
    verdict = client.get(f"/api/games/{game_id}/verify").json
    assert (verdict["ok"], verdict["first_bad_seq"], verdict["problem"]) == (False, 10, "cache")
    assert client.get(f"/api/games/{game_id}/state?at=11").json["state"]["total"] == 10
    # that long fold sealed the records it passed again, in place of the forged one
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def test_players_added_to_the_meta_cannot_write(client, redis_client):
    game_id, token = create_toy(client)
    redis_client.hset(keys.meta(game_id), "players", json.dumps(["ann", "ben", "mallory"]))
    refused = append(client, game_id, token, add("ann", 1, actor="player:mallory"))
    assert refused.status_code == 400
    assert "mallory" in refused.json["errors"]["actor"][0]


def test_verify_refuses_an_actor_who_is_not_a_player_of_the_creation(client, services):
    game_id, _ = create_toy(client)
    version, head_hash = services.store.head(game_id)
    intruder = {"event_id": "44444444-4444-4444-8444-444444444444", "type": "toy.added",
                "schema_version": 2, "actor": "player:mallory",
                "payload": {"player": "ann", "amount": 1}, "occurred_at": None,
                "caused_by": None}  # fmt: skip
    services.store.append(game_id, [intruder], version, head_hash)
    verdict = client.get(f"/api/games/{game_id}/verify").json
    assert (verdict["ok"], verdict["first_bad_seq"], verdict["problem"]) == (False, 2, "event")
    assert "mallory" in verdict["detail"]


def test_a_changed_event_is_not_served(client, redis_client):
    from tests.replays.test_replay import tamper

    game_id, token = create_toy(client, goal=10**6, tally_every=10**6)
    for n in range(4):
        append(client, game_id, token, add(["ann", "ben"][n % 2], 2))
    tamper(redis_client, game_id, 3, lambda raw: raw.replace(b'"amount":2', b'"amount":9'))
    for path in ("events", "events/3", "state?at=4", "replay/3", "export"):
        answer = client.get(f"/api/games/{game_id}/{path}")
        assert answer.status_code == 500 and answer.json["seq"] == 3, path
    tamper(redis_client, game_id, 5, lambda raw: raw.replace(b'"amount":2', b'"amount":9'))
    refused = append(client, game_id, token, add("ann", 1))
    assert refused.status_code == 500 and refused.json["seq"] == 5
    assert client.get(f"/api/games/{game_id}").json["version"] == 5


def test_a_forged_withdrawal_is_not_shown_and_verify_names_it(client, redis_client):
    game_id, token = create_toy(client, goal=10**6, tally_every=10**6)
    append(client, game_id, token, add("ann", 1))
    append(client, game_id, token, add("ben", 1))
    append(client, game_id, token, retract(3))  # seq 4
    assert client.get(f"/api/games/{game_id}/events/3").json["withdrawn_by"] == 4
    [member] = redis_client.zrange(keys.withdrawals(game_id), 0, -1)
    seal, _, _ = member.partition(b" ")
    redis_client.zrem(keys.withdrawals(game_id), member)
    redis_client.zadd(keys.withdrawals(game_id), {seal + b" 2:4": 4})  # says seq 2 went too
    assert client.get(f"/api/games/{game_id}/events/2").json["withdrawn_by"] is None
    verdict = client.get(f"/api/games/{game_id}/verify").json
    assert (verdict["ok"], verdict["first_bad_seq"], verdict["problem"]) == (False, 4, "cache")


def test_states_cached_under_other_rules_are_passed_over(client, settings, monkeypatch):
    """A change of a game's code or data changes the key cached states are sealed under:
    a state cached by older rules may lack what the new rules keep."""
    from projections import services as services_module

    game_id, token = create_toy(client, goal=10**6, tally_every=10**6)
    append(client, game_id, token, add("ann", 3))
    same = services_module.Services(settings).projector
    assert same.seal.open(game_id, same.redis.get(keys.head(game_id))) is not None
    monkeypatch.setattr(services_module, "rules_fingerprint", lambda games: b"other rules")
    newer = services_module.Services(settings).projector
    assert newer.seal.open(game_id, newer.redis.get(keys.head(game_id))) is None
    assert newer.head(game_id).state["total"] == 3


def test_a_sealed_record_opens_to_the_same_state_whichever_json_wrote_it(services):
    """orjson writes a record; json where orjson refuses (an int past 64 bits), and opening
    reads both with json, so that int stays exact."""
    from projections.state import Record

    for state in ({"name": "é😀", "n": 2**63 - 1, "half": 0.5, "none": None},
                  {"big": 2**64, "nested": [{"x": -(2**70)}]}):  # fmt: skip
        record = Record(7, "ab" * 32, ["ann"], state)
        opened = services.projector.seal.open("g1", services.projector.seal.seal("g1", record))
        assert opened == record


def test_the_head_record_is_written_every_few_seqs_and_a_head_read_folds_the_rest(
    client, redis_client, services, evolves
):
    """Not every append writes the whole state: the record near the head is at the last
    multiple of HEAD_EVERY, and a head read folds the events after it from the same round
    trip, to the state a fold of the whole log gives."""
    from projections.state import HEAD_EVERY

    game_id, token = create_toy(client, goal=10**6, tally_every=10**6)
    for n in range(HEAD_EVERY + 2):  # the log ends at seq HEAD_EVERY + 3
        append(client, game_id, token, add(["ann", "ben"][n % 2], 1))
    seal = services.projector.seal
    assert seal.open(game_id, redis_client.get(keys.head(game_id))).seq == HEAD_EVERY
    evolves.clear()
    head = services.projector.head(game_id)
    assert (head.version, head.state["total"]) == (HEAD_EVERY + 3, HEAD_EVERY + 2)
    assert evolves == [HEAD_EVERY + 1, HEAD_EVERY + 2, HEAD_EVERY + 3]
    redis_client.delete(keys.head(game_id))
    assert services.projector.head(game_id).record == head.record
