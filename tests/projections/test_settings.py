"""Settings are read from the environment once, each one checked: a value the service cannot
run with stops it at start, with one message that names the variable and what it allows."""

import pytest

from projections.services import Settings, SettingsError

VARIABLES = ["REDIS_URL", "REDIS_CLUSTER", "RQ_REDIS_URL", "SNAPSHOT_EVERY", "PHASE_JOB_TIMEOUT",
             "SWEEP_EVERY", "RATE_LIMIT_CREATE", "RATE_LIMIT_IMPORT", "RATE_LIMIT_AUTH_FAILURES",
             "RATE_LIMIT_TOOL_KEY", "TABLELOG_EXTRA_GAMES", "SECRET_KEY_FILE",
             "RECEIPT_KEY_DIR"]  # fmt: skip


@pytest.fixture
def env(monkeypatch):
    """A clean environment: only what the test sets."""
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)

    def set_env(**values):
        for name, value in values.items():
            monkeypatch.setenv(name, value)

    return set_env


def refusal(**values) -> str:
    with pytest.raises(SettingsError) as error:
        Settings.from_env()
    return str(error.value)


def test_the_defaults(env):
    settings = Settings.from_env()
    assert settings.redis_url == "redis://127.0.0.1:6379/0"
    assert settings.redis_cluster is False and settings.rq_redis_url is None
    assert (settings.snapshot_every, settings.phase_job_timeout, settings.sweep_every) == (
        100, 60, 60.0
    )  # fmt: skip
    assert settings.secret_key_file == "var/secret.key"
    limits = (settings.rate_limit_create, settings.rate_limit_import,
              settings.rate_limit_auth_failures, settings.rate_limit_tool_key)  # fmt: skip
    assert limits == ("60/minute", "20/minute", "30/minute", "600/minute")
    assert settings.game_modules == ["games.burnrate", "games.fcm"]


def test_every_variable_is_read(env):
    env(REDIS_URL="redis://:pw@db:6380/2", REDIS_CLUSTER="yes", RQ_REDIS_URL="redis://q:6379/0",
        SNAPSHOT_EVERY="25", PHASE_JOB_TIMEOUT="90", SWEEP_EVERY="0.5",
        RATE_LIMIT_CREATE="5/second", RATE_LIMIT_IMPORT="", RATE_LIMIT_AUTH_FAILURES="9/hour",
        RATE_LIMIT_TOOL_KEY="", TABLELOG_EXTRA_GAMES=" tests.toygame ,")  # fmt: skip
    settings = Settings.from_env()
    assert settings.redis_url == "redis://:pw@db:6380/2" and settings.redis_cluster is True
    assert settings.rq_redis_url == "redis://q:6379/0"
    assert (settings.snapshot_every, settings.phase_job_timeout, settings.sweep_every) == (
        25, 90, 0.5
    )  # fmt: skip
    assert settings.rate_limit_create == "5/second"
    assert settings.rate_limit_import == ""  # empty: that limit is off
    assert settings.rate_limit_auth_failures == "9/hour"
    assert settings.rate_limit_tool_key == ""  # empty: a new key has no limit
    assert settings.game_modules == ["games.burnrate", "games.fcm", "tests.toygame"]


@pytest.mark.parametrize("spelling", ["1", "true", "True", "yes", "on", "ON", "y", "t"])
def test_a_switch_is_on_by_any_usual_spelling(env, spelling):
    env(REDIS_CLUSTER=spelling, RQ_REDIS_URL="redis://q:6379/0")
    assert Settings.from_env().redis_cluster is True


@pytest.mark.parametrize("spelling", ["0", "false", "no", "off", "OFF", "n", "f"])
def test_a_switch_is_off_by_any_usual_spelling(env, spelling):
    env(REDIS_CLUSTER=spelling)
    assert Settings.from_env().redis_cluster is False


def test_an_empty_variable_means_the_default(env):
    env(REDIS_URL="", REDIS_CLUSTER="", RQ_REDIS_URL="", SNAPSHOT_EVERY="", SWEEP_EVERY="")
    assert Settings.from_env() == Settings()


@pytest.mark.parametrize(
    "name, value, allowed",
    [
        ("SNAPSHOT_EVERY", "0", "a whole number"),
        ("SNAPSHOT_EVERY", "abc", "a whole number"),
        ("SNAPSHOT_EVERY", "2.5", "a whole number"),
        ("PHASE_JOB_TIMEOUT", "-1", "a whole number"),
        ("SWEEP_EVERY", "0", "greater than 0"),
        ("SWEEP_EVERY", "nan", "greater than 0"),
        ("SWEEP_EVERY", "soon", "greater than 0"),
        ("REDIS_CLUSTER", "maybe", "on or off"),
        ("REDIS_URL", "localhost:6379", "redis://"),
        ("REDIS_URL", "redis://localhost:port", "redis://"),
        ("RQ_REDIS_URL", "http://queue", "redis://"),
        ("TABLELOG_EXTRA_GAMES", "games.nosuch", "module"),
    ],
)
def test_a_bad_value_is_refused_with_its_name_and_what_is_allowed(env, name, value, allowed):
    env(**{name: value})
    message = refusal()
    assert message.startswith(f"{name}={value!r}") and allowed in message
    assert "\n" not in message  # one line


def test_every_bad_value_is_named_at_once(env):
    env(SNAPSHOT_EVERY="0", SWEEP_EVERY="-3", REDIS_CLUSTER="sometimes")
    assert [line.split("=")[0] for line in refusal().splitlines()] == [
        "REDIS_CLUSTER", "SNAPSHOT_EVERY", "SWEEP_EVERY"
    ]  # fmt: skip


def test_a_refused_url_does_not_show_its_password(env):
    env(REDIS_URL="redis://:hunter2@db:port/0")
    message = refusal()
    assert "hunter2" not in message and "REDIS_URL='redis://:***@db:port/0'" in message


def test_a_cluster_needs_a_plain_redis_for_the_queues(env):
    env(REDIS_CLUSTER="on")
    message = refusal()
    assert "REDIS_CLUSTER" in message and "RQ_REDIS_URL" in message


def test_overrides_replace_the_environment_unread(env):
    env(SNAPSHOT_EVERY="not read", SWEEP_EVERY="2")
    settings = Settings.from_env(snapshot_every=10, redis_url="redis://other:6379/0")
    assert (settings.snapshot_every, settings.sweep_every, settings.redis_url) == (
        10, 2.0, "redis://other:6379/0"
    )  # fmt: skip


def test_the_app_factory_refuses_a_bad_setting(env):
    from app import create_app

    env(SNAPSHOT_EVERY="0")
    with pytest.raises(SettingsError, match="SNAPSHOT_EVERY='0'"):
        create_app({"TESTING": True})


def test_the_receipt_keys_are_under_var_unless_named(env):
    assert Settings.from_env().receipt_key_dir == "var/receipt-keys"
    env(RECEIPT_KEY_DIR="/srv/tablelog/receipt-keys")
    assert Settings.from_env().receipt_key_dir == "/srv/tablelog/receipt-keys"


def test_the_queues_redis_may_be_named_by_its_sentinels(env):
    url = "redis+sentinel://:pw@s1:26379,s2,[::1]:26380/queues/3"
    env(RQ_REDIS_URL=url)
    assert Settings.from_env().queue_url == url


@pytest.mark.parametrize(
    "value, reason",
    [
        ("redis+sentinel://s1:26379", "the service's name"),
        ("redis+sentinel://s1:26379/", "the service's name"),
        ("redis+sentinel:///queues", "no sentinel"),
        ("redis+sentinel://s1:port/queues", "port"),
        ("redis+sentinel://s1,,s2/queues", "no sentinel"),
        ("redis+sentinel://s1/queues/two", "the database is a number"),
        ("redis+sentinel://s1/queues/0/1", "the database is a number"),
        ("redis+sentinel://s1/queues?ssl=1", "no query"),
    ],
)
def test_a_bad_sentinel_url_is_refused_with_what_is_allowed(env, value, reason):
    env(RQ_REDIS_URL=value)
    message = refusal()
    assert message.startswith(f"RQ_REDIS_URL={value!r}") and reason in message, message
    assert "redis+sentinel://[:password@]host:26379,host2:26379/service[/db]" in message
    assert "\n" not in message


def test_a_refused_sentinel_url_does_not_show_its_password(env):
    env(RQ_REDIS_URL="redis+sentinel://:hunter2@s1:x/queues")
    message = refusal()
    assert "hunter2" not in message and "redis+sentinel://:***@s1:x/queues" in message
