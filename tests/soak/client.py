"""The soak's HTTP client: a new connection for each request, and every call retried with the
same body (its event ids, its Idempotency-Key) until the service answers it, as a tablet that
lost an answer sends the request again.

An answer is "given" when the service decided (any 2xx, 3xx, 4xx); a refused connection, a
reset, a timeout, 502/503/504 and 429 are retried and counted in `Figures.retried` by what
went wrong (a 503 with what it said of the write: `503 recorded no`, `503 recorded unknown`).
A 500 is the service saying it has a bug: it is retried too, and counted apart. The answer
keeps what each attempt before it got (`earlier`).
"""

import http.client
import json
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

JSON = ("application/json", "application/problem+json")
RETRIED = {429: "429", 502: "502", 503: "503", 504: "504", 500: "500"}


class TimeUp(Exception):
    """The soak's time is up: a table stops where it is."""


class Unanswered(Exception):
    """The service did not answer a request within the client's patience."""


@dataclass
class Answer:
    """What a call got back; `json` as the Flask test client has it, so the scenarios'
    strategies read it unchanged."""

    status_code: int
    json: Any
    headers: dict = field(default_factory=dict)
    earlier: list = field(default_factory=list)  # what went wrong with each attempt before

    @property
    def ok(self) -> bool:
        return 200 <= self.status_code < 300


class Figures:
    """The counts every thread adds to, under one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts: Counter = Counter()
        self.retried: Counter = Counter()
        self.notes: list[str] = []

    def add(self, name: str, n: int = 1) -> None:
        with self.lock:
            self.counts[name] += n

    def retry(self, why: str) -> None:
        with self.lock:
            self.retried[why] += 1

    def note(self, line: str) -> None:
        """An oddity worth a line in the report."""
        with self.lock:
            self.notes.append(line)


class Api:
    """Calls to the service on 127.0.0.1:`port`; `patience` seconds for each before it gives
    up (a restart by the soak takes its recovery wait and a start)."""

    def __init__(self, port: int, figures: Figures, patience: float = 180.0):
        self.port, self.figures, self.patience = port, figures, patience

    def once(self, method: str, path: str, body=None, headers=None, timeout=60.0) -> Answer:
        """One request on a new connection; OSError or HTTPException if none came back."""
        headers = dict(headers or {})
        if isinstance(body, bytes):
            data = body
        elif body is not None:
            data = json.dumps(body).encode()
            headers.setdefault("Content-Type", "application/json")
        else:
            data = None
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, data, headers)
            response = connection.getresponse()
            raw = response.read()
        finally:
            connection.close()
        kind = response.getheader("Content-Type", "").split(";")[0]
        parsed = json.loads(raw) if raw and kind in JSON else raw.decode(errors="replace")
        return Answer(response.status, parsed, dict(response.getheaders()))

    def call(self, method: str, path: str, body=None, headers=None, timeout=60.0) -> Answer:
        """The service's answer, asked again with the same request until it gives one."""
        deadline = time.monotonic() + self.patience
        wait = 0.2
        earlier = []
        while True:
            try:
                answer = self.once(method, path, body, headers, timeout)
                if answer.status_code not in RETRIED:
                    answer.earlier = earlier
                    return answer
                why = RETRIED[answer.status_code]
                recorded = answer.json.get("recorded") if isinstance(answer.json, dict) else None
                if recorded:
                    why = f"{why} recorded {recorded}"
                if why == "500":
                    self.figures.note(f"500 on {method} {path}: {str(answer.json)[:300]}")
                if why == "429":
                    wait = float(answer.headers.get("Retry-After", 1))
            except (OSError, http.client.HTTPException) as error:
                why = type(error).__name__
            self.figures.retry(why)
            earlier.append(why)
            if time.monotonic() + wait > deadline:
                raise Unanswered(f"{method} {path}: no answer in {self.patience:.0f} s ({why})")
            time.sleep(wait * random.uniform(0.5, 1.0))
            wait = min(wait * 2, 2.0)

    def get(self, path: str, timeout=60.0) -> Answer:
        return self.call("GET", path, timeout=timeout)

    def post(self, path: str, body=None, headers=None) -> Answer:
        return self.call("POST", path, body, headers)

    def pages(self, path: str, key: str = "items") -> list:
        """Every item of a paged listing, following `next`."""
        found = []
        while path:
            answer = self.get(path).json
            found += answer[key]
            path = answer.get("next")
        return found


def bearer(token: str, **more) -> dict:
    return {"Authorization": f"Bearer {token}", **more}
