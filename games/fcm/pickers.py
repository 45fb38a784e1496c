"""How a person names each payload value at the table, as data beside the schemas: the hints
a form built from a schema offers in place of typing (app/api/forms.py says what each picker
means). A square by clicking the map, a card of the chain by its title, a campaign or house
tile among those in the supply; a sealed choice (a reserve card, a face-down structure, a
Deluxe firing) asked for in plain words, sealed and kept by the player's device."""

from games.fcm.data import DATA, EMPLOYEES

ACTOR = {"picker": "actor"}
SQUARE = {"picker": "square"}
TITLES = {DATA["ceo"]["id"]: DATA["ceo"]["name"]} | {
    card: printed["name"] for card, printed in EMPLOYEES.items()
}
PLACES = {"hand": "in hand", "work": "at work", "beach": "on the beach", "busy": "busy"}


def card_of_chain(*places: str) -> dict:
    """One of the acting chain's cards, in one of `places` (hand, work, beach, busy), by its
    printed title; two of a title told apart by where they are, then by their order."""
    return {
        "picker": "choose",
        "from": "chains.{player}.cards",
        "where": {"place": list(places)},
        "value": "id",
        "show": "{card|named}",
        "apart": "{place|named}",
        "names": TITLES | PLACES,
    }


AT_WORK = card_of_chain("work")
ON_THE_BEACH = card_of_chain("beach")
TO_FIRE = card_of_chain("work", "beach")
IN_HAND = card_of_chain("hand")
BOSS = card_of_chain("work", "hand")
OWN_RESTAURANT = {
    "picker": "choose",
    "from": "board.restaurants",
    "where": {"owner": ["{player}"]},
    "value": "id",
    "show": "{owner}'s restaurant at row {top_left.0}, column {top_left.1}",
}
CAMPAIGN_TILE = {"picker": "choose", "from": "supply.campaigns"}
HOUSE_TILE = {"picker": "choose", "from": "supply.houses"}
HOUSE_WITHOUT_GARDEN = {
    "picker": "choose",
    "from": "board.houses",
    "where": {"garden": [None]},
    "value": "number",
    "show": "House {number}",
}


def sealed(reveals: str, choice: str) -> dict:
    """A commitment the player's device makes (games/sealed.py): the form asks for the choice
    as the field `choice` of the type `reveals` asks for it, seals it with a nonce of its own,
    sends only the commitment and keeps the choice and nonce until `reveals` is recorded."""
    return {"picker": "sealed", "reveals": reveals, "choice": choice}


RESERVE_CARD_SEALED = sealed("fcm.reserve_card_revealed", "money")
STRUCTURE_SEALED = sealed("fcm.structure_revealed", "structure")
FIRING_SEALED = sealed("fcm.firing_revealed", "cards")
