"""Map tiles as the table sees them: what is on each tile in each turn, and its picture, so a
table finds the tiles it laid by looking. The game draws them (its optional `map_tiles` and
`tile_picture`); these views only find the tile and turn asked for, and add links."""

from flask import Response, url_for
from flask.views import MethodView
from flask_smorest import abort

from app.api import schemas
from app.api.body import Blueprint
from app.api.games import drawn_by, etag, not_modified
from app.context import services

blp = Blueprint(
    "tiles", __name__, url_prefix="/api", description="Map tiles, in words and pictures"
)

MEDIA_TYPES = {"svg": "image/svg+xml", "txt": "text/plain"}
CACHE = "public, no-cache"  # kept, and asked again by ETag: they change with the game's code


def tiled_game(kind: str):
    """The game of `kind` if it has map tiles; 404 otherwise."""
    if kind not in services().games.kinds():
        abort(404, message=f"no game kind {kind}")
    game = services().games.get(kind)
    if not hasattr(game, "map_tiles"):
        abort(404, message=f"a game of {kind} has no map tiles")
    return game


def pictures(kind: str, tile: str, rotation: int) -> dict:
    return {
        form: url_for(f"tiles.{view}", kind=kind, tile=tile, rotation=rotation)
        for form, view in (("svg", "TileSvg"), ("txt", "TileText"))
    }


def picture(kind: str, tile: str, rotation: int, form: str) -> Response:
    """One tile in one turn drawn as `form`: 404 for a tile the game does not have, 400 for
    a turn it cannot take."""
    game = tiled_game(kind)
    found = {entry["tile"]: entry for entry in game.map_tiles()}
    if tile not in found:
        abort(404, message=f"a game of {kind} has no tile {tile}; GET /api/{kind}/tiles lists them")
    turns = [turn["rotation"] for turn in found[tile]["rotations"]]
    if rotation not in turns:
        abort(400, errors={"rotation": [f"must be one of {', '.join(map(str, turns))}"]})
    headers = {"Cache-Control": CACHE, "ETag": etag(drawn_by(game))}
    unchanged = not_modified(drawn_by(game))
    if unchanged:
        unchanged.headers.update(headers)
        return unchanged
    drawn = game.tile_picture(tile, rotation, form)
    return Response(drawn, mimetype=MEDIA_TYPES[form], headers=headers)


@blp.route("/<kind>/tiles")
class Tiles(MethodView):
    @blp.response(200, schemas.TileList)
    @blp.alt_response(404, schema=schemas.Problem, description="no such game, or no map tiles")
    def get(self, kind):
        """Every map tile, and for each turn what a person sees on it and links to its
        pictures."""
        tiles = [
            {
                **entry,
                "rotations": [
                    {**turn, "pictures": pictures(kind, entry["tile"], turn["rotation"])}
                    for turn in entry["rotations"]
                ],
            }
            for entry in tiled_game(kind).map_tiles()
        ]
        return {"kind": kind, "tiles": tiles}, 200, {"Cache-Control": CACHE}


@blp.route("/<kind>/tiles/<tile>.svg")
class TileSvg(MethodView):
    @blp.arguments(schemas.TileQuery, location="query", error_status_code=400)
    @blp.response(
        200,
        description="the tile as a picture, self-contained (no script, font or image)",
        content_type=MEDIA_TYPES["svg"],
        example='<svg xmlns="http://www.w3.org/2000/svg" ...><title>Tile E, ...</title>...</svg>',
    )
    @blp.alt_response(400, schema=schemas.Problem, description="no such rotation")
    @blp.alt_response(404, schema=schemas.Problem, description="no such game or tile")
    def get(self, query, kind, tile):
        """One tile turned `rotation` degrees clockwise, as SVG: the top of the picture is
        the top of the map."""
        return picture(kind, tile, query["rotation"], "svg")


@blp.route("/<kind>/tiles/<tile>.txt")
class TileText(MethodView):
    @blp.arguments(schemas.TileQuery, location="query", error_status_code=400)
    @blp.response(
        200,
        description="the tile in text, with a caption, the top marked and a key",
        content_type=MEDIA_TYPES["txt"],
        example="Tile E, rotation 90° clockwise\n...",
    )
    @blp.alt_response(400, schema=schemas.Problem, description="no such rotation")
    @blp.alt_response(404, schema=schemas.Problem, description="no such game or tile")
    def get(self, query, kind, tile):
        """One tile turned `rotation` degrees clockwise, drawn in text as the map picture
        draws it."""
        return picture(kind, tile, query["rotation"], "txt")
