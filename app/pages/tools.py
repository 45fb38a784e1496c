"""The pages for tools' authors: their webhooks and every attempt to send one
(`/tools/webhooks`). Its route is on the pages' blueprint (app/pages/views.py), and the page
is a client of the API like the others: it holds no rule and reads nothing from Redis. Its
script (js/webhooks.js) asks for the key for tools, keeps it in this tab's sessionStorage,
and sends it only as the Authorization header of GET /api/webhooks, GET .../attempts,
POST .../enable and POST .../attempts/<id>/again (app/api/webhooks.py)."""

from flask import render_template

from app.context import services
from app.pages.filters import kind_name
from app.pages.views import blp


@blp.route("/tools/webhooks")
def webhooks_page():
    """A key's webhooks, their attempts, and the buttons that send one again or enable one."""
    kinds = {kind: kind_name(kind) for kind in services().games.kinds()}
    return render_template("pages/webhooks.html", kinds=kinds)
