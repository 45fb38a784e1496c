"""GET /api/games/<id>/choices: what a form may offer now, at the head, from the game's own
rules (app/api/choices.py, each game's choices.py); a bad actor or type is a 400 naming the
field, an unknown game a 404, and a game without choices answers no fields."""

import pytest

from games.fcm.data import CAMPAIGNS, campaign_type
from tests.api.helpers import append, create_toy
from tests.games.fcm.test_restructuring import ids
from tests.games.fcm.test_working import working


def fcm_at_working(client):
    """ann in her working at turn 5, a recruiting girl at work; bob holds every waitress."""
    state = working(ann_work=["recruiting_girl"], bob_takes=["waitress"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.json
    return created.json["id"], created.json["seats"], state


def choices(client, game_id, **query):
    return client.get(f"/api/games/{game_id}/choices", query_string=query)


def test_the_recruit_choices_are_the_cards_the_rules_allow_and_each_is_recorded(client):
    """FCM-RECRUIT-2: no waitress is left, so none is offered, and the one offered is taken."""
    game_id, seats, _ = fcm_at_working(client)
    answer = choices(client, game_id, actor="player:ann", type="fcm.recruited")
    assert answer.status_code == 200, answer.json
    cards = answer.json["fields"]["cards.*"]
    offered = [entry["value"] for entry in cards["offer"]]
    assert "kitchen_trainee" in offered and "waitress" not in offered and "cfo" not in offered
    assert {"value": "waitress", "rule": "FCM-RECRUIT-2"}.items() <= next(
        entry for entry in cards["left_out"] if entry["value"] == "waitress"
    ).items()
    assert answer.json["version"] == 1 and answer.json["type"] == "fcm.recruited"

    refused = append(client, game_id, seats["ann"], {
        "type": "fcm.recruited", "actor": "player:ann",
        "payload": {"player": "ann", "cards": ["waitress"]},
    })  # fmt: skip
    assert refused.status_code == 422 and refused.json["rule"] == "FCM-RECRUIT-2"
    recorded = append(client, game_id, seats["ann"], {
        "type": "fcm.recruited", "actor": "player:ann",
        "payload": {"player": "ann", "cards": offered[:1]},
    })  # fmt: skip
    assert recorded.status_code == 201, recorded.json
    after = choices(client, game_id, actor="player:ann", type="fcm.recruited").json
    assert after["version"] == 2 and after["fields"]["cards.*"]["offer"] == []
    assert "FCM-RECRUIT-1" in after["fields"]["cards.*"]["rules"]


def test_a_structure_offers_the_bosses_the_rules_allow(client):
    """FCM-RESTR-2, through the API: a trainer in hand reports to the CEO only, there being no
    manager in the hand."""
    from tests.games.fcm.test_restructuring import at_turn_five

    state = at_turn_five(ann=["trainer"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    game_id = client.post("/api/games", json=body).json["id"]
    [ceo], [trainer] = ids(state, "ann", "ceo"), ids(state, "ann", "trainer")
    answer = choices(client, game_id, actor="player:ann", type="fcm.structure_chosen").json
    assert [e["value"] for e in answer["fields"][f"structure.{trainer}"]["offer"]] == [ceo]


def test_a_type_the_game_does_not_cover_and_a_game_without_choices_answer_no_fields(client):
    game_id, _, _ = fcm_at_working(client)
    answer = choices(client, game_id, actor="player:ann", type="fcm.working_ended")
    assert answer.status_code == 200 and answer.json["fields"] == {}
    toy_id, _ = create_toy(client)
    answer = choices(client, toy_id, actor="player:ann", type="toy.added")
    assert answer.status_code == 200 and answer.json["fields"] == {}
    admin = choices(client, game_id, actor="admin", type="fcm.recruited")
    assert admin.status_code == 200 and admin.json["fields"] == {}


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"actor": "player:zoe", "type": "fcm.recruited"}, "actor"),
        ({"actor": "ann", "type": "fcm.recruited"}, "actor"),
        ({"actor": "system:dinnertime", "type": "fcm.recruited"}, "actor"),
        ({"actor": "player:ann", "type": "burnrate.hire_played"}, "type"),
        ({"actor": "player:ann", "type": "fcm.house_served"}, "type"),  # the worker's
        ({"type": "fcm.recruited"}, "actor"),
        ({"actor": "player:ann"}, "type"),
    ],
)
def test_a_bad_actor_or_type_is_a_400_naming_it(client, query, field):
    game_id, _, _ = fcm_at_working(client)
    answer = choices(client, game_id, **query)
    assert answer.status_code == 400, answer.json
    assert answer.content_type == "application/problem+json"
    assert field in answer.json["errors"], answer.json


def test_an_unknown_game_is_a_404(client):
    answer = choices(client, "01JNOSUCHGAME0000000000000", actor="admin", type="fcm.recruited")
    assert answer.status_code == 404 and answer.content_type == "application/problem+json"


def test_the_operation_is_in_the_openapi_document(client):
    spec = client.get("/api/openapi.json").json
    operation = spec["paths"]["/api/games/{game_id}/choices"]["get"]
    assert {"200", "400", "404"} <= set(operation["responses"])
    assert {p["name"] for p in operation["parameters"]} >= {"actor", "type"}


def test_a_structure_starts_from_last_turn_s_and_recorded_untouched_it_stands(client):
    """#32 item 4: after a turn at work the structure form's fields each carry a `default`,
    the boss of last turn; a card that was on the beach none. Those defaults, sent as they
    are, are recorded."""
    from tests.games.fcm.test_choices import after_a_turn_at_work

    state = after_a_turn_at_work().state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.json
    game_id, seats = created.json["id"], created.json["seats"]
    [ceo], [manager] = ids(state, "ann", "ceo"), ids(state, "ann", "management_trainee")
    [trainer], [cfo] = ids(state, "ann", "trainer"), ids(state, "ann", "cfo")
    fields = choices(client, game_id, actor="player:ann", type="fcm.structure_chosen").json
    fields = fields["fields"]
    assert fields[f"structure.{trainer}"]["default"] == manager
    assert fields[f"structure.{manager}"]["default"] == ceo
    assert "default" not in fields[f"structure.{cfo}"]
    structure = {path.removeprefix("structure."): field["default"]
                 for path, field in fields.items() if "default" in field}  # fmt: skip
    recorded = append(client, game_id, seats["ann"], {
        "type": "fcm.structure_chosen", "actor": "player:ann",
        "payload": {"player": "ann", "structure": structure},
    })  # fmt: skip
    assert recorded.status_code == 201, recorded.json
    spec = client.get("/api/openapi.json").json
    assert "default" in spec["components"]["schemas"]["FieldChoices"]["properties"]


def test_a_house_s_squares_are_those_the_rules_allow_and_one_is_recorded(client):
    """#32 item 2, FCM-HOUSE-1: the house's top-left square offers the squares where some
    garden side fits, in words, every other square left out with the rule; one offered is
    recorded, one left out refused with that rule."""
    state = working(ann_work=["new_business_developer"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    created = client.post("/api/games", json=body)
    game_id, seats = created.json["id"], created.json["seats"]
    [developer] = ids(state, "ann", "new_business_developer")
    answer = choices(client, game_id, actor="player:ann", type="fcm.house_placed")
    assert answer.status_code == 200, answer.json
    field = answer.json["fields"]["top_left"]
    assert field["rules"] == ["FCM-HOUSE-1"]
    assert len(field["offer"]) + len(field["left_out"]) == 15 * 15 and field["offer"]
    row, col = field["offer"][0]["value"]
    assert field["offer"][0]["label"] == f"row {row}, column {col}"
    payload = {"player": "ann", "developer": developer, "number": state["supply"]["houses"][0]}
    for side in ("N", "E", "S", "W"):
        refused = append(client, game_id, seats["ann"], {
            "type": "fcm.house_placed", "actor": "player:ann",
            "payload": {**payload, "top_left": field["left_out"][0]["value"], "garden": side},
        })  # fmt: skip
        assert refused.status_code == 422 and refused.json["rule"] == "FCM-HOUSE-1"
    for side in ("N", "E", "S", "W"):
        recorded = append(client, game_id, seats["ann"], {
            "type": "fcm.house_placed", "actor": "player:ann",
            "payload": {**payload, "top_left": [row, col], "garden": side},
        })  # fmt: skip
        if recorded.status_code == 201:
            break
    assert recorded.status_code == 201, recorded.json


def test_a_campaign_s_squares_are_those_its_marketeer_may_use_and_one_is_recorded(client):
    """#32 item 2, FCM-MKT-1 to 3: the campaign's top-left square offers, while the marketing
    trainee is chosen, the squares where one of its billboards fits in range, in words, every
    other square left out with the rule; one offered is recorded by some billboard laid some
    way, one left out for the range is refused with FCM-MKT-2 by each."""
    state = working(ann_work=["marketing_trainee"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    created = client.post("/api/games", json=body)
    game_id, seats = created.json["id"], created.json["seats"]
    [trainee] = [c["id"] for c in state["chains"]["ann"]["cards"]
                 if c["card"] == "marketing_trainee" and c["place"] == "work"]  # fmt: skip
    answer = choices(client, game_id, actor="player:ann", type="fcm.campaign_placed")
    assert answer.status_code == 200, answer.json
    field = answer.json["fields"]["top_left"]
    assert field["rules"] == ["FCM-MKT-2", "FCM-MKT-3"]
    assert len(field["offer"]) + len(field["left_out"]) == 15 * 15 and field["offer"]
    assert {tuple(e["when"].items()) for e in field["offer"]} == {(("marketeer", trainee),)}
    row, col = field["offer"][0]["value"]
    assert field["offer"][0]["label"] == f"row {row}, column {col}"
    far = next(e for e in field["left_out"] if e["rule"] == "FCM-MKT-2")
    payload = {"player": "ann", "marketeer": trainee, "product": "pizza", "duration": 1}
    ways = [
        {"number": number, "size": size}
        for number in state["supply"]["campaigns"]
        if campaign_type(number) == "billboard"
        for size in (CAMPAIGNS[number]["footprint"], CAMPAIGNS[number]["footprint"][::-1])
    ]
    for way in ways:
        refused = append(client, game_id, seats["ann"], {
            "type": "fcm.campaign_placed", "actor": "player:ann",
            "payload": {**payload, "top_left": far["value"], **way},
        })  # fmt: skip
        assert refused.status_code == 422, refused.json
        assert refused.json["rule"] in ("FCM-MKT-2", "FCM-MKT-3"), refused.json
    for way in ways:
        recorded = append(client, game_id, seats["ann"], {
            "type": "fcm.campaign_placed", "actor": "player:ann",
            "payload": {**payload, "top_left": [row, col], **way},
        })  # fmt: skip
        if recorded.status_code == 201:
            break
    assert recorded.status_code == 201, recorded.json


def test_an_airplane_s_fields_are_offered_and_one_is_recorded(client):
    """#32 item 2, FCM-MKT-1, FCM-MKT-4: a brand manager's campaign tiles include airplane 4,
    in words; its edges and starts are offered for it, the square and the size are a tile on
    the map's only (`only`, in the OpenAPI document too); a start offered is recorded."""
    table = working(ann_work=["brand_manager"])
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": table.state}}
    created = client.post("/api/games", json=body)
    game_id, seats = created.json["id"], created.json["seats"]
    [brand] = ids(table.state, "ann", "brand_manager")
    fields = choices(client, game_id, actor="player:ann", type="fcm.campaign_placed").json["fields"]
    tile = next(e for e in fields["number"]["offer"] if e["value"] == 4)
    assert tile == {"value": 4, "label": "Airplane 4 (over 1 row or column)",
                    "when": {"marketeer": brand}}  # fmt: skip
    assert fields["top_left"]["only"] == fields["size"]["only"]
    assert 4 not in fields["top_left"]["only"]["number"]
    assert fields["edge"]["only"] == fields["start"]["only"] == {"number": [4, 5, 6]}
    west = [e for e in fields["start"]["offer"]
            if e["when"] == {"marketeer": brand, "number": 4, "edge": "W"}]  # fmt: skip
    assert [e["label"] for e in west][:2] == ["row 0", "row 1"]
    recorded = append(client, game_id, seats["ann"], {
        "type": "fcm.campaign_placed", "actor": "player:ann",
        "payload": {"player": "ann", "marketeer": brand, "number": 4, "product": "soda",
                    "duration": 4, "edge": "W", "start": west[-1]["value"]},
    })  # fmt: skip
    assert recorded.status_code == 201, recorded.json
    spec = client.get("/api/openapi.json").json
    described = spec["components"]["schemas"]["FieldChoices"]["properties"]
    assert "only" in described


def test_a_deluxe_firing_sealed_offers_what_its_reveal_fires_and_one_is_fired(client):
    """#32 item 2, FCM-PAY-1, Deluxe: bob's sealed firing is offered his kitchen trainees,
    never his CEO or his busy brand manager; one offered, sealed and revealed, is fired; his
    seal in, he is offered no second seal."""
    from games.sealed import seal
    from tests.games.fcm.table import nonce
    from tests.games.fcm.test_payday import at_payday

    state = at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe").state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    created = client.post("/api/games", json=body).json
    game_id, seats = created["id"], created["seats"]
    answer = choices(client, game_id, actor="player:bob", type="fcm.firing_sealed")
    assert answer.status_code == 200, answer.json
    cards = answer.json["fields"]["cards.*"]
    trainees = ids(state, "bob", "kitchen_trainee")
    assert [entry["value"] for entry in cards["offer"]] == trainees
    left_out = {entry["label"]: entry["rule"] for entry in cards["left_out"]}
    assert left_out == {"CEO": "FCM-PAY-1", "Brand Manager": "FCM-PAY-1"}

    def record(player, type_name, **payload):
        answer = append(client, game_id, seats[player], {
            "type": f"fcm.{type_name}", "actor": f"player:{player}",
            "payload": {"player": player, **payload},
        })  # fmt: skip
        assert answer.status_code == 201, answer.json

    record("bob", "firing_sealed", commitment=seal(trainees[:1], nonce("bob")))
    again = choices(client, game_id, actor="player:bob", type="fcm.firing_sealed").json
    assert again["fields"] == {}
    record("ann", "firing_sealed", commitment=seal([], nonce("ann")))
    revealed = choices(client, game_id, actor="player:bob", type="fcm.firing_revealed").json
    assert revealed["fields"]["cards.*"]["offer"] == cards["offer"]
    record("bob", "firing_revealed", cards=trainees[:1], nonce=nonce("bob"))
    after = client.get(f"/api/games/{game_id}/state").json["state"]
    assert ids(after, "bob", "kitchen_trainee") == trainees[1:]


def test_a_restaurant_s_entrances_are_those_the_rules_allow_at_the_square_chosen(client):
    """#32 item 2, FCM-REST-2: at a square offered to the regional manager, the entrances
    offered while that manager and square are chosen are recorded, one left out there is
    refused with its rule and words; no entrance is named for a square not offered."""
    state = working(ann_work=["regional_manager"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    created = client.post("/api/games", json=body)
    game_id, seats = created.json["id"], created.json["seats"]
    [manager] = ids(state, "ann", "regional_manager")
    fields = choices(client, game_id, actor="player:ann", type="fcm.restaurant_placed").json
    squares, entrances = fields["fields"]["top_left"], fields["fields"]["entrance"]
    at = {"manager": manager}
    offered = [e["value"] for e in squares["offer"] if e["when"] == at]
    named = {tuple(e["when"]["top_left"]) for e in entrances["offer"] + entrances["left_out"]}
    assert named == set(map(tuple, offered))
    refusals = [e["when"] for e in entrances["left_out"]]
    square = next(s for s in offered if {**at, "top_left": s} in refusals)
    refused = next(e for e in entrances["left_out"] if e["when"] == {**at, "top_left": square})
    assert "must border a road" in refused["message"] and refused["label"] == refused["value"]
    payload = {"player": "ann", "manager": manager, "top_left": square}
    answer = append(client, game_id, seats["ann"], {
        "type": "fcm.restaurant_placed", "actor": "player:ann",
        "payload": {**payload, "entrance": refused["value"]},
    })  # fmt: skip
    assert answer.status_code == 422 and answer.json["rule"] == refused["rule"]
    [entrance, *_] = [e["value"] for e in entrances["offer"]
                      if e["when"] == {**at, "top_left": square}]  # fmt: skip
    recorded = append(client, game_id, seats["ann"], {
        "type": "fcm.restaurant_placed", "actor": "player:ann",
        "payload": {**payload, "entrance": entrance},
    })  # fmt: skip
    assert recorded.status_code == 201, recorded.json


def test_a_garden_s_houses_and_sides_are_those_the_rules_allow(client):
    """#32 item 2, FCM-HOUSE-1: Garden added offers the houses a garden may go beside and, for
    one, its sides; a side left out is refused with its rule, one offered recorded."""
    state = working(ann_work=["new_business_developer"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    created = client.post("/api/games", json=body)
    game_id, seats = created.json["id"], created.json["seats"]
    [developer] = ids(state, "ann", "new_business_developer")
    fields = choices(client, game_id, actor="player:ann", type="fcm.garden_added").json["fields"]
    assert fields["house"]["rules"] == ["FCM-HOUSE-1"]
    refusals = [e["when"] for e in fields["garden"]["left_out"]]
    number = next(e["value"] for e in fields["house"]["offer"] if {"house": e["value"]} in refusals)
    sides = [e for e in fields["garden"]["offer"] if e["when"] == {"house": number}]
    [refused, *_] = [e for e in fields["garden"]["left_out"] if e["when"] == {"house": number}]
    payload = {"player": "ann", "developer": developer, "house": number}
    answer = append(client, game_id, seats["ann"], {
        "type": "fcm.garden_added", "actor": "player:ann",
        "payload": {**payload, "garden": refused["value"]},
    })  # fmt: skip
    assert answer.status_code == 422 and answer.json["rule"] == "FCM-HOUSE-1"
    recorded = append(client, game_id, seats["ann"], {
        "type": "fcm.garden_added", "actor": "player:ann",
        "payload": {**payload, "garden": sides[0]["value"]},
    })  # fmt: skip
    assert recorded.status_code == 201, recorded.json
