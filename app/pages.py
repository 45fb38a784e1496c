"""The pages people read at the table: the games, newest first, and a form for a new game.

They are clients of the same services the JSON API uses. The list reads the catalog that
GET /api/games reads; a form does not create anything itself: its script posts the body it
builds to POST /api/games, so a game is created by one code path whatever asks, and a refusal
is the API's problem document, shown beside the field it names (app/static/js/errors.js).
Templates are under templates/pages/, one a page, all extending pages/base.html.
"""

import random
from datetime import datetime

from flask import Blueprint, Response, abort, render_template, request

from app.context import services
from events import keys
from games.errors import RuleViolation
from projections.catalog import Catalog, summary

blp = Blueprint("pages", __name__, template_folder="templates")

# Scripts, styles and pictures from this service only; fetch() to it only. Stricter than
# nothing-at-all (app/headers.py) because these pages run a script.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
NAMES = {"burnrate": "Burn Rate", "fcm": "Food Chain Magnate"}
NEWEST = 50  # games on the front page


@blp.after_request
def policy(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = POLICY
    return response


@blp.app_template_filter("kind_name")
def kind_name(kind: str) -> str:
    return NAMES.get(kind, kind)


@blp.app_template_filter("when")
def when(instant: str) -> str:
    """An event's time as people read it: `1 Dec 2026, 06:52 UTC`."""
    moment = datetime.fromisoformat(instant.replace("Z", "+00:00"))
    return f"{moment.day} {moment:%b %Y, %H:%M} UTC"


@blp.route("/")
def home():
    """The games, newest first, each with what it waits for."""
    games = newest(services().catalog, NEWEST)
    return render_template("pages/home.html", games=games, shown=NEWEST, forms=forms())


@blp.route("/games/new")
def new_game():
    """The form for a new game of `?kind=`, or the choice of kind."""
    kind = request.args.get("kind")
    if not kind:
        return render_template("pages/new.html", forms=forms())
    if kind not in forms():
        abort(404, f"There is no form for a new game of {kind}.")
    game = services().games.get(kind)
    shapes = map_shapes(game) if hasattr(game, "map_tiles") else None
    return render_template(f"pages/new_{kind}.html", kind=kind, map_shapes=shapes)


@blp.errorhandler(404)
def missing(error):
    return render_template("pages/missing.html", message=error.description), 404


def forms() -> list[str]:
    """The kinds loaded in this process that have a new-game form (pages/new_<kind>.html)."""
    templates = set(blp.jinja_loader.list_templates())
    return [kind for kind in services().games.kinds() if f"pages/new_{kind}.html" in templates]


def newest(catalog: Catalog, limit: int) -> list[dict]:
    """The summaries of the `limit` newest games. Ids are ULIDs in a sorted set ordered by
    id, so the newest are the index read backwards; a game never written, or whose meta is
    damaged, is left out, as Catalog.page leaves it out. (Catalog.page reads oldest first.)"""
    raw = catalog.redis.zrevrangebylex(keys.catalog_all(), "+", "-", 0, limit)
    ids = [game_id.decode() for game_id in raw]
    metas = catalog.metas(ids)
    return [summary(game_id, meta) for game_id, meta in zip(ids, metas, strict=True) if meta]


def map_shapes(game) -> dict[int, list[int]]:
    """Tile rows and columns of the map for each player count the game allows, as the game
    itself draws it: the page keeps no copy of the rule (FCM-SETUP-1)."""
    shapes = {}
    for count in range(1, 9):
        players = [f"player {n}" for n in range(count)]
        try:
            layout = game.draw(players, {}, random.Random(0))["layout"]
        except RuleViolation:
            continue
        shapes[count] = [layout["rows"], layout["cols"]]
    return shapes
