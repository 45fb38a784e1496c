"""The faults: every `every` seconds, kill -9 of one part of the service, the parts in an order
shuffled by the soak's seed (each round of seven faults each kind once). Then the soak waits
for the service to be whole again by itself; if `make run`'s process has exited, or the service
is not whole within `recover` seconds, the soak starts it again, as a person at the machine
would.

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
"""

import time
from dataclasses import dataclass, field

from tests.soak.service import Service

KINDS = ("horse", "worker", "webhooks", "gunicorn", "redis", "service", "tool")
TOOL_FAULTS = ("down", "failing")
HORSE_WAIT = 10.0
START_TIMEOUT = 120.0
REDIS_START = 60.0  # seconds Redis may take to load its append-only file


@dataclass
class Fault:
    at: float  # seconds since the load began
    kind: str
    pids: list
    back: str = ""  # "itself", "restarted" (by the soak), "skipped", "down", "tool"
    seconds: float = 0.0  # from the kill until the service was whole again
    why: str = ""  # why the soak restarted it; for the tool, "down" or "failing"


@dataclass
class Faults:
    service: Service
    rng: object
    every: float
    recover: float
    began: float
    say: object = print
    tool: object = None  # tests/soak/tool.py's Tool
    done: list = field(default_factory=list)
    tool_order: list = field(default_factory=list)

    def run(self, until: float) -> None:
        """Make the faults until `until` (a time.monotonic()). Run it on the soak's main
        thread: the service it starts again gets SIGTERM when the thread that started it
        ends (app.run.serve's PR_SET_PDEATHSIG is the parent thread's)."""
        order: list[str] = []
        next_at = self.began + self.every
        while next_at < until:
            time.sleep(max(0.0, next_at - time.monotonic()))
            if not order:
                order = list(KINDS)
                self.rng.shuffle(order)
            self.inject(order.pop())
            next_at = max(next_at + self.every, time.monotonic() + 2.0)
        time.sleep(max(0.0, until - time.monotonic()))

    def inject(self, kind: str) -> Fault:
        if kind == "tool":
            return self.tool_fault()
        start = time.monotonic()
        pids = self.targets(kind)
        fault = Fault(round(start - self.began, 1), kind, pids)
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
            self.recovered(fault, start)
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

    def recovered(self, fault: Fault, start: float) -> None:
        """Wait for the service to be whole again, else start it again."""
        what = f"{fault.at:7.1f} s  kill -9 {fault.kind} (pid {' '.join(map(str, fault.pids))})"
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
        self.say(f"{what}: {fault.why}; {outcome}, whole {fault.seconds:.1f} s after the kill")

    def whole(self) -> None:
        """Before the checks: the service whole, or started again (a restart of its own in
        the figures: it went down without a fault)."""
        start = time.monotonic()
        if self.service.wait_up(self.recover):
            return
        fault = Fault(round(start - self.began, 1), "none", [], why="found down after the load")
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
