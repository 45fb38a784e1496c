"""Food Chain Magnate through the HTTP API: a map and turn order drawn by the service, the
board as text, placement refusals with their squares, setup for 2 to 5 players, a declared
position, a reveal that does not match its commitment kept in the audit, and turns from
restructuring to working."""

import copy
import json

import pytest

from games.fcm import reserve_commitment
from games.sealed import canonical_text, commitment
from projections.recorder import WITHHELD
from tests.games.fcm.table import legal_spot, nonce, seated, turn_five


def create(client, players, **options):
    response = client.post("/api/games", json={"kind": "fcm", "players": players,
                                               "options": options})  # fmt: skip
    assert response.status_code == 201, response.json
    return response.json


def record(client, game, name, player, **payload):
    body = {"type": f"fcm.{name}", "actor": f"player:{player}", "payload": {"player": player,
            **payload}}  # fmt: skip
    headers = {"Authorization": f"Bearer {game['token']}"}
    return client.post(f"/api/games/{game['id']}/events", json=body, headers=headers)


@pytest.mark.parametrize(("players", "tiles"), [(2, 9), (3, 12), (4, 16), (5, 20)])
def test_the_service_draws_map_and_turn_order_into_the_creation_event(client, players, tiles):
    """FCM-SETUP-1, FCM-SETUP-4, FCM-SETUP-6: what the service drew is in event 1."""
    names = ["ann", "bob", "cat", "dan", "eve"][:players]
    game = create(client, names)
    created = client.get(f"/api/games/{game['id']}/events/1").json["payload"]["options"]
    assert len(created["layout"]["tiles"]) == tiles
    assert created["layout"]["drawn_by"] == "service"
    assert sorted(created["turn_order"]) == names
    state = game["state"]
    assert state["bank"]["cash"] == 50 * players
    assert all(chain["cash"] == 0 for chain in state["chains"].values())


def test_a_table_laid_map_is_kept_and_a_wrong_one_refused(client):
    game = create(client, ["ann", "bob"])
    layout = client.get(f"/api/games/{game['id']}/events/1").json["payload"]["options"]["layout"]
    laid = {**layout, "drawn_by": "table"}
    again = create(client, ["ann", "bob"], layout=laid, turn_order=["bob", "ann"])
    assert again["state"]["turn_order"] == ["bob", "ann"]
    small = {**laid, "tiles": laid["tiles"][:-1]}
    response = client.post("/api/games", json={"kind": "fcm", "players": ["ann", "bob"],
                                               "options": {"layout": small}})  # fmt: skip
    assert response.status_code == 422 and response.json["rule"] == "FCM-SETUP-1"


def test_map_txt_draws_the_board_at_any_seq(client):
    game = create(client, ["ann", "bob"])
    before = client.get(f"/api/games/{game['id']}/map.txt")
    assert before.status_code == 200 and before.mimetype == "text/plain"
    state = client.get(f"/api/games/{game['id']}/state").json["state"]
    first = state["setup"]["to_act"][0]
    top_left, entrance = legal_spot(state)
    placed = record(client, game, "starting_restaurant_placed", first, top_left=top_left,
                    entrance=entrance)  # fmt: skip
    assert placed.status_code == 201, placed.json
    after = client.get(f"/api/games/{game['id']}/map.txt").data.decode()
    assert after != before.data.decode()
    assert client.get(f"/api/games/{game['id']}/map.txt?at=1").data == before.data
    assert client.get(f"/api/games/{game['id']}/map.txt?at=9").status_code == 400
    boardless = client.post("/api/games", json={"kind": "toy", "players": ["a", "b"]}).json
    assert client.get(f"/api/games/{boardless['id']}/map.txt").status_code == 404


def test_a_refused_placement_names_the_rule_and_the_squares_with_a_picture(client):
    """FCM-SETUP-8: a restaurant off any road, or out of turn (FCM-SETUP-7)."""
    game = create(client, ["ann", "bob"])
    state = game["state"]
    first = state["setup"]["to_act"][0]
    other = next(p for p in state["players"] if p != first)
    top_left, entrance = legal_spot(state)
    out_of_turn = record(client, game, "starting_restaurant_placed", other, top_left=top_left,
                         entrance=entrance)  # fmt: skip
    assert out_of_turn.status_code == 422 and out_of_turn.json["rule"] == "FCM-SETUP-7"
    outside = record(client, game, "starting_restaurant_placed", first, top_left=[-1, 0],
                     entrance="NW")  # fmt: skip
    assert outside.status_code == 422 and outside.json["rule"] == "FCM-SETUP-8"
    # the two squares off the map, and those of the drawn map's corner tile that are taken
    squares = outside.json["details"]["squares"]
    assert squares[:2] == [[-1, 0], [-1, 1]] and set(map(tuple, squares[2:])) <= {(0, 0), (0, 1)}
    for row, col in squares:  # in words, as the map names them (#32)
        assert f"row {row}, column {col} is " in outside.json["detail"]
    assert "off the map" in outside.json["detail"] and outside.json["details"]["map"]
    assert client.get(f"/api/games/{game['id']}").json["version"] == 1


def test_a_declared_position_round_trips_through_get_state(client):
    state = seated(["ann", "bob"]).state
    game = create(client, ["ann", "bob"], position=state)
    assert client.get(f"/api/games/{game['id']}/state").json["state"] == state
    broken = copy.deepcopy(state)
    second = copy.deepcopy(broken["board"]["restaurants"][0])
    second["id"] = second["id"][:-1] + "2"  # the same chain's second restaurant, on the first
    broken["board"]["restaurants"].append(second)
    response = client.post("/api/games", json={"kind": "fcm", "players": ["ann", "bob"],
                                               "options": {"position": broken}})  # fmt: skip
    assert response.status_code == 422 and response.json["rule"] == "FCM-SETUP-8"
    assert "is a restaurant of" in response.json["detail"]


def test_a_reveal_that_does_not_match_is_refused_and_kept_in_the_audit(client):
    """FCM-SETUP-9: sealed at setup; after the bank broke, a reveal of another card. The audit
    shows it refused, without the card or the nonce it tried: a refused reveal leaks nothing
    of the commitment to the rest of the table."""
    position = copy.deepcopy(seated(["ann", "bob"], money=200).state)
    position["bank"]["breaks"] = 1
    game = create(client, ["ann", "bob"], position=position)
    wrong = record(client, game, "reserve_card_revealed", "bob", money=300, nonce=nonce("bob"))
    assert wrong.status_code == 422 and wrong.json["rule"] == "FCM-SETUP-9"
    [refusal] = client.get(f"/api/games/{game['id']}/refusals").json["items"]
    assert refusal["rule"] == "FCM-SETUP-9" and refusal["version"] == 1
    assert refusal["details"] == {"commitment": reserve_commitment(200, nonce("bob"))}
    assert refusal["events"][0]["payload"]["money"] == WITHHELD
    assert refusal["events"][0]["payload"]["nonce"] == WITHHELD
    # (not "300" anywhere: an event id or a time may hold those digits by chance)
    assert (
        nonce("bob") not in json.dumps(refusal)
        and 300 not in refusal["events"][0]["payload"].values()
    )
    right = record(client, game, "reserve_card_revealed", "bob", money=200, nonce=nonce("bob"))
    assert right.status_code == 201
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def state_of(client, game):
    return client.get(f"/api/games/{game['id']}/state").json["state"]


def test_three_players_from_setup_to_working_of_turn_one_and_a_declared_turn_five(client):
    """FCM-SETUP-7, FCM-SETUP-9, FCM-RESTR-4, FCM-ORDER-1, FCM-ORDER-3, FCM-ORDER-4 through
    the API; then a declared turn 5 restructured face down (FCM-RESTR-1) and ordered; both
    replayed step by step and verified."""
    game = create(client, ["ann", "bob", "cat"])
    while (state := state_of(client, game))["phase"] == "setup_restaurants":
        top_left, entrance = legal_spot(state)
        player = state["setup"]["to_act"][0]
        placed = record(client, game, "starting_restaurant_placed", player,
                        top_left=top_left, entrance=entrance)  # fmt: skip
        assert placed.status_code == 201, placed.json
    for player in ["ann", "bob", "cat"]:
        sealed = record(client, game, "reserve_card_sealed", player,
                        commitment=reserve_commitment(100, nonce(player)))  # fmt: skip
        assert sealed.status_code == 201
    state = state_of(client, game)
    assert state["phase"] == "order_of_business"  # turn 1: the CEO alone, nothing to choose
    to_pick = state["order_of_business"]["to_pick"]
    assert to_pick == state["turn_order"]  # 3 open slots each: last turn's order decides
    out_of_turn = record(client, game, "turn_order_picked", to_pick[1], place=1)
    assert out_of_turn.status_code == 422 and out_of_turn.json["rule"] == "FCM-ORDER-1"
    for place, player in zip([3, 1, 2], to_pick, strict=True):
        assert record(client, game, "turn_order_picked", player, place=place).status_code == 201
    state = state_of(client, game)
    assert state["phase"] == "working"
    assert state["turn_order"] == [to_pick[1], to_pick[2], to_pick[0]]
    version = client.get(f"/api/games/{game['id']}").json["version"]
    steps = client.get(f"/api/games/{game['id']}/replay?from=1&to={version}").json["steps"]
    assert steps[-1]["state"] == state
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True

    position = turn_five()
    declared = create(client, ["ann", "bob"], position=position)
    waitress = next(c["id"] for c in position["chains"]["ann"]["cards"] if c["card"] == "waitress")
    structure = {waitress: "ceo-1"}
    sealed = commitment(canonical_text(structure), nonce("ann"))
    assert record(client, declared, "structure_sealed", "ann", commitment=sealed).status_code == 201
    assert state_of(client, declared)["restructuring"]["ann"]["structure"] is None
    assert record(client, declared, "structure_chosen", "bob", structure={}).status_code == 201
    revealed = record(client, declared, "structure_revealed", "ann", structure=structure,
                      nonce=nonce("ann"))  # fmt: skip
    assert revealed.status_code == 201, revealed.json
    order = state_of(client, declared)["order_of_business"]
    assert order["open_slots"] == {"ann": 2, "bob": 3} and order["to_pick"] == ["bob", "ann"]
    assert record(client, declared, "turn_order_picked", "bob", place=2).status_code == 201
    assert record(client, declared, "turn_order_picked", "ann", place=1).status_code == 201
    assert state_of(client, declared)["phase"] == "working"
    assert client.get(f"/api/games/{declared['id']}/verify").json["ok"] is True


def test_a_whole_working_from_a_declared_turn_five_through_the_api(client):
    """FCM-RESTR-1, FCM-ORDER-1, FCM-WORK-1..3, FCM-RECRUIT-1, FCM-TRAIN-1, FCM-MKT-1,
    FCM-FOOD-1, FCM-FOOD-3, FCM-HOUSE-1, FCM-REST-1, FCM-MILE-1 through the API: ann's whole
    working with managers, a campaign, a cart route, a new house and a second restaurant;
    the game then waits in dinnertime, replays step by step and verifies."""
    from tests.games.fcm.test_building import house_spots, restaurant_spots
    from tests.games.fcm.test_drink_routes import road_routes
    from tests.games.fcm.test_marketing import spots
    from tests.games.fcm.test_restructuring import hired

    staff = ["recruiting_girl", "trainer", "marketing_trainee", "kitchen_trainee",
             "cart_operator", "local_manager"]  # fmt: skip
    managers = ["junior_vice_president", "vice_president", "new_business_developer"]
    position = hired(turn_five(), "ann", *managers, *staff, "kitchen_trainee")
    game = create(client, ["ann", "bob"], position=position)

    def card(name, place="hand"):
        cards = state_of(client, game)["chains"]["ann"]["cards"]
        return next(c["id"] for c in cards if c["card"] == name and c["place"] == place)

    def ok(name, player="ann", **payload):
        answer = record(client, game, name, player, **payload)
        assert answer.status_code == 201, answer.json
        return state_of(client, game)

    ceo, jvp, vp = card("ceo", "work"), card("junior_vice_president"), card("vice_president")
    structure = {jvp: ceo, vp: ceo, card("new_business_developer"): ceo}
    for name in staff:
        structure[card(name)] = jvp if name in staff[:3] else vp
    ok("structure_chosen", structure=structure)
    state = ok("structure_chosen", player="bob", structure={})
    assert "first_cart_operator" in {m["id"] for m in state["chains"]["ann"]["milestones"]}
    for place, player in enumerate(state["order_of_business"]["to_pick"], start=1):
        state = ok("turn_order_picked", player=player, place=place)
    if state["working"]["player"] == "bob":
        state = ok("working_ended", player="bob")
    ok("recruited", cards=["waitress", "errand_boy"])
    beach_cook = card("kitchen_trainee", "beach")
    ok(
        "trained",
        trainer=card("trainer", "work"),
        steps=[{"card": beach_cook, "into": "burger_cook"}],
    )
    placement, _ = spots(state_of(client, game), 14)[0]
    ok("campaign_placed", marketeer=card("marketing_trainee", "work"), number=14,
       product="burger", duration=1, **placement)  # fmt: skip
    state = ok("food_taken", cook=card("kitchen_trainee", "work"), food="burger")
    route = next(route for route, cost in road_routes(state, corners=True) if cost <= 2)
    ok("drinks_collected", card=card("cart_operator", "work"), route=route)
    state = state_of(client, game)
    top_left, garden = house_spots(state)[0]
    ok("house_placed", developer=card("new_business_developer", "work"),
       number=min(state["supply"]["houses"]), top_left=top_left, garden=garden)  # fmt: skip
    spot = next(spot for spot, nearest, _ in restaurant_spots(state_of(client, game))
                if nearest is not None and nearest <= 3)  # fmt: skip
    state = ok("restaurant_placed", manager=card("local_manager", "work"), **spot)
    assert [r["status"] for r in state["board"]["restaurants"] if r["owner"] == "ann"] == [
        "open",
        "coming_soon",
    ]
    assert state["chains"]["ann"]["goods"]["burger"] == 1
    state = ok("working_ended")
    if state["phase"] == "working":
        state = ok("working_ended", player="bob")
    assert state["phase"] == "dinnertime" and state["working"] is None
    version = client.get(f"/api/games/{game['id']}").json["version"]
    steps = client.get(f"/api/games/{game['id']}/replay?from=1&to={version}").json["steps"]
    assert len(steps) == version and steps[-1]["state"] == state
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def test_dinnertime_from_a_declared_position_is_resolved_by_a_real_worker(client, start_worker):
    """FCM-DINNER-1..10 through the API with a worker: a table that disputes a dinnertime
    declares the position after working, and the worker writes each house's outcome with its
    explanation; the log replays and verifies."""
    from tests.conftest import wait_for
    from tests.games.fcm.test_dinnertime import at_dinner

    goods = {"ann": {"burger": 2}, "bob": {"pizza": 1}}
    demand = {13: ["burger", "burger"], 2: ["pizza"]}
    position = at_dinner(demand=demand, goods=goods, bank=500).state
    start_worker()
    game = create(client, ["ann", "bob"], position=position)
    assert game["pending"] == "dinnertime"
    wait_for(lambda: state_of(client, game)["phase"] == "payday", timeout=30)
    events = client.get(f"/api/games/{game['id']}/events").json["items"]
    served = [e for e in events if e["type"] == "fcm.house_served"]
    assert [(e["payload"]["house"], e["payload"]["winner"]) for e in served] == [
        (2, "bob"),
        (13, "ann"),
    ]
    assert all(e["actor"] == "system:dinnertime" and e["caused_by"] == 1 for e in served)
    step = client.get(f"/api/games/{game['id']}/replay/{served[1]['seq']}").json
    assert step["explanation"]["winner"] == "ann"
    assert {c["chain"] for c in step["explanation"]["considered"]} == {"ann", "bob"}
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def test_three_players_from_turn_one_to_the_end_of_working_of_turn_two(client, start_worker):
    """FCM-TURN-1 end to end with a real worker: setup, turn 1 (each CEO hires one card),
    dinnertime, payday, marketing and cleanup resolved by the worker, turn 2 with the hired
    cards at work and a campaign placed; replayed step by step and verified."""
    from tests.conftest import wait_for
    from tests.games.fcm.test_marketing import spots

    start_worker()
    players = ["ann", "bob", "cat"]
    game = create(client, players)

    def ok(name, player, **payload):
        answer = record(client, game, name, player, **payload)
        assert answer.status_code == 201, answer.json
        return state_of(client, game)

    while (state := state_of(client, game))["phase"] == "setup_restaurants":
        top_left, entrance = legal_spot(state)
        ok("starting_restaurant_placed", state["setup"]["to_act"][0], top_left=top_left,
           entrance=entrance)  # fmt: skip
    for player in players:
        state = ok("reserve_card_sealed", player,
                   commitment=reserve_commitment(300, nonce(player)))  # fmt: skip
    hires = {"ann": "marketing_trainee", "bob": "waitress", "cat": "kitchen_trainee"}
    for turn in (1, 2):
        assert (state["turn"], state["phase"]) == (turn, "restructuring" if turn > 1 else
                                                   "order_of_business")  # fmt: skip
        if turn == 2:
            for player in players:
                chain = state["chains"][player]
                ceo = next(c["id"] for c in chain["cards"] if c["card"] == "ceo")
                hand = [c["id"] for c in chain["cards"] if c["place"] == "hand"]
                state = ok("structure_chosen", player, structure=dict.fromkeys(hand, ceo))
        for place, player in enumerate(state["order_of_business"]["to_pick"], start=1):
            state = ok("turn_order_picked", player, place=place)
        for player in list(state["turn_order"]):
            if turn == 1:
                state = ok("recruited", player, cards=[hires[player]])
            elif player == "ann":
                trainee = next(c["id"] for c in state["chains"]["ann"]["cards"]
                               if c["card"] == "marketing_trainee")  # fmt: skip
                placement, _ = spots(state, 14, owner="ann")[0]
                state = ok("campaign_placed", "ann", marketeer=trainee, number=14,
                           product="burger", duration=2, **placement)  # fmt: skip
            state = ok("working_ended", player)
        if turn == 1:
            wait_for(lambda: state_of(client, game)["phase"] == "payday", timeout=30)
            for player in players:
                ok("fired", player, cards=[])
            wait_for(lambda: state_of(client, game)["turn"] == 2, timeout=30)
            state = state_of(client, game)
    # the end of working of turn 2: the worker resolves dinnertime, the game waits at payday
    wait_for(lambda: state_of(client, game)["phase"] == "payday", timeout=30)
    state = state_of(client, game)
    assert 14 in [c["number"] for c in state["board"]["campaigns"]]
    kinds = [
        e["type"] for e in client.get(f"/api/games/{game['id']}/events?limit=500").json["items"]
    ]
    assert {"fcm.dinnertime_ended", "fcm.salaries_paid", "fcm.cleaned_up"} <= set(kinds)
    version = client.get(f"/api/games/{game['id']}").json["version"]
    steps = client.get(f"/api/games/{game['id']}/replay?from=1&to={version}").json["steps"]
    assert steps[-1]["state"] == state
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def test_the_first_bank_break_waits_for_the_reserve_reveals_then_the_worker_goes_on(
    client, start_worker
):
    """FCM-BANK-1, FCM-BANK-2 through the API with a worker: the bank holds $5 against a
    sale; the worker writes the break and waits; a wrong reveal is refused, the right ones
    refill the bank; the worker finishes dinnertime."""
    from tests.conftest import wait_for
    from tests.games.fcm.test_dinnertime import at_dinner

    position = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}},
                         bank=5).state  # fmt: skip
    start_worker()
    game = create(client, ["ann", "bob"], position=position)
    wait_for(lambda: state_of(client, game)["bank"]["breaks"] == 1, timeout=30)
    assert client.get(f"/api/games/{game['id']}").json["pending"] is None
    wrong = record(client, game, "reserve_card_revealed", "ann", money=300, nonce=nonce("ann"))
    assert wrong.status_code == 422 and wrong.json["rule"] == "FCM-SETUP-9"
    for player in ("ann", "bob"):
        answer = record(client, game, "reserve_card_revealed", player, money=200,
                        nonce=nonce(player))  # fmt: skip
        assert answer.status_code == 201, answer.json
    wait_for(lambda: state_of(client, game)["phase"] == "payday", timeout=30)
    state = state_of(client, game)
    assert state["bank"]["ceo_slots"] == 3 and state["chains"]["ann"]["goods"]["burger"] == 0
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def test_the_second_bank_break_ends_the_game_with_a_winner_through_the_api(client, start_worker):
    """FCM-BANK-3, FCM-BANK-4 with a worker: a dinnertime declared after the first break
    with $3 in the bank; the worker breaks it again, pays in full with the shortfall written
    down, and names the winner; the game is finished, replays and verifies."""
    from tests.conftest import wait_for
    from tests.games.fcm.test_dinnertime import at_dinner

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}},
                      bank=3, breaks=1)  # fmt: skip
    position = table.state
    for name in ("ann", "bob"):
        position["chains"][name]["reserve"]["revealed"] = 200
    start_worker()
    game = create(client, ["ann", "bob"], position=position)
    wait_for(lambda: client.get(f"/api/games/{game['id']}").json["status"] == "finished", 30)
    state = state_of(client, game)
    assert state["phase"] == "over" and state["winner"] == "ann"
    assert state["bank"]["breaks"] == 2 and state["bank"]["shortfall"] > 0
    assert client.get("/api/games?kind=fcm&status=finished").json["items"][0]["id"] == game["id"]
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True
    # the log, not the game's rules, refuses what comes after the end (LOG-FINISHED)
    late = record(client, game, "fired", "ann", cards=[])
    assert late.status_code == 422 and late.json["code"] == "LOG-FINISHED", late.json
    assert late.json["details"]["awaiting"]["rule"] == "FCM-BANK-4"


def test_a_deluxe_payday_sealed_revealed_and_paid_by_a_real_worker(client, start_worker):
    """FCM-PAY-1, FCM-PAY-2 in the Deluxe edition through the API with a worker: a reveal
    before bob has sealed is refused, both chains seal their firing, a reveal with the wrong
    nonce is refused and kept in the audit without the firing, both reveal, the worker pays
    the salaries; the log replays and verifies."""
    from tests.conftest import wait_for
    from tests.games.fcm.test_payday import at_payday, firing

    position = at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe").state
    [waitress] = [c["id"] for c in position["chains"]["ann"]["cards"] if c["card"] == "waitress"]
    start_worker()
    game = create(client, ["ann", "bob"], position=position)
    assert game["pending"] is None
    sealed = firing([waitress], "ann")
    assert record(client, game, "firing_sealed", "ann", commitment=sealed).status_code == 201
    early = record(client, game, "firing_revealed", "ann", cards=[waitress], nonce=nonce("ann"))
    assert early.status_code == 422 and early.json["rule"] == "FCM-PAY-1"
    assert "waiting for bob" in early.json["detail"]
    assert record(client, game, "firing_sealed", "bob",
                  commitment=firing([], "bob")).status_code == 201  # fmt: skip
    assert state_of(client, game)["payday"]["sealed"] == {"ann": sealed, "bob": firing([], "bob")}
    wrong = record(client, game, "firing_revealed", "ann", cards=[waitress], nonce=nonce("bob"))
    assert wrong.status_code == 422 and wrong.json["rule"] == "FCM-PAY-1"
    assert wrong.json["details"] == {"commitment": sealed} and waitress not in wrong.json["detail"]
    refusals = client.get(f"/api/games/{game['id']}/refusals").json["items"]
    [kept] = [r for r in refusals if r["details"] == {"commitment": sealed}]
    assert kept["events"][0]["payload"] == {"player": "ann", "cards": WITHHELD,
                                            "nonce": WITHHELD}  # fmt: skip
    assert nonce("bob") not in json.dumps(refusals)
    for player, cards in (("ann", [waitress]), ("bob", [])):
        answer = record(client, game, "firing_revealed", player, cards=cards, nonce=nonce(player))
        assert answer.status_code == 201, answer.json
    wait_for(lambda: state_of(client, game)["phase"] != "payday", timeout=30)
    events = client.get(f"/api/games/{game['id']}/events?limit=500").json["items"]
    [salaries] = [e for e in events if e["type"] == "fcm.salaries_paid"]
    assert salaries["actor"] == "system:payday"
    assert salaries["payload"]["chains"] == {"ann": 5, "bob": 5}
    state = state_of(client, game)
    assert waitress not in [c["id"] for c in state["chains"]["ann"]["cards"]]
    assert state["chains"]["ann"]["cash"] == 95 and state["chains"]["bob"]["cash"] == 95


def worked_example_position():
    """The refresher's worked dinnertime on a real map: tiles A (turned 180), B and C in the
    top row; red's restaurant one tile crossing from house 5, yellow's two; house 2 (garden E)
    wants four burgers, house 5 (garden S) two. Yellow has a pricing manager, a waitress and a
    burger cook at work and 3 burgers; red a kitchen trainee and 2 burgers. The introductory
    game, so no milestone changes a price or a waitress's pay."""
    from games.fcm.cards.employees import issue_card_id, new_card
    from tests.games.fcm.table import Table

    tiles = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
    layout = {"rows": 3, "cols": 3, "drawn_by": "table", "tiles": [
        {"tile": tile, "rotation": 180 if tile == "A" else 0, "row": n // 3, "col": n % 3}
        for n, tile in enumerate(tiles)
    ]}  # fmt: skip
    table = Table(["red", "yellow"], layout=layout, introductory=True)
    table.record("starting_restaurant_placed", player="yellow", top_left=[0, 0], entrance="NE")
    table.record("starting_restaurant_placed", player="red", top_left=[3, 4], entrance="NE")
    position = copy.deepcopy(table.state)
    position.update(phase="dinnertime", turn=4, order_of_business=None, working=None)
    position["dinnertime"] = {"last_house": 0, "sales": {}, "awaiting_reveals": False}
    for house in position["board"]["houses"]:
        house["garden"], house["demand"] = {2: ("E", ["burger"] * 4),
                                            5: ("S", ["burger"] * 2)}.get(house["number"],
                                                                           (None, []))  # fmt: skip
    position["supply"]["gardens"] -= 2
    for name, cards in (("yellow", ["pricing_manager", "waitress", "burger_cook"]),
                        ("red", ["kitchen_trainee"])):  # fmt: skip
        chain = position["chains"][name]
        ceo = chain["cards"][0]["id"]
        for card in cards:
            chain["cards"].append(new_card(issue_card_id(position, card), card, place="work"))
            chain["cards"][-1]["boss"] = ceo
            position["supply"]["employees"][card] -= 1
    position["chains"]["yellow"]["goods"]["burger"] = 3
    position["chains"]["red"]["goods"]["burger"] = 2
    return position


def test_the_refresher_s_worked_dinnertime_through_the_api_with_a_worker(client, start_worker):
    """FCM-DINNER-1 to 10 on a real map: house 2 wants four burgers and nobody has them, so it
    does nothing; house 5: yellow 9 + 2 = 11 against red 10 + 1 = 11, the tie to yellow's
    waitress; the garden doubles yellow's price to 18, 36 for two burgers, 3 for the
    waitress, 39, no CFO. The explanations say so; yellow's third burger is thrown away at
    cleanup; the log replays and verifies."""
    from tests.conftest import wait_for

    start_worker()
    game = create(client, ["red", "yellow"], position=worked_example_position())
    wait_for(lambda: state_of(client, game)["phase"] == "restructuring", timeout=30)
    events = client.get(f"/api/games/{game['id']}/events?limit=100").json["items"]
    served = {e["payload"]["house"]: e for e in events if e["type"] == "fcm.house_served"}
    two = served[2]["payload"]["explanation"]
    assert two["winner"] is None
    assert [(c["chain"], c["supplies"]) for c in two["considered"]] == [
        ("red", False), ("yellow", False)
    ]  # fmt: skip
    five = client.get(f"/api/games/{game['id']}/replay/{served[5]['seq']}").json["explanation"]
    considered = {c["chain"]: (c["unit_price"], c["distance"], c["total"])
                  for c in five["considered"]}  # fmt: skip
    assert considered == {"yellow": (9, 2, 11), "red": (10, 1, 11)}
    assert five["winner"] == "yellow"
    assert five["decided_by"] == "tied on unit price plus distance; more waitresses at work"
    assert (five["price_per_item"], five["income"]) == (18, 36)
    [ended] = [e for e in events if e["type"] == "fcm.dinnertime_ended"]
    assert ended["payload"]["explanation"]["chains"]["yellow"] == {
        "sales": 36, "waitresses": 3, "cfo": 0, "total": 39
    }  # fmt: skip
    [cleaned] = [e for e in events if e["type"] == "fcm.cleaned_up"]
    assert cleaned["payload"]["explanation"]["chains"]["yellow"]["thrown"] == {"burger": 1}
    state = state_of(client, game)
    assert state["chains"]["yellow"]["cash"] == 39 and state["chains"]["red"]["cash"] == 0
    house_five = next(h for h in state["board"]["houses"] if h["number"] == 5)
    assert house_five["demand"] == []
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def test_payday_from_a_declared_position_waits_for_each_firing_then_the_worker_pays(
    client, start_worker
):
    """FCM-PAY-1 to 3 through the API: a table that disputes a payday declares it; GET next
    names both chains; once both have fired the worker pays the salaries, runs the campaigns
    and cleans up; turn 6 waits for restructuring."""
    from tests.conftest import wait_for
    from tests.games.fcm.test_payday import at_payday, ids

    table = at_payday(ann=["burger_cook"], cash={"ann": 50, "bob": 50})
    start_worker()
    game = create(client, ["ann", "bob"], position=table.state)
    waiting = client.get(f"/api/games/{game['id']}/next").json
    assert waiting["from"] == ["player:ann", "player:bob"]
    assert waiting["types"] == ["fcm.fired", "fcm.nobody_fired"]  # each chain, or once for both
    [cook] = ids(table.state, "ann", "burger_cook")
    assert record(client, game, "fired", "ann", cards=[cook]).status_code == 201
    assert client.get(f"/api/games/{game['id']}").json["awaiting"]["from"] == ["player:bob"]
    assert record(client, game, "fired", "bob", cards=[]).status_code == 201
    wait_for(lambda: state_of(client, game)["turn"] == 6, timeout=30)
    events = client.get(f"/api/games/{game['id']}/events?limit=100").json["items"]
    [paid] = [e for e in events if e["type"] == "fcm.salaries_paid"]
    assert paid["actor"] == "system:payday" and set(paid["payload"]["chains"]) == {"ann", "bob"}
    assert client.get(f"/api/games/{game['id']}/next").json["rule"] == "FCM-RESTR-1"
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def test_campaigns_from_a_declared_position_run_in_number_order_then_cleanup(client, start_worker):
    """FCM-CAMP-1 to 5, FCM-CLEAN-2 through the API: a declared marketing phase; the worker
    runs campaigns 5, 9 and 11 in number order, each with its explanation, then cleans up."""
    from tests.conftest import wait_for
    from tests.games.fcm.test_campaigns import at_marketing

    start_worker()
    game = create(client, ["ann", "bob"], position=at_marketing().state)
    wait_for(lambda: state_of(client, game)["turn"] == 6, timeout=30)
    events = client.get(f"/api/games/{game['id']}/events?limit=100").json["items"]
    ran = [e for e in events if e["type"] == "fcm.campaign_ran"]
    assert [e["payload"]["number"] for e in ran] == [5, 9, 11]
    assert all(e["actor"] == "system:marketing" and e["payload"]["explanation"] for e in ran)
    assert [e["type"] for e in events][-1] == "fcm.cleaned_up"
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def test_cleanup_from_a_declared_position_waits_for_the_freezer_choice(client, start_worker):
    """FCM-CLEAN-1 through the API: ann holds the freezer, 8 burgers and 4 pizzas; the game
    names her and waits; she keeps 6 and 4; the worker cleans up and turn 6 begins."""
    from tests.conftest import wait_for
    from tests.games.fcm.test_campaigns import with_freezer

    start_worker()
    game = create(client, ["ann", "bob"], position=with_freezer(burger=8, pizza=4).state)
    assert game["pending"] is None
    waiting = client.get(f"/api/games/{game['id']}/next").json
    assert (waiting["from"], waiting["types"]) == (["player:ann"], ["fcm.freezer_filled"])
    too_many = record(client, game, "freezer_filled", "ann", kept={"burger": 8, "pizza": 4})
    assert too_many.status_code == 422 and too_many.json["rule"] == "FCM-CLEAN-1"
    answer = record(client, game, "freezer_filled", "ann", kept={"burger": 6, "pizza": 4})
    assert answer.status_code == 201 and answer.json["pending"] == "cleanup"
    wait_for(lambda: state_of(client, game)["turn"] == 6, timeout=30)
    goods = state_of(client, game)["chains"]["ann"]["goods"]
    assert (goods["burger"], goods["pizza"]) == (6, 4)
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True
