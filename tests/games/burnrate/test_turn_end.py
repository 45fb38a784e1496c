"""games/burnrate/turn_end.py: the worker's end of a turn (BR-TURN-1)."""

import copy

import games.burnrate as burnrate
from games.burnrate import turn_end
from tests.games.burnrate.table import three_players

FUNDING = {"amount": 5, "skill_numbers": [0, 1, 2, 3]}
# Four FUNDING cards joe's Finance head (2) matches; the deck has three of the first.
FOUR_FUNDINGS = [FUNDING, FUNDING, FUNDING, {"amount": 10, "skill_numbers": [2, 3]}]
GROCERY = {"name": "Online Grocery Store", "x": 3, "skill_numbers": [0, 1]}
PET_STORE = {"name": "Online Pet Store", "x": 2, "skill_numbers": [0]}


def test_nothing_is_pending_while_a_player_plays():
    table = three_players()
    assert burnrate.pending(table.state) is None
    assert burnrate.resolve(table.state) == []


def test_the_steps_of_a_turns_end_in_order():
    """BR-TURN-1: contractors, salaries, draw, next player; then nothing is pending."""
    table = three_players()
    table.record("turn_ended", player="joe")
    assert burnrate.pending(table.state) == "turn_end"
    state = copy.deepcopy(table.state)
    events = burnrate.resolve(table.state)
    assert table.state == state, "resolve changed the state"
    assert events == burnrate.resolve(table.state), "resolve is not deterministic"
    assert [e["type"] for e in events] == [
        "burnrate.contractors_adjusted",
        "burnrate.salaries_paid",
        "burnrate.cards_drawn",
        "burnrate.turn_started",
    ]
    table.settle()
    assert burnrate.pending(table.state) is None
    assert table.state["turn"]["player"] == "ruth" and table.state["turn"]["number"] == 2


def test_derived_events_out_of_step_are_refused():
    """BR-TURN-1: a salary before the contractors, or during the play step."""
    table = three_players()
    salaries = {"player": "joe", "burn_rate": 7, "explanation": {}}
    table.refused("salaries_paid", "BR-TURN-1", actor="system:turn_end", **salaries)
    table.record("turn_ended", player="joe")
    table.refused("salaries_paid", "BR-TURN-1", actor="system:turn_end", **salaries)
    contractors = {"player": "ruth", "contractors": 0, "explanation": {}}
    table.refused("contractors_adjusted", "BR-TURN-1", actor="system:turn_end", **contractors)


def test_contractors_are_added_for_the_bad_ideas_beyond_the_engineers():
    """BR-CONTRACT-1: ann has no engineers; x3 + x2 need five contractors."""
    table = three_players()
    table.record("bad_idea_played", player="joe", target="ann", card=GROCERY)
    table.record("bad_idea_played", player="joe", target="ann", card=PET_STORE)
    table.end_turn("joe")
    table.end_turn("ruth")
    ended = table.end_turn("ann")
    explanation = ended["contractors_adjusted"]["explanation"]
    assert (explanation["engineers"], explanation["x_total"]) == (0, 5)
    assert (explanation["contractors_before"], explanation["contractors_after"]) == (0, 5)
    assert table.company("ann")["contractors"] == 5
    assert ended["salaries_paid"]["burn_rate"] == 8 + 5 * 3


def test_surplus_contractors_go_back():
    """BR-CONTRACT-1: after a RELEASE the contractors it needed are removed."""
    table = three_players()
    table.record("bad_idea_played", player="joe", target="ann", card=GROCERY)
    table.record("bad_idea_played", player="joe", target="ann", card=PET_STORE)
    table.end_turn("joe")
    table.end_turn("ruth")
    table.end_turn("ann")
    table.end_turn("joe")
    table.end_turn("ruth")
    table.record("release_played", player="ann", card={"skill_numbers": [1]}, bad_idea="B1")
    explanation = table.end_turn("ann")["contractors_adjusted"]["explanation"]
    assert (explanation["contractors_before"], explanation["contractors_after"]) == (5, 2)
    assert explanation["removed"] == 3


def test_salaries_are_paid_even_after_discarding():
    """BR-SALARY-1: the burn rate, every salary summed."""
    table = three_players()
    table.record("cards_discarded", player="joe", count=2)
    events = {e["type"]: e["payload"] for e in table.settle()}
    paid = events["burnrate.salaries_paid"]
    assert paid["burn_rate"] == 7
    assert paid["explanation"]["sum"] == "2 + 2 + 2 + 1 = 7"
    assert paid["explanation"]["discarded_instead_of_playing"] is True
    assert table.company("joe")["funding"] == 93


def test_exactly_zero_is_not_bankrupt():
    """BR-SALARY-2: below zero, not at zero."""
    table = three_players()
    table.state["companies"]["joe"]["funding"] = 7  # as if earlier turns had spent it
    ended = table.end_turn("joe")
    assert "went_bankrupt" not in ended
    assert table.company("joe")["funding"] == 0 and not table.company("joe")["bankrupt"]


def test_below_zero_the_company_is_out_and_its_cards_go_back():
    """BR-SALARY-2: hand and BAD IDEAs to the discard pile, employees to the labor pool."""
    table = three_players()
    table.record("bad_idea_played", player="joe", target="ann", card=GROCERY)
    table.end_turn("joe")
    table.end_turn("ruth")
    table.state["companies"]["ann"]["funding"] = 10  # as if earlier turns had spent it
    discard = table.state["discard"]
    table.record("funding_played", player="ann", card=FUNDING)
    ended = table.end_turn("ann")
    assert ended["salaries_paid"]["explanation"]["funding_after"] == 15 - 8 - 9
    explanation = ended["went_bankrupt"]["explanation"]
    assert explanation["hand_to_discard"] == 5
    assert [b["name"] for b in explanation["bad_ideas_to_discard"]] == ["Online Grocery Store"]
    assert len(explanation["employees_to_labor_pool"]) == 4
    ann = table.company("ann")
    assert ann["bankrupt"] and ann["hand"] == 0 and ann["employees"] == []
    assert ann["bad_ideas"] == [] and ann["contractors"] == 0
    assert table.state["discard"] == discard + 1 + 5 + 1
    assert "cards_drawn" not in ended
    assert ended["turn_started"]["player"] == "joe"
    assert table.state["bankrupt"] == ["ann"]


def test_bankrupt_players_are_skipped():
    """BR-DRAW-1: play passes left, past a bankrupt player."""
    table = three_players()
    table.end_turn("joe")
    table.state["companies"]["ruth"]["funding"] = 0
    table.record("turn_ended", player="ruth")
    table.settle()
    table.end_turn("ann")
    ended = table.end_turn("joe")
    assert ended["turn_started"]["player"] == "ann"
    assert ended["turn_started"]["explanation"]["skipped_bankrupt"] == ["ruth"]


def test_draw_back_to_six():
    """BR-DRAW-1."""
    table = three_players()
    for _ in range(3):
        table.record("funding_played", player="joe", card=FUNDING)
    deck = table.state["deck"]
    drawn = table.end_turn("joe")["cards_drawn"]
    assert (drawn["drawn"], drawn["reshuffled"]) == (3, False)
    assert table.company("joe")["hand"] == 6 and table.state["deck"] == deck - 3


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    """BR-DRAW-1: one card from the deck, then three from the reshuffled discard pile."""
    table = three_players()
    table.state["deck"], table.state["discard"] = 1, 10  # as if most of the deck were drawn
    for card in FOUR_FUNDINGS:
        table.record("funding_played", player="joe", card=card)
    drawn = table.end_turn("joe")["cards_drawn"]
    assert (drawn["drawn"], drawn["reshuffled"]) == (4, True)
    assert drawn["explanation"]["deck_after"] == 14 - 3
    assert (table.state["deck"], table.state["discard"]) == (11, 0)


def test_no_cards_left_to_draw():
    """BR-DRAW-1: with deck and discard pile empty there is nothing to draw."""
    assert turn_end.plan_draw(0, 0, 4) == (0, False)
    assert turn_end.plan_draw(2, 0, 4) == (2, False)
    assert turn_end.plan_draw(2, 1, 4) == (3, True)
    assert turn_end.plan_draw(5, 3, 0) == (0, False)


def test_the_last_company_standing_wins():
    """BR-WIN-1: nothing is recorded after the winner."""
    table = three_players()
    table.state["companies"]["ruth"]["bankrupt"] = True  # as if ruth had gone bankrupt before
    table.state["companies"]["joe"]["funding"] = 1
    ended = table.end_turn("joe")
    assert ended["game_won"] == {
        "winner": "ann",
        "explanation": {"rule": "BR-WIN-1", "winner": "ann", "bankrupt": ["joe"]},
    }
    assert burnrate.finished(table.state) and table.state["winner"] == "ann"
    assert burnrate.pending(table.state) is None
    table.refused("turn_ended", "BR-WIN-1", player="ann")


def test_derived_events_must_say_what_the_rules_give():
    """BR-CONTRACT-1, BR-SALARY-1, BR-DRAW-1: a worker cannot write other numbers."""
    table = three_players()
    table.record("bad_idea_played", player="joe", target="ann", card=GROCERY)
    table.end_turn("joe")
    table.end_turn("ruth")
    table.record("turn_ended", player="ann")
    tampered = {
        "burnrate.contractors_adjusted": ("contractors", 0, "BR-CONTRACT-1"),
        "burnrate.salaries_paid": ("burn_rate", 1, "BR-SALARY-1"),
        "burnrate.cards_drawn": ("drawn", 2, "BR-DRAW-1"),
        "burnrate.turn_started": ("player", "ruth", "BR-DRAW-1"),
    }
    for event in burnrate.resolve(table.state):
        field, value, rule = tampered[event["type"]]
        name = event["type"].removeprefix("burnrate.")
        table.refused(name, rule, actor="system:turn_end", **{**event["payload"], field: value})
        table.apply(event["type"], event["payload"], "system:turn_end")
    assert table.state["turn"]["player"] == "joe"


def test_a_winner_while_others_are_in_the_game_is_refused():
    """BR-WIN-1."""
    table = three_players()
    table.record("turn_ended", player="joe")
    for event in burnrate.resolve(table.state)[:-1]:
        table.apply(event["type"], event["payload"], "system:turn_end")
    table.refused("game_won", "BR-WIN-1", actor="system:turn_end", winner="joe", explanation={})
