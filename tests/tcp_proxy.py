"""A TCP proxy between the service and its Redis, for tests that lose what the network loses:
`Proxy(target_port).start()` listens on `port` and forwards each connection to the target.

`lose_replies_from(marker)`: once a client sends bytes holding `marker` (a command's name, say
b"EVALSHA"), what the server answers on that connection is dropped from then on: the command
runs, and the client waits for an answer that never comes, as across a link that went dead
mid-write. `heal()` forwards everything again (connections already made keep losing).
"""

import contextlib
import socket
import threading


class Proxy:
    def __init__(self, target_port: int, target_host: str = "127.0.0.1"):
        self.target = (target_host, target_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.marker: bytes | None = None
        self.sockets: list[socket.socket] = []

    def url(self, password: str | None = None) -> str:
        auth = f":{password}@" if password else ""
        return f"redis://{auth}127.0.0.1:{self.port}"

    def start(self) -> "Proxy":
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def lose_replies_from(self, marker: bytes) -> None:
        self.marker = marker

    def heal(self) -> None:
        self.marker = None

    def close(self) -> None:
        self.listener.close()
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target)
            except OSError:  # the target is gone: refused, as it would be without a proxy
                client.close()
                continue
            self.sockets += [client, server]
            lost = threading.Event()
            threading.Thread(
                target=self._pipe, args=(client, server, lost, True), daemon=True
            ).start()
            threading.Thread(
                target=self._pipe, args=(server, client, lost, False), daemon=True
            ).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, lost: threading.Event,
              from_client: bool) -> None:  # fmt: skip
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                with contextlib.suppress(OSError):
                    sink.shutdown(socket.SHUT_WR)
                return
            if from_client and self.marker is not None and self.marker in data:
                lost.set()
            if not from_client and lost.is_set():
                continue
            try:
                sink.sendall(data)
            except OSError:
                return
