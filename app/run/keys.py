"""`python -m app.run.keys` (`make keys`): the service's keys, made once, to copy to every host
that shares its store (projections/shared_keys.py says why a start there will not make them).

It makes SECRET_KEY_FILE and RECEIPT_KEY_DIR's first key where they are missing, as a first
start would (owner-only files in owner-only folders), and keeps those already there: run again,
it changes nothing. Copy them to the same paths on every web and worker host, owner and modes
kept (`rsync -a`, or `scp -p`).
"""

import sys
from pathlib import Path

from projections.receipt_keys import INDEX, ReceiptKeys
from projections.secret_file import load_or_create
from projections.services import Settings, SettingsEnv, SettingsError


def make(secret_key_file: str, receipt_key_dir: str) -> list[str]:
    """The keys at these paths, made where missing; a line for each, saying which."""
    said = []
    secret, receipts = Path(secret_key_file), Path(receipt_key_dir)
    kept = secret.is_file()
    load_or_create(secret)
    said.append(f"{secret}: {'already there, kept' if kept else 'made'} (SECRET_KEY_FILE)")
    kept = (receipts / INDEX).is_file()
    ReceiptKeys.open(receipts)
    said.append(f"{receipts}/: {'already there, kept' if kept else 'made'} (RECEIPT_KEY_DIR)")
    return said


def main() -> int:
    env = SettingsEnv()
    secret_key_file = env.str("SECRET_KEY_FILE", Settings.secret_key_file)
    receipt_key_dir = env.str("RECEIPT_KEY_DIR", Settings.receipt_key_dir)
    try:
        env.check({})
    except SettingsError as error:
        print(f"tablelog: {error}", file=sys.stderr)
        return 2
    for line in make(secret_key_file, receipt_key_dir):
        print(f"tablelog: {line}")
    print("tablelog: copy them to the same paths on every host that shares the store, "
          "owner and modes kept (rsync -a)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
