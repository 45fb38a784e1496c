"""tests/rps: the worked example of docs/adding-a-game.md, as its author tests it: the surface
registers, every rule id it names has an entry, and a match recorded through the API with a
real worker scoring the rounds replays and verifies."""

import pytest

import tests.rps as rps
from events.registry import EventTypeRegistry
from games import GameRegistry
from games.sealed import seal
from tests.api.test_rules import unreferenced_rule_ids
from tests.games.folding import envelope, validated
from tests.scenarios.recording import RecordingTable

TYPES = {t.name: t for t in rps.EVENT_TYPES}
ANN, BEN = "a" * 32, "b" * 32  # each device's nonce


def test_the_game_registers_and_its_reference_has_every_rule_it_names(rps_app):
    GameRegistry(["tests.rps"], EventTypeRegistry())
    assert "rps" in rps_app.extensions["tablelog"].games.kinds()
    assert unreferenced_rule_ids(rps_app) == {}


def fold(*steps):
    """The state after `rps.created` and `steps`, (type, payload, actor) each, folded as the
    machinery folds them; every step checks that evolve leaves its input alone."""
    created = validated(TYPES["rps.created"], {"players": ["ann", "ben"]})
    state = rps.initial(envelope(1, TYPES["rps.created"], created, "admin"))
    for seq, (name, payload, actor) in enumerate(steps, start=2):
        before = repr(state)
        event = envelope(seq, TYPES[name], validated(TYPES[name], payload), actor)
        after = rps.evolve(state, event)
        assert repr(state) == before
        state = after
    return state


ROUND = [
    ("rps.throw_sealed", {"player": "ann", "commitment": seal("rock", ANN)}, "player:ann"),
    ("rps.throw_sealed", {"player": "ben", "commitment": seal("paper", BEN)}, "admin"),
    ("rps.throw_revealed", {"player": "ann", "throw": "rock", "nonce": ANN}, "player:ann"),
    ("rps.throw_revealed", {"player": "ben", "throw": "paper", "nonce": BEN}, "player:ben"),
]


def test_the_worker_s_event_is_evolved_like_any_other_and_pending_goes_back_to_none():
    state = fold(*ROUND)
    assert rps.pending(state) == "score"
    [derived] = rps.resolve(state)
    assert derived["payload"]["winner"] == "ben"
    after = fold(*ROUND, (derived["type"], derived["payload"], "system:score"))
    assert rps.pending(after) is None and after["score"] == {"ann": 0, "ben": 1}
    assert after["round"] == 2 and not rps.finished(after)


def test_a_tie_scores_nobody():
    ben_seals = (ROUND[1][0], {"player": "ben", "commitment": seal("rock", BEN)}, "admin")
    ben_reveals = (ROUND[3][0], {"player": "ben", "throw": "rock", "nonce": BEN}, "admin")
    tie = [ROUND[0], ben_seals, ROUND[2], ben_reveals]
    [derived] = rps.resolve(fold(*tie))
    assert derived["payload"]["winner"] is None
    assert fold(*tie, (derived["type"], derived["payload"], "system:score"))["score"] == {
        "ann": 0, "ben": 0,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("step", "rule", "words"),
    [
        (("rps.throw_sealed", {"player": "ann", "commitment": "0" * 64}, "player:ann"),
         "RPS-SEAL-1", "already"),
        (("rps.throw_sealed", {"player": "ann", "commitment": "0" * 64}, "player:ben"),
         "RPS-SEAL-1", "player:ben cannot record an action of ann's"),
        (("rps.round_scored", {"round": 1, "winner": "ann", "explanation": {}}, "system:score"),
         "RPS-SCORE-1", "no round is due"),
    ],
)  # fmt: skip
def test_refusals_name_the_game_s_rule(step, rule, words):
    from games.errors import RuleViolation

    with pytest.raises(RuleViolation) as refused:
        fold(ROUND[0], step)
    assert refused.value.rule == rule and words in refused.value.message


def test_a_match_through_the_api_with_a_real_worker(rps_client, rps_worker):
    """RPS-SEAL-1, RPS-REVEAL-1, RPS-SCORE-1, through the API: a reveal before both seals
    and one that does not open are refused (the audit keeps neither throw nor nonce), the
    worker scores each round, the match ends at two wins, the log refuses what follows
    (LOG-FINISHED), and every step replays and verifies."""
    table = RecordingTable(rps_client, "rps", ["ann", "ben"])
    for number, (ann, ben) in enumerate([("rock", "paper"), ("paper", "paper"),
                                          ("scissors", "rock")], start=1):  # fmt: skip
        table.record("throw_sealed", player="ann", commitment=seal(ann, ANN))
        early = table.refused("throw_revealed", "RPS-REVEAL-1", player="ann", throw=ann,
                              nonce=ANN)  # fmt: skip
        assert early["detail"] == "throws are revealed once both are sealed; waiting for ben"
        table.record("throw_sealed", player="ben", commitment=seal(ben, BEN))
        wrong = table.refused("throw_revealed", "RPS-REVEAL-1", player="ann", throw=ann,
                              nonce=BEN)  # fmt: skip
        assert wrong["details"] == {"commitment": seal(ann, ANN)}
        table.record("throw_revealed", player="ann", throw=ann, nonce=ANN)
        table.record("throw_revealed", player="ben", throw=ben, nonce=BEN)
        [scored] = table.settle()
        assert scored["payload"]["round"] == number
    state = table.state
    assert state["winner"] == "ben" and state["score"] == {"ann": 0, "ben": 2}
    summary = table.summary()
    assert summary["status"] == "finished" and summary["awaiting"]["rule"] == "RPS-SCORE-1"
    table.refused("throw_sealed", "LOG-FINISHED", player="ann", commitment=seal("rock", ANN))
    audit = rps_client.get(f"{table.href}/refusals").json["items"]
    revealed = [e for r in audit for e in r["events"] if e["type"] == "rps.throw_revealed"]
    assert revealed and {e["payload"]["nonce"] for e in revealed} == {
        "(withheld: a refused reveal)"
    }
    steps = table.steps()
    assert [s["event"]["seq"] for s in steps] == list(range(1, summary["version"] + 1))
    assert steps[-1]["state"] == state
    verdict = table.verify()
    assert verdict["recompute"]["ok"] is True and verdict["recompute"]["derived"] == 3
