"""The README's "Build a tool on tablelog", run: its two tools, as written there, against a
`make run` service, with a key made by `flask --app app keys create` beside it. The feed's
follower says each move in the game's words; the webhooks' receiver checks each POST's
signature and says each entry once."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app.run.embedded_redis import free_port
from tests.api.test_serve import ROOT, Served, call, stop
from tests.conftest import wait_for

README = ROOT / "README.md"


def tools() -> list[str]:
    """The Python blocks of the section: the follower, then the receiver."""
    text = README.read_text()
    section = text[text.index("## Build a tool on tablelog") : text.index("## Configuration")]
    return re.findall(r"```python\n(.*?)```", section, re.S)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    os.environ["WEBHOOK_ALLOW_PRIVATE"] = "1"  # the receiver is on this machine
    try:
        served = Served(tmp_path_factory.mktemp("served"))
    finally:
        del os.environ["WEBHOOK_ALLOW_PRIVATE"]
    yield served
    stop(served.process)


class Running:
    """A tool run as a person would run it, its output read as it comes."""

    def __init__(self, path: Path, env: dict):
        self.output = path.with_suffix(".out")
        with open(self.output, "wb") as out:
            self.process = subprocess.Popen([sys.executable, str(path)], env=env, stdout=out,
                                            stderr=subprocess.STDOUT)  # fmt: skip

    def said(self) -> str:
        return self.output.read_text()

    def stop(self):
        self.process.kill()
        self.process.wait()


def test_the_tools_of_the_readme_follow_the_games(served, tmp_path):
    follower, receiver = tools()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "RQ_REDIS_URL")}
    made = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", "keys", "create", "--name", "club",
         "--scope", "feed:read,webhooks:write"],
        cwd=served.workdir, env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True,
        text=True, timeout=60,
    )  # fmt: skip
    assert made.returncode == 0, made.stdout + made.stderr
    key = made.stdout.splitlines()[0].removeprefix("token: ")
    hook_port = free_port()
    status, webhook = call(served.port, "POST", "/api/webhooks",
                           {"url": f"http://127.0.0.1:{hook_port}/"}, key)  # fmt: skip
    assert status == 201, webhook
    (tmp_path / "follow.py").write_text(follower)
    (tmp_path / "hooks.py").write_text(receiver)
    tool_env = {**env, "TABLELOG": f"http://127.0.0.1:{served.port}", "TABLELOG_KEY": key,
                "TABLELOG_WEBHOOK_SECRET": webhook["secret"], "PORT": str(hook_port)}  # fmt: skip
    following = Running(tmp_path / "follow.py", tool_env)
    hooked = Running(tmp_path / "hooks.py", tool_env)
    game = None
    try:
        game = seen_by(following, served.port)
        for player, amount in (("ann", 4), ("ben", 7)):
            body = {"type": "toy.added", "actor": f"player:{player}",
                    "payload": {"player": player, "amount": amount}}  # fmt: skip
            assert call(served.port, "POST", f"/api/games/{game['id']}/events", body,
                        game["token"])[0] == 201  # fmt: skip
        # 4 + 7 passes the toy's tally at 10: the worker's tally is step 4
        wait_for(lambda: f"{game['id']} step 4" in following.said(), timeout=30)
        said = following.said()
        assert f"{game['id']} step 3: ben recorded" in said and "    total: 4 → 11" in said, said
        said_of_game = [f"{game['id']} step {n}: toy.{t}" for n, t in
                        ((1, "created"), (2, "added"), (3, "added"), (4, "tallied"))]  # fmt: skip
        wait_for(lambda: said_of_game[-1] in hooked.said(), timeout=30)
        lines = [line for line in hooked.said().splitlines() if line.startswith(game["id"])]
        assert lines == said_of_game
    finally:
        following.stop()
        hooked.stop()
    status, attempts = call(served.port, "GET", f"/api/webhooks/{webhook['id']}/attempts",
                            token=key)  # fmt: skip
    of_game = [a for a in attempts["items"] if a["game"] == game["id"]]
    assert status == 200 and [a["status"] for a in of_game] == [204] * 4


def seen_by(following: Running, port: int) -> dict:
    """A new game the follower has said: its stream starts at the feed's head once it is
    open, so games are made until one is said."""
    for _ in range(20):
        status, game = call(port, "POST", "/api/games", {"kind": "toy", "players": ["ann", "ben"]})
        assert status == 201, game
        try:
            wait_for(lambda game=game: f"{game['id']} step 1" in following.said(), timeout=2)
            return game
        except AssertionError:
            continue
    raise AssertionError(f"the follower said nothing: {following.said()}")
