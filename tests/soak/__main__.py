"""`python -m tests.soak [--keep]`: one soak, its figures, exit status 0 only if it is clean.

SOAK_SECONDS (300) of load on SOAK_TABLES (12) tables, a fault every SOAK_FAULT_EVERY (20)
seconds chosen with SOAK_SEED (random, printed, to run the same choices again), at most
SOAK_FAULTS of them (0, the default: as many as the time holds), an outage (Redis paused or
out of memory, the network reset, blackholed or slow) lasting a time drawn within
SOAK_OUTAGE_SECONDS (5-30), a part not whole again by itself within SOAK_RECOVER_SECONDS (20)
started again by the soak, and up to SOAK_SETTLE_SECONDS (120) for the phases to be resolved
afterwards, and as long again for the tool's webhook to catch up. SOAK_CLUSTER=1 puts the logs
on a Redis Cluster of three masters with two replicas each, every write waiting for one, and
kills masters among the faults (tests/soak/cluster.py). The service runs in a
temporary folder, removed at the end unless --keep is given or the run is not clean.
"""

import sys

from tests.soak.soak import Settings, soak


def main(argv: list[str]) -> int:
    unknown = [arg for arg in argv if arg != "--keep"]
    if unknown:
        print(f"usage: python -m tests.soak [--keep] (not {' '.join(unknown)})", file=sys.stderr)
        return 2
    ok, _, _ = soak(Settings.from_env(), keep="--keep" in argv)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
