"""One whole three-player game recorded to a winner, folded through evolve, pending, resolve."""

import games.burnrate as burnrate
from games.burnrate import copies
from tests.games.burnrate.table import Table, drafted, employee, staffed

IDEAS = [
    ("Online Grocery Store", 3),
    ("Free Computers", 4),
    ("Online Pet Store", 2),
    ("Free Internet Access", 1),
]


def new_game(table=Table):
    """ann: strong heads, Finance VP. bob: weak heads, no engineers. cat: two engineers.

    cat dealt, so ann plays first. A deck of 50 makes the discard pile come back once.
    """
    return drafted(
        {
            "ann": staffed({"sales": 2, "hr": 2, "finance": 2}, 1, vps=["finance"], prefix="A "),
            "bob": staffed({"sales": 0, "hr": 1, "development": 1, "finance": 1}, prefix="B "),
            "cat": staffed({"sales": 1, "hr": 0}, 2, prefix="C "),
        },
        dealer="cat",
        play_deck_size=50,
        table=table,
    )


def in_game(table, player):
    return not table.company(player)["bankrupt"]


def funding(amount, *skills):
    return {"amount": amount, "skill_numbers": list(skills)}


# The cards each player reaches for, best first; they play the first the deck still has a copy
# of (the others are in the discard pile until it is reshuffled).
ANNS_FUNDING = [funding(10, 2, 3), funding(10, 1, 2, 3), funding(10, 0, 1, 2, 3),
                funding(5, 2, 3), funding(5, 1, 2, 3), funding(5, 0, 1, 2, 3)]  # fmt: skip
BOBS_FUNDING = [funding(5, 1, 2, 3), funding(5, 0, 1, 2, 3), funding(10, 1, 2, 3)]
CATS_BAD_HIRE = [{"skill_numbers": [0, 1]}, {"skill_numbers": [0, 1, 2]}]


def a_copy_left(table, kind_id, choices):
    """The first of `choices` of which a copy is not yet played since the last reshuffle."""
    played = table.state["played_copies"]
    for card in choices:
        name, printed = copies.printed_copies(kind_id, card)
        if played.get(name, 0) < printed:
            return card
    return None


def ann_plays(table, number):
    """Two BAD IDEAs at her opponents and a FUNDING, if the deck still has one she can play."""
    targets = [p for p in ("bob", "cat") if in_game(table, p)]
    for n, target in enumerate((targets * 2)[:2]):
        name, x = IDEAS[(number + n) % len(IDEAS)]
        card = {"name": name, "x": x, "skill_numbers": [0, 1]}
        table.record("bad_idea_played", player="ann", target=target, card=card)
    card = a_copy_left(table, "FUNDING", ANNS_FUNDING)
    if card:
        table.record("funding_played", player="ann", card=card)
    table.end_turn("ann")


def bob_plays(table, number):
    """FUNDING one turn, discarding the next."""
    if number % 2:
        table.record("cards_discarded", player="bob", count=2)
        table.settle()
    else:
        card = a_copy_left(table, "FUNDING", BOBS_FUNDING)
        if card:
            table.record("funding_played", player="bob", card=card)
        table.end_turn("bob")


def cat_plays(table, number):
    """RELEASE the biggest BAD IDEA on her unstaffed Development; BAD HIRE on bob."""
    ideas = table.company("cat")["bad_ideas"]
    if ideas:
        biggest = max(ideas, key=lambda b: b["x"])
        table.record(
            "release_played", player="cat", card={"skill_numbers": [0]}, bad_idea=biggest["id"]
        )
    card = a_copy_left(table, "BAD_HIRE", CATS_BAD_HIRE)
    if in_game(table, "bob") and card:
        table.record(
            "bad_hire_played",
            player="cat",
            target="bob",
            card=card,
            department="hr",
            revealed=employee(f"Useless {number}", "hr", 0, 3),
        )
    table.end_turn("cat")


def cards_accounted(state):
    """Every Play card is in the deck, the discard pile, a hand or a company's BAD IDEAs."""
    companies = state["companies"].values()
    return (
        state["deck"]
        + state["discard"]
        + sum(c["hand"] for c in companies)
        + sum(len(c["bad_ideas"]) for c in companies)
    )


def test_a_three_player_game_to_a_winner():
    """BR-TURN-1 to BR-WIN-1: bob, then cat, go bankrupt; ann wins."""
    table = new_game()
    plays = {"ann": ann_plays, "bob": bob_plays, "cat": cat_plays}
    while not burnrate.finished(table.state):
        number = table.state["turn"]["number"]
        assert number < 100, "the game does not end"
        plays[table.state["turn"]["player"]](table, number)
        assert cards_accounted(table.state) == 50
        assert burnrate.pending(table.state) is None

    state = table.state
    assert state["winner"] == "ann" and state["bankrupt"] == ["bob", "cat"]
    types = [e["type"] for e in table.derived]
    assert types.count("burnrate.went_bankrupt") == 2
    assert types[-1] == "burnrate.game_won"
    assert types.count("burnrate.salaries_paid") == state["turn"]["number"]
    assert sum(1 for e in table.derived if e["payload"].get("reshuffled")) == 1
    assert state["companies"]["bob"]["employees"] == []
    assert all(c["bad_ideas"] == [] for c in (state["companies"]["bob"], state["companies"]["cat"]))
    assert state["catalogue"]["bad_ideas"] == {
        "Free Computers": {"x": 4},
        "Online Pet Store": {"x": 2},
    }
    assert burnrate.resolve(state) == []


def test_folding_the_log_again_gives_the_same_state():
    """Replay: the state is a function of the log alone."""
    table = new_game()
    plays = {"ann": ann_plays, "bob": bob_plays, "cat": cat_plays}
    while not burnrate.finished(table.state):
        plays[table.state["turn"]["player"]](table, table.state["turn"]["number"])
    state = burnrate.initial(table.log[0])
    for event in table.log[1:]:
        state = burnrate.evolve(state, event)
    assert state == table.state
