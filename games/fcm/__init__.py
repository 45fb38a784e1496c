"""Food Chain Magnate: the board, its geometry, and setup.

The game surface (see games/__init__.py) plus what the HTTP layer calls:

- render_map(state) -> str: the Unicode picture GET /api/games/{id}/map.txt answers;
- render_svg(state) -> str: the board as SVG for GET /api/games/{id}/map.svg, every square
  a clickable box (board_picture.py gives the coordinates);
- map_tiles() and tile_picture(tile, rotation, form): the 20 map tiles in their four turns,
  what a person sees on each and its picture (SVG or text), so a table can find the tiles it
  laid by looking (GET /api/fcm/tiles);
- draw_layout(rng, players) and draw_turn_order(rng, players): a random map and turn order
  for a table that lets the service draw, to put in the creation payload's options;
- check_layout(layout, players): refuse a layout before creating the game;
- reserve_commitment(money, nonce): how a client seals its reserve card (docs/fcm.md);
- describe(event, state_before): each event as a sentence (sentences.py).
"""

from games.fcm.awaiting import awaiting
from games.fcm.board_picture import render_svg
from games.fcm.creation import initial
from games.fcm.event_types import EVENT_TYPES
from games.fcm.layout import check_layout, draw_layout, draw_turn_order
from games.fcm.render import render_map
from games.fcm.reserve import reserve_commitment
from games.fcm.rules import evolve, finished, pending, resolve
from games.fcm.sentences import describe
from games.fcm.tile_pictures import map_tiles, tile_picture

KIND = "fcm"


def draw(players: list[str], options: dict, rng) -> dict:
    """The setup facts the table left to the service, drawn once with `rng` before the
    creation event is written, and kept in it: the map (FCM-SETUP-1) and the turn order
    (FCM-SETUP-6). A declared position brings its own."""
    if "position" in options:
        return options
    drawn = dict(options)
    if "layout" not in drawn:
        drawn["layout"] = draw_layout(rng, len(players))
    if "turn_order" not in drawn:
        drawn["turn_order"] = draw_turn_order(rng, players)
    return drawn


__all__ = [
    "EVENT_TYPES",
    "KIND",
    "awaiting",
    "check_layout",
    "describe",
    "draw",
    "draw_layout",
    "draw_turn_order",
    "evolve",
    "finished",
    "initial",
    "map_tiles",
    "pending",
    "render_map",
    "render_svg",
    "reserve_commitment",
    "resolve",
    "tile_picture",
]
