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


def post(url: str, body: bytes, headers: dict[str, str], timeout: float,
         allow_private: bool) -> Answer:  # fmt: skip
    """POST `body` to `url` once; never raises for what the other end does."""
    started = time.monotonic()

    def took() -> float:
        return round((time.monotonic() - started) * 1000, 1)

    try:
        scheme, host, port, address = target(url, allow_private)
    except AddressRefused as error:
        return Answer(None, took(), error=f"refused: {error}")
    parts = urlsplit(url)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    connection = (_SecureConnection(host, address, port, timeout) if scheme == "https"
                  else _Connection(address, port, timeout))  # fmt: skip
    default_port = 443 if scheme == "https" else 80
    sent = {"Host": host if port == default_port else f"{host}:{port}",
            "User-Agent": USER_AGENT, "Content-Type": "application/json", **headers}  # fmt: skip
    try:
        connection.request("POST", path, body=body, headers=sent)
        answer = connection.getresponse()
        first = answer.read(RESPONSE_KEPT).decode("utf-8", "replace")
        error = None
        if 300 <= answer.status < 400:
            where = answer.getheader("Location") or "nowhere said"
            error = f"answered {answer.status} to {where}: a redirect is not followed"
        return Answer(answer.status, took(), first, error)
    except TimeoutError:
        return Answer(None, took(), error=f"no answer within {timeout:g} s")
    except (OSError, http.client.HTTPException) as error:
        return Answer(None, took(), error=f"{type(error).__name__}: {error}")
    finally:
        connection.close()
