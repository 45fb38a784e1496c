"""Steps in words (#20, item 6), in a browser on a phone and a desktop: a step's changes and
why as the game says them, the raw JSON Patch folded away behind a toggle, no id of the
state's or event type's in what a player reads, and the log under a heading for each turn and
phase, a live entry of a new one under a new heading. axe-core finds nothing on any of it."""

import re

import pytest
from playwright.sync_api import expect

from games.fcm.turn.reserve import reserve_commitment
from tests.games.fcm.table import layout_for, legal_spot, nonce
from tests.pages.axe import VIEWPORTS, assert_accessible
from workers.jobs import resolve_pending

# What an id looks like in text: an event type (`fcm.working_ended`), a snake_case name
# (`errand_boy`, `order_of_business`), a card's or restaurant's id (`waitress-3`, `ann-2`).
IDS = re.compile(r"\b(?:fcm|burnrate)\.[a-z_]+\b|\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]+-\d+\b")


class Played:
    """Food Chain Magnate for ann and bob on a fixed map, recorded through the API with the
    table's token, the worker's phases resolved here as the worker would."""

    def __init__(self, client, services):
        self.client, self.services = client, services
        body = {"kind": "fcm", "players": ["ann", "bob"],
                "options": {"layout": layout_for(2), "turn_order": ["ann", "bob"]}}  # fmt: skip
        self.game = client.post("/api/games", json=body).json
        self.href = f"/api/games/{self.game['id']}"

    def state(self) -> dict:
        return self.client.get(f"{self.href}/state").json["state"]

    def record(self, name: str, player: str, **payload) -> int:
        event = {"type": f"fcm.{name}", "actor": f"player:{player}",
                 "payload": {"player": player, **payload}}  # fmt: skip
        headers = {"Authorization": f"Bearer {self.game['token']}"}
        answer = self.client.post(f"{self.href}/events", json=event, headers=headers)
        assert answer.status_code == 201, answer.json
        return answer.json["events"][-1]["seq"]

    def settle(self) -> None:
        resolve_pending(self.services, self.game["id"])

    def to_working(self) -> None:
        """Setup (the starting restaurants, the reserve cards) and turn 1's order of business."""
        while (state := self.state())["phase"] == "setup_restaurants":
            top_left, entrance = legal_spot(state)
            self.record("starting_restaurant_placed", state["setup"]["to_act"][0],
                        top_left=top_left, entrance=entrance)  # fmt: skip
        for player in ("ann", "bob"):
            self.record("reserve_card_sealed", player,
                        commitment=reserve_commitment(100, nonce(player)))  # fmt: skip
        for player in list(self.state()["order_of_business"]["to_pick"]):
            picked = self.state()["order_of_business"]["picked"]
            self.record("turn_order_picked", player, place=picked.index(None) + 1)

    def to_payday(self) -> int:
        """Each chain hires a waitress and ends its working; dinnertime resolved. The seq of
        ann's hire."""
        hired = None
        while (state := self.state())["phase"] == "working":
            player = state["working"]["player"]
            seq = self.record("recruited", player, cards=["waitress"])
            hired = hired or seq
            self.record("working_ended", player)
        self.settle()
        return hired

    def to_turn_two(self) -> None:
        """Nobody fires; salaries, the campaigns and cleanup resolved."""
        for player in ("ann", "bob"):
            self.record("fired", player, cards=[])
        self.settle()


@pytest.fixture
def fcm(client, services):
    return Played(client, services)


def checked(page, where: str) -> None:
    """axe, once the page is settled: the map's picture in place of its text (js/game.js
    swaps it in after the page loads; the text, scrolling sideways, is no state to judge)."""
    expect(page.locator("[data-map-svg] svg").first).to_be_visible()
    assert_accessible(page, where)


def visible_text(page) -> str:
    """What a player reads: the page's rendered text (a folded <details> shows only its
    summary), the map's picture with it, whose restaurants read "ann no. 1", not `ann-1`."""
    return page.inner_text("body")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_step_says_its_changes_in_words_with_the_raw_patch_folded_away(page, fcm, viewport):
    page.set_viewport_size(viewport)
    fcm.to_working()
    hired = fcm.to_payday()
    page.goto(f"/games/{fcm.game['id']}?at={hired}")
    changed = page.get_by_role("region", name=f"Step {hired}: what changed")
    expect(changed.locator(".step-where")).to_have_text("Turn 1, working 9 to 5")
    expect(changed.locator("ul.changes")).to_have_text(
        "a Waitress joined ann's chain, on the beach"
    )
    raw = changed.locator("details.raw-change")
    expect(raw.locator("summary")).to_have_text("The raw change (JSON Patch)")
    expect(raw.locator("pre")).to_be_hidden()
    checked(page, "a step in words, its patch folded")
    raw.locator("summary").click()
    expect(raw.locator("pre")).to_contain_text('"path": "/chains/ann/cards/')
    checked(page, "a step's raw patch shown")

    # the dinnertime: why in the game's sentences, the explanation as recorded folded away
    page.goto(f"/games/{fcm.game['id']}")
    changed = page.locator("section.changed")
    why = changed.locator("details.why")
    expect(why.locator("ul.reasons")).to_contain_text("ann earned $0 this dinnertime")
    expect(why.locator("details.recorded > ul.explanation")).to_be_hidden()
    expect(changed.locator("ul.changes")).to_contain_text("the phase: dinnertime → payday")
    checked(page, "a derived step says why")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_no_internal_id_is_in_what_a_player_reads(page, fcm, viewport):
    """Every step of a game played into its second turn, and the transcript: the visible text
    holds no event type, card id, milestone id or phase id."""
    page.set_viewport_size(viewport)
    fcm.to_working()
    fcm.to_payday()
    fcm.to_turn_two()
    version = fcm.client.get(fcm.href).json["version"]
    for at in range(1, version + 1):
        page.goto(f"/games/{fcm.game['id']}?at={at}")
        text = visible_text(page)
        found = [text[max(0, m.start() - 60) : m.end() + 20] for m in IDS.finditer(text)]
        assert not found, f"step {at}: {found}"
    page.goto(f"/games/{fcm.game['id']}/transcript")
    for details in page.locator("details.why").all():
        details.locator("summary").click()
    assert not IDS.findall(visible_text(page))
    markdown = fcm.client.get(f"{fcm.href}/transcript").text
    told = markdown.split("## Verification")[0]
    assert told.startswith(f"# Transcript of game {fcm.game['id']}\n\nFood Chain Magnate, players")
    assert not IDS.findall(told.replace("\\_", "_")), told
    assert "### Turn 1, dinnertime" in told and "  - ann earned $0 this dinnertime" in told


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_log_is_grouped_by_turn_and_phase(page, fcm, viewport):
    page.set_viewport_size(viewport)
    fcm.to_working()
    fcm.to_payday()
    page.goto(f"/games/{fcm.game['id']}")
    log = page.get_by_role("region", name="The log")
    expect(log.get_by_role("heading", level=3)).to_have_text([
        "Setup, starting restaurants", "Setup, reserve cards", "Turn 1, order of business",
        "Turn 1, working 9 to 5", "Turn 1, dinnertime",
    ])  # fmt: skip
    steps = fcm.client.get(f"{fcm.href}/replay?from=1").json["steps"]
    for step in steps:  # each entry under the heading of where the game stood
        assert heading_of(page, step["event"]["seq"]) == step["where"]
    checked(page, "the log grouped")


def heading_of(page, seq: int) -> str:
    """The text of the log's last heading before the entry of `seq`."""
    return page.locator(f"#seq-{seq}").evaluate(
        """item => {
          let at = item.previousElementSibling;
          while (at && !at.classList.contains("log-heading")) at = at.previousElementSibling;
          return at ? at.textContent.trim() : null;
        }"""
    )


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_live_entry_lands_under_its_turn_and_phase(page, fcm, viewport):
    """Entries of the phase shown go on under its heading; those of a new phase and a new
    turn come under new ones."""
    page.set_viewport_size(viewport)
    fcm.to_working()
    fcm.to_payday()
    page.goto(f"/games/{fcm.game['id']}")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    log = page.get_by_role("region", name="The log")
    fired = fcm.record("fired", "ann", cards=[])
    expect(page.locator(f"#seq-{fired}")).to_contain_text("ann fired nobody")
    assert heading_of(page, fired) == "Turn 1, payday"
    expect(log.get_by_role("heading", name="Turn 1, payday")).to_have_count(1)

    fcm.record("fired", "bob", cards=[])
    fcm.settle()  # salaries, then cleanup: a new phase, then a new turn
    structure = fcm.record("structure_chosen", "ann", structure={})
    expect(page.locator(f"#seq-{structure}")).to_contain_text("ann put to work")
    assert heading_of(page, structure) == "Turn 2, restructuring"
    assert heading_of(page, structure - 1) == "Turn 1, cleanup"
    for heading in ("Turn 1, payday", "Turn 1, cleanup", "Turn 2, restructuring"):
        expect(log.get_by_role("heading", name=heading)).to_have_count(1)
    checked(page, "live entries in their groups")


def test_a_game_that_does_not_say_its_changes_keeps_them_dotted(client):
    """The toy game has no `changes`, `why` or `where`: its steps list each patch operation's
    place dotted and its values, the log has no headings, and the raw patch still folds away."""
    body = {"kind": "toy", "players": ["ann", "ben"], "options": {"tally_every": 1000}}
    game = client.post("/api/games", json=body).json
    event = {"type": "toy.added", "actor": "player:ann", "payload": {"player": "ann", "amount": 4}}
    headers = {"Authorization": f"Bearer {game['token']}"}
    assert (
        client.post(f"/api/games/{game['id']}/events", json=event, headers=headers).status_code
        == 201
    )
    html = client.get(f"/games/{game['id']}").text
    assert "<li><code>total</code>:\n  0 → 4</li>" in html
    assert "<summary>The raw change (JSON Patch)</summary>" in html
    assert "log-heading" not in html and "step-where" not in html
