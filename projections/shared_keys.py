"""Whether other hosts may share this process's store, and so must share its keys.

SECRET_KEY_FILE seals cached states and derives keyed writes' tokens and webhooks' secrets;
RECEIPT_KEY_DIR signs receipts. A process makes them at its first start, which is right for a
store on this machine alone (`make run`, the tests). A store other hosts reach too is another
matter: a second host that made its own keys would refold what the first cached, answer other
tokens for the same keyed write, sign webhooks and receipts with keys the others do not have.
So there a missing key stops the start (projections/services.py, `check_keys`) and
`python -m app.run.keys` makes them once, to copy to every host.

Other hosts may share the store when REDIS_CLUSTER is on (a cluster is for more than one
machine, even on loopback), or REDIS_URL names a host that is not this one: anything but a
Unix socket, `localhost` (or a name under `.localhost`, RFC 6761) and a loopback address
(127.0.0.0/8, ::1). The URL is judged as written, with no DNS lookup: a name that happens to
resolve to this machine counts as another host, and a tunnel on loopback as this one.
"""

import ipaddress
from pathlib import Path
from urllib.parse import urlparse

from projections.receipt_keys import INDEX

MAKE_THEM = "python -m app.run.keys"


def shared_by(redis_url: str, cluster: bool) -> str | None:
    """Why other hosts may share the store, in words (the URL's password left out), or None
    if it is this host's alone."""
    if cluster:
        return "REDIS_CLUSTER is on"
    parts = urlparse(redis_url)
    host = (parts.hostname or "localhost").lower()
    if parts.scheme == "unix" or host == "localhost" or host.endswith(".localhost"):
        return None
    try:
        if ipaddress.ip_address(host).is_loopback:
            return None
    except ValueError:
        pass  # a name, not an address
    return f"REDIS_URL names the host {host}"


def missing(settings) -> str | None:
    """What a start with these settings lacks, in the words that stop it, or None."""
    why = shared_by(settings.redis_url, settings.redis_cluster)
    if why is None:
        return None
    lacking = []
    if not Path(settings.secret_key_file).is_file():
        lacking.append(
            f"SECRET_KEY_FILE ({settings.secret_key_file}), the key that seals cached states "
            "and derives keyed writes' tokens and webhooks' secrets"
        )
    if not (Path(settings.receipt_key_dir) / INDEX).is_file():
        lacking.append(f"RECEIPT_KEY_DIR ({settings.receipt_key_dir}), the keys that sign receipts")
    if not lacking:
        return None
    return "\n".join([
        f"{why}, so other hosts may share this store, and every web and worker process on "
        "every host must read the same keys: keys made here alone would seal, sign and answer "
        "tokens the other hosts cannot read. Missing:",
        *(f"  {line}" for line in lacking),
        f"Make them once with `{MAKE_THEM}` (`make keys`), copy them to the same paths on "
        "every host, and start again. Nothing was made.",
    ])  # fmt: skip
