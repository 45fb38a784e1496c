"""games/fcm/actions/training.py and the milestones: what a milestone forbids a chain to train
(FCM-MILE-1). The training steps themselves (FCM-TRAIN-1 to 4) are tested with the working in
test_working.py."""

from tests.games.fcm.test_restructuring import ids
from tests.games.fcm.test_working import beach, working


def rich(milestones=("first_to_have_100",)):
    """ann in her working at turn 5 with a trainer at work and a senior vice president on the
    beach; her CFO back in the stock, so the one CFO of a two-player game is there to train
    into; she holds `milestones`."""
    table = working(ann_work=["trainer"], ann_hand=["senior_vice_president"],
                    milestones=milestones, returned=["cfo"])  # fmt: skip
    [trainer] = ids(table.state, "ann", "trainer")
    [vice] = ids(table.state, "ann", "senior_vice_president")
    return table, trainer, vice


def test_the_hundred_dollar_milestone_forbids_training_a_cfo():
    """FCM-MILE-1: the first to have $100 may never train a CFO (milestones.json
    `forbidden_cards`); the refusal names the milestone and the card, and the senior vice
    president stays on the beach."""
    table, trainer, vice = rich()
    assert table.state["supply"]["employees"]["cfo"] == 1
    error = table.refused("trained", "FCM-MILE-1", player="ann", trainer=trainer,
                          steps=[{"card": vice, "into": "cfo"}])  # fmt: skip
    assert "First to have $100" in error.message and "CFO" in error.message
    assert "senior_vice_president" in beach(table) and "cfo" not in beach(table)
    table.record("trained", player="ann", trainer=trainer,
                 steps=[{"card": vice, "into": "hr_director"}])  # fmt: skip
    assert "hr_director" in beach(table)


def test_without_the_milestone_a_cfo_is_trained():
    """FCM-MILE-1, FCM-TRAIN-1: the same step by a chain without the milestone is taken."""
    table, trainer, vice = rich(milestones=())
    table.record("trained", player="ann", trainer=trainer,
                 steps=[{"card": vice, "into": "cfo"}])  # fmt: skip
    assert "cfo" in beach(table)
