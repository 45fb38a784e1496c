"""A webhook's POST, as the service sends it: to a public address only (unless the setting
WEBHOOK_ALLOW_PRIVATE allows private, loopback and link-local ones), to the very address that
was checked (the name is resolved once, then that address is connected to, so a name that
resolves elsewhere the second time reaches nothing it should not), no redirect followed, a
time limit on connecting and on each read, and the answer's first bytes kept.
"""

import http.client
import ipaddress
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

RESPONSE_KEPT = 1024
USER_AGENT = "tablelog-webhooks/1"


@dataclass(frozen=True)
class Answer:
    """What came of one POST: the status (None if none came), how long it took, the
    answer's first bytes as text, and what went wrong, if anything."""

    status: int | None
    duration_ms: float
    body: str = ""
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300

    def said(self) -> str:
        """In words, for a webhook disabled after it."""
        if self.error:
            return self.error
        return f"answered {self.status}"


class AddressRefused(ValueError):
    """A URL a webhook may not be sent to, with the reason."""


def refused(address: str) -> str | None:
    """Why an IP address is not public, or None."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    for test, what in (
        (ip.is_loopback, "a loopback"),
        (ip.is_link_local, "a link-local"),
        (ip.is_private, "a private"),
        (ip.is_multicast, "a multicast"),
        (ip.is_unspecified, "an unspecified"),
        (ip.is_reserved, "a reserved"),
    ):
        if test:
            return f"{address} is {what} address"
    return None


def target(url: str, allow_private: bool) -> tuple[str, str, int, str]:
    """(scheme, host, port, the address to connect to) of a URL a webhook may be sent to;
    AddressRefused with the reason otherwise."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise AddressRefused("a webhook's URL is http:// or https:// with a host")
    if parts.username or parts.password:
        raise AddressRefused("a webhook's URL carries no user name or password")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise AddressRefused("the URL's port is not a number from 1 to 65535") from None
    try:
        found = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise AddressRefused(f"{parts.hostname} does not resolve ({error})") from None
    addresses = list(dict.fromkeys(info[4][0] for info in found))
    if not allow_private:
        reasons = [r for r in map(refused, addresses) if r]
        if reasons:
            raise AddressRefused(
                f"{parts.hostname}: {reasons[0]}; webhooks go to public addresses only"
            )
    return parts.scheme, parts.hostname, port, addresses[0]


class _Connection(http.client.HTTPConnection):
    def __init__(self, address: str, port: int, timeout: float):
        super().__init__(address, port, timeout=timeout)


class _SecureConnection(http.client.HTTPSConnection):
    """HTTPS to a given address, its certificate checked against the URL's host name."""

    def __init__(self, host: str, address: str, port: int, timeout: float):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self):
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


class Poster:
    """POSTs to one webhook's URL, on one connection kept open between them while the other
    end keeps it (HTTP/1.1 keep-alive): a job sending many entries connects, and checks the
    address, once. Close it when done."""

    def __init__(self, url: str, timeout: float, allow_private: bool):
        self.url, self.timeout, self.allow_private = url, timeout, allow_private
        parts = urlsplit(url)
        self.path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        self.connection: http.client.HTTPConnection | None = None
        self.host_header = ""

    def post(self, body: bytes, headers: dict[str, str]) -> Answer:
        """POST `body` once; never raises for what the other end does. A connection the other
        end closed while it was kept is opened again and the POST sent on it."""
        started = time.monotonic()
        kept = self.connection is not None
        answer = self._post(body, headers, started)
        if kept and answer.status is None and answer.error and "Remote" in answer.error:
            answer = self._post(body, headers, time.monotonic())
        return answer

    def _post(self, body: bytes, headers: dict[str, str], started: float) -> Answer:
        def took() -> float:
            return round((time.monotonic() - started) * 1000, 1)

        if self.connection is None:
            try:
                self.connection = self._connect()
            except AddressRefused as error:
                return Answer(None, took(), error=f"refused: {error}")
        sent = {"Host": self.host_header, "User-Agent": USER_AGENT,
                "Content-Type": "application/json", **headers}  # fmt: skip
        try:
            self.connection.request("POST", self.path, body=body, headers=sent)
            answer = self.connection.getresponse()
            first = answer.read(RESPONSE_KEPT).decode("utf-8", "replace")
            if answer.will_close or not _drained(answer):
                self.close()
            error = None
            if 300 <= answer.status < 400:
                where = answer.getheader("Location") or "nowhere said"
                error = f"answered {answer.status} to {where}: a redirect is not followed"
            return Answer(answer.status, took(), first, error)
        except TimeoutError:
            self.close()
            return Answer(None, took(), error=f"no answer within {self.timeout:g} s")
        except (OSError, http.client.HTTPException) as error:
            self.close()
            return Answer(None, took(), error=f"{type(error).__name__}: {error}")

    def _connect(self) -> http.client.HTTPConnection:
        scheme, host, port, address = target(self.url, self.allow_private)
        default_port = 443 if scheme == "https" else 80
        self.host_header = host if port == default_port else f"{host}:{port}"
        if scheme == "https":
            return _SecureConnection(host, address, port, self.timeout)
        return _Connection(address, port, self.timeout)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def __enter__(self) -> "Poster":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _drained(answer: http.client.HTTPResponse) -> bool:
    """Whether the rest of an answer was read (a little more than what is kept), so the
    connection can carry the next POST; a long answer is not read to its end."""
    answer.read(64 * 1024)
    return answer.isclosed()
