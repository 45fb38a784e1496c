"""The gunicorn worker `make run` serves with (`--worker-class app.run.web_worker.ThreadWorker`).

gthread: each process reads requests on a pool of threads, so a client that connects and
stalls holds one thread, not the whole process; gunicorn's sync workers had one request at a
time each, and two stalled clients were enough to keep /api/health waiting half a minute.

A live stream (app/api/stream.py) holds its thread for as long as it is open, so `make run` gives
each process a thread for each stream it may hold on top of WEB_THREADS, and the app refuses
a stream past that number: a process answers the rest of the API on WEB_THREADS threads
however many streams are open. Told to stop (SIGTERM), the worker tells the streams, which
end at their next heartbeat instead of holding the shutdown for its whole graceful timeout.

And gunicorn's own refusals (a request line or header too long, a malformed request, a crash
before the app answers) come as problem details like every other error of the API, not as its
HTML page. gunicorn decides the status in `Worker.handle_error` and writes the answer with
`gunicorn.util.write_error`, which has no hook: this worker puts `write_problem` in its place,
in its own process only, and keeps gunicorn's choice of status and words.
"""

import json

from gunicorn import util
from gunicorn.workers import gthread

from app.api import stream
from app.api.problem_types import BASE
from app.api.problems import MEDIA_TYPE

# gunicorn's own refusals of a request it cannot read, by status (app/api/problem_types.py)
TYPES = {414: "request-line-too-long", 431: "headers-too-large"}


def write_problem(sock, status_int: int, reason: str, mesg: str) -> None:
    """What `util.write_error` writes, as application/problem+json (RFC 9457)."""
    kind = TYPES.get(status_int, "malformed-request")
    body = json.dumps({"type": BASE + kind, "title": reason, "status": status_int,
                       "detail": mesg or reason}).encode()  # fmt: skip
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\n"
        "Connection: close\r\n"
        f"Content-Type: {MEDIA_TYPE}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


class ThreadWorker(gthread.ThreadWorker):
    def init_process(self):
        util.write_error = write_problem
        super().init_process()

    def handle_exit(self, sig, frame):
        stream.stopping.set()
        super().handle_exit(sig, frame)
