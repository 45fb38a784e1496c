"""The device's side of a sealed choice (js/sha256.js, js/sealed.js) in a real browser, against
Python's: the same digests as hashlib, the same commitments as games/sealed.py."""

import hashlib

from games.fcm import reserve_commitment
from games.sealed import choice_text, seal

TEXTS = [
    "",
    "abc",
    "200:8f14e45fceea167a5a36dedd4bea2543",
    "a" * 55,  # the longest message in one block
    "a" * 56,  # the length no longer fits: two blocks
    "b" * 63,
    "c" * 64,
    "d" * 119 + "é",
    "café ☕ naïve 𝄞 日本語 — “quoted”",
    "x" * 1000,
]
CHOICES = [
    200,
    "rock",
    "été",
    {"waitress-1": "ceo-1", "brand_manager-1": "ceo-1", "kühl-2": "ceo-1"},
    ["pizza_cook-1", "errand_boy-2"],
    {"b": [1, {"z": None, "a": True}], "a": '"q"\\\n\t'},
    {"é": 1, "z": 2, "𝄞": 3, "ﬀ": 4},  # sorted by code point, as Python does
    [],
    {},
]
NONCE = "0123456789abcdef0123456789abcdef"


def test_sha256_in_the_browser_is_hashlibs(page):
    page.goto("/")
    digests = page.evaluate(
        "(texts) => import('/static/js/sha256.js').then((m) => texts.map(m.sha256Hex))", TEXTS
    )
    assert digests == [hashlib.sha256(text.encode()).hexdigest() for text in TEXTS]


def test_a_commitment_made_in_the_browser_is_the_one_python_checks(page):
    page.goto("/")
    made = page.evaluate(
        """([choices, nonce]) => import('/static/js/sealed.js').then((m) =>
          choices.map((choice) => [m.choiceText(choice), m.seal(choice, nonce)]))""",
        [CHOICES, NONCE],
    )
    assert made == [[choice_text(choice), seal(choice, NONCE)] for choice in CHOICES]
    assert made[0][1] == reserve_commitment(200, NONCE)


def test_a_nonce_is_32_random_hex_digits(page):
    page.goto("/")
    nonces = page.evaluate(
        "() => import('/static/js/sealed.js').then((m) => [m.newNonce(), m.newNonce()])"
    )
    assert all(len(n) == 32 and set(n) <= set("0123456789abcdef") for n in nonces)
    assert nonces[0] != nonces[1]
