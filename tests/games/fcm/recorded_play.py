"""A seeded random game of Food Chain Magnate (random_play.py) recorded as a real log in the
store: every player's move appended through the Recorder, every automatic phase resolved by
the worker's own code (workers/jobs.py `resolve_pending`), so the log is the one the service
would hold had the table played it.

The moves are drawn as `walk(seed)` draws them, with the same rng, from the state the service
folded: the same seed records the game the walk plays. A move is judged with the pure fold
first, so that only a move the rules accept reaches the store.
"""

from collections import Counter

import games.fcm as fcm
from games.errors import RuleViolation
from tests.games.fcm.random_moves import moves
from tests.games.fcm.random_play import GAMES, STEPS, Walk, fold, new_game
from workers.jobs import resolve_pending

TOKEN = "recorded-play"


def recorded_walk(svc, seed: int, turn: int) -> tuple[str, Walk]:
    """The game of new `seed` (below random_play.GAMES) recorded in `svc`'s store until it is
    over or reaches `turn` (`walk(seed, turn - 1)` plays the same); its id and its walk's
    record (the turn reached, the events by type, the worker's included)."""
    if seed >= GAMES:
        raise ValueError(f"seed {seed} starts from a declared position, not a new game")
    rng, state, record, memory = new_game(seed)
    options = {"turn_order": state["turn_order"], "layout": state["board"]["layout"],
               "edition": state["options"]["edition"]}  # fmt: skip
    game_id, _, _, _ = svc.recorder.create("fcm", state["players"], options, TOKEN)
    for _ in range(STEPS):
        head = svc.projector.head(game_id)
        state = head.state
        record.turns = state["turn"]
        if fcm.finished(state) or state["turn"] >= turn:
            record.finished = fcm.finished(state)
            record.events = Counter(e["type"] for e in svc.store.iterate(game_id, after=1))
            return game_id, record
        if fcm.pending(state):
            resolve_pending(svc, game_id)
            continue
        for move in moves(state, fcm.awaiting(state), rng, memory):
            actor = f"player:{move.player}" if "player" in move.payload else "admin"
            try:
                fold(state, head.version + 1, move.type, move.payload, actor)
            except RuleViolation:
                continue
            event = {"type": move.type, "actor": actor, "payload": move.payload}
            svc.recorder.record(game_id, [event])
            if move.keep:
                kind, choice, secret = move.keep
                memory.sealed[(move.player, kind)] = (choice, secret)
            break
        else:
            raise AssertionError(f"seed {seed} stalled at turn {state['turn']}, {state['phase']}")
    raise AssertionError(f"seed {seed} took more than {STEPS} steps")
