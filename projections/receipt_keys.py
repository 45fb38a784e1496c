"""The keys that sign receipts: a directory outside Redis, made on first start, rotated by
`flask --app app rotate-receipt-key`.

Whoever can write to Redis can rewrite a whole log, hashes and all; they cannot sign for the
service without these keys, so a receipt a player kept shows the rewrite. The directory
(RECEIPT_KEY_DIR, default `var/receipt-keys/`, mode 0700; every file in it 0600) holds:

- `keys.json`: `{"current": <id>, "keys": [{"id", "created_at", "retired_at"}, ...]}`, the key
  that signs now and every key that ever signed, oldest first. Replaced whole (written beside,
  then renamed over), never edited, so a reader sees the old index or the new one.
- `<id>.pub`: each key's public half (PEM, SubjectPublicKeyInfo), kept for good: old
  receipts stay checkable.
- `<id>.key`: the current key's private half (PEM, PKCS #8), deleted when it is retired:
  nothing signs with a retired key again.
- `.lock`: held exclusively to make the first key or to rotate, shared to read.

Every web process of one service must read the same directory. Each looks at `keys.json`
again (a stat) when it last looked SEEN_FOR ago or more, and reads it again if it changed; a
rotation returns only after SEEN_FOR, so every append made after it signs with the new key.
A stat at every append was 5% of its CPU (docs/architecture.md).
"""

import fcntl
import json
import os
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from nacl.bindings import crypto_sign, crypto_sign_seed_keypair

from events import receipts
from events.store import utc_now

INDEX = "keys.json"
SEEN_FOR = 0.1  # seconds a process signs without looking at the index again


def _elapsed() -> float:
    """Seconds on the machine's monotonic clock, which a frozen test clock (freezegun) leaves
    running: SEEN_FOR is real time, whatever time a test says it is."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


class ReceiptKeyError(RuntimeError):
    """The key directory cannot be used as it is; the message says what to do."""


class ReceiptMismatch(Exception):
    """A receipt kept for the event at `seq` no longer holds for the log."""

    def __init__(self, seq: int, reason: str):
        super().__init__(f"the receipt first issued for seq {seq} does not hold: {reason}")
        self.seq = seq


def kept_form(receipt: dict) -> str:
    """A receipt as the event-id index keeps it beside its event (events/store.py, `Indexed`):
    what the log does not hold of it. `ReceiptKeys.reissued` makes it whole again."""
    return f"{receipt['head_seq']}:{receipt['key_id']}:{receipt['signature']}"


@dataclass(frozen=True)
class KeyRing:
    """One reading of the directory: the signing key and every public key."""

    stamp: tuple
    current: str
    # the current key as libsodium's secret key, which signs (`crypto_sign`): Ed25519 is
    # deterministic, so its signatures are cryptography's byte for byte, made in two thirds of
    # the CPU (docs/architecture.md)
    signing: bytes
    public: dict[str, bytes]  # id -> raw public key, oldest first
    index: list[dict]


class ReceiptKeys:
    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self._index_file = str(self.directory / INDEX)  # a str: no Path made at each stat
        self._ring: KeyRing | None = None
        self._reload = threading.Lock()
        self._looked_until = 0.0  # `_elapsed` up to which the ring read is taken as it is

    @classmethod
    def open(cls, directory: Path) -> "ReceiptKeys":
        """The keys in `directory`; on first start, the directory and a first key."""
        keys = cls(directory)
        keys.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        with keys._locked(fcntl.LOCK_EX):
            if not keys._index_path.exists():
                orphans = sorted(keys.directory.glob("*.pub"))
                if orphans:
                    raise ReceiptKeyError(
                        f"{keys._index_path} is missing but {len(orphans)} public key(s) are "
                        "beside it: restore it, or receipts signed by them cannot be checked"
                    )
                keys._write_index(keys._new_key(), [])
        keys.ring()
        return keys

    def sign(self, game_id: str, envelopes: list[dict]) -> list[dict]:
        """A receipt for each event of one append, in order, each naming the append's last
        event as the head. Every claim is the service's own, of its form as it was made (a
        game id it drew, hashes it computed, its key's id), so none is checked field by field
        as a receipt from elsewhere is (`receipts.signed_bytes`): that check was 3% of an
        append's CPU."""
        ring = self.ring()
        head_seq, head_hash = envelopes[-1]["seq"], envelopes[-1]["hash"]
        signed = []
        for envelope in envelopes:
            seq, event_hash = envelope["seq"], envelope["hash"]
            claims = receipts.claimed(game_id, seq, event_hash, head_seq, head_hash, ring.current)
            signed.append({
                "format": receipts.FORMAT, "game": game_id, "seq": seq, "event_hash": event_hash,
                "head_seq": head_seq, "head_hash": head_hash, "key_id": ring.current,
                "signature": crypto_sign(claims, ring.signing)[:64].hex(),
            })  # fmt: skip
        return signed

    def reissued(self, game_id: str, seq: int, kept: str, hashes: dict[int, str]) -> dict:
        """The receipt issued for the event at `seq`, from what the event-id index kept of it
        (`kept_form`) and the log's hashes (seq -> hash, reaching its head): the same bytes
        as first answered. ReceiptMismatch if its signature does not hold for them: the log
        was changed after it was issued."""
        head_seq, key_id, signature = kept.split(":")
        receipt = {"format": receipts.FORMAT, "game": game_id, "seq": seq,
                   "event_hash": hashes.get(seq), "head_seq": int(head_seq),
                   "head_hash": hashes.get(int(head_seq)), "key_id": key_id,
                   "signature": signature}  # fmt: skip
        try:
            verdict = receipts.check_signature(receipt, self.public_keys())
        except receipts.MalformedReceipt as error:
            raise ReceiptMismatch(seq, str(error)) from None
        if not verdict.valid:
            raise ReceiptMismatch(seq, verdict.reason)
        return receipt

    def public_keys(self) -> dict[str, bytes]:
        """key id -> raw public key, for every key that ever signed."""
        return self.ring().public

    def listing(self) -> list[dict]:
        """Every key, oldest first: what `GET /api/keys` publishes."""
        ring = self.ring()
        return [
            {
                "id": entry["id"],
                "algorithm": receipts.ALGORITHM,
                "status": "current" if entry["id"] == ring.current else "retired",
                "public_key": ring.public[entry["id"]].hex(),
                "created_at": entry["created_at"],
                "retired_at": entry["retired_at"],
            }
            for entry in ring.index
        ]

    def rotate(self) -> tuple[str, str]:
        """Make a new current key and retire the one before: its public half stays (its
        receipts stay checkable), its private half is deleted. Returns (new id, retired id)."""
        with self._locked(fcntl.LOCK_EX):
            ring = self._read()
            new = self._new_key()
            retired_at = utc_now()
            index = [{**e, "retired_at": e["retired_at"] or retired_at} for e in ring.index]
            self._write_index(new, index)
            for path in self.directory.glob("*.key"):
                if path.stem != new:
                    path.unlink()
            self._sync_directory()
        self._looked_until = 0.0
        self.ring()
        time.sleep(SEEN_FOR)  # every other process has looked at the index again by now
        return new, ring.current

    def ring(self) -> KeyRing:
        """The keys as the directory held them at most SEEN_FOR ago, read again only if
        `keys.json` changed."""
        ring, now = self._ring, _elapsed()
        if ring is not None and now < self._looked_until:
            return ring
        if ring is None or ring.stamp != self._stamp():
            with self._reload:
                if self._ring is None or self._ring.stamp != self._stamp():
                    with self._locked(fcntl.LOCK_SH):
                        self._ring = self._read()
                ring = self._ring
        self._looked_until = now + SEEN_FOR
        return ring

    @property
    def _index_path(self) -> Path:
        return self.directory / INDEX

    def _stamp(self) -> tuple:
        try:
            stat = os.stat(self._index_file)
        except FileNotFoundError:
            raise ReceiptKeyError(f"{self._index_path} is gone: restore it") from None
        return stat.st_ino, stat.st_mtime_ns, stat.st_size

    def _read(self) -> KeyRing:
        stamp = self._stamp()
        index = json.loads(self._index_path.read_text())
        current = index["current"]
        public = {entry["id"]: self._public(entry["id"]) for entry in index["keys"]}
        path = self.directory / f"{current}.key"
        try:
            private = serialization.load_pem_private_key(path.read_bytes(), password=None)
        except FileNotFoundError:
            raise ReceiptKeyError(f"{path}, the current receipt key, is missing") from None
        if not isinstance(private, Ed25519PrivateKey) or private.public_key().public_bytes_raw() \
                != public.get(current):  # fmt: skip
            raise ReceiptKeyError(f"{path} is not the private half of key {current}")
        _, signing = crypto_sign_seed_keypair(private.private_bytes_raw())
        return KeyRing(stamp, current, signing, public, index["keys"])

    def _public(self, key_id: str) -> bytes:
        path = self.directory / f"{key_id}.pub"
        key = serialization.load_pem_public_key(path.read_bytes())
        raw = key.public_bytes_raw() if isinstance(key, Ed25519PublicKey) else b""
        if receipts.key_id(raw) != key_id:
            raise ReceiptKeyError(f"{path} does not hold the Ed25519 key {key_id}")
        return raw

    def _new_key(self) -> str:
        """A new key's two files, written before any index names it; returns its id."""
        private = Ed25519PrivateKey.generate()
        public = private.public_key()
        key_id = receipts.key_id(public.public_bytes_raw())
        pem = serialization.Encoding.PEM
        self._write_new(
            self.directory / f"{key_id}.pub",
            public.public_bytes(pem, serialization.PublicFormat.SubjectPublicKeyInfo),
        )
        self._write_new(
            self.directory / f"{key_id}.key",
            private.private_bytes(
                pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            ),
        )
        return key_id

    def _write_index(self, current: str, earlier: list[dict]) -> None:
        entry = {"id": current, "created_at": utc_now(), "retired_at": None}
        text = json.dumps({"current": current, "keys": [*earlier, entry]}, indent=2) + "\n"
        partial = self.directory / f"{INDEX}.{os.getpid()}.partial"
        partial.unlink(missing_ok=True)
        self._write_new(partial, text.encode())
        os.replace(partial, self._index_path)
        self._sync_directory()

    @staticmethod
    def _write_new(path: Path, data: bytes) -> None:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())

    def _sync_directory(self) -> None:
        fd = os.open(self.directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    @contextmanager
    def _locked(self, mode: int):
        fd = os.open(self.directory / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, mode)
            yield
        finally:
            os.close(fd)
