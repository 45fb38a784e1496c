"""Keys for tools in Redis: made with a token shown once and kept as its digest, found by
their token in one read, revoked without being deleted, their last use noted at most once a
minute."""

import json

import pytest
from freezegun import freeze_time

from events import keys
from projections.tool_keys import InvalidToolKey, ToolKeys, UnknownToolKey


@pytest.fixture
def tool_keys(services) -> ToolKeys:
    return services.tool_keys


def every_value(redis_client) -> bytes:
    """Every key name and value in Redis, as bytes, to look for a token in."""
    found = b""
    for name in redis_client.scan_iter():
        found += name
        kind = redis_client.type(name)
        if kind == b"hash":
            found += b"".join(k + v for k, v in redis_client.hgetall(name).items())
        elif kind == b"string":
            found += redis_client.get(name)
    return found


@freeze_time("2026-03-01 12:00:00.123456")
def test_a_key_is_kept_as_its_digest_and_found_by_its_token(tool_keys, redis_client):
    key, token = tool_keys.create(" league-site ", ["feed:read"], "120/minute")
    assert token.startswith(f"tlk_{key.id}_") and len(key.id) == 12
    assert (key.name, key.scopes, key.rate_limit) == ("league-site", ("feed:read",), "120/minute")
    assert key.created_at == "2026-03-01T12:00:00.123456Z" and key.revoked_at is None
    record = json.loads(redis_client.hget(keys.tool_keys(), key.id))
    assert len(record["sha256"]) == 64 and record["sha256"] != token
    assert token.encode() not in every_value(redis_client)
    assert tool_keys.find(token) == key


def test_a_wrong_or_malformed_token_finds_nothing(tool_keys):
    key, token = tool_keys.create("bot", ["feed:read"])
    other, _ = tool_keys.create("stats", ["feed:read"])
    secret = token.split("_", 2)[2]
    assert tool_keys.find(f"tlk_{other.id}_{secret}") is None  # another key's id
    assert tool_keys.find(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    for malformed in ["", "tlk_", "tlk_zz_abc", token.upper(), token + " ", "Bearer " + token]:
        assert tool_keys.find(malformed) is None
    assert tool_keys.find(f"tlk_{'0' * 12}_{secret}") is None  # no such key


def test_the_setting_gives_a_key_its_limit_unless_it_names_one(tool_keys):
    assert tool_keys.default_rate_limit == "600/minute"
    assert tool_keys.create("a", ["feed:read"])[0].rate_limit == "600/minute"
    assert tool_keys.create("b", ["feed:read"], "")[0].rate_limit == ""  # no limit


def test_webhooks_write_brings_webhooks_read(tool_keys):
    key, _ = tool_keys.create("chat-bot", ["webhooks:write"])
    assert key.scopes == ("webhooks:read", "webhooks:write")
    assert key.allows("webhooks:read") and not key.allows("feed:read")


@pytest.mark.parametrize(
    "name, scopes, rate, field",
    [
        ("", ["feed:read"], None, "name"),
        ("   ", ["feed:read"], None, "name"),
        ("x" * 81, ["feed:read"], None, "name"),
        ("two\nlines", ["feed:read"], None, "name"),
        ("0123456789ab", ["feed:read"], None, "name"),  # an id's form
        ("bot", ["feed:write"], None, "scopes"),
        ("bot", [], None, "scopes"),
        ("bot", ["feed:read"], "lots", "rate_limit"),
    ],
)
def test_a_bad_key_is_refused_and_nothing_is_written(
    tool_keys, redis_client, name, scopes, rate, field
):
    with pytest.raises(InvalidToolKey) as refused:
        tool_keys.create(name, scopes, rate)
    assert refused.value.field == field
    assert not redis_client.exists(keys.tool_keys())


def test_a_name_is_taken_until_its_key_is_revoked(tool_keys):
    first, _ = tool_keys.create("league-site", ["feed:read"])
    with pytest.raises(InvalidToolKey, match="league-site"):
        tool_keys.create("league-site", ["webhooks:read"])
    tool_keys.revoke("league-site")
    second, _ = tool_keys.create("league-site", ["feed:read"])
    assert [key.id for key in tool_keys.all()] == [first.id, second.id]
    assert tool_keys.named("league-site") == second


def test_revoking_keeps_the_record_and_says_when(tool_keys):
    key, token = tool_keys.create("bot", ["feed:read"])
    with freeze_time("2026-03-02 08:30:00"):
        revoked, before = tool_keys.revoke(key.id)
    assert not before and revoked.revoked_at == "2026-03-02T08:30:00.000000Z"
    assert tool_keys.find(token).revoked_at == revoked.revoked_at  # found, and seen revoked
    again, before = tool_keys.revoke("bot")
    assert before and again.revoked_at == revoked.revoked_at
    with pytest.raises(UnknownToolKey):
        tool_keys.revoke("nobody")


def test_the_last_use_is_written_at_most_once_a_minute(tool_keys, redis_client):
    with freeze_time("2026-03-01 12:00:00") as clock:
        key, token = tool_keys.create("bot", ["feed:read"])
        assert tool_keys.find(token).last_used_at is None
        tool_keys.used(tool_keys.find(token))
        assert tool_keys.find(token).last_used_at == "2026-03-01T12:00:00.000000Z"
        clock.tick(59)
        tool_keys.used(tool_keys.find(token))
        assert tool_keys.find(token).last_used_at == "2026-03-01T12:00:00.000000Z"
        clock.tick(1)
        tool_keys.used(tool_keys.find(token))
        assert tool_keys.all()[0].last_used_at == "2026-03-01T12:01:00.000000Z"
