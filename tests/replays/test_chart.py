"""replays/chart.py: the chart of a game, sampled at each turn's end by one walk of the log,
and drawn as SVG by hand."""

import re
import xml.etree.ElementTree as ET

import pytest

import games.burnrate as burnrate
from replays import chart as charts
from tests.api.helpers import create_toy
from tests.games.burnrate import test_rulebook_examples as examples
from tests.games.burnrate import test_whole_game as whole
from tests.scenarios.recorded_table import RecordedTable
from workers.jobs import resolve_pending

SVG = "{http://www.w3.org/2000/svg}"


class Table(RecordedTable):
    """A Burn Rate table recorded through the API, its turns' ends resolved here, as the
    worker would (workers/jobs.py)."""

    services = None

    def settle(self):
        resolve_pending(self.services, self.game_id)
        return super().settle()


def joe_and_ruth(client, services) -> Table:
    """joe and ruth after the first hire and two turns; joe's turn now (turn 3)."""
    Table.client, Table.services = client, services
    return examples.joe_with_two_bad_ideas(Table)


def played_to_a_winner(client, services) -> Table:
    """The three-player game of tests/games/burnrate/test_whole_game.py, recorded through
    the API: bob, then cat, go bankrupt; ann wins."""
    Table.client, Table.services = client, services
    table = whole.new_game(Table)
    plays = {"ann": whole.ann_plays, "bob": whole.bob_plays, "cat": whole.cat_plays}
    while not (state := table.state)["winner"]:
        plays[state["turn"]["player"]](table, state["turn"]["number"])
    return table


@pytest.fixture
def unset():
    yield
    Table.client = Table.services = None


def turn_of(state) -> int:
    return state["turn"]["number"] if state["turn"] else 0


def test_each_turn_is_sampled_at_its_end_and_the_last_at_the_step_asked(client, services, unset):
    table = joe_and_ruth(client, services)
    projector = services.projector
    version = table.summary()["version"]
    drawn = charts.chart(projector, table.game_id)
    assert drawn["at"] == drawn["version"] == version
    assert [t["turn"] for t in drawn["turns"]] == [0, 1, 2, 3]
    assert [t["ended"] for t in drawn["turns"]] == [True, True, True, False]
    assert drawn["turns"][-1]["seq"] == version
    for sample in drawn["turns"][:-1]:  # the last state of its turn: the next is the next turn's
        assert turn_of(projector.state_at(table.game_id, sample["seq"])) == sample["turn"]
        assert turn_of(projector.state_at(table.game_id, sample["seq"] + 1)) == sample["turn"] + 1
    for index, sample in enumerate(drawn["turns"]):
        shown = burnrate.chart.points(projector.state_at(table.game_id, sample["seq"]))
        for line, point in zip(drawn["series"], shown["series"], strict=True):
            assert line["name"] == point["name"]
            assert line["values"]["funding"][index] == point["values"]["funding"]
            assert line["values"]["burn_rate"][index] == point["values"]["burn_rate"]
    assert drawn["measures"] == burnrate.chart.CHART["measures"]


def test_a_past_step_is_the_chart_as_it_stood_then(client, services, unset):
    table = joe_and_ruth(client, services)
    head = charts.chart(services.projector, table.game_id)
    second_turn_ends = head["turns"][2]["seq"]
    past = charts.chart(services.projector, table.game_id, at=second_turn_ends - 1)
    assert [t["turn"] for t in past["turns"]] == [0, 1, 2]
    assert past["turns"][:2] == head["turns"][:2]
    assert past["turns"][-1] == {"turn": 2, "seq": second_turn_ends - 1, "ended": False}
    assert (
        "up to step" in past["description"]
        and f"step {second_turn_ends - 1}" in (past["description"])
    )


def test_the_log_is_folded_once_however_many_turns(client, services, unset, monkeypatch):
    """One evolve an event: the walk carries the state along, never folds again per turn."""
    table = joe_and_ruth(client, services)
    projector = services.projector
    version = table.summary()["version"]
    folded = []
    evolve = projector.evolve
    monkeypatch.setattr(projector, "evolve", lambda *a, **k: folded.append(a[2]) or evolve(*a, **k))
    monkeypatch.setattr(projector, "state_at", lambda *a: pytest.fail("no fold from a cache"))
    charts.chart(projector, table.game_id)
    assert [event["seq"] for event in folded] == list(range(1, version + 1))


def test_a_chart_folds_on_from_the_samples_cached_at_or_below_its_step(
    client, services, unset, monkeypatch
):
    """A long game's chart costs the same at its thousandth step as at its tenth: samples
    are cached every CHART_EVERY seqs and at the head (sealed), a chart folds only the events
    after the nearest, and it is the chart the whole walk draws, at the head and in the past."""
    monkeypatch.setattr(charts, "CHART_EVERY", 5)
    table = played_to_a_winner(client, services)
    projector, game_id = services.projector, table.game_id
    version = table.summary()["version"]
    whole = charts.chart(projector, game_id)  # no samples yet: one walk, caching them
    past = charts.chart(projector, game_id, at=version - 7)
    assert charts.nearest_samples(projector, game_id, version)[0] == version
    assert charts.nearest_samples(projector, game_id, version - 7)[0] == (version - 7) // 5 * 5
    read = []
    read_range = projector.store.read_range
    monkeypatch.setattr(
        projector.store, "read_range", lambda g, a, b: read.append((a, b)) or read_range(g, a, b)
    )
    assert charts.chart(projector, game_id) == whole
    assert charts.chart(projector, game_id, at=version - 7) == past
    assert ((version - 7) // 5 * 5 + 1, version - 7) in read
    assert all(last < version for _, last in read)  # the head's samples kept: nothing to read
    services.redis.delete(f"game:{{{game_id}}}:chart")
    assert charts.chart(projector, game_id, at=version - 7) == past
    assert charts.chart(projector, game_id) == whole


def test_samples_not_sealed_by_tablelog_are_passed_over(client, services, unset, monkeypatch):
    monkeypatch.setattr(charts, "CHART_EVERY", 5)
    table = played_to_a_winner(client, services)
    projector, game_id = services.projector, table.game_id
    whole = charts.chart(projector, game_id)
    key = f"game:{{{game_id}}}:chart"
    for seq, raw in services.redis.hgetall(key).items():
        forged = raw.replace(b'"funding": ', b'"funding": 1').replace(b'"funding":', b'"funding":1')
        assert forged != raw
        services.redis.hset(key, seq, forged)
    assert charts.chart(projector, game_id) == whole


def test_a_retract_back_into_an_earlier_turn_drops_the_turns_after_it(client, services, unset):
    table = joe_and_ruth(client, services)
    ended = [e for e in table.events() if e["type"] == "burnrate.turn_ended"][-1]
    retract = {"type": "retract", "actor": "admin",
               "payload": {"seq": ended["seq"], "reason": "ruth had not finished"}}  # fmt: skip
    headers = {"Authorization": f"Bearer {table.token}"}
    assert client.post(f"{table.href}/events", json=retract, headers=headers).status_code == 201
    drawn = charts.chart(services.projector, table.game_id)
    assert [t["turn"] for t in drawn["turns"]] == [0, 1, 2]
    assert drawn["turns"][-1] == {"turn": 2, "seq": table.summary()["version"], "ended": False}


def test_a_game_to_its_winner_ends_each_line_where_its_company_went_out(client, services, unset):
    """BR-SALARY-2, BR-WIN-1: bob's and cat's lines stop at the turn they went out, with a
    cross; ann's runs to the end, and the last turn is ended: the game is over."""
    table = played_to_a_winner(client, services)
    drawn = charts.chart(services.projector, table.game_id)
    turns = [t["turn"] for t in drawn["turns"]]
    assert turns == list(range(turns[-1] + 1)) and drawn["turns"][-1]["ended"]
    lines = {line["name"]: line for line in drawn["series"]}
    assert lines["ann"]["out_turn"] is None and None not in lines["ann"]["values"]["funding"]
    bankrupt = [e for e in table.events() if e["type"] == "burnrate.went_bankrupt"]
    for event in bankrupt:
        name = event["payload"]["player"]
        out = turn_of(services.projector.state_at(table.game_id, event["seq"]))
        funding = lines[name]["values"]["funding"]
        assert lines[name]["out_turn"] == out
        assert funding[turns.index(out)] < 0  # its last value: below zero
        assert set(funding[turns.index(out) + 1 :]) <= {None}
    assert "Out of the game: bob at turn" in drawn["description"]
    root = ET.fromstring(charts.drawn(drawn))
    crosses = list(root.iter(f"{SVG}path"))  # on the funding: out, a company has no burn rate
    assert len(crosses) == len(bankrupt) == 2


def test_a_game_without_a_chart_has_none(client, services):
    game_id, _ = create_toy(client)
    with pytest.raises(charts.NoChart, match="a game of toy has no chart"):
        charts.chart(services.projector, game_id)


# --- the picture ----------------------------------------------------------------------------


def a_chart(names=("ann", "bob"), turns=4, ended=True) -> dict:
    """A chart of two measures, the figures made up, for the drawing alone."""
    series = [
        {"name": name, "role": "company", "out_turn": None,
         "values": {"money": [10 * (i + 1) * (n + 1) for n in range(turns)],
                    "rate": [i + n for n in range(turns)]}}
        for i, name in enumerate(names)
    ]  # fmt: skip
    data = {
        "game": "g", "kind": "k", "at": 40, "version": 50, "title": "Money over the turns",
        "measures": [{"key": "money", "label": "Money"}, {"key": "rate", "label": "Rate"}],
        "turns": [{"turn": n, "seq": 10 * n, "ended": ended or n < turns - 1}
                  for n in range(turns)],
        "series": series,
    }  # fmt: skip
    return {**data, "description": charts.described(data)}


def looks(root) -> list[tuple]:
    """(colour, dash, marker shape) of each line drawn in the first panel."""
    found = []
    for group in root.iter(f"{SVG}g"):
        line = group.find(f"{SVG}polyline")
        if line is None:
            continue
        found.append((line.get("stroke"), line.get("stroke-dasharray"), outline(group[1])))
    return found


def outline(marker) -> tuple:
    """A marker's shape wherever it is: its corners around their middle (a circle: its tag)."""
    if marker.tag == f"{SVG}circle":
        return ("circle",)
    corners = [tuple(map(float, xy.split(","))) for xy in marker.get("points").split()]
    x, y = (sum(c[i] for c in corners) / len(corners) for i in (0, 1))
    return tuple((round(cx - x), round(cy - y)) for cx, cy in corners)


def test_the_picture_scales_and_says_what_it_shows():
    data = a_chart()
    svg = charts.drawn(data)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("width") is None and root.get("height") is None
    assert re.fullmatch(r"0 0 \d+ \d+", root.get("viewBox"))
    assert root.find(f"{SVG}title").text == "Money over the turns, up to step 40"
    assert root.find(f"{SVG}desc").text == data["description"]
    assert data["description"].startswith("Money over the turns, turns 0 to 3, up to step 40")
    assert (
        "At the end of turn 3 (step 30), Money: ann 40, bob 80; Rate: ann 3, bob 4."
        in (data["description"])
    )
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert words.count("Turn") == 1 and "Money" in words and "Rate" in words
    assert words.count("ann") == 2 and words.count("bob") == 2  # at the end of each panel
    assert {"0", "1", "2", "3"} <= set(words)  # the turns on the axis
    assert "<script" not in svg and "style" not in svg and "href" not in svg


def test_lines_differ_by_more_than_colour():
    names = [f"p{n}" for n in range(6)]
    root = ET.fromstring(charts.drawn(a_chart(names)))
    drawn = looks(root)[: len(names)]
    assert len(drawn) == 6
    assert len({dash for _, dash, _ in drawn}) == 5  # every pattern in use (one is solid)
    assert len({shape for _, _, shape in drawn}) == 6  # and every marker


def test_every_colour_reads_against_the_paper():
    """WCAG 1.4.11 asks 3:1 of a line; the names are text in the same colour, so 4.5:1."""

    def luminance(colour):
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    for colour in [*charts.COLOURS, charts.INK, charts.MUTED]:
        contrast = (luminance(charts.PAPER) + 0.05) / (luminance(colour) + 0.05)
        assert contrast >= 4.5, colour


def test_names_at_the_lines_ends_do_not_overlap():
    """Lines that end at one value get their names moved apart, inside the plot's height."""
    data = a_chart(["ann", "bob", "cid", "dee"], turns=3)
    for line in data["series"]:
        line["values"]["money"][-1] = 50
    root = ET.fromstring(charts.drawn(data))
    names = [t for t in root.iter(f"{SVG}text") if t.text in ("ann", "bob", "cid", "dee")]
    heights = sorted(float(t.get("y")) for t in names[:4])
    assert all(b - a >= charts.LABEL_GAP - 0.1 for a, b in zip(heights, heights[1:], strict=False))


def test_a_name_is_drawn_as_written_and_a_long_one_is_cut():
    root = ET.fromstring(charts.drawn(a_chart(["<b>&co", "a" * 40])))
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert "<b>&co" in words and "a" * (charts.NAME_CHARACTERS - 1) + "…" in words


def test_a_turn_under_way_is_a_hollow_marker():
    root = ET.fromstring(charts.drawn(a_chart(ended=False)))
    group = next(g for g in root.iter(f"{SVG}g") if g.find(f"{SVG}polyline") is not None)
    fills = [shape.get("fill") for shape in group if shape.tag != f"{SVG}polyline"]
    assert fills[-1] == charts.PAPER and set(fills[:-1]) == {group[0].get("stroke")}


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [(0, 100, [0, 20, 40, 60, 80, 100]), (-7, 88, [-20, 0, 20, 40, 60, 80, 100]),
     (0, 0, [0, 1]), (0, 3, [0, 1, 2, 3]), (0, 1300, [0, 500, 1000, 1500])],
)  # fmt: skip
def test_the_value_axis_has_round_ticks(low, high, ticks):
    assert charts.nice_ticks(low, high) == ticks


def test_many_turns_are_ticked_every_few():
    assert charts.turn_ticks(list(range(1, 9))) == list(range(1, 9))
    assert charts.turn_ticks(list(range(0, 41))) == list(range(0, 41, 5))
    assert charts.turn_ticks([5]) == [5]
