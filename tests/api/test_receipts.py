"""Receipts through the API: every accepted append answers one per event, `GET /api/keys`
publishes the keys, `POST .../receipts/check` holds a kept receipt against the log, and a log
rewritten inside Redis, hashes and all, no longer matches the receipts players kept."""

import dataclasses
import json
import stat

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from events import keys, receipts
from events.envelope import GENESIS, body_digest, chain_break, envelope_hash
from tests.api.helpers import add, append, create_toy, new_id


@pytest.fixture
def keyed_app(settings, tmp_path):
    """An app with a key directory of its own, so rotating it touches no other test."""
    from app import create_app

    own = dataclasses.replace(settings, receipt_key_dir=str(tmp_path / "receipt-keys"))
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": own})


def played(client, moves=4):
    """A toy game with `moves` additions, and the answer of each append."""
    game_id, token = create_toy(client, goal=1000, tally_every=1000)
    answers = []
    for move in range(moves):
        player = ("ann", "ben")[move % 2]
        answer = append(client, game_id, token, add(player, move % 9 + 1))
        assert answer.status_code == 201, answer.json
        answers.append(answer.json)
    return game_id, token, answers


def check(client, game_id, receipt):
    return client.post(f"/api/games/{game_id}/receipts/check", json=receipt)


def published(client) -> dict[str, bytes]:
    return receipts.public_keys(client.get("/api/keys").json)


def test_an_append_answers_a_receipt_for_each_event_naming_the_appends_head(client):
    game_id, token = create_toy(client)
    answer = append(client, game_id, token, {"events": [add("ann", 1), add("ben", 2)]})
    assert answer.status_code == 201
    events, signed = answer.json["events"], answer.json["receipts"]
    assert [(r["seq"], r["event_hash"]) for r in signed] == [(e["seq"], e["hash"]) for e in events]
    assert {(r["head_seq"], r["head_hash"]) for r in signed} == {(3, events[-1]["hash"])}
    assert {r["game"] for r in signed} == {game_id}
    [key] = client.get("/api/keys").json["keys"]
    assert {r["key_id"] for r in signed} == {key["id"]}
    for receipt in signed:
        assert check(client, game_id, receipt).json == {
            "valid": True,
            "problem": None,
            "reason": f"signed by key {key['id']}; the log holds this event at seq "
            f"{receipt['seq']}, chained to the head at seq 3",
        }


def test_a_retried_append_answers_the_same_receipt_again(client):
    game_id, token = create_toy(client)
    body = add("ann", 4, event_id=new_id())
    first = append(client, game_id, token, body)
    append(client, game_id, token, add("ben", 1))
    retried = append(client, game_id, token, body)
    assert (first.status_code, retried.status_code) == (201, 200)
    assert retried.json["duplicate"] is True
    assert retried.json["receipts"] == first.json["receipts"]


def test_the_keys_are_published_with_their_ids_and_status(client):
    listing = client.get("/api/keys").json
    assert listing["format"] == "tablelog-receipt-v1"
    [key] = listing["keys"]
    assert key["algorithm"] == "Ed25519" and key["status"] == "current"
    assert key["retired_at"] is None
    assert key["id"] == receipts.key_id(bytes.fromhex(key["public_key"]))


def test_a_client_checks_its_receipts_offline_with_the_keys_and_the_export(client):
    game_id, _, answers = played(client)
    kept = answers[1]["receipts"][0]
    export = client.get(f"/api/games/{game_id}/export").data
    log = [json.loads(line) for line in export.splitlines()]
    assert chain_break(log) is None
    hashes = {event["seq"]: event["hash"] for event in log}
    verdict = receipts.check(kept, published(client), hashes)
    assert verdict.valid, verdict
    assert not receipts.check(kept, published(client), {}).valid


@pytest.mark.parametrize(
    "change",
    [
        {"seq": 2},
        {"event_hash": "0" * 64},
        {"head_hash": "f" * 64},
        {"head_seq": 5},
        {"game": "01ANOTHERGAME0000000000000"},
    ],
)
def test_a_receipt_altered_in_any_field_does_not_check(client, change):
    game_id, _, answers = played(client)
    kept = answers[2]["receipts"][0]
    altered = {**kept, **change}
    offline = receipts.check_signature(altered, published(client))
    assert (offline.valid, offline.problem) == (False, "signature")
    answer = check(client, game_id, altered).json
    assert (answer["valid"], answer["problem"]) == (False, "signature")


def test_a_receipt_of_one_game_does_not_hold_for_another(client):
    game_id, _, answers = played(client)
    other, _, _ = played(client)
    answer = check(client, other, answers[0]["receipts"][0]).json
    assert (answer["valid"], answer["problem"]) == (False, "game")
    assert game_id in answer["reason"]


def rewrite(redis_client, game_id, seq, amount):
    """What someone with Redis access can do: change the event at `seq`, hash it again, chain
    every later event to it again, point the game's head at the new chain and drop the sealed
    caches, which would no longer open. Every read and `verify` then find a sound log."""
    stream = keys.events(game_id)
    log = [json.loads(fields[b"e"]) for _, fields in redis_client.xrange(stream)]
    log[seq - 1]["payload"]["amount"] = amount
    redis_client.hset(
        keys.event_ids(game_id), log[seq - 1]["event_id"], f"{seq}:{body_digest(log[seq - 1])}"
    )
    for envelope in log[seq - 1 :]:
        envelope["prev_hash"] = log[envelope["seq"] - 2]["hash"] if envelope["seq"] > 1 else GENESIS
        envelope["hash"] = envelope_hash(envelope)
    redis_client.delete(stream, keys.head(game_id), keys.states(game_id))
    for envelope in log:
        raw = json.dumps(envelope, sort_keys=True, separators=(",", ":"))
        redis_client.xadd(stream, {b"e": raw}, id=f"{envelope['seq']}-0")
    redis_client.hset(keys.meta(game_id), "head_hash", log[-1]["hash"])
    return log


def test_a_chain_rewritten_inside_redis_no_longer_matches_the_receipts_kept(client, redis_client):
    game_id, _, answers = played(client, moves=5)
    kept = [answer["receipts"][0] for answer in answers]  # seqs 2 to 6
    log = rewrite(redis_client, game_id, 3, amount=9)
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True
    assert client.get(f"/api/games/{game_id}/events/3").json["payload"]["amount"] == 9

    before = check(client, game_id, kept[0]).json
    assert before["valid"] is True
    for receipt in kept[1:]:
        answer = check(client, game_id, receipt).json
        assert (answer["valid"], answer["problem"]) == (False, "event"), receipt["seq"]
        assert "the log was changed after" in answer["reason"]

    # Without the key, no receipt for the rewritten event checks.
    forged = {**kept[1], "event_hash": log[2]["hash"], "head_hash": log[2]["hash"]}
    assert check(client, game_id, forged).json["problem"] == "signature"
    own_key = Ed25519PrivateKey.generate()
    own = receipts.sign(own_key, game_id, 3, log[2]["hash"], 3, log[2]["hash"])
    assert check(client, game_id, own).json["problem"] == "key"
    claimed = {**own, "key_id": kept[1]["key_id"]}
    assert check(client, game_id, claimed).json["problem"] == "signature"


def test_a_head_rewritten_after_the_event_is_named(client, redis_client):
    game_id, token = create_toy(client, goal=1000)
    batch = append(client, game_id, token, {"events": [add("ann", 1), add("ben", 2)]}).json
    rewrite(redis_client, game_id, 3, amount=7)
    answer = check(client, game_id, batch["receipts"][0]).json
    assert (answer["valid"], answer["problem"]) == (False, "head")


def test_a_log_that_no_longer_links_or_reaches_the_seq_is_named(client, redis_client):
    game_id, _, answers = played(client, moves=3)
    stream = keys.events(game_id)
    redis_client.xdel(stream, "4-0")
    answer = check(client, game_id, answers[2]["receipts"][0]).json
    assert (answer["valid"], answer["problem"]) == (False, "damaged")
    redis_client.hset(keys.meta(game_id), "version", 3)
    answer = check(client, game_id, answers[2]["receipts"][0]).json
    assert (answer["valid"], answer["problem"]) == (False, "missing")


def test_rotation_keeps_old_receipts_valid_and_signs_new_ones_with_the_new_key(keyed_app):
    client = keyed_app.test_client()
    game_id, token, answers = played(client, moves=1)
    old = answers[0]["receipts"][0]
    result = keyed_app.test_cli_runner().invoke(args=["rotate-receipt-key"])
    assert result.exit_code == 0, result.output
    listing = client.get("/api/keys").json["keys"]
    assert [k["status"] for k in listing] == ["retired", "current"]
    retired, current = listing
    assert result.output == f"receipt key {current['id']} is current; {retired['id']} is retired\n"
    assert retired["id"] == old["key_id"] and retired["retired_at"] is not None

    new = append(client, game_id, token, add("ben", 2)).json["receipts"][0]
    assert new["key_id"] == current["id"]
    for receipt in (old, new):
        assert check(client, game_id, receipt).json["valid"] is True
        assert receipts.check_signature(receipt, published(client)).valid
    directory = keyed_app.extensions["tablelog"].receipts.directory
    assert not (directory / f"{old['key_id']}.key").exists()
    assert (directory / f"{old['key_id']}.pub").exists()


def test_the_key_is_made_owner_only_and_read_again_by_the_next_app(keyed_app, settings):
    from app import create_app

    directory = keyed_app.extensions["tablelog"].receipts.directory
    [key] = keyed_app.test_client().get("/api/keys").json["keys"]
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    for path in directory.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name
    again = dataclasses.replace(settings, receipt_key_dir=str(directory))
    second = create_app({"TESTING": True, "TABLELOG_SETTINGS": again}).test_client()
    assert second.get("/api/keys").json["keys"] == [key]
    game_id, _, answers = played(second, moves=1)
    first = keyed_app.test_client()
    assert check(first, game_id, answers[0]["receipts"][0]).json["valid"] is True


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"seq": "2"}, "seq"),
        ({"seq": 2.0}, "seq"),
        ({"signature": "ab"}, "signature"),
        ({"format": "tablelog-receipt-v2"}, "format"),
        ({"surplus": 1}, "surplus"),
    ],
)
def test_a_body_that_is_not_a_receipt_is_a_400_naming_the_field(client, body, field):
    game_id, _, answers = played(client, moves=1)
    answer = check(client, game_id, {**answers[0]["receipts"][0], **body})
    assert answer.status_code == 400 and answer.content_type == "application/problem+json"
    assert field in answer.json["errors"]


def test_a_missing_field_a_head_before_the_event_and_no_json_are_400s(client):
    game_id, _, answers = played(client, moves=1)
    receipt = answers[0]["receipts"][0]
    missing = {k: v for k, v in receipt.items() if k != "event_hash"}
    assert check(client, game_id, missing).json["errors"] == {
        "event_hash": ["This field is required."]
    }
    backwards = check(client, game_id, {**receipt, "head_seq": 1}).json
    assert backwards["status"] == 400 and "head_seq" in backwards["errors"]
    not_json = client.post(
        f"/api/games/{game_id}/receipts/check", data="{", content_type="application/json"
    )
    assert not_json.status_code == 400


def test_an_unknown_game_is_a_404(client):
    game_id, _, answers = played(client, moves=1)
    answer = check(client, "01NOSUCHGAME00000000000000", answers[0]["receipts"][0])
    assert answer.status_code == 404 and answer.content_type == "application/problem+json"


def test_a_retry_is_not_answered_with_an_event_rewritten_under_its_id(client, redis_client):
    """Someone rewrites seq 2 inside Redis but leaves the event-id index as it was: a retry of
    the original append must not be answered (and receipted) with the rewritten event; the
    log is damaged, and says where."""
    game_id, token = create_toy(client, goal=1000, tally_every=1000)
    body = add("ann", 4, event_id=new_id())
    assert append(client, game_id, token, body).status_code == 201
    digest = redis_client.hget(keys.event_ids(game_id), body["event_id"])
    rewrite(redis_client, game_id, 2, amount=9)
    redis_client.hset(keys.event_ids(game_id), body["event_id"], digest)
    retried = append(client, game_id, token, body)
    assert retried.status_code == 500 and "receipts" not in retried.json
    assert retried.json["title"] == "Damaged log" and retried.json["seq"] == 2


@pytest.mark.parametrize("index", ["keeps the kept receipt", "drops the kept receipt"])
def test_a_retry_of_an_event_rewritten_with_its_index_gets_no_receipt_signed(
    client, redis_client, index
):
    """Someone rewrites an event and its entry in the event-id index together inside Redis,
    then retries the append with the rewritten body. The retry is answered from what the
    append script kept beside the event, the receipts first issued, and the service signs
    nothing for the rewritten event (docs/architecture.md, "Receipts")."""
    game_id, token = create_toy(client, goal=1000, tally_every=1000)
    body = add("ann", 4, event_id=new_id())
    assert append(client, game_id, token, body).status_code == 201
    entry = redis_client.hget(keys.event_ids(game_id), body["event_id"]).decode()
    log = rewrite(redis_client, game_id, 2, amount=9)
    if index == "keeps the kept receipt":
        seq_and_digest = redis_client.hget(keys.event_ids(game_id), body["event_id"]).decode()
        kept = entry.split(":")[2:]
        redis_client.hset(keys.event_ids(game_id), body["event_id"],
                          ":".join([seq_and_digest, *kept]))  # fmt: skip
    retried = append(client, game_id, token, {**body, "payload": log[1]["payload"]})
    signed = [r for r in retried.json.get("receipts", []) if r["event_hash"] == log[1]["hash"]]
    assert signed == []
    if index == "keeps the kept receipt":  # it no longer holds for the log
        assert retried.status_code == 500 and retried.json["title"] == "Damaged log"
    else:  # as for an event recorded before receipts were kept
        assert retried.status_code == 200 and retried.json["receipts"] == []


def test_a_retry_after_the_key_rotated_answers_the_receipts_first_issued(keyed_app):
    client = keyed_app.test_client()
    game_id, token = create_toy(client)
    body = {"events": [add("ann", 1), add("ben", 2)], "expected_version": 1}
    body["events"][0]["event_id"], body["events"][1]["event_id"] = new_id(), new_id()
    first = append(client, game_id, token, body)
    assert keyed_app.test_cli_runner().invoke(args=["rotate-receipt-key"]).exit_code == 0
    retried = append(client, game_id, token, body)
    assert (first.status_code, retried.status_code) == (201, 200)
    assert retried.json["receipts"] == first.json["receipts"]
    alone = append(client, game_id, token, body["events"][0])
    assert alone.json["receipts"] == first.json["receipts"][:1]  # naming the batch's head
