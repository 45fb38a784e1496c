"""A game's transcript: what happened, in Markdown, for a person without the API."""

from flask import Response
from flask.views import MethodView

from app.api import schemas
from app.api.body import Blueprint
from app.api.disputes import dispute_service
from app.context import services
from replays.transcript import transcript

blp = Blueprint("transcript", __name__, url_prefix="/api/games", description="Transcripts")


@blp.route("/<game_id>/transcript")
class Transcript(MethodView):
    @blp.response(200, description="the transcript (text/markdown; charset=utf-8)")
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, game_id):
        """Every event as a sentence, each automatic phase with its explanation, the disputes
        with their resolutions, and the verification with the head hashes, in Markdown."""
        text = transcript(services().recorder, dispute_service(), game_id)
        return Response(text, mimetype="text/markdown", content_type="text/markdown; charset=utf-8")
