"""A seeded random player of Food Chain Magnate, at the level of the pure game functions: no
Redis, no HTTP, so that many games are walked in seconds.

`walk(seed)` creates a game as the rules tests create one (`table.created`): 2 to 5 players
and the edition by the seed, the map and the turn order drawn with the seeded rng; or, for
the seeds after the `GAMES` new games, the rules tests' turn five (`table.turn_five`) with ann
at $99 and a CFO in hand, so that the $100 milestone that forbids the CFO is claimed while
she holds one (FCM-MILE-1: the random games rarely train a CFO), and a restaurant manager
each. Then, step by step, until
the game is over or `TURNS` turns are played:

- a phase pending: the worker's events (`resolve`), each folded with `evolve`, each accepted;
- otherwise: what `awaiting` names, the moves of random_moves.py of those types for those
  players, tried with `evolve` in a weighted random order; a RuleViolation means the move is
  not legal, and the first accepted is the move made.

Where no move is accepted, or the worker's own event is refused, the game has stalled: the
walk stops and `Walk.stalled` says where (the awaiting, the phase, a compact view of the state
and why each move tried was refused). The same seed walks the same game every time.
"""

import functools
import json
import random
from collections import Counter
from dataclasses import dataclass, field

import games.fcm as fcm
from games.errors import RuleViolation
from games.fcm.cards import forbidden
from games.fcm.turn import payday
from tests.games.fcm.random_moves import Memory, moves
from tests.games.fcm.table import TYPES, created, crowded_five, envelope, nonce, turn_five
from tests.games.fcm.test_restructuring import hired

GAMES = 30  # new games, seeds 0 to 29
FROM_TURN_FIVE = 4  # and games from turn five, the seeds after them
SEEDS = range(GAMES + FROM_TURN_FIVE)
TURNS = 40
STEPS = 20_000  # a walk that takes more has looped: no game of 40 turns needs as many
PLAYERS = ("ann", "bob", "cat", "dan", "eve")
EDITIONS = ("original", "deluxe")
SCHEMAS = {name: event_type.schema() for name, event_type in TYPES.items()}


@dataclass
class Walk:
    seed: int
    players: int
    edition: str
    turns: int = 0
    breaks: int = 0
    finished: bool = False
    events: Counter = field(default_factory=Counter)  # accepted events by type
    phases: Counter = field(default_factory=Counter)  # the turns that reached each phase
    paydays: Counter = field(default_factory=Counter)  # what payday met (`payday_met`)
    stalled: str | None = None  # where and why the game could not go on
    bankrupt: dict = field(default_factory=dict)  # chains gone bankrupt, their cash (bankruptcy.py)


def new_game(seed: int, bankruptcy: str | None = None) -> tuple[random.Random, dict, Walk, Memory]:
    """The game of `seed`, its rng, its record, and what its players keep to themselves; with
    `bankruptcy`, created under that reading (bankruptcy.py), and from `at_a_loss` for the
    seeds after the others."""
    rng = random.Random(seed)
    if bankruptcy and seed >= len(SEEDS):
        return (rng, *at_a_loss(seed, bankruptcy))
    if seed >= GAMES:
        return (rng, *from_turn_five(seed))
    count, edition = 2 + seed % 4, EDITIONS[seed // 4 % 2]
    players = list(PLAYERS[:count])
    state = created(players, turn_order=fcm.draw_turn_order(rng, players),
                    layout=fcm.draw_layout(rng, count), edition=edition,
                    bankruptcy=bankruptcy)  # fmt: skip
    return rng, state, Walk(seed, count, edition), Memory()


def from_turn_five(seed: int) -> tuple[dict, Walk, Memory]:
    """turn_five's position, the edition by the seed, ann at $99 with her CFO and a local
    manager in hand, bob with a regional manager (restaurants, which the new games seldom
    train for), each chain's reserve card the $100 one (the bank holds $45: these games end
    sooner); the players remember their sealed cards."""
    edition = EDITIONS[seed % 2]
    position = hired(hired(turn_five(), "ann", "local_manager"), "bob", "regional_manager")
    position["options"]["edition"] = edition
    position["chains"]["ann"]["cash"] = 99
    for name, chain in position["chains"].items():
        chain["reserve"]["commitment"] = fcm.reserve_commitment(100, nonce(name))
    state = created(position["players"], position=position)
    memory = Memory(sealed={(name, "reserve"): (100, nonce(name)) for name in state["players"]})
    return state, Walk(seed, 2, edition), memory


def at_a_loss(seed: int, bankruptcy: str) -> tuple[dict, Walk, Memory]:
    """crowded_five's five chains at turn 10's dinnertime, the edition by the seed, under the
    reading `bankruptcy`: cat with a vice president and four discount managers at work (a
    unit price of -$2), five of each good and $0, so that its first sale costs it what it
    does not have (FCM-DINNER-5); the others with $60 for their busy marketeers' salaries.
    The players remember their sealed reserve cards."""
    from tests.games.fcm.test_dinnertime import discounting

    position = crowded_five()  # folded from a new game, not declared: no position check
    position["options"].update(edition=EDITIONS[seed % 2], bankruptcy=bankruptcy)
    position.update(phase="dinnertime", marketing=None, order_of_business=None)
    position["dinnertime"] = {"last_house": 0, "sales": {}, "awaiting_reveals": False}
    discounting(position, "cat")
    for chain in position["chains"].values():
        chain["cash"] = 60
    cat = position["chains"]["cat"]
    cat.update(cash=0, goods={good: 5 for good in cat["goods"]})
    memory = Memory(sealed={(name, "reserve"): (200, nonce(name)) for name in PLAYERS})
    return position, Walk(seed, 5, EDITIONS[seed % 2]), memory


@functools.cache
def walked(seed: int) -> Walk:
    """`walk(seed)`, once per test session: the tests that read it share it."""
    return walk(seed)


def walk(seed: int, turns: int = TURNS, bankruptcy: str | None = None) -> Walk:
    """The game of `seed`, played until it is over, `turns` are played or it stalls."""
    rng, state, record, memory = new_game(seed, bankruptcy)
    seen: set = set()
    seq = 1  # the creation event's
    for _ in range(STEPS):
        record.turns, record.breaks = state["turn"], state["bank"]["breaks"]
        if fcm.finished(state) or state["turn"] > turns:
            record.finished = fcm.finished(state)
            break
        record.bankrupt = {n: chain["cash"] for n, chain in state["chains"].items()
                           if chain.get("bankrupt")}  # fmt: skip
        here = (state["turn"], state["phase"])
        if state["phase"] == "payday" and here not in seen:
            record.paydays += payday_met(state)
        seen.add(here)
        due = fcm.pending(state)
        if due:
            state, seq = worker(state, seq, due, record)
            if record.stalled:
                break
            continue
        awaiting = fcm.awaiting(state)
        if state["phase"] == "payday" and len(state["payday"]["fired"]) == len(state["players"]):
            record.paydays["steps of a firing again"] += 1
        refused = []
        for move in moves(state, awaiting, rng, memory):
            try:
                actor = f"player:{move.player}" if "player" in move.payload else "admin"
                state = fold(state, seq + 1, move.type, move.payload, actor)
            except RuleViolation as error:
                refused.append((move, error))
                continue
            seq += 1
            record.events[move.type] += 1
            if move.keep:
                kind, choice, secret = move.keep
                memory.sealed[(move.player, kind)] = (choice, secret)
            break
        else:
            record.stalled = stall_report(record, state, awaiting, refused)
            break
    else:
        record.stalled = stall_report(record, state, fcm.awaiting(state), [], f"{STEPS} steps")
    record.phases = Counter(phase for _, phase in seen)
    return record


def payday_met(state: dict) -> Counter:
    """What a payday begins with: the chains that cannot pay unless they fire, and those that
    must fire a card a milestone claimed this turn forbids (FCM-PAY-2, FCM-MILE-1)."""
    forbidding = [name for name in state["players"] if forbidden.must_fire(state, name)]
    return Counter({"chains short": len(payday.short(state)),
                    "chains to fire a card": len(forbidding)})  # fmt: skip


def worker(state: dict, seq: int, due: str, record: Walk) -> tuple[dict, int]:
    """The worker's events for the phase `due`, each folded; none, or a refused one, stalls
    the game."""
    events = fcm.resolve(state)
    if not events:
        why = f"pending names {due}, and resolve gives no event"
        record.stalled = stall_report(record, state, fcm.awaiting(state), [], why)
    for event in events:
        try:
            state = fold(state, seq + 1, event["type"], event["payload"], f"system:{due}")
        except RuleViolation as error:
            why = f"the worker's {event['type']} was refused: {error.rule} {error.message}"
            record.stalled = stall_report(record, state, fcm.awaiting(state), [], why)
            return state, seq
        record.events[event["type"]] += 1
        seq += 1
    return state, seq


def fold(state: dict, seq: int, type_name: str, payload: dict, actor: str) -> dict:
    """The state after the event, as the service folds it: the payload through its schema
    (each schema made once: making one takes longer than using it) and JSON."""
    schema = SCHEMAS[type_name]
    payload = json.loads(json.dumps(schema.dump(schema.load(payload))))
    return fcm.evolve(state, envelope(seq, type_name, payload, actor))


# --- what a stalled game shows --------------------------------------------------------------


def stall_report(record: Walk, state: dict, awaiting: dict, refused: list, why=None) -> str:
    tried = "\n".join(
        dict.fromkeys(
            f"  {m.type} by {m.player} {brief(m.payload)}: {e.rule} {e.message[:200]}"
            for m, e in refused
        )
    )
    return "\n".join([
        f"seed {record.seed} ({record.players} players, {record.edition}), turn {state['turn']}:"
        f" {why or 'no move offered for what the game awaits is accepted'}",
        f"awaiting: {awaiting}",
        f"phase: {state['phase']}",
        "state:",
        compact(state),
        f"moves tried ({len(refused)}), refused:" if refused else "moves tried: none offered",
        tried,
    ])  # fmt: skip


def brief(payload: dict) -> str:
    shown = {k: v for k, v in payload.items() if k not in ("player", "nonce", "commitment")}
    text = str(shown)
    return text if len(text) < 120 else text[:117] + "..."


def compact(state: dict) -> str:
    """The state in a few lines: the bank, each chain's cash, salaries, cards and goods, and
    the record of the phase."""
    bank = state["bank"]
    lines = [
        f"  bank ${bank['cash']}, breaks {bank['breaks']}, CEO slots {bank['ceo_slots']};"
        f" turn order {', '.join(state['turn_order'])}"
    ]
    for name in state["turn_order"]:
        chain = state["chains"][name]
        owed = payday.salaries(state, name)
        cards = ", ".join(
            f"{c['id']}@{c['place']}" + (f"#{c['campaign']}" if c["campaign"] else "")
            for c in chain["cards"]
        )
        goods = {good: n for good, n in chain["goods"].items() if n}
        milestones = [f"{m['id']}@{m['turn']}" for m in chain["milestones"]]
        lines.append(
            f"  {name}: ${chain['cash']}, owes ${owed['net']} (gross {owed['gross']},"
            f" discounts {owed['discounts']}); cards {cards}; goods {goods};"
            f" milestones {milestones}"
        )
    record = state.get(state["phase"])
    if isinstance(record, dict):
        lines.append(f"  {state['phase']}: {record}")
    return "\n".join(lines)
