"""Food Chain Magnate: what this package exposes, and who uses each name.

The game surface (games/__init__.py), which the machinery calls and nothing else of it:

- KIND, EVENT_TYPES: the registry (games/__init__.py) and, through it, the event-type
  registry, the API's validation and its OpenAPI document;
- initial, evolve: every fold (projections/, replays/), at each append, read and import;
- pending, resolve: the recorder (what is due after an append), the worker
  (workers/jobs.py) and verify's recompute (replays/recompute.py);
- finished, awaiting: the recorder (the catalog's status, LOG-FINISHED, the summary's
  `awaiting`), GET .../next and every replay step.

The optional surface, each called only where the game has it:

- draw(players, options, rng): the recorder at creation (the map and the turn order a table
  left to the service), and the new-game page's preview (app/pages/views.py);
- render_map(state): GET /api/games/{id}/map.txt (app/api/games.py);
- render_svg(state): GET /api/games/{id}/map.svg, every square a clickable box
  (board_picture.py gives the coordinates) for a page to map a touch to a square;
- map_tiles(), tile_picture(tile, rotation, form): GET /api/fcm/tiles and each tile's .svg and
  .txt (app/api/tiles.py), and the new-game page's tile picker: the 20 tiles in their four turns
  as a person sees them;
- describe(event, state_before): each event as a sentence (replays/sentences.py: the
  transcript and the replay steps);
- changes(before, after), where(state), why(event, state_before): a step's changes, where
  the game stands and a derived event's explanation, in sentences (said.py, reasons.py;
  replays/sentences.py: the game page, the replay steps and the transcript);
- TITLE, board(state), new_game_page(): the game page's board after a step and the new-game
  form (page.py, with their templates and scripts in pages/; app/pages/views.py);
- chart (the module chart.py: CHART and points(state)): what the chart of the game shows,
  each chain's cash and the bank's by turn (replays/chart.py: GET /api/games/{id}/chart and
  chart.svg, and the game page's chart);
- choices(state, actor, event_type): what a form may offer now, each value judged by these
  rules (choices.py), for GET /api/games/{id}/choices (app/api/choices.py).

For clients and tests, never imported by the service:

- reserve_commitment(money, nonce): how a client seals its reserve card (docs/fcm.md;
  games.sealed.seal of the card's value);
- draw_layout(rng, player_count), draw_turn_order(rng, players): the two halves of `draw`;
- check_layout(layout, player_count): the map's checks, which `initial` runs on every
  creation.

Everything else in the package is its own business: import it only from its tests.
"""

from games.fcm import chart
from games.fcm.awaiting import awaiting
from games.fcm.choices import choices
from games.fcm.event_types import EVENT_TYPES
from games.fcm.map.board_picture import render_svg
from games.fcm.map.layout import check_layout, draw_layout, draw_turn_order
from games.fcm.map.render import render_map
from games.fcm.map.tile_pictures import map_tiles, tile_picture
from games.fcm.page import board, new_game_page
from games.fcm.reasons import why
from games.fcm.rules import evolve, finished, pending, resolve
from games.fcm.said import changes, where
from games.fcm.sentences import describe
from games.fcm.start.creation import initial
from games.fcm.turn.reserve import reserve_commitment

KIND = "fcm"
TITLE = "Food Chain Magnate"


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
    "TITLE",
    "board",
    "new_game_page",
    "awaiting",
    "chart",
    "changes",
    "check_layout",
    "choices",
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
    "where",
    "why",
]
