"""No game of Food Chain Magnate reaches a state from which no recordable event leads on
(issue #19): random games walked with the pure game functions (random_play.py)."""

from collections import Counter

import pytest

from games.fcm import EVENT_TYPES
from games.fcm.turn.sequence import TURN_PHASES
from tests.games.fcm.random_play import GAMES, SEEDS, walk, walked


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_never_stalls(seed):
    """FCM-TURN-1, FCM-PAY-1, FCM-PAY-2, FCM-PAY-3: a game of 2 to 5 players, either
    edition, played at random to the bank's second break or 40 turns (and a few from a
    position where the $100 milestone sends a chain's CFO away, FCM-MILE-1): whenever the
    worker has nothing to resolve, `awaiting` names players and event types, and one of the
    moves of those types by those players is accepted. A chain that cannot pay its salaries
    is the likeliest place to stall: each one the walk meets is offered the smallest sets of
    its salaried cards to fire."""
    walk = walked(seed)
    if walk.stalled:
        pytest.fail(walk.stalled, pytrace=False)


def test_the_random_games_reach_every_phase_and_the_end():
    """FCM-TURN-1, FCM-PAY-2, FCM-MILE-1, FCM-BANK-2, FCM-BANK-3: the walks are varied
    enough to prove something: every phase of the turn is reached in many turns; chains
    cannot pay and fire again, and hold a CFO the $100 milestone forbids; the bank breaks and
    games end; and every event type but the creation is recorded, the worker's too."""
    walks = [walked(seed) for seed in SEEDS]
    phases = sum((walk.phases for walk in walks), Counter())
    events = sum((walk.events for walk in walks), Counter())
    paydays = sum((walk.paydays for walk in walks), Counter())
    assert all(phases[phase] >= 3 * GAMES for phase in TURN_PHASES), phases
    assert paydays["chains short"] >= GAMES and paydays["steps of a firing again"] >= GAMES
    assert paydays["chains to fire a card"] >= 1, paydays
    assert sum(walk.breaks >= 1 for walk in walks) >= GAMES // 3
    assert any(walk.finished for walk in walks)
    never = sorted(t.name for t in EVENT_TYPES if t.name != "fcm.created" and not events[t.name])
    assert not never, f"never recorded: {never}; recorded: {dict(events)}"


@pytest.mark.parametrize("seed", [3, len(SEEDS), len(SEEDS) + 1])
def test_a_five_player_game_under_the_designer_s_bankruptcy_never_stalls(seed):
    """FCM-DINNER-5 under the designer's ruling (bankruptcy.py), FCM-TURN-1: a new five-player
    game created with `bankruptcy: "designer"`, and two from turn 10's dinnertime of a crowded
    five-player board where cat sells below $0 with $0 (random_play.py, `at_a_loss`), either
    edition: cat goes bankrupt at its first sale, and the four others play on at random for
    thirty turns more; nothing ever waits on cat, it pays no salaries (its cash stays $0) and
    nothing stalls."""
    played = walk(seed, bankruptcy="designer")
    if played.stalled:
        pytest.fail(played.stalled, pytrace=False)
    assert played.players == 5 and played.turns > 40
    assert played.bankrupt == ({} if seed < len(SEEDS) else {"cat": 0})
    assert played.events["fcm.turn_order_picked"] == 4 * 30 or seed < len(SEEDS)


def test_a_whole_five_player_game_under_the_designer_s_bankruptcy_reaches_its_end():
    """FCM-DINNER-5 under the designer's ruling, FCM-BANK-3, FCM-BANK-4: a new five-player
    game created with `bankruptcy: "designer"`, played at random to its end (the bank broken
    twice) by the Deluxe rules; none of the forty-turn walks above gets that far."""
    played = walk(23, turns=100, bankruptcy="designer")
    if played.stalled:
        pytest.fail(played.stalled, pytrace=False)
    assert (played.players, played.edition, played.finished) == (5, "deluxe", True)
    assert played.breaks == 2 and played.turns < 100
