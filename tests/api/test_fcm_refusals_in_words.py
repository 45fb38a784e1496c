"""Every refusal of a Food Chain Magnate action that a person reads names cards by their title
("a Kitchen Trainee", "CEO") and actions by their form's title, never an id of the state's
(`kitchen_trainee-4`, `ceo-2`), a card's data name (`kitchen_trainee`) or an event type
(`fcm.drinks_collected`): refusals walked through the API, each checked against the ids of
the game's own state, data and event types (#32, item 2). Nothing refused is written."""

import re

import pytest

import games.fcm as fcm
from games.fcm.data import DATA, EMPLOYEES
from tests.api.helpers import append
from tests.games.fcm.test_payday import at_payday
from tests.games.fcm.test_restructuring import ids
from tests.games.fcm.test_working import working


def forbidden_words(state: dict) -> set[str]:
    cards = {card["id"] for chain in state["chains"].values() for card in chain["cards"]}
    restaurants = {restaurant["id"] for restaurant in state["board"]["restaurants"]}
    names = {name for name in (*EMPLOYEES, DATA["ceo"]["id"]) if "_" in name or name == "ceo"}
    return cards | restaurants | names | {t.name for t in fcm.EVENT_TYPES}


def named_ids(text: str, words: set[str]) -> list[str]:
    return [w for w in sorted(words) if re.search(rf"(?<![\w.-]){re.escape(w)}(?![\w-])", text)]


def created(client, state):
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.json
    return answer.json["id"], answer.json["token"]


def at_working():
    state = working(ann_work=["kitchen_trainee", "errand_boy", "marketing_trainee"]).state
    [trainee] = ids(state, "ann", "kitchen_trainee")
    [boy] = ids(state, "ann", "errand_boy")
    [ceo] = ids(state, "ann", "ceo")
    return state, [
        ("fcm.campaign_placed", {"marketeer": trainee, "number": 11, "product": "burger",
                                 "duration": 1, "top_left": [3, 3], "size": [2, 2]}),
        ("fcm.campaign_placed", {"marketeer": ceo, "number": 11, "product": "burger",
                                 "duration": 1, "top_left": [3, 3], "size": [2, 2]}),
        ("fcm.drinks_collected", {"card": boy, "route": [[3, 7]]}),
        ("fcm.drinks_collected", {"card": trainee, "route": [[3, 7]]}),
        ("fcm.drinks_taken", {"card": trainee, "drink": "soda"}),
        ("fcm.food_taken", {"cook": boy, "food": "pizza"}),
        ("fcm.house_placed", {"developer": boy, "number": 1, "top_left": [0, 0], "garden": "N"}),
        ("fcm.restaurant_placed", {"manager": trainee, "top_left": [0, 0], "entrance": "NW"}),
        ("fcm.trained", {"trainer": trainee, "steps": [{"card": boy, "into": "burger_cook"}]}),
        ("fcm.fired", {"cards": []}),
    ]  # fmt: skip


def at_payday_refusals():
    state = at_payday(cash={"ann": 100, "bob": 100}).state
    [ceo] = ids(state, "bob", "ceo")
    [busy] = ids(state, "bob", "brand_manager")
    [waitress] = ids(state, "ann", "waitress")
    return state, [
        ("fcm.fired", {"player": "bob", "cards": [ceo]}),
        ("fcm.fired", {"player": "bob", "cards": [busy]}),
        ("fcm.fired", {"player": "ann", "cards": [waitress, waitress]}),
        ("fcm.firing_sealed", {"player": "ann", "commitment": "0" * 64}),
    ]


@pytest.mark.parametrize("setting", [at_working, at_payday_refusals])
def test_refusals_name_no_id(client, setting):
    state, actions = setting()
    game_id, token = created(client, state)
    words = forbidden_words(state)
    assert {"ceo", "kitchen_trainee", "fcm.drinks_collected"} <= words  # what is looked for
    found = []
    for event_type, payload in actions:
        payload = {"player": "ann", **payload}
        actor = f"player:{payload['player']}"
        body = {"type": event_type, "actor": actor, "payload": payload}
        answer = append(client, game_id, token, body)
        assert answer.status_code == 422, (event_type, answer.json)
        detail = answer.json["detail"]
        found += [f"{event_type}: {detail!r} names {w}" for w in named_ids(detail, words)]
    assert found == []
    assert client.get(f"/api/games/{game_id}").json["version"] == 1
