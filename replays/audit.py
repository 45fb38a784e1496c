"""Whether a whole log is one tablelog could have written, event by event: the chain whole,
every event one an append would have accepted, every retract naming what it may, the whole
log folding under the game's rules. Verify asks it of a stored log, import of a new one."""

from events.envelope import GENESIS, chain_break, link_break
from events.retract import RETRACT
from events.seats import retract_author_refusal
from games.errors import RuleViolation
from projections.checks import InvalidEvent, Refused, refuse_after_finished
from projections.fold import latest_withdrawable, retract_pairs, walk
from projections.recorder import Recorder
from projections.state import Record


class LogProblem(Exception):
    """The first seq that does not hold, what kind of problem (hash, event, fold) and why;
    `errors` names the fields at fault, where an event's fields are."""

    def __init__(self, seq: int, problem: str, detail: str, errors: dict | None = None):
        super().__init__(f"seq {seq}: {detail}")
        self.seq = seq
        self.problem = problem
        self.detail = detail
        self.errors = errors


def audit(recorder: Recorder, log: list[dict], read_later=None, hashed=False):
    """(envelope, record after it) for each event of `log`, in order; LogProblem at the first
    seq that does not hold. Nothing is read from Redis: no cache is trusted.

    `read_later(envelope)`, asked as the next event is about to be folded, says whether the
    caller will read the state after `envelope` once it is; in a log without a retract, every
    other state is given up to that fold, which changes it in place rather than a copy
    (games/plain_data.py). Without it, every state is kept.

    `hashed`: each event's fields and hash were checked as it was read from the store
    (events/store.py `decode`); only the numbering and the links are left to check."""
    broken = link_break(log, GENESIS) if hashed else chain_break(log, GENESIS)
    if broken:
        raise LogProblem(broken[0], "hash", broken[1])
    kind = _kind(recorder, log[0])
    players = log[0]["payload"].get("players") if isinstance(log[0]["payload"], dict) else None
    first_bad = _first_bad_event(recorder, log, kind, players if isinstance(players, list) else [])
    upto = log[: first_bad.seq - 1] if first_bad else log
    projector = recorder.projector
    game = recorder.games.get(kind)
    # a retract returns to a state the walk kept, which the next fold must not change
    may_give_up = read_later is not None and not retract_pairs(upto)

    def evolve(state, envelope):
        refuse_after_finished(game, state, envelope)
        seq = envelope["seq"]
        given_up = may_give_up and seq > 1 and not read_later(log[seq - 2])
        return projector.evolve(kind, state, envelope, given_up)

    steps = walk(evolve, None, upto)
    seq = 0
    try:
        for envelope, state in steps:
            seq = envelope["seq"]
            yield envelope, Record(seq, envelope["hash"], players, state)
    except RuleViolation as error:
        raise LogProblem(seq + 1, "fold", str(error)) from None
    except Refused as error:
        raise LogProblem(seq + 1, "fold", f"{error.code}: {error.message}") from None
    except Exception as error:  # a game that cannot fold an event it accepted: say where
        raise LogProblem(seq + 1, "fold", f"{type(error).__name__}: {error}") from None
    if first_bad:
        raise first_bad


def audited_records(recorder: Recorder, log: list[dict]) -> list[Record]:
    """The records a new game holding `log` caches, the head's last, from `log` audited event
    by event (LogProblem at the first seq that does not hold)."""
    kept, record = [], None
    for envelope, record in audit(recorder, log):
        if recorder.projector.is_kept(envelope):
            kept.append(record)
    if kept and kept[-1] is record:
        kept.pop()
    return [*kept, record]


def _kind(recorder: Recorder, first: dict) -> str:
    name = first.get("type")
    kind = name.removesuffix(".created") if isinstance(name, str) else ""
    if (
        not isinstance(name, str)
        or not name.endswith(".created")
        or kind not in recorder.games.kinds()
    ):
        message = f"the first event must be a game's creation: {{kind}}.created, not {name!r}"
        raise LogProblem(1, "event", message, {"type": [message]})
    return kind


def _first_bad_event(recorder, log, kind, players) -> LogProblem | None:
    """The first event an append would have refused, checked without folding."""
    seen: dict[str, int] = {}
    for index, envelope in enumerate(log):
        seq = envelope["seq"]
        try:
            recorder.checks.stored(envelope, kind, players)
        except InvalidEvent as error:
            return LogProblem(seq, "event", _sentence(error.errors), error.errors)
        earlier = seen.setdefault(envelope["event_id"], seq)
        if earlier != seq:
            return LogProblem(seq, "event", f"event_id {envelope['event_id']} is seq {earlier}'s")
        if seq == 1 and envelope["type"] != f"{kind}.created":
            return LogProblem(seq, "event", "the first event must be a game's creation")
        if seq > 1 and envelope["type"].endswith(".created"):
            return LogProblem(seq, "event", "a game is created once, by its first event")
        if envelope["type"] == RETRACT:
            latest = latest_withdrawable(reversed(log[:index]))
            if envelope["payload"]["seq"] != latest:
                legal = f"seq {latest}" if latest else "nothing"
                return LogProblem(seq, "event", f"LOG-RETRACT: it could withdraw {legal} only")
            refusal = retract_author_refusal(envelope, log[latest - 1])
            if refusal:
                return LogProblem(seq, "event", f"LOG-RETRACT-AUTHOR: {refusal}")
    return None


def _sentence(errors: dict) -> str:
    return "; ".join(f"{field}: {messages}" for field, messages in errors.items())
