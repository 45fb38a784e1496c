"""The service with the `rps` game loaded, as TABLELOG_EXTRA_GAMES=tests.rps loads it."""

import dataclasses

import pytest

EXTRA = "tests.toygame,tests.rps"


@pytest.fixture
def rps_app(settings):
    from app import create_app

    modules = [*settings.game_modules, "tests.rps"]
    with_rps = dataclasses.replace(settings, game_modules=modules)
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": with_rps})


@pytest.fixture
def rps_client(rps_app):
    return rps_app.test_client()


@pytest.fixture
def rps_worker(start_worker):
    """A real worker that loads the game, as `TABLELOG_EXTRA_GAMES=tests.rps make run` does."""
    return start_worker(TABLELOG_EXTRA_GAMES=EXTRA)
