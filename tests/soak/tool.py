"""The soak's receiving tool: a webhook of every entry from the feed's start, to a real HTTP
server on loopback (tests/receiver.py's Receiver) beside the tables, verifying each POST's
signature with standardwebhooks as a tool does (a bad one is answered 401 and counted).

Its key is made as a person beside `make run` makes one, `flask --app app keys create` in the
service's folder, with the service's REDIS_URL (the soak's Redis, through the proxy); the
webhook is registered through the API with it, and the secret the registration answered is
the one the tool verifies with.

Its faults (tests/soak/faults.py, `tool`): down for a few seconds, then back on the same
port, or answering 500 for a few seconds. The deliveries must ride both out.
"""

import subprocess
import sys
import threading

from standardwebhooks import Webhook as Verifier

from tests.receiver import Receiver
from tests.soak.client import Api, bearer
from tests.soak.service import Service

KEY_NAME = "soak-tool"
SCOPES = "feed:read,webhooks:read,webhooks:write"


class Tool:
    def __init__(self):
        self.receiver = Receiver()
        self.token = ""
        self.webhook: dict = {}  # as the registration answered it, its secret included
        self.lock = threading.Lock()
        self.timer: threading.Timer | None = None
        self.fault = ""  # "down" or "failing" while a fault lasts

    def start(self) -> None:
        self.receiver.start()

    def register(self, service: Service, api: Api) -> None:
        """A key made with the flask command in the service's folder, and a webhook of every
        entry since the feed's start, registered with it."""
        made = subprocess.run(
            [sys.executable, "-m", "flask", "--app", "app", "keys", "create", "--name", KEY_NAME,
             "--scope", SCOPES, "--rate-limit", ""],
            cwd=service.workdir, env=service.environment(), capture_output=True, text=True,
            timeout=120,
        )  # fmt: skip
        if made.returncode != 0 or not made.stdout.startswith("token: "):
            raise SystemExit(f"flask --app app keys create failed: {made.stdout}{made.stderr}")
        self.token = made.stdout.splitlines()[0].removeprefix("token: ")
        body = {"url": self.receiver.url, "start": "start", "description": "the soak's tool"}
        answer = api.post("/api/webhooks", body, bearer(self.token))
        if answer.status_code != 201:
            raise SystemExit(f"the webhook was not registered: {answer.status_code} {answer.json}")
        self.webhook = answer.json
        self.receiver.verifier = Verifier(self.webhook["secret"])

    def state(self, api: Api) -> dict:
        """The webhook as the service has it now: its cursor, status, failures."""
        return api.call("GET", self.webhook["href"], headers=bearer(self.token)).json

    def caught_up(self, api: Api) -> bool:
        """Nothing in the feed after the webhook's cursor."""
        cursor = self.state(api)["cursor"]
        after = api.call("GET", f"/api/feed?after={cursor}&limit=1", headers=bearer(self.token))
        return after.status_code == 200 and not after.json["entries"]

    # --- its faults ----------------------------------------------------------------------

    def down(self, seconds: float) -> None:
        """Stopped now, started again on the same port after `seconds`."""
        with self.lock:
            self.fault = "down"
            self.receiver.stop()
            self.timer = threading.Timer(seconds, self.back)
            self.timer.start()

    def failing(self, seconds: float) -> None:
        """Answering 500 to every POST for `seconds`."""
        with self.lock:
            self.fault = "failing"
            self.receiver.mode = "fail"
            self.timer = threading.Timer(seconds, self.back)
            self.timer.start()

    def back(self) -> None:
        """Up and answering again (at once, if a fault is still on)."""
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            if self.fault == "down":
                self.receiver.start()
            self.receiver.mode = "ok"
            self.fault = ""

    def stop(self) -> None:
        self.back()
        self.receiver.stop()
