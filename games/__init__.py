"""The game registry: every game tablelog knows, by kind.

A game is a package (or module) that exposes exactly this surface and nothing else is
imported from it:

    KIND: str                                   # "burnrate", "fcm"
    EVENT_TYPES: list[events.registry.EventType]  # including "<KIND>.created"
    initial(creation_event) -> state            # creation_event is the envelope of seq 1
    evolve(state, event) -> state               # pure; raises games.errors.RuleViolation
    pending(state) -> str | None                # the automatic phase now due, if any
    resolve(state) -> list[{"type", "payload"}] # derived events of that phase
    finished(state) -> bool                     # the game is over
    awaiting(state) -> {"from": [actors], "types": [event types], "what": str, "rule": id}
                                                # what the game waits for and from whom:
                                                # player:<name>s that owe an action and what
                                                # they may record, system:<phase> while the
                                                # worker resolves, none once it is over

and, optionally:

    draw(players, options, rng) -> options      # setup facts the table left to the service
    render_map(state) -> str                    # the board as text, for GET .../map.txt
    render_svg(state) -> str                    # the board as a self-contained SVG, for
                                                # GET .../map.svg: a stable viewBox at every
                                                # seq of a game, and on top one transparent
                                                # <rect class="square" data-square="R,C">
                                                # per square, so a page maps a touch to a
                                                # square ([row, col] as the API names them)
    map_tiles() -> list[dict]                   # each map tile as a person sees it, in each
                                                # turn: {"tile", "rotations": [{"rotation",
                                                # ...}], ...}, for GET /api/<kind>/tiles
    tile_picture(tile, rotation, form) -> str   # one tile in one of those turns, form "svg"
                                                # or "txt", for GET /api/<kind>/tiles/<tile>.svg
    TITLE: str                                  # the game's name on the pages
    board(state) -> dict                        # what the game page's board shows after a
                                                # step: pages/board.html in the package
    new_game_page() -> dict                     # what the new-game form, pages/new.html (and
                                                # its pages/new.js), needs
    describe(event, state_before) -> str        # the event as a sentence a person reads,
                                                # naming the player who acted ("bob played
                                                # BAD IDEA ... on ann"); state_before names
                                                # what the payload's ids stand for. Without
                                                # it replays/sentences.py says what it can
    changes(before, after) -> list[str]         # what a step changed, in sentences a player
                                                # reads ("ann's cash: $10 → $20"), no id of
                                                # the state's; without it the page and the
                                                # replay steps list the patch dotted
    why(event, state_before) -> list[str]       # a derived event's explanation in sentences;
                                                # without it the explanation is written out
    where(state) -> str                         # where the game stands ("Turn 3, dinnertime"):
                                                # the log's headings, each replay step's where
    choices(state, actor, event_type) -> dict   # what a form may offer now: {field path:
                                                # {"rules", "offer", "left_out"}}, each value
                                                # judged by the game's own rules
                                                # (games/choices.py), for GET .../choices;
                                                # without it a form keeps its own fields
    chart                                       # what a chart of the game shows (a module,
                                                # chart.py): CHART {"title", "measures":
                                                # [{"key", "label"}]} and points(state) ->
                                                # {"turn", "series": [{"name", "role",
                                                # "values": {key: number}, "out"}]}; sampled
                                                # at each turn's end by replays/chart.py for
                                                # GET .../chart and .../chart.svg

A creation payload's `rules` and `name` are the machinery's (the rules version the game is
recorded under; the table's optional name for it): they are taken off before the game's
schema or `initial` sees the payload, and a game's creation schema may not have a field of
either name.

State is plain JSON data. `evolve`, `pending` and `resolve` never mutate their input.
Randomness happens only in `draw`, with the rng the service passes, once, before the creation
event is written.

What the machinery does for every game, so a game does not: once `finished(state)` it refuses
every append but a retract (LOG-FINISHED); it writes the worker's events as
`system:<pending()>` (so `evolve` must fold them, and `pending` be None once they are). What
games share: `games.actors.check_actor` (a payload's player against the actor) and
`games.sealed` (commit-reveal). docs/adding-a-game.md walks through a whole game.

Registration: BUILTIN_GAMES for the games tablelog ships (their references in docs/rules/);
TABLELOG_EXTRA_GAMES for any other importable game (a test's, or your own), which keeps its
reference as rules.md in its package.
"""

import importlib
import os
from types import ModuleType

from events.registry import EventTypeRegistry

BUILTIN_GAMES: list[str] = ["games.burnrate", "games.fcm"]

REQUIRED = (
    "KIND",
    "EVENT_TYPES",
    "initial",
    "evolve",
    "pending",
    "resolve",
    "finished",
    "awaiting",
)


# The creation payload's fields the machinery keeps for itself: the rules the game is recorded
# under and the table's name for it, when one was given (projections/rules.py). A game's
# schema and `initial` never see them.
RESERVED = ("rules", "name")


class UnknownGame(Exception):
    pass


class GameRegistry:
    """The games loaded in this process, and the event types they bring."""

    def __init__(self, module_names: list[str], event_types: EventTypeRegistry):
        self._games: dict[str, ModuleType] = {}
        for name in module_names:
            module = importlib.import_module(name)
            missing = [attr for attr in REQUIRED if not hasattr(module, attr)]
            if missing:
                raise TypeError(f"game module {name} lacks {', '.join(missing)}")
            created = [t for t in module.EVENT_TYPES if t.name == f"{module.KIND}.created"]
            if not created:
                raise TypeError(f"game module {name} has no {module.KIND}.created event type")
            fields = {f.data_key or n for n, f in created[0].schema().fields.items()}
            taken = sorted(fields.intersection(RESERVED))
            if taken:
                raise TypeError(f"{module.KIND}.created may not have a field {taken[0]!r}")
            for event_type in module.EVENT_TYPES:
                if not event_type.name.startswith(f"{module.KIND}."):
                    raise TypeError(f"{event_type.name} is not namespaced by {module.KIND}")
                event_types.register(event_type)
            self._games[module.KIND] = module

    def get(self, kind: str) -> ModuleType:
        try:
            return self._games[kind]
        except KeyError:
            raise UnknownGame(kind) from None

    def kinds(self) -> list[str]:
        return sorted(self._games)


def configured_modules() -> list[str]:
    """The built-in games plus any named in TABLELOG_EXTRA_GAMES (comma-separated modules)."""
    extra = [m.strip() for m in os.environ.get("TABLELOG_EXTRA_GAMES", "").split(",") if m.strip()]
    return BUILTIN_GAMES + extra
