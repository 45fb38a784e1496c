"""A secret kept in a file: made once, owner-only, the same on every later start."""

import re
import stat
import threading

from projections.secret_file import load_or_create


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_first_use_makes_an_owner_only_secret_in_an_owner_only_folder(tmp_path):
    path = tmp_path / "var" / "redis.password"
    secret = load_or_create(path)
    assert len(secret) >= 40 and re.fullmatch(r"[A-Za-z0-9_-]+", secret)
    assert path.read_text().strip() == secret
    assert mode(path) == 0o600
    assert mode(path.parent) == 0o700


def test_a_later_start_reads_the_same_secret(tmp_path):
    path = tmp_path / "key"
    assert load_or_create(path) == load_or_create(path) == load_or_create(path, nbytes=64)
    assert load_or_create(tmp_path / "other") != load_or_create(path)


def test_processes_starting_at_once_agree_on_one_secret(tmp_path):
    path = tmp_path / "key"
    found = []
    threads = [threading.Thread(target=lambda: found.append(load_or_create(path)))
               for _ in range(8)]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(found)) == 1 and found[0] == path.read_text().strip()
