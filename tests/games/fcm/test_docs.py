"""docs/fcm.md: its example state, map picture and event examples are the code's own."""

import json
import re
from pathlib import Path

import pytest

import games.fcm as fcm
from games.fcm.map.board_picture import MAP_LEFT, MAP_TOP, SQUARE
from tests.games.fcm.table import created, turn_five

DOC = (Path(__file__).parents[3] / "docs" / "fcm.md").read_text("utf-8")


def block_after(marker: str) -> str:
    """The fenced code block that follows `marker` in the document."""
    match = re.search(re.escape(marker) + r"\s*```\w*\n(.*?)```", DOC, re.S)
    assert match, f"no code block after {marker}"
    return match.group(1)


def test_the_example_state_is_a_valid_declared_position():
    position = json.loads(block_after("<!-- example-state -->"))
    assert position == turn_five()
    assert created(position["players"], position=position) == position


def test_the_example_map_is_what_render_map_draws():
    assert block_after("<!-- example-map -->") == fcm.render_map(turn_five())


def test_the_map_pictures_coordinates_are_the_codes():
    """A page maps a touch to a square by the numbers the document gives."""
    corner = f"`({MAP_LEFT} + {SQUARE} * col, {MAP_TOP} + {SQUARE} * row)`"
    assert f"the {SQUARE}x{SQUARE} box whose top-left corner is {corner}" in " ".join(DOC.split())
    for name, value in (("square-size", SQUARE), ("map-left", MAP_LEFT), ("map-top", MAP_TOP)):
        assert f'`data-{name}="{value}"`' in DOC


def test_the_example_tile_is_what_the_text_picture_draws():
    assert block_after("<!-- example-tile -->") == fcm.tile_picture("G", 90, "txt")


@pytest.mark.parametrize("event_type", fcm.EVENT_TYPES, ids=lambda t: t.name)
def test_every_event_type_is_documented_with_a_whole_post_body(event_type):
    """The example is what a client posts to /api/games/<id>/events to record it; for a
    derived type, the payload the worker writes."""
    section = DOC.split(f"### `{event_type.name}`", 1)
    assert len(section) == 2, f"{event_type.name} is not documented"
    text, example = re.match(r"\s*(.*?)```json\n(.*?)```", section[1], re.S).groups()
    assert " ".join(text.split()) == event_type.description
    assert json.loads(example) == (event_type.example_body() or event_type.example)
