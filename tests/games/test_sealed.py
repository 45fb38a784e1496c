"""games/sealed.py: one commit-reveal for every game, and the bytes FCM's logs were sealed with.

The vectors were computed before FCM's three sealed choices moved onto `seal`/`reveal`: a
commitment written into a log then must still open now, or old games stop verifying."""

import pytest

from games.errors import RuleViolation
from games.fcm import reserve_commitment
from games.sealed import check_all_sealed, choice_text, reveal, seal

NONCE = "8f14e45fceea167a5a36dedd4bea2543"
RESERVE_200 = "acb85e7ab6101487f0f6cbced0f585516369d7049800acd5ba66159bfa70429b"
STRUCTURE = {"e7": "ceo", "e9": "e7", "é": "ceo"}
STRUCTURE_SEALED = "c1f32b57becceedb967d133620f19a2f32cd1c84291dd03705016c97cc9a4bcc"
FIRING_SEALED = "e548b3373e8e6ed72306c77bb3ea8eafa631b1108ae6c4923f9e398031df3509"
NOBODY_FIRED = "4a337cb6952231074a539a22ff1a55f340bf707d291fb221a92035145e687ad9"
ROCK = "a68bde8b90627ec7cb66db5d77752c62731402ccff69f21bcdb692327d5fb5fc"


def test_the_commitments_fcm_logs_hold_are_the_same_bytes():
    assert seal(200, NONCE) == reserve_commitment(200, NONCE) == RESERVE_200
    assert seal(STRUCTURE, NONCE) == STRUCTURE_SEALED
    assert seal(["e3", "e1"], NONCE) == FIRING_SEALED
    assert seal([], NONCE) == NOBODY_FIRED


def test_a_choice_is_hashed_as_its_text_a_string_as_it_is_and_anything_else_as_json():
    assert choice_text("rock") == "rock" and seal("rock", NONCE) == ROCK
    assert choice_text(200) == "200"
    assert choice_text({"b": 1, "a": ["é"]}) == '{"a":["é"],"b":1}'


def test_a_reveal_that_opens_its_commitment_answers_the_choice():
    assert reveal(STRUCTURE_SEALED, STRUCTURE, NONCE, "X-1", "structure") == STRUCTURE


@pytest.mark.parametrize(("choice", "nonce"), [(["e1", "e3"], NONCE), (["e3", "e1"], NONCE[::-1])])
def test_a_reveal_that_does_not_open_it_is_refused_without_the_secret(choice, nonce):
    with pytest.raises(RuleViolation) as refused:
        reveal(FIRING_SEALED, choice, nonce, "X-1", "firing")
    assert refused.value.rule == "X-1"
    assert refused.value.message == "the revealed firing and nonce do not match the sealed choice"
    assert refused.value.details == {"commitment": FIRING_SEALED}


def test_nothing_sealed_is_nothing_to_reveal():
    with pytest.raises(RuleViolation) as refused:
        reveal(None, "rock", NONCE, "X-1", "throw", who="ann")
    assert refused.value.message == "ann has no sealed throw to reveal"


def test_reveals_wait_for_everyone_to_seal():
    check_all_sealed([], "X-1", "throws are revealed together")
    with pytest.raises(RuleViolation) as refused:
        check_all_sealed(["ben", "cat"], "X-1", "throws are revealed together")
    assert refused.value.message == "throws are revealed together; waiting for ben, cat"
    assert refused.value.details == {"waiting": ["ben", "cat"]}
