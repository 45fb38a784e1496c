"""One soak: the service started with a tool receiving its webhooks (tests/soak/tool.py), the
tables played while the faults are made, the faults stopped when the time is up, the service
left to settle, and the checks (tests/soak/checks.py, tests/soak/delivered.py).

Every write goes through `Soak.write`: asked again until the service answers, and now and
then asked once more after an answer came back, as a tablet that lost that answer would; the
second answer must be the first's, and nothing may be written twice.
"""

import datetime
import os
import random
import shutil
import tempfile
import threading
import time
import traceback
import uuid
from dataclasses import dataclass
from pathlib import Path

from tests.soak.checks import check_all
from tests.soak.client import Answer, Api, Figures, TimeUp, Unanswered
from tests.soak.faults import CLUSTER_KINDS, KINDS, Faults
from tests.soak.ledger import Ledger, new_key
from tests.soak.report import clean, lines
from tests.soak.service import Service
from tests.soak.tables import Refused, play_burnrate, play_fcm
from tests.soak.tool import Tool
from tests.soak.toy import play_toy

PLAYS = {"toy": play_toy, "burnrate": play_burnrate, "fcm": play_fcm}
MIX = ("toy", "burnrate", "toy", "fcm")  # table i plays MIX[i % 4]
ASKED_AGAIN = 0.05  # the share of answers a client "loses" and asks for again
NOT_RECORDED = "503 recorded no"  # as the client counts a 503 saying nothing was recorded
ON_A_CLUSTER = "; the logs on a cluster of three masters with two replicas each"
NOTHING_SENT = {NOT_RECORDED, "ConnectionRefusedError", "429"}  # attempts that wrote nothing


@dataclass(frozen=True)
class Settings:
    seconds: float = 300.0
    tables: int = 12
    fault_every: float = 20.0
    seed: int = 0
    settle: float = 120.0
    recover: float = 20.0  # seconds a part may take to be whole again by itself
    outage: tuple[float, float] = (5.0, 30.0)  # seconds an outage lasts, at least and at most
    faults: int = 0  # the most faults to make (0: as many as the time holds)
    cluster: bool = (
        False  # the logs on a Redis Cluster with replicas, masters killed among the faults
    )

    @classmethod
    def from_env(cls) -> "Settings":
        env = os.environ
        return cls(
            seconds=float(env.get("SOAK_SECONDS") or cls.seconds),
            tables=int(env.get("SOAK_TABLES") or cls.tables),
            fault_every=float(env.get("SOAK_FAULT_EVERY") or cls.fault_every),
            seed=int(env.get("SOAK_SEED") or random.SystemRandom().randrange(1, 10**6)),
            settle=float(env.get("SOAK_SETTLE_SECONDS") or cls.settle),
            recover=float(env.get("SOAK_RECOVER_SECONDS") or cls.recover),
            outage=seconds_between(env.get("SOAK_OUTAGE_SECONDS")) or cls.outage,
            faults=int(env.get("SOAK_FAULTS") or cls.faults),
            cluster=(env.get("SOAK_CLUSTER") or "0").lower() in ("1", "true", "yes", "on"),
        )


def seconds_between(text: str | None) -> tuple[float, float] | None:
    """(5.0, 30.0) for "5-30", (10.0, 10.0) for "10"."""
    if not text:
        return None
    low, _, high = text.partition("-")
    return float(low), float(high or low)


class Soak:
    def __init__(self, settings: Settings, workdir: Path, say=print):
        self.settings, self.workdir, self.say = settings, workdir, say
        self.figures, self.ledger = Figures(), Ledger()
        self.service = Service(workdir, cluster=settings.cluster)
        self.tool = Tool()
        self.api = self.service.api = Api(self.service.port, self.figures)
        self.seeds, self.seeds_lock = random.Random(settings.seed), threading.Lock()
        self.local = threading.local()
        self.began = self.deadline = self.load_ended = 0.0
        self.faults: Faults | None = None

    # --- what the tables call ----------------------------------------------------------

    def rng_seed(self) -> int:
        with self.seeds_lock:
            return self.seeds.getrandbits(64)

    def chance(self, p: float) -> bool:
        if not hasattr(self.local, "rng"):
            self.local.rng = random.Random(self.rng_seed())
        return self.local.rng.random() < p

    def event_id(self) -> str:
        event_id = str(uuid.uuid4())
        self.ledger.sending(event_id)
        return event_id

    def key(self, what: str) -> str:
        return new_key(what)

    def check_time(self) -> None:
        if time.monotonic() >= self.deadline:
            raise TimeUp()

    def playing(self, table) -> None:
        self.local.table = table

    def failed(self, where: str, error: Exception) -> None:
        """A fault of the soak itself: counted, and its traceback kept for the report."""
        self.figures.add("soak errors")
        lines = traceback.format_exception(error)
        self.figures.note(f"soak error in {where}: {''.join(lines[-3:]).strip()}")

    def write(self, path: str, body, headers: dict, alone: bool = True) -> Answer:
        """POST until answered; now and then that answer is taken as lost and the same
        request sent again, whose answer must be the first's, written once. `alone`: no
        other request with the same event id or key is sent at the same time."""
        answer = self.api.post(path, body, headers)
        if alone:
            self.told_not_recorded(path, answer)
        if not self.chance(ASKED_AGAIN):
            return answer
        again = self.api.post(path, body, headers)
        self.figures.add("answers lost on purpose and asked again")
        if answer.ok and not (again.status_code == 200 and again.json.get("duplicate")):
            self.ledger.answered_otherwise.append(
                f"POST {path} answered {answer.status_code}, then "
                f"{again.status_code} to the same request: "
                f"{str(again.json)[:300]}"
            )
        elif answer.ok and what_it_wrote(answer.json) != what_it_wrote(again.json):
            self.ledger.answered_otherwise.append(
                f"POST {path} answered {what_it_wrote(answer.json)}, asked again "
                f"{what_it_wrote(again.json)}"
            )
        return again

    def told_not_recorded(self, path: str, answer: Answer) -> None:
        """A write answered as recorded before (`duplicate`) though every attempt before said
        nothing was recorded (503 `"recorded": "no"`) or never reached the service: one of
        those 503s was wrong, and a table trusting it would record the move twice."""
        if not (answer.ok and isinstance(answer.json, dict) and answer.json.get("duplicate")):
            return
        if NOT_RECORDED in answer.earlier and set(answer.earlier) <= NOTHING_SENT:
            self.ledger.told_not_recorded.append(
                f"POST {path}: {', '.join(answer.earlier)}, then {answer.status_code} duplicate"
            )

    def append(self, game_id: str, path: str, body, headers: dict, alone=True) -> Answer:
        """An append, undo or redo; a 2xx goes to the ledger. `alone` as for `write`."""
        answer = self.write(path, body, headers, alone)
        status = answer.status_code
        if answer.ok:
            self.ledger.appended(game_id, answer.json)
        elif status in (409, 412):
            self.figures.add("races lost (409, 412)")
        elif status == 422:
            self.figures.add("refused by the rules (422)")
        else:
            self.figures.add(f"answered {status}")
            self.figures.note(f"POST {path} answered {status}: {str(answer.json)[:300]}")
        return answer

    def same_event(self, game_id: str, answers: list) -> None:
        """Two answers to one event id sent twice at once: both the one event."""
        self.figures.add("one event id sent twice at once")
        if all(a.ok for a in answers):
            seqs = {tuple(e["seq"] for e in a.json["events"]) for a in answers}
            if len(seqs) > 1:
                self.ledger.conflicts.append(f"game {game_id}: one event id answered {seqs}")
        elif any(a.ok for a in answers):
            statuses = [(a.status_code, str(a.json)[:200]) for a in answers]
            self.ledger.answered_otherwise.append(
                f"game {game_id}: one event id sent twice at once, answered {statuses}"
            )

    def make_game(self, path, body, kind, how, origin=None, copied=0, headers=None) -> dict:
        """A creation, fork or import with an Idempotency-Key; the new game's answer."""
        key = new_key(how)
        try:
            answer = self.write(path, body, {**(headers or {}), "Idempotency-Key": key})
        except Unanswered:
            self.ledger.gave_up_making()
            raise
        if not answer.ok:
            raise Refused(f"POST {path}: {answer.status_code} {str(answer.json)[:300]}")
        made = answer.json
        self.ledger.game_made(key, made, kind, how, origin, copied or made["version"])
        return made

    def settled(self, game_id: str) -> dict:
        """The game's summary once no phase is due (Refused if the worker gave one up)."""
        while True:
            self.check_time()
            summary = self.api.get(f"/api/games/{game_id}").json
            if summary.get("failed"):
                raise Refused(f"the worker gave up: {summary['failed']}")
            if summary["pending"] is None:
                return summary
            time.sleep(0.2)

    # --- the run -----------------------------------------------------------------------

    def table(self, index: int) -> None:
        """Table `index`: games of its kind one after the other, until the time is up."""
        kind = MIX[index % len(MIX)]
        while time.monotonic() < self.deadline:
            self.local.table = None
            try:
                PLAYS[kind](self)
                self.figures.add(f"{kind} games played to the end")
            except TimeUp:
                return
            except (Refused, AssertionError, Unanswered) as error:
                game = getattr(self.local.table, "game_id", None)
                self.figures.add("games abandoned")
                self.figures.note(f"table {index} abandoned {kind} game {game}: {error}"[:600])
            except Exception as error:
                self.failed(f"table {index} ({kind})", error)
                return

    def run(self) -> None:
        """Start the tool and the service, register the tool's webhook, play and make faults
        until the time is up; the load stops, and the tool is up and answering again."""
        s = self.settings
        self.tool.start()
        self.service.start()
        if not self.service.wait_up(120):
            raise SystemExit(f"the service did not start: see {self.workdir}/service.log")
        self.tool.register(self.service, self.api)
        self.began = time.monotonic()
        self.deadline = self.began + s.seconds
        self.faults = Faults(self.service, random.Random(s.seed), s.fault_every, s.recover,
                             self.began, self.say, self.tool, s.outage,
                             kinds=CLUSTER_KINDS if s.cluster else KINDS)  # fmt: skip
        tables = [
            threading.Thread(target=self.table, args=(i,), daemon=True) for i in range(s.tables)
        ]
        for thread in tables:
            thread.start()
        self.faults.run(self.deadline, s.faults)
        self.tool.back()
        for thread in tables:
            thread.join()
        self.load_ended = time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.began


def soak(settings: Settings, keep: bool = False, say=print) -> tuple[bool, Soak, list[str]]:
    """Run one soak; whether it was clean, the soak, and its figures' lines."""
    workdir = Path(tempfile.mkdtemp(prefix="tablelog-soak-"))
    run = Soak(settings, workdir, lambda line: say(line, flush=True))
    say(
        f"tablelog soak {datetime.date.today()}: seed {settings.seed}, {settings.tables} tables, "
        f"{settings.seconds:g} s, a fault every {settings.fault_every:g} s (an outage "
        f"{settings.outage[0]:g} to {settings.outage[1]:g} s){ON_A_CLUSTER * settings.cluster}"
        "; the service in "
        f"{workdir} (API on :{run.service.port})",
        flush=True,
    )
    try:
        run.run()
        say(f"{run.elapsed():7.1f} s  the load stopped; settling and checking", flush=True)
        checked = check_all(run)
    finally:
        run.service.close()
        run.tool.stop()
        time.sleep(0.5)
        leftovers = run.service.leftovers()
        run.service.kill(pid for pid, _ in leftovers)
    ok = clean(run, checked)
    figures = lines(run, checked, leftovers)
    say("\n".join(figures))
    say(f"result: {'clean' if ok else 'NOT CLEAN'}")
    if keep or not ok:
        say(f"kept: {workdir} (service.log, var/)")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return ok, run, figures


def what_it_wrote(answer: dict) -> str:
    """What a write's answer says it wrote: an append's events and its receipts (each by its
    seq and the start of its signature), a game's or a dispute's id."""
    if "events" in answer:
        events = [f"{event['seq']} {event['event_id'][:8]}" for event in answer["events"]]
        receipts = [f"{r['seq']} {r['signature'][:8]}" for r in answer.get("receipts") or []]
        return f"events {events} with receipts {receipts}"
    return f"id {answer.get('id')}"
