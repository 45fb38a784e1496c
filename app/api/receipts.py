"""Receipts: the keys that sign them, and a kept receipt checked against a game's log."""

from flask.views import MethodView
from flask_smorest import abort

from app.api import schemas
from app.api.body import Blueprint
from app.context import services
from events import receipts
from replays.receipts import check_receipt

blp = Blueprint("receipts", __name__, url_prefix="/api", description="Signed receipts")


@blp.route("/keys")
class Keys(MethodView):
    @blp.response(200, schemas.KeyList)
    def get(self):
        """Every key that signs or signed receipts, current and retired, oldest first."""
        return {"format": receipts.FORMAT, "keys": services().receipts.listing()}


@blp.route("/games/<game_id>/receipts/check")
class Check(MethodView):
    @blp.arguments(schemas.Receipt, error_status_code=400)
    @blp.response(200, schemas.ReceiptCheck)
    @blp.alt_response(400, schema=schemas.Problem, description="not a receipt, by field")
    @blp.alt_response(404, schema=schemas.Problem)
    def post(self, receipt, game_id):
        """Whether a kept receipt holds: signed by a published key, and the log holds the event
        it names at its seq, chained to the head it names."""
        svc = services()
        meta = svc.projector.meta(game_id)
        try:
            verdict = check_receipt(
                svc.store, svc.receipts.public_keys(), game_id, meta["version"], receipt
            )
        except receipts.MalformedReceipt as error:
            abort(400, errors=error.errors)
        return {"valid": verdict.valid, "problem": verdict.problem, "reason": verdict.reason}
