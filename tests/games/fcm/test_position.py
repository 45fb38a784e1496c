"""games/fcm/start/position.py: a game that starts from a declared position, and its checks."""

import copy
import json
from pathlib import Path

import pytest
from marshmallow import ValidationError

import games.fcm as fcm
from games.errors import RuleViolation
from games.fcm.cards.employees import issue_card_id, new_card
from games.fcm.schemas import StateSchema
from games.fcm.turn.reserve import reserve_commitment
from games.fcm.turn.working import working_record
from tests.games.fcm.table import Table, created, nonce, seated, turn_five, validated

V1_POSITION = Path(__file__).with_name("position_v1.json")


def declared(position, **options):
    return created(position["players"], position=position, **options)


def test_the_state_round_trips_through_a_declared_position():
    """The declaration is the GET state JSON: declaring a state gives the same state."""
    for state in (seated().state, Table(["ann", "bob", "cy"]).state, turn_five()):
        assert declared(copy.deepcopy(state)) == state
        payload = {"players": state["players"], "options": {"position": state}}
        assert validated("fcm.created", payload)["options"]["position"] == state
        assert StateSchema().dump(StateSchema().load(state)) == state


def test_a_declared_game_carries_on_from_its_position():
    """A table that starts recording mid-setup: bob already placed, ann to act."""
    table = Table(["ann", "bob"])
    table.place_anywhere("bob")
    later = Table(["ann", "bob"], position=copy.deepcopy(table.state))
    later.place_anywhere("ann")
    assert later.state["phase"] == "setup_reserve"


def refused(rule, position, **options):
    with pytest.raises(RuleViolation) as caught:
        declared(position, **options)
    assert caught.value.rule == rule, caught.value
    return caught.value


def test_no_square_holds_two_pieces():
    """FCM-MKT-3, FCM-SETUP-8: a billboard over a restaurant, a restaurant over a house."""
    position = turn_five()
    position["board"]["campaigns"][0]["top_left"] = [0, 3]
    error = refused("FCM-MKT-3", position)
    assert "is a restaurant of ann" in error.message
    assert [0, 4] in error.details["squares"]
    position = turn_five()
    position["board"]["restaurants"][0]["top_left"] = [8, 1]
    error = refused("FCM-SETUP-8", position)
    assert "[8, 1] is house 1" in error.message


def test_pieces_stand_where_their_rules_allow():
    """FCM-HOUSE-1, FCM-MKT-4, FCM-CAMP-2."""
    position = turn_five()
    position["board"]["houses"][-1]["garden"] = None
    assert "came with a garden" in refused("FCM-HOUSE-1", position).message
    position = turn_five()
    position["board"]["campaigns"][1]["start"] = 13
    refused("FCM-MKT-4", position)
    position = turn_five()
    position["board"]["houses"][0]["demand"] = ["pizza"] * 4
    refused("FCM-CAMP-2", position)


def test_printed_houses_stay_where_the_tiles_print_them():
    """FCM-SETUP-1."""
    position = turn_five()
    position["board"]["houses"][0]["top_left"] = [3, 3]
    error = refused("FCM-SETUP-1", position)
    assert error.details["tiles_print"]["2"] == [3, 0]


def cards_of(position, owner, card):
    return [c for c in position["chains"][owner]["cards"] if c["card"] == card]


def test_card_counts_match_the_box():
    """FCM-SETUP-3: a card held must have left the stock; one copy of a top-position card."""
    position = turn_five()
    position["chains"]["bob"]["cards"].append(new_card("waitress-99", "waitress"))
    position["cards_issued"] = 99
    error = refused("FCM-SETUP-3", position)
    assert "waitress: 11 in the stock and 2 held make 13; the game has 12" in error.message
    position = turn_five()
    position["chains"]["ann"]["cards"].append(new_card("cfo-99", "cfo"))
    position["cards_issued"] = 99
    assert "a top-position card is held once" in refused("FCM-SETUP-3", position).message
    position = turn_five()
    [ceo] = cards_of(position, "bob", "ceo")
    position["chains"]["bob"]["cards"].remove(ceo)
    refused("FCM-SETUP-5", position)


def test_every_card_has_its_own_id():
    """FCM-SETUP-5: ids name one card each, and none is past the count of cards issued."""
    position = turn_five()
    [waitress] = cards_of(position, "ann", "waitress")
    [cfo] = cards_of(position, "ann", "cfo")
    cfo["id"] = waitress["id"]
    assert "card ids repeat" in refused("FCM-SETUP-5", position).message
    position = turn_five()
    position["cards_issued"] = 3
    assert "below the card ids held" in refused("FCM-SETUP-5", position).message


def test_cards_at_work_form_a_pyramid():
    """FCM-RESTR-2: a card at work reports to the CEO or to a manager at work; a manager
    reports to the CEO only."""
    position = turn_five()
    position.update(phase="working", restructuring=None)
    position["working"] = working_record("ann")
    [ceo] = cards_of(position, "ann", "ceo")
    [waitress] = cards_of(position, "ann", "waitress")
    waitress.update(place="work", boss=ceo["id"])
    declared(position)
    [cfo] = cards_of(position, "ann", "cfo")
    cfo.update(place="work", boss=waitress["id"])
    assert "neither the CEO nor a manager" in refused("FCM-RESTR-2", position).message
    cfo.update(place="hand", boss=ceo["id"])
    assert "only one, has a boss" in refused("FCM-RESTR-2", position).message
    position = turn_five()
    [ceo] = cards_of(position, "bob", "ceo")
    trainee, junior = (
        new_card("management_trainee-98", "management_trainee"),
        new_card("junior_vice_president-99", "junior_vice_president"),
    )
    trainee.update(place="work", boss=ceo["id"])
    junior.update(place="work", boss=trainee["id"])
    position["chains"]["bob"]["cards"] += [trainee, junior]
    position["cards_issued"] = 99
    for card in ("management_trainee", "junior_vice_president"):
        position["supply"]["employees"][card] -= 1
    assert "reports to the CEO only" in refused("FCM-RESTR-2", position).message


def at_work(phase="working", **bosses):
    """turn_five in `phase` (working by default, ann working), with cards put to work: for
    each owner, `[(card, boss)]`, boss "ceo" or the index of an earlier card of the list.
    Returns the position and each owner's new card ids."""
    position = turn_five()
    position.update(phase=phase, restructuring=None)
    if phase == "working":
        position["working"] = working_record("ann")
    if phase == "payday":
        position["payday"] = {"fired": [], "sealed": {}}
    put = {}
    for owner, cards in bosses.items():
        [ceo] = cards_of(position, owner, "ceo")
        put[owner] = []
        for card, boss in cards:
            made = new_card(issue_card_id(position, card), card, place="work")
            made["boss"] = ceo["id"] if boss == "ceo" else put[owner][boss]
            position["chains"][owner]["cards"].append(made)
            position["supply"]["employees"][card] -= 1
            put[owner].append(made["id"])
    return position, put


def test_no_boss_has_more_cards_under_it_than_slots():
    """FCM-RESTR-2, FCM-RESTR-3: three under the CEO, a manager's slots under a manager; cards
    that fit arranged otherwise and cards that fit no pyramid are both refused. FCM-RESTR-4:
    nobody but the CEO at work on the first turn."""
    three = [("waitress", "ceo"), ("errand_boy", "ceo"), ("kitchen_trainee", "ceo")]
    declared(at_work(ann=three)[0])
    position, put = at_work(ann=[*three, ("pricing_manager", "ceo")])
    error = refused("FCM-RESTR-2", position)
    assert "ann's cards at work: ceo-1 has 3 slots, not 4" in error.message
    assert "fit no arrangement" in error.message and "CEO alone" in error.message
    position, put = at_work(ann=[("management_trainee", "ceo"), *three])
    error = refused("FCM-RESTR-2", position)
    assert "ann's cards at work: ceo-1 has 3 slots, not 4" in error.message
    assert "fit when arranged otherwise" in error.message
    under_trainee = [("management_trainee", "ceo"), ("waitress", 0), ("errand_boy", 0)]
    declared(at_work(ann=under_trainee)[0])
    position, put = at_work(ann=[*under_trainee, ("kitchen_trainee", 0)])
    error = refused("FCM-RESTR-2", position)
    assert f"{put['ann'][0]} has 2 slots, not 3" in error.message
    position, _ = at_work(ann=three)
    position["turn"] = 1
    for chain in position["chains"].values():
        chain["milestones"] = []
    position["supply"]["milestones"]["first_billboard"] += 1
    position["board"]["campaigns"][2]["eternal"] = False
    refused("FCM-RESTR-4", position)  # the first turn's structure is the CEO alone


def test_the_ceo_slots_count_from_the_turn_after_the_first_break():
    """FCM-RESTR-2, FCM-BANK-2: cards put to work under three CEO slots stay at work after
    this turn's dinnertime broke the bank and made the count 2; at working, the count in
    force is 2."""
    three = [("waitress", "ceo"), ("errand_boy", "ceo"), ("kitchen_trainee", "ceo")]
    for phase in ("payday", "working"):
        position, _ = at_work(phase, ann=three)
        position["bank"].update(breaks=1, ceo_slots=2)
        for name, chain in position["chains"].items():
            chain["reserve"] = {"commitment": reserve_commitment(100, nonce(name)),
                                "revealed": 100}  # fmt: skip
        if phase == "payday":
            declared(position)
        else:
            assert "has 2 slots, not 3" in refused("FCM-RESTR-2", position).message


def test_a_busy_marketeer_runs_the_campaign_that_names_it():
    """FCM-MKT-1: each campaign on the map names the card of its chain running it."""
    position = turn_five()
    [trainee] = cards_of(position, "ann", "marketing_trainee")
    trainee.update(place="hand", campaign=None)
    refused("FCM-MKT-1", position)
    position = turn_five()
    position["board"]["campaigns"][0]["marketeer"] = cards_of(position, "ann", "cfo")[0]["id"]
    refused("FCM-MKT-1", position)


def test_milestones_are_claimed_in_a_turn_played():
    """FCM-MILE-1."""
    position = turn_five()
    position["chains"]["ann"]["milestones"][0]["turn"] = 6
    assert "not yet played" in refused("FCM-MILE-1", position).message


def claimed_now(position, milestone, owner="bob"):
    """The position with `milestone` claimed by `owner` in the position's own turn."""
    position["chains"][owner]["milestones"].append({"id": milestone, "turn": position["turn"]})
    position["supply"]["milestones"][milestone] -= 1
    return position


def game_over(edition="original"):
    """turn_five as the game ended: the bank broke the second time at this dinnertime."""
    position = turn_five()
    position.update(phase="over", restructuring=None, winner="ann")
    position["options"]["edition"] = edition
    position["bank"].update(breaks=2, ceo_slots=3, cash=0)
    for name, chain in position["chains"].items():
        chain["reserve"] = {"commitment": reserve_commitment(200, nonce(name)), "revealed": 200}
    return position


def test_a_milestone_claimed_this_turn_needs_the_phase_that_claims_it():
    """FCM-MILE-1 (milestones.json `claimed_by`): a milestone claimed in the position's turn
    is refused while the turn has not reached the first phase its claim can be followed by,
    in the game's edition; first_throw_away, claimed at the cleanup that ends the turn, never
    in its own turn. The game's end counts as just after its last dinnertime."""
    error = refused("FCM-MILE-1", claimed_now(turn_five(), "first_train"))
    assert "bob claimed first_train in turn 5, this turn" in error.message
    assert "from working on (original edition), not at restructuring" in error.message
    declared(claimed_now(at_work()[0], "first_train"))
    declared(claimed_now(turn_five(), "first_train") | {"turn": 6})
    error = refused("FCM-MILE-1", claimed_now(at_work("payday")[0], "first_throw_away"))
    assert "the cleanup that claims it ends the turn" in error.message
    position = copy.deepcopy(Table(["ann", "bob"]).state)  # setup, turn 1
    position["supply"]["milestones"]["first_train"] -= 1
    position["chains"]["bob"]["milestones"] = [{"id": "first_train", "turn": 1}]
    refused("FCM-MILE-1", position)


def test_a_milestone_s_claim_follows_its_edition_and_the_game_s_end():
    """FCM-MILE-1: first_to_have_20 is claimed at any time by the original rules (seen from
    dinnertime), at the end of dinnertime by the Deluxe ones (seen from payday); at the
    game's end the $100 milestone, claimed by the last dinnertime, stands; first_pay_20,
    claimed by salaries, does not."""
    position, _ = at_work("dinnertime")
    position["dinnertime"] = {"last_house": 0, "sales": {}, "awaiting_reveals": False}
    claimed_now(position, "first_to_have_20")
    declared(copy.deepcopy(position))
    position["options"]["edition"] = "deluxe"
    position["supply"]["milestones"] = {m: 1 for m in position["supply"]["milestones"]}
    position["supply"]["milestones"]["first_billboard"] = 0  # gone at turn 3's cleanup
    assert "from payday on" in refused("FCM-MILE-1", position).message
    declared(claimed_now(game_over(), "first_to_have_100"))
    error = refused("FCM-MILE-1", claimed_now(game_over(), "first_pay_20"))
    assert "not at the game's end, after its last dinnertime" in error.message


def test_an_eternal_campaign_is_of_a_chain_with_the_first_billboard():
    """FCM-MILE-2: only a chain holding the first billboard milestone places eternal
    campaigns, each with a single token; the milestone may have been claimed this very turn."""
    position = turn_five()
    position["board"]["campaigns"][1]["eternal"] = True  # bob's airplane 5, 3 tokens
    position["board"]["campaigns"][1]["remaining"] = 1
    error = refused("FCM-MILE-2", position)
    assert "campaign 5 is eternal, but bob does not hold first_billboard" in error.message
    position = turn_five()
    position["board"]["campaigns"][2]["remaining"] = 2  # ann's eternal mailbox 9
    error = refused("FCM-MILE-2", position)
    assert "eternal campaign 9 holds one token, not 2" in error.message
    position, _ = at_work()
    position["chains"]["ann"]["milestones"][0]["turn"] = 5
    declared(position)


def test_campaigns_houses_and_gardens_add_up():
    """FCM-SETUP-2, FCM-HOUSE-1."""
    position = turn_five()
    position["supply"]["campaigns"].append(11)
    refused("FCM-SETUP-2", position)
    position = turn_five()
    position["board"]["campaigns"].append(
        {"number": 12, "owner": "bob", "product": "soda", "remaining": 1, "eternal": False,
         "marketeer": "brand_manager-9", "top_left": [13, 0], "size": [2, 2]}
    )  # fmt: skip
    refused("FCM-SETUP-2", position)  # billboard 12 is not in a two-player game
    position = turn_five()
    position["supply"]["houses"].append(1)
    refused("FCM-HOUSE-1", position)
    position = turn_five()
    position["supply"]["gardens"] = 8
    refused("FCM-HOUSE-1", position)


def test_a_chain_has_three_restaurants():
    """FCM-SETUP-5."""
    position = turn_five()
    extra = [("bob-2", [3, 8]), ("bob-3", [5, 5]), ("bob-3", [10, 10])]
    position["board"]["restaurants"] += [
        {
            "id": id_,
            "owner": "bob",
            "top_left": sq,
            "entrance": "NW",
            "status": "open",
            "drive_in": False,
        }
        for id_, sq in extra
    ]
    assert "ids are <owner>-1 to <owner>-3" in refused("FCM-SETUP-5", position).message
    position["board"]["restaurants"][-1]["id"] = "ann-2"
    refused("FCM-SETUP-5", position)


def test_reserve_cards_and_the_bank():
    """FCM-SETUP-9, FCM-BANK-2."""
    position = turn_five()
    position["chains"]["ann"]["reserve"]["commitment"] = None
    refused("FCM-SETUP-9", position)
    position = turn_five()
    position["chains"]["ann"]["reserve"]["revealed"] = 200
    refused("FCM-BANK-2", position)
    position = turn_five()
    position["bank"]["ceo_slots"] = 4
    refused("FCM-BANK-2", position)
    position["bank"]["breaks"] = 1
    declared(position)


def test_setup_rounds_only_during_setup():
    """FCM-SETUP-7."""
    position = turn_five()
    position["setup"] = {"round": 1, "to_act": ["ann"], "passed": []}
    refused("FCM-SETUP-7", position)
    position = copy.deepcopy(Table(["ann", "bob"]).state)
    position["setup"]["to_act"] = ["ann", "ann"]
    refused("FCM-SETUP-7", position)


def test_players_and_options_agree_with_the_position():
    """FCM-SETUP-5, FCM-SETUP-6, FCM-SETUP-1."""
    position = turn_five()
    with pytest.raises(RuleViolation) as caught:
        created(["ann", "cy"], position=position)
    assert caught.value.rule == "FCM-SETUP-5"
    refused("FCM-SETUP-6", turn_five(), turn_order=["bob", "ann"])
    refused("FCM-SETUP-1", turn_five(), connection="deluxe")
    declared(turn_five(), turn_order=["ann", "bob"], connection="original")
    position = turn_five()
    position["turn_order"] = ["ann", "ann"]
    refused("FCM-SETUP-6", position, turn_order=["ann", "ann"])


def test_the_schema_refuses_a_malformed_position():
    position = turn_five()
    position["board"]["houses"][0]["colour"] = "red"
    with pytest.raises(ValidationError):
        StateSchema().load(position)
    position = turn_five()
    del position["board"]["campaigns"][0]["size"]
    with pytest.raises(ValidationError, match="top_left and size"):
        StateSchema().load(position)


def created_v1(position):
    """fcm.created as a version 1 payload stored long ago, read through the registry."""
    from events.registry import EventTypeRegistry
    from games.fcm.event_types import EVENT_TYPES

    registry = EventTypeRegistry()
    for event_type in EVENT_TYPES:
        registry.register(event_type)
    payload = {"players": position["players"], "options": {"position": position}}
    stored = {"seq": 1, "type": "fcm.created", "schema_version": 1, "payload": payload}
    current = registry.upcast(stored)
    StateSchema().load(current["payload"]["options"]["position"])
    return fcm.initial(current)


def test_a_position_declared_in_the_first_format_is_read_in_the_current_one():
    """docs/fcm.md's turn-5 example as it was first written: employee counts, no ids."""
    position = json.loads(V1_POSITION.read_text())
    for number in (5, 9):  # campaigns no card of their chain could run: see below
        position["board"]["campaigns"] = [
            c for c in position["board"]["campaigns"] if c["number"] != number
        ]
        position["supply"]["campaigns"].append(number)
    position["supply"]["campaigns"].sort()
    state = created_v1(position)
    ann = {card["card"]: card for card in state["chains"]["ann"]["cards"]}
    assert ann["ceo"] == {"id": "ceo-1", "card": "ceo", "place": "work", "boss": None,
                          "campaign": None, "new": False}  # fmt: skip
    assert ann["marketing_trainee"]["place"] == "busy"
    assert state["board"]["campaigns"][0]["marketeer"] == ann["marketing_trainee"]["id"]
    # claimed before turn 5's restructuring, so in turn 4 at the latest
    assert state["chains"]["ann"]["milestones"] == [{"id": "first_billboard", "turn": 4}]
    assert [r["id"] for r in state["board"]["restaurants"]] == ["bob-1", "ann-1"]
    assert state["bank"]["ceo_slots"] == 3 and "ceo_slots" not in state


def test_a_first_format_position_no_table_could_have_had_is_refused():
    """FCM-MKT-1: its mailbox campaign 9 had no card of ann's chain to run it."""
    with pytest.raises(RuleViolation) as caught:
        created_v1(json.loads(V1_POSITION.read_text()))
    assert caught.value.rule == "FCM-MKT-1"
    assert "missing_marketeer-9" in caught.value.message


def test_only_the_working_chain_s_cards_have_acted():
    """FCM-WORK-1: a declared working record names the chain working and its own cards."""
    from games.fcm.turn.working import working_record

    position = turn_five()
    position.update(phase="working", restructuring=None)
    position["working"] = working_record("ann")
    declared(copy.deepcopy(position))
    position["working"]["acted"] = [cards_of(position, "bob", "kitchen_trainee")[0]["id"]]
    assert "not as a card of ann's" in refused("FCM-WORK-1", position).message


def worked_through(position):
    """The position declared, then the worker's events folded as the service folds them until
    no phase is the worker's or the next turn begins; the state it comes to."""
    table = Table(position["players"], position=position)
    while (phase := fcm.pending(table.state)) and table.state["phase"] != "restructuring":
        for event in fcm.resolve(table.state):
            table.record(event["type"].removeprefix("fcm."), actor=f"system:{phase}",
                         **event["payload"])  # fmt: skip
    return table.state


def at_marketing(last):
    position = turn_five()
    position.update(phase="marketing", restructuring=None, marketing={"last": last})
    return position


def test_marketing_lasts_while_a_campaign_is_still_to_run():
    """FCM-CAMP-1: the campaigns run in number order, and the phase lasts only while one on
    the map is numbered above the last that ran (campaigns.py goes on to cleanup when none
    is); a declared marketing with none to run would leave the worker looking for one."""
    state = worked_through(at_marketing(9))  # 11 still to run
    assert (state["turn"], state["phase"]) == (6, "restructuring")
    for last in (11, 15):
        error = refused("FCM-CAMP-1", at_marketing(last))
        assert f"marketing.last is {last}, and no campaign on the map" in error.message
        assert "[5, 9, 11]" in error.message and "cleanup" in error.message


def test_records_that_name_nothing_left_to_do_still_fold():
    """FCM-DINNER-1, FCM-CLEAN-1: a dinnertime whose last house is past every house, and a
    cleanup with no freezer choice owed, are carried on by the worker (rules.resolve), so
    they are declared as they are."""
    position = turn_five()
    position.update(phase="dinnertime", restructuring=None)
    position["dinnertime"] = {"last_house": 99, "sales": {}, "awaiting_reveals": False}
    assert worked_through(position)["phase"] == "payday"  # the chains to fire
    position = turn_five()
    position.update(phase="cleanup", restructuring=None)
    state = worked_through(position)
    assert (state["turn"], state["phase"]) == (6, "restructuring")


def test_a_dinnertime_waits_for_reserve_cards_only_after_a_first_break_with_one_face_down():
    """FCM-BANK-2: the wait for the reserve cards follows the bank's first break, while a card
    is still face down; otherwise no reveal could end it."""
    from tests.games.fcm.test_dinnertime import at_dinner

    position = at_dinner(demand={}, goods={}).state
    position["dinnertime"]["awaiting_reveals"] = True
    with pytest.raises(RuleViolation) as caught:
        Table(position["players"], position=position)
    assert caught.value.rule == "FCM-BANK-2" and "first break" in caught.value.message
    position["bank"]["breaks"] = 1
    assert Table(position["players"], position=position).state["phase"] == "dinnertime"
    for chain in position["chains"].values():
        chain["reserve"]["revealed"] = 100
    with pytest.raises(RuleViolation) as caught:
        Table(position["players"], position=position)
    assert caught.value.rule == "FCM-BANK-2" and "face up" in caught.value.message


def test_a_payday_s_firings_name_players_once():
    """FCM-PAY-1: a declared payday whose firings name a stranger or a chain twice."""
    from tests.games.fcm.test_payday import at_payday

    position = at_payday().state
    for fired in (["cy"], ["ann", "ann"]):
        position["payday"]["fired"] = fired
        with pytest.raises(RuleViolation) as caught:
            Table(position["players"], position=position)
        assert caught.value.rule == "FCM-PAY-1"
