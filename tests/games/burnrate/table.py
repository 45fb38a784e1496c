"""Recording a Burn Rate game in a test as the service does it.

Payloads go through their schema (`dump(load(raw))`), into an envelope, through `evolve`; the
worker's part is `settle()`: `resolve` while `pending` names a phase. Every step also checks
the contract: evolve leaves its input alone and the state survives a JSON round trip.
"""

import copy
import json

import pytest

import games.burnrate as burnrate
from games.errors import RuleViolation
from tests.games import folding

TYPES = {t.name: t for t in burnrate.EVENT_TYPES}
# What the worker writes: the derived types, and a bankruptcy where the table has nothing to say.
WORKER_TYPES = {t.name for t in burnrate.EVENT_TYPES if t.derived} | {"burnrate.went_bankrupt"}


def employee(name, department, skill, salary=2, vp=False):
    return {
        "name": name,
        "department": department,
        "skill": skill,
        "salary": salary,
        "vp": vp,
        "engineer": False,
    }


def engineer(name="Engineer", salary=1):
    return {
        "name": name,
        "department": "development",
        "skill": None,
        "salary": salary,
        "vp": False,
        "engineer": True,
    }


def spare(department):
    """A card left face up on a pile nobody drafts from."""
    return employee(f"Spare {department}", department, 1, 1)


def validated(type_name, payload):
    return folding.validated(TYPES[type_name], payload)


class Table:
    """A game folded event by event: `record` a player's event, `settle` the worker's."""

    def __init__(self, players, labor_pool, dealer=None, **options):
        payload = validated(
            "burnrate.created",
            {
                "players": players,
                "options": {"dealer": dealer, "labor_pool": labor_pool, **options},
            },
        )
        self.seq = 1
        self.log = [self._envelope("burnrate.created", payload, "admin")]
        self.state = burnrate.initial(self.log[0])
        self.derived = []

    def _envelope(self, type_name, payload, actor):
        return folding.envelope(self.seq, TYPES[type_name], payload, actor)

    def apply(self, type_name, payload, actor):
        before = copy.deepcopy(self.state)
        self.seq += 1
        event = self._envelope(type_name, validated(type_name, payload), actor)
        state = burnrate.evolve(self.state, event)
        assert self.state == before, "evolve changed its input"
        assert json.loads(json.dumps(state)) == state, "state is not plain JSON"
        self.log.append(event)
        self.state = state
        return state

    def record(self, name, actor=None, **payload):
        """A player's (or admin's) event `burnrate.<name>`; actor defaults to the player."""
        actor = actor or f"player:{payload['player']}"
        return self.apply(f"burnrate.{name}", payload, actor)

    def refused(self, name, rule, actor=None, **payload):
        """The event is refused with `rule`; the state stays as it was."""
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleViolation) as caught:
            self.record(name, actor, **payload)
        assert caught.value.rule == rule, caught.value
        assert self.state == before
        self.seq -= 1
        return caught.value

    def settle(self):
        """What the worker does: resolve the phase due and append its events."""
        events = []
        while burnrate.pending(self.state):
            derived = burnrate.resolve(self.state)
            assert derived, "a pending phase resolved to nothing"
            for event in derived:
                assert event["type"] in WORKER_TYPES
                assert validated(event["type"], event["payload"]) == event["payload"]
                assert "explanation" in event["payload"]
                self.apply(event["type"], event["payload"], "system:turn_end")
            events.extend(derived)
        self.derived.extend(events)
        return events

    def company(self, player):
        return self.state["companies"][player]

    def employee_id(self, player, name):
        (found,) = [e["id"] for e in self.company(player)["employees"] if e["name"] == name]
        return found

    def names(self, player):
        return [e["name"] for e in self.company(player)["employees"]]

    def end_turn(self, player):
        """The player ends the play step and the worker resolves the turn's end."""
        self.record("turn_ended", player=player)
        return {e["type"].removeprefix("burnrate."): e["payload"] for e in self.settle()}


def drafted(hires, dealer=None, table=Table, **options):
    """A table after the first hire in which each player drafted `hires[player]` (4 each).

    The labor pool is arranged so that each employee is face up when its player picks: each
    pile shows the next employee to be taken from it, and a spare card once none are left.
    `table` makes the table: the pure fold here, or one recorded through the HTTP API.
    """
    players = list(hires)
    dealer = dealer or players[0]
    start = players.index(dealer)
    order = [
        (players[(start + i) % len(players)], round_)
        for round_ in range(4)
        for i in range(len(players))
    ]
    picks = [(player, hires[player][round_]) for player, round_ in order]
    queues = {d: [e for _, e in picks if e["department"] == d] for d in burnrate_departments()}
    pool = {d: (queue[0] if queue else spare(d)) for d, queue in queues.items()}
    table = table(players, pool, dealer=dealer, **options)
    for player, hired in picks:
        queue = queues[hired["department"]]
        queue.pop(0)
        revealed = queue[0] if queue else spare(hired["department"])
        table.record(
            "employee_drafted", player=player, department=hired["department"], revealed=revealed
        )
    return table


def burnrate_departments():
    return ["sales", "development", "hr", "finance"]


def staffed(skills, engineers=0, vps=(), prefix=""):
    """Four employees: heads of the given skill per department, then engineers.

    `skills` maps department to head skill; `vps` names departments whose head is a VP.
    """
    team = [
        employee(f"{prefix}{d.title()} Head", d, skill, 2, vp=d in vps)
        for d, skill in skills.items()
    ]
    team += [engineer(f"{prefix}Engineer {n}") for n in range(1, engineers + 1)]
    assert len(team) == 4, team
    return team


def three_players():
    """joe, ruth and ann after the first hire; ann dealt, so joe plays first.

    joe: Sales 1, HR 1, Finance 2, one engineer, Development unstaffed.
    ruth: Sales 2, HR 2, two engineers. ann: Development 1, HR 3, Finance 0, Sales 0.
    """
    return drafted(
        {
            "joe": staffed({"sales": 1, "hr": 1, "finance": 2}, engineers=1, prefix="Joe "),
            "ruth": staffed({"sales": 2, "hr": 2}, engineers=2, prefix="Ruth "),
            "ann": staffed({"development": 1, "hr": 3, "finance": 0, "sales": 0}, prefix="Ann "),
        },
        dealer="ann",
    )
