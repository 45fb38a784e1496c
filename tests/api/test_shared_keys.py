"""Every host reads the same keys (#33, 4): with a store other hosts may share (REDIS_CLUSTER on,
or a REDIS_URL naming a host that is not this one), a start without SECRET_KEY_FILE or the
receipt keys' directory stops, saying which is missing and how to make them once, and makes
nothing; `python -m app.run.keys` makes them; a store on this host alone still makes its own
at first start, as `make run` and the tests do."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app import create_app
from projections.receipt_keys import INDEX
from projections.services import Services, Settings, SettingsError, check_keys
from projections.shared_keys import shared_by

ROOT = Path(__file__).parents[2]
ANOTHER_HOST = "redis://:pw@192.0.2.10:6379/0"  # TEST-NET-1: no one answers there


@pytest.mark.parametrize("url", [
    "unix:///srv/tablelog/redis.sock?db=0", "unix://:pw@/tmp/r.sock", "redis://localhost:6379/0",
    "redis://127.0.0.1:6379/0", "redis://:pw@127.8.0.1/0", "rediss://[::1]:6380/0",
    "redis://app.localhost/0",
])  # fmt: skip
def test_a_url_of_this_host_alone_is_not_shared(url):
    assert shared_by(url, cluster=False) is None


@pytest.mark.parametrize("url, host", [
    ("redis://db.example.org:6379/0", "db.example.org"), ("redis://:pw@10.0.0.5/0", "10.0.0.5"),
    ("rediss://[2001:db8::1]:6380/0", "2001:db8::1"), ("redis://192.168.1.20/0", "192.168.1.20"),
    ("redis://localhost.example.org/0", "localhost.example.org"),
])  # fmt: skip
def test_a_url_of_another_host_is_shared(url, host):
    said = shared_by(url, cluster=False)
    assert host in said and "pw" not in said


def test_a_cluster_is_always_shared():
    assert "REDIS_CLUSTER" in shared_by("redis://127.0.0.1:7000", cluster=True)


def keys_at(folder: Path) -> dict:
    return {"secret_key_file": str(folder / "keys" / "secret.key"),
            "receipt_key_dir": str(folder / "keys" / "receipt-keys")}  # fmt: skip


def make_keys(folder: Path) -> subprocess.CompletedProcess:
    """`python -m app.run.keys` for the paths `keys_at` names."""
    paths = keys_at(folder)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SECRET_KEY_FILE": paths["secret_key_file"],
           "RECEIPT_KEY_DIR": paths["receipt_key_dir"]}  # fmt: skip
    return subprocess.run([sys.executable, "-m", "app.run.keys"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip


@pytest.mark.parametrize("present", [None, "secret", "receipts"])
def test_another_host_without_its_keys_stops_the_start_and_makes_nothing(tmp_path, present):
    made = tmp_path / "made"
    made.mkdir()
    assert make_keys(made).returncode == 0
    paths = keys_at(tmp_path)
    if present:  # one of the two copied here, the other not
        (tmp_path / "keys").mkdir()
        name = {"secret": "secret.key", "receipts": "receipt-keys"}[present]
        (made / "keys" / name).rename(tmp_path / "keys" / name)
    before = sorted(tmp_path.rglob("*"))
    settings = Settings.from_env(redis_url=ANOTHER_HOST, **paths)
    with pytest.raises(SettingsError) as refused:
        check_keys(settings)
    with pytest.raises(SettingsError):
        Services(settings)
    message = str(refused.value)
    assert "192.0.2.10" in message and "pw" not in message
    assert ("SECRET_KEY_FILE" in message) is (present != "secret")
    assert ("RECEIPT_KEY_DIR" in message) is (present != "receipts")
    assert "python -m app.run.keys" in message and "every host" in message
    assert sorted(tmp_path.rglob("*")) == before


def test_the_keys_command_makes_them_once_and_keeps_them(tmp_path):
    first = make_keys(tmp_path)
    assert first.returncode == 0, first.stderr
    keys = tmp_path / "keys"
    secret, index = keys / "secret.key", keys / "receipt-keys" / INDEX
    assert "made" in first.stdout and "every host" in first.stdout
    assert secret.stat().st_mode & 0o777 == 0o600 and index.stat().st_mode & 0o777 == 0o600
    assert (keys / "receipt-keys").stat().st_mode & 0o777 == 0o700
    kept = secret.read_text(), index.read_text()
    again = make_keys(tmp_path)
    assert again.returncode == 0 and "already" in again.stdout
    assert (secret.read_text(), index.read_text()) == kept


@pytest.mark.parametrize("which", ["url", "tcp_url"])
def test_a_store_on_this_host_alone_still_makes_its_keys(tmp_path, redis_client, redis_server,
                                                          which):  # fmt: skip
    paths = keys_at(tmp_path)
    settings = Settings.from_env(redis_url=getattr(redis_server, which), **paths)
    Services(settings)
    assert Path(paths["secret_key_file"]).read_text().strip()
    assert (Path(paths["receipt_key_dir"]) / INDEX).exists()


def cluster_settings(nodes, redis_server, folder: Path) -> Settings:
    return Settings.from_env(redis_url=nodes[0].url.removesuffix("/0"), redis_cluster=True,
                             rq_redis_url=redis_server.url, **keys_at(folder))  # fmt: skip


def test_a_cluster_web_start_stops_without_keys_and_reads_those_made(
    tmp_path, cluster_nodes, redis_client, redis_server
):
    settings = cluster_settings(cluster_nodes, redis_server, tmp_path)
    with pytest.raises(SettingsError, match="REDIS_CLUSTER"):
        create_app({"TESTING": True, "TABLELOG_SETTINGS": settings})
    assert not (tmp_path / "keys").exists()
    assert make_keys(tmp_path).returncode == 0
    app = create_app({"TESTING": True, "TABLELOG_SETTINGS": settings})
    made = (tmp_path / "keys" / "receipt-keys" / INDEX).read_text()
    assert app.extensions["tablelog"].receipts.ring().current in made
    assert app.test_client().get("/api/keys").status_code == 200


@pytest.mark.parametrize("module", ["workers", "workers.webhooks"])
def test_a_cluster_worker_start_stops_without_keys_saying_why(
    tmp_path, cluster_nodes, redis_client, redis_server, module
):
    paths = keys_at(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REDIS_CLUSTER": "1",
           "REDIS_URL": cluster_nodes[0].url.removesuffix("/0"), "RQ_REDIS_URL": redis_server.url,
           "SECRET_KEY_FILE": paths["secret_key_file"],
           "RECEIPT_KEY_DIR": paths["receipt_key_dir"]}  # fmt: skip
    done = subprocess.run([sys.executable, "-m", module], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "SECRET_KEY_FILE" in done.stderr and "RECEIPT_KEY_DIR" in done.stderr
    assert "python -m app.run.keys" in done.stderr
    assert not (tmp_path / "keys").exists()


def test_make_run_with_a_redis_url_of_another_host_stops_before_anything_starts(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("RQ_REDIS_URL", "SECRET_KEY_FILE", "RECEIPT_KEY_DIR")}  # fmt: skip
    env.update(PYTHONPATH=str(ROOT), REDIS_URL=ANOTHER_HOST)
    done = subprocess.run([sys.executable, "-m", "app.run.serve"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "var/secret.key" in done.stderr and "var/receipt-keys" in done.stderr
    assert "192.0.2.10" in done.stderr and "pw@" not in done.stderr
    assert list(tmp_path.iterdir()) == []  # no key, no Redis, no worker
