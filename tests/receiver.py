"""A tool receiving webhooks, as a real HTTP server on loopback that a test can stop, start
again on the same port, slow down, make fail, redirect or hang up on. It keeps every POST
that reached it (its headers and body), as it arrives, and answers as `mode` says."""

import socket
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes
    path: str
    at: float = 0.0  # time.monotonic() when it arrived: one clock for every process here


class Receiver:
    """`mode`: "ok" (204), "fail" (500), "slow" (answers after `delay` seconds), "close"
    (hangs up without answering), "redirect" (302 elsewhere)."""

    def __init__(self, port: int = 0):
        self.port = port or free_port()
        self.mode = "ok"
        self.delay = 0.0
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
                with receiver._lock:
                    receiver.received.append(Received(dict(self.headers), body, self.path, arrived))
                if receiver.mode == "close":
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if receiver.mode == "slow":
                    time.sleep(receiver.delay)
                if receiver.mode == "fail":
                    said = b"the league site is down"
                    self.send_response(500)
                    self.send_header("Content-Length", str(len(said)))
                    self.end_headers()
                    self.wfile.write(said)
                elif receiver.mode == "redirect":
                    self.send_response(302)
                    self.send_header("Location", "http://127.0.0.1:9/elsewhere")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                else:
                    self.send_response(204)
                    self.end_headers()

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
