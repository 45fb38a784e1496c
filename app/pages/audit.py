"""The audit's pages: two games side by side (`/games/<a>/compare/<b>?at=N`), a game's log
checked (`/games/<id>/verify`), and the import of an exported log (`/games/import`). Their
routes are on the pages' blueprint (app/pages/views.py), and they are clients of the services
the API's own comparison, verification, export and import use (replays/compare.py,
replays/verify.py, replays/transfer.py; the import page's script posts to POST
/api/games/import, app/api/replay.py). The export is also a page's (`/games/<id>/export`), to
be downloaded under a name a person can tell apart.

A comparison is said in words: where the two logs part (events hash the same up to
`common`, so the steps before are one), each step of each game as its sentence
(replays/steps.py, `told`), and how the states differ after step `at` (by default the first
that differs) as the game says a step's changes, and place by place, the RFC 6902 patch
itself folded away. The game page's part
of the audit is pages/_audit.html; `forks_of` gives it this game's forks, as the API lists
them (projections/catalog.py, `forked_from`).
"""

import jsonpatch
from flask import Response, abort, redirect, render_template, request, url_for

from app.context import services
from app.pages.filters import kind_name
from app.pages.views import asked_step, blp
from projections.catalog import Filters
from projections.checks import InvalidEvent, Refused
from projections.state import NoSuchGame
from replays.compare import HEAD, compare
from replays.sentences import dotted, flat, short
from replays.steps import told
from replays.transfer import export_lines
from replays.verify import verify

FORKS_SHOWN = 50  # a game's forks listed under its audit, newest first
SAME_SHOWN = 3  # steps the two games share shown before the first difference; the rest fold
NOTHING = object()  # what a state holds at a place it does not have


@blp.route("/games/import")
def import_page():
    """The form that posts an exported log to POST /api/games/import (js/import.js)."""
    return render_template("pages/import.html")


@blp.route("/games/<game_id>/export")
def export_file(game_id):
    """GET /api/games/<id>/export as a file named for the person who keeps it: the service,
    the game's kind and its id (`tablelog-fcm-<id>.jsonl`)."""
    svc = services()
    kind = svc.projector.meta(game_id)["kind"]
    disposition = f'attachment; filename="tablelog-{kind}-{game_id}.jsonl"'
    log = b"".join(export_lines(svc.recorder, game_id))
    return Response(log, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": disposition})  # fmt: skip


@blp.route("/games/<game_id>/verify")
def verify_page(game_id):
    """The log's check in words: what verify found, where, and the head hash."""
    return render_template("pages/verify.html", **verified(game_id))


@blp.route("/games/<game_id>/verdict")
def verdict_part(game_id):
    """The check's words alone, which js/audit.js puts on the game page."""
    return render_template("pages/_verdict.html", **verified(game_id))


def verified(game_id: str) -> dict:
    svc = services()
    verdict = verify(svc.recorder, game_id)
    meta = svc.projector.meta(game_id)
    return {"game": {"id": game_id, "kind": meta["kind"]}, "verdict": verdict,
            "head_hash": meta["head_hash"]}  # fmt: skip


@blp.route("/games/<game_id>/compare")
def compare_pick(game_id):
    """The other game to compare with (`?with=<id>`, the form's), or the form to pick it."""
    other = request.args.get("with", "").strip()
    if other:
        at = request.args.get("at", "")
        return redirect(url_for("pages.compare_page", game_id=game_id, other_id=other,
                                **({"at": at} if at else {})))  # fmt: skip
    meta = services().projector.meta(game_id)
    game = {"id": game_id, "kind": meta["kind"], "forked_from": meta["forked_from"]}
    return render_template("pages/compare.html", game=game, names={game_id: named(meta)},
                           other=None, compared=None)  # fmt: skip


@blp.route("/games/<game_id>/compare/<other_id>")
def compare_page(game_id, other_id):
    """Two games side by side: where their logs part, each step in words, and how their
    states differ after step `?at=N` (`head`: each at its head; default the first step
    that differs)."""
    svc = services()
    meta = svc.projector.meta(game_id)
    game = {"id": game_id, "kind": meta["kind"], "forked_from": meta["forked_from"]}
    names = {game_id: named(meta)}
    at = asked_at()
    try:
        compared = compare(svc.projector, game_id, other_id, at)
    except NoSuchGame:
        return picked_wrong(game, names, other_id, f"There is no game {other_id}.", 404)
    except Refused as refusal:
        return picked_wrong(game, names, other_id, f"{refusal.message} ({refusal.code}).", 422)
    except InvalidEvent as invalid:
        abort(404, f"Step {at}: {invalid.errors['at'][0]}.")
    a, b = compared["a"], compared["b"]
    states = [svc.projector.state_at(side["game"], side["seq"], meta["kind"]) for side in (a, b)]
    other_meta = svc.projector.meta(other_id)
    return render_template(
        "pages/compare.html",
        game=game,
        other=other_id,
        names={**names, other_id: named(other_meta)},
        players=sorted({*meta["players"], *other_meta["players"]}),  # isolated where said
        compared=compared,
        rows=side_by_side(compared, steps(game_id, a["version"]), steps(other_id, b["version"])),
        differences=differences(compared["patch"], *states),
        said=game_says(meta["kind"], *states),
        same_shown=SAME_SHOWN,
    )


def named(meta: dict) -> str:
    """A game as the pages name it: the table's name, or its game's title."""
    return meta.get("name") or kind_name(meta["kind"])


def picked_wrong(game: dict, names: dict, other: str, message: str, status: int):
    """The compare page with its form only, the message beside the other game's field."""
    page = render_template("pages/compare.html", game=game, names=names, other=other,
                           compared=None, problem=message)  # fmt: skip
    return page, status


def asked_at() -> int | str | None:
    """`?at=`: a step, `head`, or nothing (the first step that differs)."""
    if request.args.get("at") == HEAD:
        return HEAD
    return asked_step()


def steps(game_id: str, version: int) -> dict[int, dict]:
    """A game's log as sentences, by seq."""
    log = told(services().projector, game_id, 1, version)
    return {entry["event"]["seq"]: entry for entry in log}


def side_by_side(compared: dict, a: dict[int, dict], b: dict[int, dict]) -> list[dict]:
    """One row a step: `same` (the one sentence both logs have, for steps 1..common) or `a`
    and `b` (each game's own, None where its log has ended)."""
    common = compared["common"]
    rows = []
    for seq in range(1, max(len(a), len(b)) + 1):
        if seq <= common:
            rows.append({"seq": seq, "same": a[seq], "b": b[seq]})
        else:
            rows.append({"seq": seq, "a": a.get(seq), "b": b.get(seq),
                         "first": seq == compared["first_difference"]})  # fmt: skip
    return rows


def game_says(kind: str, a_state, b_state) -> list[str]:
    """The difference from A's state to B's as the game says a step's changes (its
    `changes(before, after)`, in the words of its players), or nothing if it does not."""
    game = services().games.get(kind)
    return game.changes(a_state, b_state) if hasattr(game, "changes") else []


def differences(patch: list[dict], a_state, b_state) -> list[dict]:
    """Where A's and B's states differ, one entry a place the patch from A's to B's names:
    `path`, the place dotted (`chains.ann.cash`), and `a` and `b`, what each state holds
    there in a few words (None where it holds nothing). Each state is read as it is."""
    places = []
    for operation in patch:
        for pointer in (operation.get("from"), operation["path"]):
            if pointer is None:
                continue
            # a list of plain values is said whole: top_left 0, 14, not top_left.0 and .1
            parent = pointer.rsplit("/", 1)[0]
            lists = [jsonpatch.JsonPointer(parent).resolve(st, None) for st in (a_state, b_state)]
            if parent and all(flat(held) for held in lists):
                pointer = parent
            if pointer not in places:
                places.append(pointer)
    said = []
    for pointer in places:
        a, b = (held_at(state, pointer) for state in (a_state, b_state))
        said.append({"path": dotted(pointer), "a": a, "b": b})
    return said


def held_at(state, pointer: str) -> str | None:
    """What `state` holds at `pointer` in a few words; None where it holds nothing."""
    if pointer.endswith("/-"):  # a list's end: where an entry would go, not one
        return None
    value = jsonpatch.JsonPointer(pointer).resolve(state, NOTHING)
    return None if value is NOTHING else short(value)


@blp.app_template_global()
def forks_of(game_id: str, kind: str) -> list[dict]:
    """The newest FORKS_SHOWN forks of a game, as GET /api/games?forked_from=<id> lists them:
    `{id, seq, name}`, the fork's id, the step it was made at and its name."""
    filters = Filters(kind=kind, forked_from=game_id)
    forks, _ = services().catalog.find(filters, None, FORKS_SHOWN, newest=True)
    return [{"id": fork["id"], "seq": fork["forked_from"]["seq"], "name": fork["name"]}
            for fork in forks]  # fmt: skip
