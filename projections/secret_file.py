"""A secret kept in a file outside Redis, made on first start: readable by its owner only."""

import os
import secrets
from pathlib import Path


def load_or_create(path: Path, nbytes: int = 32) -> str:
    """The secret in `path`; a new random one written there first if there is none yet."""
    path = Path(path)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(descriptor, "w") as file:
        secret = secrets.token_urlsafe(nbytes)
        file.write(secret + "\n")
    return secret
