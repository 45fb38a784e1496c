"""The pages people read at the table: the games, newest first, a form for a new game, and
one game at any step (`/games/<id>?at=N`).

They are clients of the same services the JSON API uses. The list reads the catalog that
GET /api/games reads; a form does not create anything itself: its script posts the body it
builds to POST /api/games, so a game is created by one code path whatever asks, and a refusal
is the API's problem document, shown beside the field it names (app/pages/static/js/errors.js).
The game page shows what GET /api/games/<id>/replay/<N> answers, in a form people read: the
board after step N, the event in words and what it changed, what the game then waits for,
and the whole log as sentences (replays/steps.py, the API's own). It is whole without script;
js/game.js then steps through it with the part that changes with the step
(`/games/<id>/step?at=N`) and follows the game live, adding the log's new entries
(`/games/<id>/log?after=N`). A game's board and new-game form are the game's own (GAME_PAGES
below): app/ knows no game.

Templates are under templates/pages/, one a page, all extending pages/base.html; a name that
starts with `_` is a part of a page.
"""

import io
from pathlib import Path
from urllib.parse import urlencode

import segno
from flask import Blueprint, Flask, Response, abort, render_template, request, send_from_directory
from flask.templating import Environment
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader
from marshmallow import ValidationError

from app.api.auth import require_write_token, write_token
from app.api.disputes import dispute_service
from app.api.schemas import GameListQuery
from app.api.stream import last_entry
from app.context import services
from events.seats import TABLE
from events.store import CorruptEvent
from games import UnknownGame
from projections import failures
from projections.catalog import STATUSES, Catalog, Filters, summary
from projections.rewind import corrections
from projections.state import NoSuchGame
from replays.checked import checked
from replays.corrections import gathered, redone
from replays.disputes.threads import anchored
from replays.steps import told, viewed
from replays.verify import HOLDING

blp = Blueprint("pages", __name__, template_folder="templates")

# Scripts, styles and pictures from this service only; fetch() to it only; its service worker
# and manifest (app/pages/offline.py). Stricter than
# nothing-at-all (app/api/headers.py) because these pages run a script.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; "
    "worker-src 'self'; manifest-src 'self'"
)
# A game's own parts of the pages, in the folder `pages/` of its package: board.html (its
# board after a step, from the game's `board(state)`), new.html (its new-game form, with what
# the game's `new_game_page()` gives) and the scripts and pictures they load.
GAME_PAGES = "pages"
GAME_FILES = (".js", ".css", ".svg")  # what of that folder is served as it is
NEWEST = 50  # games on the front page
LISTED = ("q", "kind", "status", "player")  # its search and filters, as GET /api/games's
CHANGES_SHOWN = 12  # changes of a step listed before the rest fold away
LOG_TAIL = 20  # the log's latest entries a game page lists; a gap stands for the rest
LOG_AROUND = 10  # and the entries either side of an earlier step shown
TRANSCRIPT_PAGE = 25  # the log's entries a page of the transcript tells


@blp.after_request
def policy(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = POLICY
    return response


class PagesEnvironment(Environment):
    """Jinja's, reading `a.b` of a dict as `a["b"]` first. What the pages show is plain data,
    dicts, and Jinja tries an attribute first: for a dict that is an AttributeError raised and
    caught at every `a.b`, which was most of what a transcript's page took to render. A key
    that is missing is looked up as Jinja always does; a key named as a dict's method
    (`items`, `values`) is read as the key, so a template calls those on data that has no
    such key, or reads the key with `a["b"]`. The app is made with it (app/__init__.py)."""

    def getattr(self, obj, attribute):
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def register(app: Flask, games) -> None:
    """The pages, and each loaded game's own parts of them (GAME_PAGES): its templates
    named `<kind>/<file>` beside the app's."""
    folders = {kind: folder for kind in games.kinds() if (folder := pages_of(games.get(kind)))}
    app.jinja_loader = ChoiceLoader([
        app.jinja_loader, PrefixLoader({kind: FileSystemLoader(f) for kind, f in folders.items()})
    ])  # fmt: skip
    app.register_blueprint(blp)


def pages_of(game) -> Path | None:
    """The folder of a game's own parts of the pages, if it has one."""
    source = Path(game.__file__)
    folder = source.parent / GAME_PAGES
    return folder if source.name == "__init__.py" and folder.is_dir() else None


@blp.route("/static/games/<kind>/<path:filename>")
def game_file(kind, filename):
    """A script or picture of a game's own pages (GAME_PAGES)."""
    try:
        folder = pages_of(services().games.get(kind))
    except UnknownGame:
        folder = None
    if folder is None or Path(filename).suffix not in GAME_FILES:
        abort(404, f"There is no file {filename} of {kind}'s pages.")
    return send_from_directory(folder, filename)


@blp.route("/")
def home():
    """The games, newest first, each with what it waits for, NEWEST at a time: searched and
    filtered by kind, status and player as GET /api/games is (a GET form: the query is in the
    address, so a list found can be linked), with a link to the older ones."""
    asked = {name: request.args.get(name, "").strip() for name in LISTED}
    asked = {name: value for name, value in asked.items() if value}
    after = request.args.get("after") or None
    try:
        GameListQuery().load({**asked, **({"after": after} if after else {})})
    except ValidationError as error:
        abort(404, " ".join(f"?{name}= {' '.join(said)}" for name, said in error.messages.items()))
    games, more = newest(services().catalog, asked, after, NEWEST)
    return render_template(
        "pages/home.html", games=games, shown=NEWEST, forms=forms(), asked=asked,
        kinds=services().games.kinds(), statuses=STATUSES,
        players=sorted({player for game in games for player in game["players"]}, key=str.casefold),
        more=more, after=after,
    )  # fmt: skip


@blp.route("/games/new")
def new_game():
    """The form for a new game of `?kind=`, or the choice of kind."""
    kind = request.args.get("kind")
    if not kind:
        return render_template("pages/new.html", forms=forms())
    if kind not in forms():
        abort(404, f"There is no form for a new game of {kind}.")
    game = services().games.get(kind)
    shown = game.new_game_page() if hasattr(game, "new_game_page") else {}
    return render_template(f"{kind}/new.html", kind=kind, **shown)


@blp.route("/games/<game_id>")
def game(game_id):
    """One game at step `?at=N` (the head by default): the board, what the step changed,
    what the game waits for, and the log's latest entries. The record panel goes in its own
    section."""
    # the disputes' last entry before the log is read: the page's stream starts after it, so
    # an entry written meanwhile comes again rather than never
    dispute_entry = last_entry(services(), game_id)
    view = at_step(game_id, asked_step())
    log = log_window(game_id, view["at"], view["version"])
    return render_template("pages/game.html", **view, log=log, dispute_entry=dispute_entry)


def log_window(game_id: str, at: int, version: int) -> list[dict]:
    """The log as the game page lists it: its LOG_TAIL latest entries, and before them, when
    the step shown is earlier, the entries around it (LOG_AROUND either side), so the page
    costs the same at step 1,000 as at step 10. Each stretch left out is a gap, `{"gap":
    [first, last]}`, which js/game.js fills a stretch at a time, and which links to the
    transcript's page of it."""
    tail = max(1, version - LOG_TAIL + 1)
    stretches = [(tail, version)]
    if at < tail:
        first, last = max(1, at - LOG_AROUND), at + LOG_AROUND
        stretches = [(first, version)] if last + 1 >= tail else [(first, last), (tail, version)]
    projector, disputes = services().projector, dispute_service().anchored(game_id)
    log, listed, redos = [], 0, redone(projector, game_id)
    for first, last in stretches:
        if first > listed + 1:
            log.append({"gap": [listed + 1, first - 1]})
        log += gathered(told(projector, game_id, first, last, disputes), redos)
        listed = last
    return log


@blp.route("/games/<game_id>/join-code.svg", methods=["POST"])
def join_code(game_id):
    """A seat's join link as a QR code, for the seat's device to scan: the seat is the one
    the request's token opens (401 without one, 403 for none), and the link carries the
    token in its fragment (js/seats.js, `joinLink`). A POST, so the token never rides in an
    address a log keeps."""
    seat = require_write_token(services().projector.meta(game_id))
    token = write_token()
    named = "the table's recorder" if seat == TABLE else seat
    link = f"{request.host_url}games/{game_id}#{urlencode({'seat': seat, 'token': token})}"
    picture = io.BytesIO()
    segno.make(link, error="m").save(
        picture, kind="svg", xmldecl=False, scale=5, border=4, title=f"The join link of {named}"
    )
    return Response(picture.getvalue(), mimetype="image/svg+xml",
                    headers={"Cache-Control": "no-store"})  # fmt: skip


@blp.route("/games/<game_id>/transcript")
def transcript(game_id):
    """The transcript as a page: what the log's check found, with the head hashes; the
    events as sentences, TRANSCRIPT_PAGE at a time from step `?from=N` (1 by default), up to
    the last that holds; the disputes with their threads. The check is the last whole one
    of this head, kept (replays/checked.py), so a page costs the same at step 1,000 as at
    step 10; an event found changed since is checked whole again."""
    svc = services()
    meta = svc.projector.meta(game_id)
    chain, threads = dispute_service().checked(game_id)
    verdict, checked_at = checked(svc.recorder, game_id)
    try:
        page = transcript_page(game_id, meta, verdict, threads)
    except CorruptEvent:
        verdict, checked_at = checked(svc.recorder, game_id, again=True)
        page = transcript_page(game_id, meta, verdict, threads)
    game = {**summary(game_id, meta), "head_hash": meta["head_hash"]}
    return render_template("pages/transcript.html", game=game, verdict=verdict, chain=chain,
                           threads=threads, checked_at=checked_at, at=None,
                           **page)  # fmt: skip


def transcript_page(game_id: str, meta: dict, verdict, threads: dict) -> dict:
    """The transcript's page from step `?from=`: its entries (`log`), the steps that hold
    (`holds`), its first and last, and where its neighbours start (None past either end)."""
    holds = meta["version"] if verdict.ok or verdict.problem in HOLDING else verdict.checked
    first = request.args.get("from", "1")
    if not first.isdigit() or not 1 <= int(first) <= max(1, holds):
        abort(404, f"?from= names a step of the transcript: 1 to {holds}.")
    first = int(first)
    last = min(holds, first + TRANSCRIPT_PAGE - 1)
    # the disputes as far as their chain holds, as the Markdown transcript tells them
    log = told(services().projector, game_id, first, last, anchored(threads)) if holds else []
    log = gathered(log, redone(services().projector, game_id))
    return {
        "log": log, "holds": holds, "first": first, "last": last, "chart_at": holds,
        "previous": max(1, first - TRANSCRIPT_PAGE) if first > 1 else None,
        "following": last + 1 if last < holds else None,
        "final": max(1, holds - TRANSCRIPT_PAGE + 1) if last < holds else None,
    }  # fmt: skip


@blp.route("/games/<game_id>/step")
def game_step(game_id):
    """The part of the game page that changes with the step, which js/game.js swaps in."""
    return render_template("pages/_step.html", **at_step(game_id, asked_step()))


@blp.route("/games/<game_id>/log")
def game_log(game_id):
    """The log's entries after seq `?after=N`, up to `?upto=M` (the head by default), as the
    game page lists them: what came since, live, or a stretch of a gap."""
    after, upto = request.args.get("after", "0"), request.args.get("upto")
    if not after.isdigit() or not (upto is None or upto.isdigit()):
        abort(404, "?after= and ?upto= name seqs: whole numbers.")
    meta = services().projector.meta(game_id)
    version = meta["version"]
    last = version if upto is None else min(int(upto), version)
    projector = services().projector
    log = gathered(told(projector, game_id, int(after) + 1, last), redone(projector, game_id))
    game = {"id": game_id, "players": meta["players"]}
    return render_template("pages/_log.html", log=log, game=game, at=None)


@blp.errorhandler(404)
def missing(error):
    return render_template("pages/missing.html", message=error.description), 404


@blp.errorhandler(NoSuchGame)
def no_such_game(error):
    return render_template("pages/missing.html", message=f"There is no game {error}."), 404


def asked_step() -> int | None:
    """The step `?at=` asks for, None for the head."""
    at = request.args.get("at")
    if at is None or at == "":
        return None
    if not at.isdigit():
        abort(404, "?at= names a step: a whole number from 1.")
    return int(at)


def at_step(game_id: str, at: int | None) -> dict:
    """What the game page shows at step `at`: the replay step (the event, its sentence, the
    state after it, its patch, explanation, awaiting and disputes) in words and pictures, and
    at the head the phase the worker gave up on, if it did (then a correction is awaited)."""
    svc = services()
    meta = svc.projector.meta(game_id)
    version, kind = meta["version"], meta["kind"]
    at = version if at is None else at
    if not 1 <= at <= version:
        abort(404, f"Game {game_id} has steps 1 to {version}.")
    step, changes = viewed(svc.projector, game_id, at)
    game, state = svc.games.get(kind), step["state"]
    awaiting, failed = failures.at(meta, at, step["awaiting"])
    data = {"game": game_id, "kind": kind, "version": version, "at": at,
            "atHead": at == version, "state": state, "awaiting": awaiting}  # fmt: skip
    return {
        "game": summary(game_id, meta),
        "at": at,
        "version": version,
        "at_head": at == version,
        "step": step,
        "awaiting": awaiting,
        "failed": failed,
        "changes": changes,
        "changes_shown": CHANGES_SHOWN,
        "board": game.board(state) if hasattr(game, "board") else None,
        "board_template": f"{kind}/board.html",
        "data": data,
        "corrections": offered_corrections(svc, game_id, version, at),
        "threads": [t for t in dispute_service().threads(game_id).values() if t["seq"] == at],
    }


def offered_corrections(svc, game_id: str, version: int, at: int) -> dict:
    """What the step's corrections panel offers (pages/_correct.html): the retract legal now
    and whose action it withdraws, the actions an undo to `at` withdraws, what a redo
    re-applies. The panel's script shows each only to a seat that may send it."""
    offered = corrections(svc.recorder, game_id, version, at)
    target = offered.retractable
    actor = svc.store.read_one(game_id, target)["actor"] if target else None
    return {"retractable": target, "retractable_actor": actor,
            "undo": offered.undo, "redo": offered.redo}  # fmt: skip


def forms() -> list[str]:
    """The kinds loaded in this process that have a new-game form (GAME_PAGES/new.html)."""
    games = services().games
    folders = {kind: pages_of(games.get(kind)) for kind in games.kinds()}
    return [kind for kind, folder in folders.items() if folder and (folder / "new.html").is_file()]


def newest(catalog: Catalog, asked: dict, after: str | None, limit: int):
    """The summaries of the `limit` newest games past the id `after` that the filters
    `asked` admit (`q`, `kind`, `status`, `player`, as GET /api/games names them), and
    whether more follow: Catalog.find, newest first."""
    filters = Filters(asked.get("kind"), asked.get("status"), asked.get("player"), asked.get("q"))
    return catalog.find(filters, after, limit, newest=True)
