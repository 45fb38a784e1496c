"""Fixtures of the API's tests."""

import pytest

from tests.api.helpers import Reader


@pytest.fixture
def open_stream(client):
    opened = []

    def open_(path, headers=None):
        reader = Reader(client, path, headers)
        opened.append(reader)
        return reader

    yield open_
    for reader in opened:
        reader.close()
