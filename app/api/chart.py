"""A game's chart: each chain's or company's figures over the turns (replays/chart.py), as SVG
for people and as JSON for tools. The game page and the transcript draw the same chart
(pages/_chart.html, through the template global `chart_of`)."""

from flask import Response
from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, fields

from app.api import schemas
from app.api.body import Blueprint
from app.api.games import drawn_by, etag, not_modified, seq_at
from app.context import services
from replays import chart as charts

blp = Blueprint("chart", __name__, url_prefix="/api/games", description="Charts of the games")


class Measure(Schema):
    key = fields.String(metadata={"description": "the key of the measure in `values`"})
    label = fields.String(metadata={"description": "the measure as people read it"})


class Turn(Schema):
    turn = fields.Integer(metadata={"description": "the turn, as the game numbers them"})
    seq = fields.Integer(metadata={"description": "the step whose state is shown for it"})
    ended = fields.Boolean(
        metadata={"description": "the turn is over at `seq` (false: the step asked, mid-turn)"}
    )


class Line(Schema):
    name = fields.String(metadata={"description": "the player's chain or company, or the bank"})
    role = fields.String(metadata={"description": "chain, bank or company: the game's word"})
    values = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.Integer(allow_none=True)),
        metadata={"description": "measure key -> a value a turn, as `turns`; null: none"},
    )
    out_turn = fields.Integer(
        allow_none=True, metadata={"description": "the turn it went out of the game at, if so"}
    )


class ChartOut(Schema):
    game = fields.String()
    kind = fields.String()
    at = fields.Integer(metadata={"description": "the last step the chart reaches"})
    version = fields.Integer(metadata={"description": "the game's head"})
    title = fields.String()
    measures = fields.List(fields.Nested(Measure))
    turns = fields.List(fields.Nested(Turn))
    series = fields.List(fields.Nested(Line))
    description = fields.String(metadata={"description": "the chart in words (its alt text)"})


def asked(game_id: str, query: dict) -> tuple[int, str]:
    """The step the chart reaches, and the version of the chart there (its ETag): the step
    and the game's code, whose digest changes with what it folds and draws. 404 for a game
    without a chart, 400 for a step past the head."""
    meta = services().projector.meta(game_id)
    game = services().games.get(meta["kind"])
    if not hasattr(game, "chart"):
        abort(404, message=f"a game of {meta['kind']} has no chart")
    at = seq_at(query, meta)
    return at, f"{at}-{drawn_by(game)}"


@blp.route("/<game_id>/chart.svg")
class ChartPicture(MethodView):
    @blp.arguments(schemas.AtQuery, location="query", error_status_code=400)
    @blp.response(
        200,
        description="the chart as a picture, self-contained (no script, font or image) and "
        "sized by its viewBox; its <title> and <desc> say what it shows",
        content_type="image/svg+xml",
        example='<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 302" role="img" ...>'
        "<title>Cash over the turns, up to step 40</title><desc>...</desc>...</svg>",
    )
    @blp.alt_response(404, schema=schemas.Problem, description="no such game, or no chart")
    def get(self, query, game_id):
        """The chart up to step `at` (default: the head) as SVG: a panel a measure, the turns
        along the bottom, one line a chain or company with its name at its end."""
        at, version = asked(game_id, query)
        unchanged = not_modified(version)
        if unchanged:
            return unchanged
        picture = charts.drawn(charts.chart(services().projector, game_id, at))
        return Response(picture, mimetype="image/svg+xml", headers={"ETag": etag(version)})


@blp.route("/<game_id>/chart")
class Chart(MethodView):
    @blp.arguments(schemas.AtQuery, location="query", error_status_code=400)
    @blp.response(200, ChartOut)
    @blp.alt_response(404, schema=schemas.Problem, description="no such game, or no chart")
    def get(self, query, game_id):
        """The chart up to step `at` (default: the head) as data: the turns, each sampled at
        its end (the last at `at`), and each line's values by turn."""
        at, version = asked(game_id, query)
        unchanged = not_modified(version)
        if unchanged:
            return unchanged
        return charts.chart(services().projector, game_id, at), 200, {"ETag": etag(version)}


@blp.app_template_global()
def chart_of(game_id: str, at: int) -> dict | None:
    """The chart up to step `at` for a page, or None for a game without one."""
    try:
        return charts.chart(services().projector, game_id, at)
    except charts.NoChart:
        return None
