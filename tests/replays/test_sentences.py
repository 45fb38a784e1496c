"""Every event type of every game reads as a sentence naming who acted; games without
`describe`, and retracts, get the machinery's."""

import pytest

import games.burnrate
import games.fcm
import tests.toygame
from replays.sentences import sentence

TYPES = [(game, t) for game in (games.burnrate, games.fcm) for t in game.EVENT_TYPES if t.example]


def example_event(event_type) -> dict:
    """The example as an envelope: a player's own events by that player; others by the
    admin or the service."""
    payload = event_type.example
    player = payload.get("player")
    if event_type.derived:
        actor = "system:phase"
    else:
        actor = f"player:{player}" if isinstance(player, str) else "admin"
    return {"seq": 2, "type": event_type.name, "actor": actor, "payload": payload}


def setup_state(game):
    [created] = [t for t in game.EVENT_TYPES if t.name.endswith(".created")]
    return game.initial({"seq": 1, "type": created.name, "payload": created.example})


@pytest.mark.parametrize("game,event_type", TYPES, ids=[t.name for _, t in TYPES])
def test_every_event_type_is_a_sentence_naming_its_player(game, event_type):
    event = example_event(event_type)
    text = sentence(game, event, setup_state(game))
    assert isinstance(text, str) and text.strip()
    named = event["payload"].get("player") or event["payload"].get("winner")
    if named:
        assert named in text, text
    assert "{" not in text and "None" not in text, text


def test_every_event_type_of_each_game_has_an_example():
    for game in (games.burnrate, games.fcm):
        assert all(t.example is not None for t in game.EVENT_TYPES)  # fcm.nobody_fired's is {}


def test_the_examples_read_as_the_table_would_say_them():
    bad_idea = example_event(games.burnrate.event_types.BAD_IDEA_PLAYED)
    assert sentence(games.burnrate, bad_idea, None) == (
        "joe played BAD IDEA Online Grocery Store (x3) on ann"
    )
    drafted = example_event(games.burnrate.event_types.EMPLOYEE_DRAFTED)
    assert sentence(games.burnrate, drafted, setup_state(games.burnrate)) == (
        "joe hired Ben Zhao (finance) from the labor pool; Mary DeLany turned up"
    )
    hired = {"type": "fcm.recruited", "actor": "player:ann",
             "payload": {"player": "ann", "cards": ["waitress"]}}  # fmt: skip
    assert sentence(games.fcm, hired, None) == "ann hired a Waitress"
    why = {
        "considered": [{"chain": "bob", "unit_price": 9, "distance": 2, "total": 11}],
        "decided_by": "tied on unit price plus distance; more waitresses at work",
    }
    payload = {"house": 5, "winner": "bob", "income": 36, "explanation": why}
    served = {"type": "fcm.house_served", "actor": "system:dinnertime", "payload": payload}
    assert sentence(games.fcm, served, None) == (
        "house 5 went to bob: $36 (9 + 2 crossings = 11, tied on unit price plus distance; "
        "more waitresses at work)"
    )


def test_a_game_without_describe_and_a_retract_get_the_machinerys_words():
    added = {"type": "toy.added", "actor": "player:ann", "payload": {"player": "ann", "amount": 3}}
    assert sentence(tests.toygame, added, None) == "ann recorded “added” (player ann, amount 3)"
    withdrawn = {"type": "retract", "actor": "admin", "payload": {"seq": 4, "reason": "typo"}}
    assert sentence(games.fcm, withdrawn, None) == "the table's recorder withdrew step 4: typo"


def test_a_new_seat_token_is_the_machinerys_sentence_whatever_the_game():
    """seat_replaced is no game's event: every game's log may hold one, so the transcript,
    the replay steps and the game page say it without asking the game."""
    event = {"seq": 9, "type": "seat_replaced", "actor": "admin",
             "payload": {"seat": "ruth", "token_sha256": "0" * 64}}  # fmt: skip
    for game in (games.burnrate, games.fcm, tests.toygame):
        said = sentence(game, event, None)
        assert said == "the table's recorder gave ruth's seat a new write token"
    table = {**event, "payload": {**event["payload"], "seat": "table"}}
    assert sentence(games.fcm, table, None) == "the table's recorder took a new write token"


def test_an_airplane_campaign_is_said_by_its_edge_and_lane():
    """FCM-MKT-4: an airplane has no top_left square; it flies beside an edge from a row or
    column, and its sentence says so."""
    payload = {"player": "ann", "number": 4, "marketeer": "campaign_manager-8",
               "product": "beer", "duration": 2, "edge": "S", "start": 5}  # fmt: skip
    event = {"seq": 9, "type": "fcm.campaign_placed", "actor": "player:ann", "payload": payload}
    text = sentence(games.fcm, event, None)
    assert "campaign 4 for beer, 2 turns" in text and "beside the S edge from 5" in text
