"""The faults: every `every` seconds one of them, in an order shuffled by the soak's seed (each
round of twelve faults each kind once). Then the soak waits for the service to be whole again
by itself; if `make run`'s process has exited, or the service is not whole within `recover`
seconds, the soak starts it again, as a person at the machine would.

A kill -9 of one part of the service:

- `horse`: the work horse running a phase job (the soak waits up to 10 s for a job to run);
- `worker`: the phases' RQ worker, `python -m workers` (its horse and scheduler are left);
- `webhooks`: one of the webhooks' workers, `python -m workers.webhooks`, maybe mid-delivery;
- `gunicorn`: one of gunicorn's web processes, mid-request;
- `redis`: the soak's redis-server (tests/soak/own_redis.py), started again at once, as `make
  run` starts its embedded one again;
- `service`: every process of the service at once, as a power cut would (the disk stays);
- `tool`: not the service but the tool it sends webhooks to (tests/soak/tool.py): down for
  a few seconds and back on the same port, or answering 500 for a few seconds; each pair of
  tool faults is one of each, in an order shuffled by the seed. The fault loop goes on
  meanwhile; `back` is "tool" and `seconds` how long.

An outage, for a time drawn by the seed within `lasts` (5 to 30 s in `make soak`), then over;
the soak waits for the service to be whole from its end:

- `pause`: Redis stopped with SIGSTOP (every connection open, nothing answered), then SIGCONT;
- `oom`: Redis out of memory: maxmemory just above the memory it uses, noeviction, so every
  write that needs memory is refused, then maxmemory off again;
- `reset`: every connection between the service and Redis reset by the proxy
  (tests/soak/proxy.py), and every new one as soon as it is made, until it is over;
- `blackhole`: nothing passes between the service and Redis, on open connections or new ones,
  until it is over, when what was held passes;
- `delay`: every chunk between the service and Redis delayed by 20 to 250 ms (drawn).

With the logs on a cluster (SOAK_CLUSTER, tests/soak/cluster.py), the outages are the queues'
Redis's, and one more kind: `master`, a master of the logs' cluster killed with kill -9; the
soak waits for a replica to take its place (`how` says how long that took), starts the node
again, and it rejoins as a replica.

Each fault notes when it began and when it was over (a kill: at once), by the clock the
service stamps events with, for the phase latency after it (tests/soak/phases.py).
"""

import time
from dataclasses import dataclass, field

from tests.soak.service import Service

OUTAGES = ("pause", "oom", "reset", "blackhole", "delay")
KINDS = ("horse", "worker", "webhooks", "gunicorn", "redis", "service", "tool", *OUTAGES)
CLUSTER_KINDS = (*KINDS, "master")
TOOL_FAULTS = ("down", "failing")
DELAYS = (0.02, 0.25)  # seconds a chunk is held by the proxy in a `delay`
HORSE_WAIT = 10.0
START_TIMEOUT = 120.0
REDIS_START = 60.0  # seconds Redis may take to load its append-only file


@dataclass
class Fault:
    at: float  # seconds since the load began
    kind: str
    pids: list
    back: str = ""  # "itself", "restarted" (by the soak), "skipped", "down", "tool"
    seconds: float = 0.0  # from the kill (an outage's end) until the service was whole again
    why: str = ""  # why the soak restarted it; for the tool, "down" or "failing"
    began: float = 0.0  # time.time(): when it was made
    ended: float = 0.0  # time.time(): when it was over (a kill's is its making)
    how: str = ""  # an outage's measure: its length, the memory, the delay


@dataclass
class Faults:
    service: Service
    rng: object
    every: float
    recover: float
    began: float
    say: object = print
    tool: object = None  # tests/soak/tool.py's Tool
    lasts: tuple = (5.0, 30.0)  # an outage's seconds, at least and at most
    done: list = field(default_factory=list)
    tool_order: list = field(default_factory=list)
    kinds: tuple = KINDS

    def run(self, until: float, most: int = 0) -> None:
        """Make the faults until `until` (a time.monotonic()), `most` of them if not 0. Run
        it on the soak's main thread: the service it starts again gets SIGTERM when the
        thread that started it ends (app.run.serve's PR_SET_PDEATHSIG is the parent
        thread's)."""
        order: list[str] = []
        next_at = self.began + self.every
        while next_at < until and not (most and len(self.done) >= most):
            time.sleep(max(0.0, next_at - time.monotonic()))
            if not order:
                order = list(self.kinds)
                self.rng.shuffle(order)
            self.inject(order.pop())
            next_at = max(next_at + self.every, time.monotonic() + 2.0)
        time.sleep(max(0.0, until - time.monotonic()))

    def inject(self, kind: str) -> Fault:
        if kind == "tool":
            return self.tool_fault()
        if kind in OUTAGES:
            return self.outage(kind)
        if kind == "master":
            return self.master()
        start = time.monotonic()
        pids = self.targets(kind)
        fault = Fault(round(start - self.began, 1), kind, pids, began=time.time())
        fault.ended = fault.began
        if not pids:
            fault.back = "skipped"
            self.say(f"{fault.at:7.1f} s  no {kind} to kill: skipped")
        else:
            if kind == "service":
                self.service.kill_everything()
            elif kind == "redis":
                self.service.redis.kill()
                self.service.redis.start(timeout=REDIS_START)
            else:
                self.service.kill(pids)
            what = f"{fault.at:7.1f} s  kill -9 {fault.kind} (pid {' '.join(map(str, pids))})"
            self.recovered(fault, start, what)
        self.done.append(fault)
        return fault

    def outage(self, kind: str) -> Fault:
        """Redis paused or out of memory, or the proxy failing, for a time drawn in `lasts`;
        then over, and the service waited for from then."""
        seconds = self.rng.uniform(*self.lasts)
        redis, proxy = self.service.redis, self.service.proxy
        fault = Fault(round(time.monotonic() - self.began, 1), kind, [], began=time.time())
        if not redis.running():
            fault.back = "skipped"
            self.say(f"{fault.at:7.1f} s  no Redis for {kind}: skipped")
            self.done.append(fault)
            return fault
        if kind == "pause":
            redis.pause()
            over, fault.how = redis.resume, "SIGSTOP"
        elif kind == "oom":
            used, limit = redis.out_of_memory()
            over, fault.how = redis.memory_back, f"maxmemory {limit / 2**20:.1f} MiB"
        elif kind == "delay":
            delay = self.rng.uniform(*DELAYS)
            opened = proxy.slow(delay)
            over, fault.how = proxy.heal, f"{delay * 1000:.0f} ms, {opened} connections"
        else:
            opened = (proxy.reset if kind == "reset" else proxy.blackhole)()
            over, fault.how = proxy.heal, f"{opened} connections"
        try:
            time.sleep(seconds)
        finally:
            over()
        fault.ended = time.time()
        what = f"{fault.at:7.1f} s  {kind} ({fault.how}) for {seconds:.1f} s"
        self.recovered(fault, time.monotonic(), what)
        self.done.append(fault)
        return fault

    def master(self) -> Fault:
        """A master of the logs' cluster killed; once a replica has its place, started again."""
        cluster = self.service.cluster
        start = time.monotonic()
        node, pid = cluster.kill_master(self.rng)
        fault = Fault(round(start - self.began, 1), "master", [pid], began=time.time())
        fault.ended = fault.began
        promoted = cluster.replaced(node)
        cluster.back(node)
        fault.how = f"a replica in its place {promoted:.1f} s after"
        what = (f"{fault.at:7.1f} s  kill -9 a master of the logs (:{node.port}, pid {pid}, "
                f"{fault.how})")  # fmt: skip
        self.recovered(fault, start, what)
        self.done.append(fault)
        return fault

    def tool_fault(self) -> Fault:
        """The tool down, or failing, for 2 to 6 seconds (at most three quarters of `every`);
        it comes back by itself."""
        if not self.tool_order:
            self.tool_order = list(TOOL_FAULTS)
            self.rng.shuffle(self.tool_order)
        how = self.tool_order.pop()
        seconds = min(self.rng.uniform(2.0, 6.0), 0.75 * self.every)
        fault = Fault(round(time.monotonic() - self.began, 1), "tool", [], "tool", seconds, how)
        fault.began = time.time()
        fault.ended = fault.began + seconds
        if self.tool is None:
            fault.back = "skipped"
            self.say(f"{fault.at:7.1f} s  no tool to fault: skipped")
        else:
            (self.tool.down if how == "down" else self.tool.failing)(seconds)
            said = "down" if how == "down" else "answering 500"
            self.say(f"{fault.at:7.1f} s  the tool {said} for {seconds:.1f} s")
        self.done.append(fault)
        return fault

    def targets(self, kind: str) -> list[int]:
        if kind == "service":
            return [self.service.process.pid]
        deadline = time.monotonic() + (HORSE_WAIT if kind == "horse" else 0)
        while True:
            found = self.service.roles()[{"gunicorn": "web"}.get(kind, kind)]
            if found:
                return [self.rng.choice(sorted(found))]
            if time.monotonic() >= deadline:
                return []
            time.sleep(0.05)

    def recovered(self, fault: Fault, start: float, what: str) -> None:
        """Wait from `start` (a time.monotonic()) for the service to be whole again, else
        start it again; `what` says the fault."""
        if fault.kind == "service":
            fault.why = "killed whole"
        else:
            deadline = start + self.recover
            while time.monotonic() < deadline and not self.service.exited():
                if self.service.up(fault.pids):
                    fault.back, fault.seconds = "itself", time.monotonic() - start
                    self.say(f"{what}: whole again by itself in {fault.seconds:.1f} s")
                    return
                time.sleep(0.2)
            fault.why = "exited" if self.service.exited() else f"not whole in {self.recover:g} s"
        fault.back = self.restart()
        fault.seconds = time.monotonic() - start
        outcome = "restarted by the soak" if fault.back == "restarted" else "DID NOT START"
        after = "its end" if fault.kind in OUTAGES else "the kill"
        self.say(f"{what}: {fault.why}; {outcome}, whole {fault.seconds:.1f} s after {after}")

    def whole(self) -> None:
        """Before the checks: the service whole, or started again (a restart of its own in
        the figures: it went down without a fault)."""
        start = time.monotonic()
        if self.service.wait_up(self.recover):
            return
        fault = Fault(round(start - self.began, 1), "none", [], why="found down after the load")
        fault.began = fault.ended = time.time()
        fault.back = self.restart()
        fault.seconds = time.monotonic() - start
        self.say(f"{fault.at:7.1f} s  {fault.why}: {fault.back}")
        self.done.append(fault)

    def restart(self) -> str:
        """Stop what is left of it and start it again; "restarted", or "down" after three
        starts that did not come up."""
        for _ in range(3):
            self.service.stop(timeout=20)
            self.service.start()
            if self.service.wait_up(START_TIMEOUT):
                return "restarted"
        return "down"

    def last(self) -> float | None:
        """When the last fault was made, seconds since the load began."""
        made = [f.at for f in self.done if f.back != "skipped"]
        return made[-1] if made else None
