"""Whole games of Food Chain Magnate through the HTTP API with a real RQ worker, from setup to
the bank's second break and a winner, replayed and verified: two players on a 3x3 map, and
five on a 5x4 map.

The table plays the plain strategy of tests/scenarios/fcm_strategy.py, which reads GET state
and is the same every run: each chain sells its own product from its own home tile; the
worker resolves dinnertime, payday, the campaigns and cleanup.
"""

import jsonpatch

from games.fcm.cards.employees import ceo_of
from tests.games.fcm.table import layout_for
from tests.scenarios.fcm_strategy import FIVE, RESERVE, TWO
from tests.scenarios.recording import RecordingTable


def test_two_players_from_setup_to_the_second_break_and_a_winner(client, start_worker):
    """FCM-SETUP-1, FCM-SETUP-7, FCM-SETUP-8, FCM-SETUP-9, FCM-TURN-1, FCM-RESTR-1,
    FCM-RESTR-2, FCM-RESTR-4, FCM-ORDER-1, FCM-ORDER-3, FCM-WORK-1, FCM-WORK-3,
    FCM-RECRUIT-1, FCM-RECRUIT-2, FCM-TRAIN-1, FCM-MKT-1, FCM-MKT-2, FCM-MKT-3, FCM-MKT-5,
    FCM-MKT-6, FCM-FOOD-1, FCM-DINNER-1, FCM-DINNER-2, FCM-DINNER-3, FCM-DINNER-7,
    FCM-DINNER-9, FCM-DINNER-10, FCM-PAY-1, FCM-PAY-2, FCM-PAY-3, FCM-CAMP-1, FCM-CAMP-3,
    FCM-CAMP-5, FCM-CLEAN-1, FCM-CLEAN-2, FCM-CLEAN-3, FCM-MILE-1, FCM-MILE-2, FCM-BANK-1,
    FCM-BANK-2, FCM-BANK-3, FCM-BANK-4: a two-player game recorded
    through the API from its creation, every turn by the players' events and the worker's,
    to the first break (the reserve cards revealed refill the bank and set the CEOs' slots)
    and on to the second, which ends the game with the richest chain the winner; every step
    of the replay rebuilds the next, the last is the state, and the log verifies."""
    start_worker()
    played_to_the_end(client, TWO)


def test_five_players_from_setup_to_the_second_break_and_a_winner(client, start_worker):
    """FCM-SETUP-1, FCM-SETUP-7, FCM-SETUP-8, FCM-SETUP-9, FCM-TURN-1, FCM-RESTR-1,
    FCM-RESTR-2, FCM-RESTR-4, FCM-ORDER-1, FCM-ORDER-3, FCM-ORDER-4, FCM-WORK-1,
    FCM-WORK-3, FCM-RECRUIT-1, FCM-RECRUIT-2, FCM-TRAIN-1, FCM-MKT-1, FCM-MKT-2, FCM-MKT-3,
    FCM-MKT-5, FCM-MKT-6, FCM-FOOD-1, FCM-FOOD-2, FCM-DINNER-1, FCM-DINNER-2, FCM-DINNER-3,
    FCM-DINNER-7, FCM-DINNER-9, FCM-DINNER-10, FCM-PAY-1, FCM-PAY-2, FCM-PAY-3, FCM-CAMP-1,
    FCM-CAMP-3, FCM-CAMP-5, FCM-CLEAN-1, FCM-CLEAN-2, FCM-CLEAN-3, FCM-MILE-1, FCM-BANK-1,
    FCM-BANK-2, FCM-BANK-3, FCM-BANK-4: the two-player game's story with five chains on the
    5x4 map, each selling one of the five products (two foods from kitchen cards, three
    drinks from errand boys), to the second break and a winner; replayed and verified."""
    start_worker()
    played_to_the_end(client, FIVE)


def played_to_the_end(client, strategy):
    """Play the game of `strategy` through the API to its end, and check the end, the replay
    and verify as every whole game must have them."""
    players = list(strategy.products)
    options = {"layout": layout_for(len(players)), "turn_order": players}
    table = RecordingTable(client, "fcm", players, **options)
    first_break = strategy.play(table)

    events = table.events()
    # nothing declared: a table-laid map, and every event the players' or the worker's
    assert "position" not in events[0]["payload"]["options"]
    for event in events[1:]:
        player = event["payload"].get("player")
        worker = event["actor"].startswith("system:")
        assert event["actor"] == f"player:{player}" if player else worker, event
    broke = [e for e in events if e["type"] == "fcm.bank_broke"]
    assert [b["payload"]["explanation"]["break"] for b in broke] == [1, 2]
    # FCM-BANK-2: the reveals put every chain's $100 card in the bank, and the cards' slots
    # (2, the only count on them) are every CEO's from then on
    after_reveals = first_break["state"]
    assert after_reveals["bank"]["breaks"] == 1
    put_in = RESERVE * len(players)
    assert after_reveals["bank"]["cash"] == broke[0]["payload"]["explanation"]["bank"] + put_in
    assert after_reveals["bank"]["ceo_slots"] == 2
    assert {c["reserve"]["revealed"] for c in after_reveals["chains"].values()} == {RESERVE}
    # FCM-BANK-3: the second break ends the game after that dinnertime, without salaries
    state = table.state
    game = client.get(table.href).json
    assert (game["status"], state["phase"]) == ("finished", "over")
    assert state["bank"]["breaks"] == 2 and state["turn"] > first_break["turn"]
    after = events[events.index(broke[1]) + 1 :]
    assert {e["type"] for e in after[:-1]} <= {"fcm.house_served"}
    assert after[-1]["type"] == "fcm.dinnertime_ended"
    # everyone paid in full: what the bank held went, the rest is its shortfall
    owed = sum(e["payload"]["income"] for e in after[:-1]) + sum(
        chain["waitresses"] + chain["cfo"] for chain in after[-1]["payload"]["chains"].values()
    )
    assert state["bank"]["cash"] == 0
    assert state["bank"]["shortfall"] == owed - broke[1]["payload"]["explanation"]["bank"]
    # FCM-BANK-4: the most cash wins, a tie to the earlier in turn order
    order = state["turn_order"]
    cash = {name: state["chains"][name]["cash"] for name in order}
    best = max(cash.values())
    assert state["winner"] == next(name for name in order if cash[name] == best)

    version = game["version"]
    steps = table.steps(version)
    assert [s["event"]["seq"] for s in steps] == list(range(1, version + 1))
    assert steps[0]["state"] == table.created["state"]
    for earlier, later in zip(steps, steps[1:], strict=False):
        assert jsonpatch.apply_patch(earlier["state"], later["patch"]) == later["state"]
    assert steps[-1]["state"] == state
    # after the first break every CEO has two slots: the most any CEO has at work under it
    reports = [
        sum(1 for card in chain["cards"] if card["boss"] == ceo_of(chain)["id"])
        for step in steps
        if step["state"]["turn"] > first_break["turn"] and step["state"]["phase"] == "working"
        for chain in step["state"]["chains"].values()
    ]
    assert max(reports) == 2
    # verify: the log audited and refolded, and every phase the worker resolved resolved
    # again by today's rules to the same events
    verdict = table.verify()
    assert verdict["recompute"]["ok"] is True and verdict["recompute"]["derived"] > 0, verdict
