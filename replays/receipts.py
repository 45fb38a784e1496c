"""A kept receipt held against the log as Redis holds it now.

The signature is checked first (a receipt the service did not sign says nothing about the
log), then the log is walked from its first event to the receipt's head: every event read is
checked against its own hash (`events/store.py`, `decode`) and each `prev_hash` against the
event before, so the hashes compared with the receipt's are the chain's, not whatever a stored
event claims. The walk costs one read of the log up to the head, like `verify`.
"""

from collections.abc import Mapping

from events import receipts
from events.envelope import GENESIS
from events.store import CorruptEvent, RedisEventStore

PAGE = 1000


def check_receipt(
    store: RedisEventStore, keys: Mapping[str, bytes], game_id: str, version: int, receipt
) -> receipts.Verdict:
    """Whether `receipt` (well formed: see `receipts.malformed`) holds for the game `game_id`,
    whose log is at `version`."""
    signed = receipts.check_signature(receipt, keys)
    if not signed.valid:
        return signed
    if receipt["game"] != game_id:
        return receipts.Verdict(
            False, "game", f"this receipt is for game {receipt['game']}, not {game_id}"
        )
    if receipt["head_seq"] > version:
        return receipts.Verdict(
            False, "missing",
            f"the log holds {version} events; this receipt names seq {receipt['head_seq']}",
        )  # fmt: skip
    try:
        hashes = chain_hashes(store, game_id, receipt["head_seq"], {receipt["seq"]})
    except _Broken as broken:
        return receipts.Verdict(False, "damaged", f"the log is damaged at seq {broken}")
    return receipts.against_log(receipt, hashes.get(receipt["seq"]), hashes.get("head"))


class _Broken(Exception):
    def __str__(self):
        seq, reason = self.args
        return f"{seq}: {reason}"


def chain_hashes(store: RedisEventStore, game_id: str, last: int, wanted: set[int]) -> dict:
    """The chain's hash at each seq of `wanted` and (as "head") at `last`, walking the log from
    the first event; _Broken names the first seq that is damaged or does not link."""
    found: dict = {}
    prev_hash, seq = GENESIS, 0
    while seq < last:
        try:
            page = store.read_range(game_id, seq + 1, min(seq + PAGE, last))
        except CorruptEvent as error:
            raise _Broken(error.seq, error.reason) from None
        for envelope in page:
            seq += 1
            if envelope["seq"] != seq:
                raise _Broken(seq, f"no event; the next stored is {envelope['seq']}")
            if envelope["prev_hash"] != prev_hash:
                raise _Broken(seq, "its prev_hash is not the hash of the event before")
            prev_hash = envelope["hash"]
            if seq in wanted:
                found[seq] = prev_hash
        if not page:
            raise _Broken(seq + 1, "no event")
    found["head"] = prev_hash
    return found
