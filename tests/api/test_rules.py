"""The rules reference and the problem types: every rule id the code can name is written in
docs/rules/, served at /api/rules, and linked from the refusal that names it; every problem
`type` the service answers with is a path on the service that describes it."""

import ast
import re
from pathlib import Path

from app.api.problem_types import TYPES
from app.api.problems import HTTP_TYPES
from app.api.rulebook import DIRECTORY, Rulebook, links
from app.run import web_worker
from tests.api.helpers import add, append, create_toy, retract

ROOT = Path(__file__).parents[2]
RULE_ID = re.compile(r"\b(?:BR|FCM)-[A-Z]+-\d+\b")

# The ids of the rules checklist the games were built from, section by section, as many as it
# numbers in each; and the log's own codes.
CHECKLIST = {
    "FCM-SETUP": 9, "FCM-TURN": 1, "FCM-RESTR": 5, "FCM-ORDER": 4, "FCM-WORK": 3,
    "FCM-RECRUIT": 3, "FCM-TRAIN": 4, "FCM-MKT": 7, "FCM-FOOD": 4, "FCM-HOUSE": 1,
    "FCM-REST": 3, "FCM-DINNER": 10, "FCM-PAY": 3, "FCM-CAMP": 5, "FCM-CLEAN": 3,
    "FCM-MILE": 2, "FCM-BANK": 4,
    "BR-SETUP": 3, "BR-DRAFT": 2, "BR-ORG": 1, "BR-VP": 3, "BR-DEAL": 1, "BR-TURN": 1,
    "BR-PLAY": 6, "BR-BADIDEA": 1, "BR-CONTRACT": 2, "BR-SALARY": 2, "BR-DRAW": 1, "BR-WIN": 1,
}  # fmt: skip
CHECKLIST_IDS = {f"{family}-{n}" for family, last in CHECKLIST.items() for n in range(1, last + 1)}
LOG_CODES = {
    "LOG-RETRACT", "LOG-RETRACT-AUTHOR", "LOG-FINISHED", "LOG-UNDO", "LOG-REDO", "LOG-FORK",
    "LOG-COMPARE",
}  # fmt: skip


def ids_named_in_games() -> set[str]:
    """Every rule id written anywhere in games/: refusals, explanations, awaiting, data."""
    files = [*(ROOT / "games").rglob("*.py"), *(ROOT / "games").rglob("*.json")]
    return {found for path in files for found in RULE_ID.findall(path.read_text("utf-8"))}


def log_codes() -> set[str]:
    """The codes of the log's own refusals: `Refused("<code>", ...)` below app/."""
    codes = set()
    for folder in ("projections", "events", "replays"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refused":
                    codes.add(node.args[0].value)
    return codes


def test_every_id_the_code_names_is_in_the_reference():
    reference = {entry.id for entry in Rulebook()}
    named = ids_named_in_games()
    assert named and named <= reference, sorted(named - reference)
    assert log_codes() == LOG_CODES <= reference


def rule_ids_in(folder: Path) -> set[str]:
    """Every string in a game package's code that is a whole rule id (`RPS-SEAL-1`): those
    its refusals name, directly or through a helper (`check_actor(..., "BR-TURN-1")`), and
    those `awaiting` and the explanations cite."""
    return {
        node.value
        for path in folder.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and re.fullmatch(r"[A-Z]+(?:-[A-Z]+)*-\d+", node.value)
    }


def unreferenced_rule_ids(app) -> dict[str, list[str]]:
    """For each game the app loads, the rule ids its code names that its reference (docs/rules/
    <kind>.md, or an extra game's own rules.md) lacks; a game without a reference lacks all."""
    games, rulebook = app.extensions["tablelog"].games, app.extensions["tablelog.rules"]
    missing = {}
    for kind in games.kinds():
        named = rule_ids_in(Path(games.get(kind).__file__).parent)
        assert named, f"{kind} names no rule id"
        reference = rulebook.kinds.get(kind)
        written = {entry.id for entry in reference.entries} if reference else set()
        if named - written:
            missing[kind] = sorted(named - written)
    return missing


def test_every_game_loaded_has_a_reference_with_every_rule_id_its_code_names(app):
    assert app.extensions["tablelog"].games.kinds() == ["burnrate", "fcm", "toy"]
    assert unreferenced_rule_ids(app) == {}


def test_the_reference_is_the_checklist_and_the_log_s_codes_nothing_else():
    reference = {entry.id for entry in Rulebook()}
    assert reference == CHECKLIST_IDS | LOG_CODES, sorted(reference ^ (CHECKLIST_IDS | LOG_CODES))
    assert ids_named_in_games() <= CHECKLIST_IDS


def test_each_entry_is_grouped_by_its_game_and_names_only_real_event_types(app):
    rulebook = Rulebook()
    assert sorted(rulebook.kinds) == ["burnrate", "fcm", "log"]
    prefixes = {"burnrate": "BR-", "fcm": "FCM-", "log": "LOG-"}
    registered = {t.name for t in app.extensions["tablelog"].event_types}
    for entry in rulebook:
        assert entry.id.startswith(prefixes[entry.kind]), entry.id
        assert entry.rule and entry.engine and entry.summary.endswith("."), entry.id
        assert set(entry.events) <= registered, (entry.id, set(entry.events) - registered)


def heading_anchors(path: Path) -> set[str]:
    """The anchors a Markdown viewer gives the headings of `path` (GitHub's way)."""
    anchors = set()
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("#"):
            text = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", text).replace(" ", "-"))
    return anchors


def test_every_link_in_the_reference_leads_somewhere():
    for name, target in links():
        path, _, anchor = target.partition("#")
        file = (DIRECTORY / (path or name)).resolve()
        assert file.is_file(), (name, target)
        assert not anchor or anchor in heading_anchors(file), (name, target)


def test_the_readme_and_each_game_s_doc_link_to_the_reference():
    readme = (ROOT / "README.md").read_text("utf-8")
    for kind in ("burnrate", "fcm", "log"):
        assert f"docs/rules/{kind}.md" in readme
    for kind in ("burnrate", "fcm"):
        assert f"(rules/{kind}.md)" in (ROOT / "docs" / f"{kind}.md").read_text("utf-8")


def test_no_document_points_outside_the_repository():
    """The docs stand alone: no path to the project's shared folder beside the repository."""
    pages = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "games").rglob("*.json")]
    for page in pages:
        assert not re.search(r"(\.\./|/work/)shared", page.read_text("utf-8")), page


def test_the_index_lists_every_rule_by_kind_with_a_link_that_answers(client):
    answer = client.get("/api/rules")
    assert answer.status_code == 200 and answer.content_type == "application/json"
    kinds = answer.json["kinds"]
    assert {name: len(kind["rules"]) for name, kind in kinds.items()} == {
        "burnrate": 24, "fcm": 71, "log": 7, "toy": 4,
    }  # fmt: skip
    first = kinds["burnrate"]["rules"][0]
    assert first == {
        "id": "BR-SETUP-1", "section": "Setup", "href": "/api/rules/BR-SETUP-1",
        "summary": "The labor pool is four department piles with their top card face up.",
    }  # fmt: skip
    assert kinds["fcm"]["doc"] == "docs/rules/fcm.md"
    for kind in kinds.values():
        for rule in kind["rules"]:
            assert client.get(rule["href"]).status_code == 200, rule["href"]


def test_one_rule_in_json(client):
    answer = client.get("/api/rules/BR-PLAY-4")
    assert answer.status_code == 200 and answer.headers["Vary"] == "Accept"
    rule = answer.json
    assert rule["id"] == "BR-PLAY-4" and rule["kind"] == "burnrate" and rule["section"] == "Turns"
    assert rule["rule"] == "A card showing 0 suits a department of its colour that nobody heads."
    assert "[BR-ORG-1](/api/rules/BR-ORG-1)" in rule["engine"]  # a link to another entry
    assert rule["doc"] == "docs/rules/burnrate.md#br-play-4"
    assert rule["href"] == "/api/rules/BR-PLAY-4"
    vp = client.get("/api/rules/br-vp-2").json  # any case
    assert vp["id"] == "BR-VP-2" and "burnrate.poach_played" in vp["events"]
    assert "(`docs/burnrate.md#what-the-sources-do-not-settle`)" in vp["engine"]


def test_one_rule_as_markdown_or_as_a_page(client):
    markdown = client.get("/api/rules/LOG-RETRACT", headers={"Accept": "text/markdown"})
    assert markdown.status_code == 200 and markdown.mimetype == "text/markdown"
    assert markdown.text.startswith("### LOG-RETRACT\n\n**Rule.** A retract withdraws")
    page = client.get("/api/rules/FCM-DINNER-4", headers={"Accept": "text/html"})
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert '<a href="/api/rules/FCM-DINNER-3">FCM-DINNER-3</a>' in page.text
    assert "<code>fcm.house_served</code>" in page.text
    index = client.get("/api/rules", headers={"Accept": "text/html,*/*;q=0.8"})
    assert index.mimetype == "text/html" and 'href="/api/rules/BR-WIN-1"' in index.text


def test_an_unknown_rule_is_a_404_naming_the_nearest(client):
    answer = client.get("/api/rules/FCM-DINNER-11")
    assert answer.status_code == 404 and answer.content_type == "application/problem+json"
    assert answer.json["type"] == "/problems/not-found"
    assert answer.json["near"][:2] == ["FCM-DINNER-1", "FCM-DINNER-10"]
    assert answer.json["detail"].startswith("no rule FCM-DINNER-11; did you mean FCM-DINNER-1,")


def created_burnrate(client) -> dict:
    employee = {"skill": 1, "salary": 1, "vp": False, "engineer": False}
    pool = {
        department: {**employee, "name": name, "department": department}
        for department, name in (("sales", "Martin Able"), ("development", "Brad Duke"),
                                 ("hr", "Tony Fuji"), ("finance", "Kim Lee"))
    }  # fmt: skip
    options = {"dealer": "joe", "labor_pool": pool}
    answer = client.post(
        "/api/games", json={"kind": "burnrate", "players": ["joe", "ruth"], "options": options}
    )
    assert answer.status_code == 201, answer.json
    return answer.json


def test_a_refusal_links_to_its_rule_and_its_type_describes_itself(client):
    game = created_burnrate(client)
    pick = {"player": "ruth", "department": "sales", "revealed": None}
    out_of_turn = {"type": "burnrate.employee_drafted", "actor": "player:ruth", "payload": pick}
    refused = append(client, game["id"], game["token"], out_of_turn)
    assert refused.status_code == 422
    assert refused.json["rule"] == "BR-DRAFT-1"
    assert refused.json["rule_href"] == "/api/rules/BR-DRAFT-1"
    assert refused.json["type"] == "/problems/rule-violation"
    rule = client.get(refused.json["rule_href"]).json
    assert rule["id"] == "BR-DRAFT-1" and "burnrate.employee_drafted" in rule["events"]
    described = client.get(refused.json["type"]).json
    assert described["status"] == 422 and "rule_href" in described["members"]


def test_a_food_chain_magnate_refusal_links_to_its_rule(client):
    answer = client.post("/api/games", json={"kind": "fcm", "players": ["ann", "bob"]})
    assert answer.status_code == 201, answer.json
    game = answer.json
    [first] = client.get(f"/api/games/{game['id']}/next").json["from"]
    other = ({"ann", "bob"} - {first.removeprefix("player:")}).pop()
    passed = {"type": "fcm.starting_restaurant_passed", "actor": f"player:{other}",
              "payload": {"player": other}}  # fmt: skip
    refused = append(client, game["id"], game["token"], passed)
    assert refused.status_code == 422, refused.json
    assert refused.json["rule"] == "FCM-SETUP-7"
    assert refused.json["rule_href"] == "/api/rules/FCM-SETUP-7"


def test_the_log_s_own_refusals_link_to_their_entry(client):
    game_id, token = create_toy(client)
    assert append(client, game_id, token, add("ann", 2)).status_code == 201
    assert append(client, game_id, token, add("ben", 3)).status_code == 201
    refused = append(client, game_id, token, retract(2))
    assert refused.status_code == 422 and refused.json["code"] == "LOG-RETRACT"
    assert refused.json["rule_href"] == "/api/rules/LOG-RETRACT"
    assert refused.json["type"] == "/problems/log-retract"
    assert client.get(refused.json["type"]).status_code == 200


def test_an_extra_game_s_own_reference_is_served_while_it_is_loaded(app, client):
    """The toy game is loaded by TABLELOG_EXTRA_GAMES, and brings its rules.md: its refusals
    link to its entries. A rule no reference has gets no link that would 404."""
    game_id, token = create_toy(client)
    refused = append(client, game_id, token, add("ben", 2))
    assert refused.status_code == 422 and refused.json["rule"] == "TOY-TURN-1"
    assert refused.json["rule_href"] == "/api/rules/TOY-TURN-1"
    entry = client.get("/api/rules/TOY-TURN-1").json
    assert entry["doc"] == "tests/toygame/rules.md#toy-turn-1"
    assert app.extensions["tablelog.rules"].href("TOY-TURN-9") is None
    assert "toy" not in Rulebook().kinds  # a service without the game does not serve them


def slugs_the_code_answers() -> set[str]:
    """Every problem type the app can answer with: the slugs passed to `problem` in app/, and
    the log's codes, which name their own."""
    slugs = set()
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "problem":
                given = node.args[3:4] + [k.value for k in node.keywords if k.arg == "slug"]
                slugs.update(arg.value for arg in given if isinstance(arg, ast.Constant))
    tables = {*HTTP_TYPES.values(), *web_worker.TYPES.values(), "malformed-request"}
    return slugs | tables | {code.lower() for code in log_codes()}


def test_every_problem_type_the_code_answers_is_described_on_the_service(client):
    slugs = slugs_the_code_answers()
    assert {"invalid", "rule-violation", "not-found", "damaged-log", "rate-limited"} <= slugs
    assert slugs <= set(TYPES), sorted(slugs - set(TYPES))
    listed = client.get("/problems").json["types"]
    assert [t["type"] for t in listed] == [f"/problems/{slug}" for slug in TYPES]
    for slug in TYPES:
        described = client.get(f"/problems/{slug}")
        assert described.status_code == 200 and described.json["type"] == f"/problems/{slug}"
        page = client.get(f"/problems/{slug}", headers={"Accept": "text/html"})
        assert page.mimetype == "text/html" and f"<code>/problems/{slug}</code>" in page.text
    unknown = client.get("/problems/no-such-thing")
    assert unknown.status_code == 404 and unknown.content_type == "application/problem+json"


def every_kind_of_refusal(client) -> dict[str, object]:
    """An answer of each refusal the app makes itself, not a domain error's: no token, a
    seat's token where the recorder's is needed, an unknown address, a method an address
    does not take, a body too large."""
    game = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]}).json
    seat = {"Authorization": f"Bearer {game['seats']['ann']}"}
    action = {"type": "toy.added", "actor": "player:ann", "payload": {"player": "ann", "amount": 1}}
    undo = f"/api/games/{game['id']}/undo"
    return {
        "no token": client.post(f"/api/games/{game['id']}/events", json=action),
        "a seat's token": client.post(undo, json={"to": 1}, headers=seat),
        "an unknown API address": client.get("/api/no-such-thing"),
        "an unknown address": client.get("/no-such-thing"),
        "a method not taken": client.delete("/api/health"),
        "a body too large": client.post("/api/games", data=b"[" * (2 * 1024 * 1024),
                                        content_type="application/json"),
    }  # fmt: skip


def test_every_refusal_names_a_problem_type_the_service_describes(client):
    """#20: a 401, 403, 404 of an unknown route and 405 answered `about:blank`."""
    for what, answer in every_kind_of_refusal(client).items():
        assert answer.content_type == "application/problem+json", what
        described = client.get(answer.json["type"])
        assert described.status_code == 200, (what, answer.json)
        assert described.json["status"] == answer.status_code, (what, answer.json)


def test_every_problem_the_code_makes_names_its_type():
    """`problem` is always given a slug: a constant, or one of a table of them."""
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "problem":
                named = len(node.args) >= 4 or any(k.arg == "slug" for k in node.keywords)
                assert named, f"{path}:{node.lineno}"


def test_a_problem_type_is_the_same_relative_path_whatever_the_host(client):
    """RFC 9457 lets `type` be a relative reference; a client resolves it against the URL it
    asked, and compares the same string wherever the service runs."""
    for host in ("127.0.0.1:8000", "tablelog.example"):
        answer = client.get("/api/games/nosuchgame", headers={"Host": host})
        assert answer.status_code == 404 and answer.json["type"] == "/problems/not-found"


def test_the_openapi_document_has_the_rules_and_the_problem_types(client):
    paths = client.get("/api/openapi.json").json["paths"]
    assert {"/api/rules", "/api/rules/{rule_id}", "/problems", "/problems/{slug}"} <= set(paths)
    one = paths["/api/rules/{rule_id}"]["get"]["responses"]
    assert {"application/json", "text/markdown", "text/html"} <= set(one["200"]["content"])
    assert "application/problem+json" in one["404"]["content"]
