import pytest

from events.store import RedisEventStore
from tests.contract.store_contract import StoreContract


class TestRedisStore(StoreContract):
    @pytest.fixture
    def store(self, redis_client):
        return RedisEventStore(redis_client)
