"""Marketing in working (FCM-MKT-1 to 7): each marketeer at work places one campaign, and is
busy with it from then on.

`fcm.campaign_placed` names the marketeer, the campaign tile (its number), the product, the
duration in turns and where the tile goes. The tile must be one the marketeer may place, of
its kind or a lower one (FCM-MKT-1), within its range by road from one of the chain's
restaurant entrances (FCM-MKT-2; brand managers and directors have no range), on the map as
its kind must be (FCM-MKT-3, FCM-MKT-4). It holds a token a turn (FCM-MKT-5), or one for good
once the chain has the first billboard milestone, the billboard that claims it included
(FCM-MILE-2). The marketeer leaves its slot,
busy (FCM-MKT-6); the campaign runs to its end (FCM-MKT-7).
"""

from games.errors import RuleViolation
from games.fcm.cards.employees import has_drive_ins, holds
from games.fcm.cards.milestones import claimable
from games.fcm.data import EMPLOYEES, campaign_type
from games.fcm.map.board import board_of
from games.fcm.map.pieces import campaign_squares
from games.fcm.map.placement import check_campaign, check_in_range
from games.fcm.map.roads import nearest_restaurant
from games.fcm.turn.working import start_action

PLACEMENT = ("top_left", "size", "edge", "start")
ETERNAL = "first_billboard"


def place_campaign(state: dict, event: dict) -> None:
    payload = event["payload"]
    player, number = payload["player"], payload["number"]
    start_action(state, event, player)
    chain = state["chains"][player]
    marketeer = marketeer_of(chain, payload["marketeer"])
    action = check_tile(state, marketeer, number, payload["duration"])
    kind = campaign_type(number)
    eternal = holds(chain, ETERNAL) or (kind == "billboard" and claimable(state, player, ETERNAL))
    campaign = {
        "number": number,
        "owner": player,
        "product": payload["product"],
        "remaining": 1 if eternal else payload["duration"],
        "eternal": eternal,
        "marketeer": marketeer["id"],
        **{key: payload[key] for key in PLACEMENT if key in payload},
    }
    board = board_of(state["board"])
    check_campaign(board, state["board"], campaign)
    if action["range"]["kind"] == "road":
        _check_range(state, board, chain, player, campaign, action["range"]["tiles"])
    state["board"]["campaigns"].append(campaign)
    state["supply"]["campaigns"].remove(number)
    marketeer.update(place="busy", boss=None, campaign=number)


def check_tile(state: dict, marketeer: dict, number: int, duration: int) -> dict:
    """Refuse unless campaign `number` is in the supply, of a kind `marketeer` places, for at
    most its duration (FCM-MKT-1); the marketeer's action. squares.py asks it which tiles a
    marketeer may place."""
    action = EMPLOYEES[marketeer["card"]]["action"]
    if number not in state["supply"]["campaigns"]:
        free = ", ".join(map(str, state["supply"]["campaigns"])) or "none"
        raise RuleViolation(
            "FCM-MKT-1", f"campaign {number} is not in the supply; the free ones: {free}"
        )
    kind = campaign_type(number)
    if kind not in action["campaign_types"]:
        raise RuleViolation(
            "FCM-MKT-1",
            f"a {marketeer['card']} places {' or '.join(action['campaign_types'])} campaigns,"
            f" not {kind} {number}",
        )
    if duration > action["max_duration"]:
        raise RuleViolation(
            "FCM-MKT-1",
            f"a {marketeer['card']}'s campaign lasts 1 to {action['max_duration']} turns,"
            f" not {duration}",
        )
    return action


def marketeer_of(chain: dict, card_id: str) -> dict:
    """The chain's card `card_id` at work, a marketeer (FCM-MKT-1); the choices offer these."""
    card = next((c for c in chain["cards"] if c["id"] == card_id), None)
    if card is None or card["place"] != "work":
        raise RuleViolation("FCM-MKT-1", f"{card_id} is not a card of this chain at work")
    if card["card"] == "ceo" or EMPLOYEES[card["card"]]["action"]["type"] != "marketing":
        raise RuleViolation("FCM-MKT-1", f"{card_id} is not a marketeer")
    return card


def _check_range(state, board, chain, player, campaign, tiles: int) -> None:
    """Within `tiles` crossings by road of one of the chain's entrances, every corner of a
    restaurant when a local or regional manager makes them drive-ins (FCM-MKT-2)."""
    mine = [r for r in state["board"]["restaurants"] if r["owner"] == player]
    check_in_range(
        "FCM-MKT-2",
        f"campaign {campaign['number']} must be within {tiles} tile crossings by road of one"
        f" of {player}'s restaurant entrances",
        tiles,
        nearest_restaurant(board, mine, campaign_squares(campaign), has_drive_ins(chain)),
    )
