"""A state given up to the next event (games/plain_data.py) is changed in place, and folds to
the same states as a copy does: on every stored log of tests/events/stored_logs that today's
rules fold (the games of both kinds, retracts among them), step by step."""

import json

import pytest

from events.retract import RETRACT
from games.plain_data import copied
from projections.fold import walk
from tests.events.test_stored_logs import FOLDING, stored_lines


@pytest.mark.parametrize("path", FOLDING, ids=[p.stem for p in FOLDING])
def test_a_given_up_state_folds_as_a_copy_does(services, path):
    log = [json.loads(line) for line in stored_lines(path)]
    kind = log[0]["type"].split(".")[0]
    projector = services.projector
    copies = [state for _, state in walk(lambda s, e: projector.evolve(kind, s, e), None, log)]
    in_place, changed = None, 0
    for envelope, expected in zip(log, copies, strict=True):
        if envelope["type"] == RETRACT:  # a retract returns to a state, folding nothing
            in_place = copied(expected)
            continue
        before = in_place
        in_place = projector.evolve(kind, in_place, envelope, given_up=True)
        changed += before is not None and in_place is before
        assert in_place == expected, envelope["seq"]
    assert changed >= (len(log) - 1) // 2  # most events changed the state itself
