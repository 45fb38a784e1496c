"""A secret kept in a file, made on first start: the embedded Redis's password today, and any
key the service must keep across restarts.

The file is readable by its owner only (0600) in a folder only its owner can enter (0700). It is
created with O_EXCL, so two processes starting at once cannot each write a different secret:
the one that loses the race reads the winner's.
"""

import os
import secrets
import time
from pathlib import Path


def load_or_create(path: Path, nbytes: int = 32) -> str:
    """The secret in `path`; on first use, `nbytes` random bytes as URL-safe text, written
    there first. A later start reads the same secret back."""
    path = Path(path)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read(path)
    secret = secrets.token_urlsafe(nbytes)
    with os.fdopen(fd, "w") as file:
        file.write(secret + "\n")
        file.flush()
        os.fsync(file.fileno())
    return secret


def _read(path: Path, wait: float = 5.0) -> str:
    """The secret another process is writing may not be there yet: wait a moment for it."""
    deadline = time.monotonic() + wait
    while not (secret := path.read_text().strip()):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{path} is empty: remove it to make a new secret")
        time.sleep(0.01)
    return secret
