"""A tool receiving webhooks, as a real HTTP server on loopback that a test can stop, start
again on the same port, slow down, make fail, redirect or hang up on. It keeps every POST
that reached it (its headers and body), as it arrives, and answers as `mode` says. Given a
`verifier` (a standardwebhooks Webhook), it checks each POST's signature as a tool does and
answers one that does not check 401."""

import socket
import sys
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes
    path: str
    status: int | None = None  # what it answered (None: it hung up)
    message: dict | None = None  # the verified body, when a verifier checked it
    at: float = 0.0  # time.monotonic() when it arrived: one clock for every process here


class Receiver:
    """`mode`: "ok" (204), "fail" (500), "slow" (answers after `delay` seconds), "close"
    (hangs up without answering), "redirect" (302 elsewhere)."""

    def __init__(self, port: int = 0):
        self.port = port or free_port()
        self.mode = "ok"
        self.delay = 0.0
        self.verifier = None  # with .verify(body, headers): the message, or an exception
        self.received: list[Received] = []  # every POST that arrived, answered or not
        self.connections = 0  # connections opened to it
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hooks"

    def start(self) -> "Receiver":
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keeps the connection, as most servers do

            def setup(self):
                super().setup()
                with receiver._lock:
                    receiver.connections += 1

            def do_POST(self):  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                arrived = time.monotonic()
                mode, message = receiver.mode, None
                if receiver.verifier is not None:
                    try:
                        message = receiver.verifier.verify(body, dict(self.headers))
                    except Exception:  # noqa: BLE001 (whatever it raises, it did not check)
                        mode = "refuse"
                status = {"close": None, "fail": 500, "redirect": 302, "refuse": 401}
                got = Received(dict(self.headers), body, self.path, status.get(mode, 204), message,
                               arrived)  # fmt: skip
                with receiver._lock:
                    receiver.received.append(got)
                if mode == "close":
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if mode == "slow":
                    time.sleep(receiver.delay)
                if mode == "refuse":
                    self.answer(401)
                elif mode == "fail":
                    self.answer(500, b"the league site is down")
                elif mode == "redirect":
                    self.answer(302, location="http://127.0.0.1:9/elsewhere")
                else:
                    self.answer(204)

            def answer(self, status: int, said: bytes = b"", location: str | None = None):
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                if status != 204:
                    self.send_header("Content-Length", str(len(said)))
                self.end_headers()
                self.wfile.write(said)

            def log_message(self, *args):
                pass

        self._server = Server(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def taken(self) -> list[Received]:
        with self._lock:
            return list(self.received)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A sender that went away mid-connection (a worker killed) is what the tests do to
        it, not an error to print; anything else is."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
