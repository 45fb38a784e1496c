"""Every Burn Rate event type: its schema, what it records, and an example payload.

The examples follow one game: joe (dealer), ruth and ann. Names of employees other than those
in the rulebook, and all their salaries, are made up for the examples.
"""

from events.registry import EventType

from . import schemas


def _employee(name, department, skill, salary, vp=False, engineer=False):
    return {
        "name": name,
        "department": department,
        "skill": skill,
        "salary": salary,
        "vp": vp,
        "engineer": engineer,
    }


CREATED = EventType(
    "burnrate.created",
    schemas.Created,
    description=(
        "A game set up at the table (BR-SETUP-1..3). `players` in seating order, clockwise: "
        "play passes to the next name. `options.dealer` (default: the first player) hires "
        "first. `options.labor_pool` is the employee turned face up on each department pile, "
        "as printed; they become employees E1-E4 in the order sales, development, hr, "
        "finance. `play_deck_size` (default 102) and `contractor_salary` (default 3) follow "
        "the edition unless the table's cards say otherwise. Funding is 100 each, 80 with "
        "four players."
    ),
    example={
        "players": ["joe", "ruth", "ann"],
        "options": {
            "dealer": "joe",
            "labor_pool": {
                "sales": _employee("Martin Able", "sales", 1, 1),
                "development": _employee("Brad Duke", "development", 2, 2),
                "hr": _employee("Tony Fuji", "hr", 1, 1),
                "finance": _employee("Ben Zhao", "finance", 3, 3, vp=True),
            },
            "play_deck_size": 102,
            "contractor_salary": 3,
        },
    },
)

EMPLOYEE_DRAFTED = EventType(
    "burnrate.employee_drafted",
    schemas.EmployeeDrafted,
    description=(
        "First hire (BR-DRAFT-1, BR-DRAFT-2): `player` takes the face-up employee of "
        "`department`'s pile; `revealed` is the card then turned up on that pile, as printed "
        "(null if the pile is empty), of the pile's department when its own is left out. The "
        "dealer picks first, then clockwise, until everyone "
        "has four; after the last pick six Play cards are dealt to each player and the player "
        "left of the dealer starts (BR-DEAL-1)."
    ),
    example={
        "player": "joe",
        "department": "finance",
        "revealed": _employee("Mary DeLany", "finance", 2, 2),
    },
)

HIRE_PLAYED = EventType(
    "burnrate.hire_played",
    schemas.HirePlayed,
    description=(
        "HIRE (blue, defensive): `card.skill_numbers` as printed must match the player's HR "
        "head (BR-PLAY-2..4). The face-up employee of `department` joins the player's company; "
        "`revealed` is the next card turned up there (null if the pile is empty; its "
        "`department` the pile's when left out). No second "
        "VP in a department (BR-VP-2). Hiring is compulsory: only when no face-up employee may "
        "join is the card played for no effect, with `department` and `revealed` null."
    ),
    example={
        "player": "joe",
        "card": {"skill_numbers": [1, 2, 3]},
        "department": "development",
        "revealed": _employee("Engineer", "development", None, 1, engineer=True),
    },
)

BAD_HIRE_PLAYED = EventType(
    "burnrate.bad_hire_played",
    schemas.BadHirePlayed,
    description=(
        "BAD HIRE (blue, offensive): the card must match `target`'s HR head (BR-PLAY-3). The "
        "face-up employee of `department` is forced on the target; `revealed` as for HIRE. A "
        "target with a VP in that department cannot be given another VP (BR-VP-2); when no "
        "face-up employee may join, `department` and `revealed` are null and nobody is hired."
    ),
    example={
        "player": "joe",
        "target": "ruth",
        "card": {"skill_numbers": [0, 1]},
        "department": "sales",
        "revealed": None,
    },
)

FIRE_PLAYED = EventType(
    "burnrate.fire_played",
    schemas.FirePlayed,
    description=(
        "FIRE (blue, defensive): one card, or two played together for a Vice President "
        "(BR-VP-3), each matching the player's HR head. `employee` is the id (E<n>) of one of "
        "the player's own employees; it goes to the bottom of its labor-pool pile (BR-PLAY-6). "
        "Contractors cannot be fired (BR-CONTRACT-2)."
    ),
    example={
        "player": "joe",
        "cards": [{"skill_numbers": [1, 2, 3]}, {"skill_numbers": [0, 1, 2, 3]}],
        "employee": "E4",
    },
)

POACH_PLAYED = EventType(
    "burnrate.poach_played",
    schemas.PoachPlayed,
    description=(
        "POACH (blue, offensive): one card, or two together for a Vice President (BR-VP-3), "
        "each matching `target`'s HR head (BR-PLAY-3). The target's employee `employee` (id "
        "E<n>) joins the player's company; not a second VP in a department (BR-VP-2)."
    ),
    example={
        "player": "ruth",
        "target": "joe",
        "cards": [{"skill_numbers": [0, 1, 2]}],
        "employee": "E7",
    },
)

FUNDING_PLAYED = EventType(
    "burnrate.funding_played",
    schemas.FundingPlayed,
    description=(
        "FUNDING (green, defensive): `card.amount` and `card.skill_numbers` as printed; the "
        "card must match the player's Finance head, and the amount is added to the account."
    ),
    example={"player": "ann", "card": {"amount": 10, "skill_numbers": [2, 3]}},
)

BAD_IDEA_PLAYED = EventType(
    "burnrate.bad_idea_played",
    schemas.BadIdeaPlayed,
    description=(
        "BAD IDEA (yellow, offensive): `card.name`, `card.x` (engineers it needs, 1-4) and "
        "`card.skill_numbers` as printed; the card must match `target`'s Sales head "
        "(BR-PLAY-3). It stays with the target, as B<n>, until RELEASEd (BR-BADIDEA-1)."
    ),
    example={
        "player": "joe",
        "target": "ann",
        "card": {"name": "Online Grocery Store", "x": 3, "skill_numbers": [0, 1]},
    },
)

RELEASE_PLAYED = EventType(
    "burnrate.release_played",
    schemas.ReleasePlayed,
    description=(
        "RELEASE (red, defensive): the card must match the player's Development head, a 0 "
        "for an unstaffed Development (BR-PLAY-4). `bad_idea` is the id (B<n>) of one of the "
        "player's BAD IDEAs; it and the RELEASE go to the discard pile (BR-BADIDEA-1)."
    ),
    example={"player": "ann", "card": {"skill_numbers": [0, 1]}, "bad_idea": "B1"},
)

VP_CARD_PLAYED = EventType(
    "burnrate.vp_card_played",
    schemas.VpCardPlayed,
    description=(
        "A purple Vice President card (BR-PLAY-5): `card.name`, `card.vps_required` and "
        "`card.effect` as printed; the player needs that many VPs. The engine does not know "
        "the four cards' effects: money the table moved is `funding_changes` (player: amount, "
        "negative to pay); nothing else changes. A company left below zero is out at once "
        "(BR-SALARY-2, `went_bankrupt`); changes that would leave every company below zero are "
        "refused (BR-WIN-1). Each purple card is unique: once played it is in the discard pile "
        "until the next reshuffle (BR-SETUP-2)."
    ),
    example={
        "player": "ruth",
        "card": {
            "name": "name as printed",
            "vps_required": 2,
            "effect": "effect as printed and applied: ruth took 10 from joe",
        },
        "funding_changes": {"ruth": 10, "joe": -10},
    },
)

CARDS_DISCARDED = EventType(
    "burnrate.cards_discarded",
    schemas.CardsDiscarded,
    description=(
        "The player plays no card and discards `count` (0-4) instead (BR-PLAY-1). This ends "
        "the play step: the end of the turn is due, salaries included (BR-SALARY-1)."
    ),
    example={"player": "ann", "count": 3},
)

TURN_ENDED = EventType(
    "burnrate.turn_ended",
    schemas.TurnEnded,
    description=(
        "The player is done playing cards (0-4 played). The end of the turn is then due and "
        "the worker resolves it (BR-TURN-1)."
    ),
    example={"player": "joe"},
)

CONTRACTORS_ADJUSTED = EventType(
    "burnrate.contractors_adjusted",
    schemas.ContractorsAdjusted,
    derived=True,
    description=(
        "Worker, end of turn step 2 (BR-CONTRACT-1): `contractors` is the player's count "
        "after adding or removing, the BAD IDEAs' X total beyond the engineers."
    ),
    example={
        "player": "joe",
        "contractors": 2,
        "explanation": {
            "rule": "BR-CONTRACT-1",
            "turn": 7,
            "engineers": 2,
            "bad_ideas": [
                {"id": "B1", "name": "Free Internet Access", "x": 1},
                {"id": "B2", "name": "Online Grocery Store", "x": 3},
            ],
            "x_total": 4,
            "contractors_before": 0,
            "contractors_after": 2,
            "added": 2,
            "removed": 0,
        },
    },
)

SALARIES_PAID = EventType(
    "burnrate.salaries_paid",
    schemas.SalariesPaid,
    derived=True,
    description=(
        "Worker, step 3 (BR-SALARY-1): `burn_rate`, every employee's and contractor's salary "
        "summed, is taken from the player's account."
    ),
    example={
        "player": "joe",
        "burn_rate": 13,
        "explanation": {
            "rule": "BR-SALARY-1",
            "turn": 7,
            "salaries": [
                {"id": "E4", "name": "Ben Zhao", "salary": 3},
                {"id": "E9", "name": "Engineer", "salary": 1},
                {"id": "E12", "name": "Engineer", "salary": 1},
                {"id": "E15", "name": "Kim Lee", "salary": 2},
            ],
            "employees_total": 7,
            "contractors": 2,
            "contractor_salary": 3,
            "contractors_total": 6,
            "burn_rate": 13,
            "sum": "3 + 1 + 1 + 2 + 2x3 = 13",
            "funding_before": 61,
            "funding_after": 48,
            "discarded_instead_of_playing": False,
            "bankrupt": False,
        },
    },
)

WENT_BANKRUPT = EventType(
    "burnrate.went_bankrupt",
    schemas.WentBankrupt,
    description=(
        "An account below zero (BR-SALARY-2): after the salaries at the end of the player's "
        "turn (`cause` \"salaries\"), or after a purple card's `funding_changes` in anyone's "
        'play step (`cause` "purple card", one event per company, in turn order). The player '
        "is out at once: hand and BAD IDEAs go to the discard pile, employees to the bottom of "
        "their piles. Where two or more different cards go back to an empty pile, the table "
        "says which lands on top: the worker then waits, and the table records this event "
        "with `returned_on_top` (pile: employee id; optional for a pile that gets one card)."
    ),
    example={
        "player": "ann",
        "returned_on_top": {"development": "E19"},
        "explanation": {
            "rule": "BR-SALARY-2",
            "turn": 21,
            "cause": "salaries",
            "funding": -4,
            "hand_to_discard": 3,
            "bad_ideas_to_discard": [{"id": "B1", "name": "Online Grocery Store"}],
            "employees_to_labor_pool": [
                {"id": "E19", "name": "Engineer", "department": "development", "face_up": True},
                {"id": "E3", "name": "Tony Fuji", "department": "hr", "face_up": False},
                {"id": "E7", "name": "Engineer", "department": "development", "face_up": False},
            ],
            "contractors_returned": 3,
        },
    },
)

CARDS_DRAWN = EventType(
    "burnrate.cards_drawn",
    schemas.CardsDrawn,
    derived=True,
    description=(
        "Worker, step 4 (BR-DRAW-1): the player draws `drawn` cards back to six; "
        "`reshuffled` when the deck ran out and the discard pile became the deck."
    ),
    example={
        "player": "joe",
        "drawn": 4,
        "reshuffled": True,
        "explanation": {
            "rule": "BR-DRAW-1",
            "turn": 7,
            "hand_before": 2,
            "hand_after": 6,
            "deck_before": 1,
            "discard_before": 30,
            "deck_after": 27,
            "discard_after": 0,
            "reshuffled": True,
        },
    },
)

TURN_STARTED = EventType(
    "burnrate.turn_started",
    schemas.TurnStarted,
    derived=True,
    description=(
        "Worker, last step: play passes left to `player`, skipping bankrupt players, and "
        "turn number `turn` begins (BR-DRAW-1)."
    ),
    example={
        "player": "ruth",
        "turn": 8,
        "explanation": {
            "rule": "BR-DRAW-1",
            "previous": "joe",
            "next": "ruth",
            "skipped_bankrupt": [],
        },
    },
)

GAME_WON = EventType(
    "burnrate.game_won",
    schemas.GameWon,
    derived=True,
    description=(
        "Worker, last step when one company alone is not bankrupt: it wins and the game is "
        "over (BR-WIN-1)."
    ),
    example={
        "winner": "joe",
        "explanation": {"rule": "BR-WIN-1", "winner": "joe", "bankrupt": ["ann", "ruth"]},
    },
)

EVENT_TYPES = [
    CREATED,
    EMPLOYEE_DRAFTED,
    HIRE_PLAYED,
    BAD_HIRE_PLAYED,
    FIRE_PLAYED,
    POACH_PLAYED,
    FUNDING_PLAYED,
    BAD_IDEA_PLAYED,
    RELEASE_PLAYED,
    VP_CARD_PLAYED,
    CARDS_DISCARDED,
    TURN_ENDED,
    CONTRACTORS_ADJUSTED,
    SALARIES_PAID,
    WENT_BANKRUPT,
    CARDS_DRAWN,
    TURN_STARTED,
    GAME_WON,
]
