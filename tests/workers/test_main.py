"""`python -m workers` refuses a bad setting at start: one line naming it, no traceback."""

import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize("name, value", [("SWEEP_EVERY", "0"), ("SNAPSHOT_EVERY", "abc"),
                                         ("REDIS_CLUSTER", "perhaps")])  # fmt: skip
def test_a_bad_setting_stops_the_worker_with_one_clear_line(name, value):
    env = {**os.environ, name: value}
    done = subprocess.run([sys.executable, "-m", "workers"], env=env, capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert f"{name}={value!r}" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
