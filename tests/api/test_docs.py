"""The OpenAPI document and the docs page: every event type, with its example; the write token
declared where a write needs it; Swagger UI served from this service alone, so it works
offline."""

import ast
import inspect
import re
import sys
import textwrap
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from app.api.problem_types import TYPES
from events.registry import EventTypeRegistry
from events.retract import RETRACT_TYPE
from games import GameRegistry, configured_modules
from tests.api.helpers import append

ROOT = Path(__file__).parents[2]


def registered_types():
    types = EventTypeRegistry()
    types.register(RETRACT_TYPE)
    GameRegistry(configured_modules(), types)
    return list(types)


def test_every_event_type_is_in_the_openapi_document_with_a_loadable_example(client):
    spec = client.get("/api/openapi.json").json
    schemas = spec["components"]["schemas"]
    for event_type in registered_types():
        component = schemas[event_type.name]
        assert component["description"] == event_type.description
        assert event_type.schema().load(component["example"]) is not None, event_type.name
    assert any(name.startswith("burnrate.") for name in schemas)


def test_every_example_of_the_append_is_one_it_accepts(client, app):
    """Each example body, posted in order to the game its examples follow, is recorded or
    refused by a rule of the game (422), never as a body the append does not take (400)."""
    spec = client.get("/api/openapi.json").json
    post = spec["paths"]["/api/games/{game_id}/events"]["post"]
    examples = post["requestBody"]["content"]["application/json"]["examples"]
    event_types = {t.name: t for t in app.extensions["tablelog"].event_types}
    games = {}
    for name, example in examples.items():
        kind = name.split(".")[0] if "." in name else "burnrate"
        if kind not in games:
            created = client.post("/api/games", json=event_types[f"{kind}.created"].example_body())
            games[kind] = (created.json["id"], created.json["token"])
        game_id, token = games[kind]
        answer = append(client, game_id, token, example["value"])
        assert answer.status_code in (201, 422), (name, answer.json)


def test_every_operation_has_a_summary_and_documents_its_errors(client):
    spec = client.get("/api/openapi.json").json
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            assert operation.get("summary"), (method, path)
            if method == "post" and path.endswith("/events"):
                assert {"400", "401", "403", "409", "412", "422"} <= set(operation["responses"])


def test_api_answers_an_index_whose_links_all_answer(client):
    index = client.get("/api")
    assert index.status_code == 200 and index.content_type == "application/json"
    links = index.json["links"]
    assert {"docs", "openapi", "games", "health"} <= set(links)
    for name, href in links.items():
        if name != "import":
            assert client.get(href).status_code == 200, (name, href)
    assert links["openapi"] == "/api/openapi.json" and links["docs"] == "/api/docs"
    assert "burnrate" in index.json["kinds"] and "fcm" in index.json["kinds"]


def error_responses(spec: dict) -> list[tuple[str, dict]]:
    """(where, response) of every error answer the document names, a component's ($ref to
    #/components/responses/<name>) as it is."""
    named = spec["components"]["responses"]
    return [
        (f"{method.upper()} {path} {status}", named.get(response.get("$ref", "")[23:], response))
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "responses" in operation
        for status, response in operation["responses"].items()
        if status == "default" or int(status) >= 400
    ]  # fmt: skip


def test_every_error_is_documented_as_the_problem_it_is(client):
    """The answers are problems as application/problem+json; the document said
    application/json, and flask-smorest's `Error` (`status` a string) for a query's 400 and
    `default`. Health's 503 is the one error answered as its own JSON."""
    spec = client.get("/api/openapi.json").json
    assert "Error" not in spec["components"]["schemas"]
    problem = {"schema": {"$ref": "#/components/schemas/Problem"}}
    for where, response in error_responses(spec):
        if where == "GET /api/health 503":
            assert set(response["content"]) == {"application/json"}
        else:
            assert response["content"] == {"application/problem+json": problem}, where
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "responses" in operation:
                assert {"default", "414"} <= set(operation["responses"]), (method, path)


PACKAGES = ("app", "events", "games", "projections", "replays", "workers")
PROBLEM_STANDARD = {"type", "title", "status", "detail", "instance"}


def members_the_code_sends() -> set[str]:
    """Every member a problem document of the code can carry beyond the standard five: the
    keywords given to `problem`, and those a KeyReused names (the 409 spreads them)."""
    found = set()
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "problem":
                found |= {k.arg for k in node.keywords if k.arg}
    for path in (p for package in PACKAGES for p in (ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "KeyReused":
                found |= {k.arg for k in node.keywords if k.arg}
    return found - {"status", "title", "detail", "slug"}


def test_the_problem_schema_is_open_and_names_every_member_the_code_sends(client):
    """RFC 9457 lets a type add members, and ours do (`code`, `details`, `game`, `near`...):
    the schema was closed to them, so a client generated from it refused real answers."""
    schema = client.get("/api/openapi.json").json["components"]["schemas"]["Problem"]
    assert schema["additionalProperties"] is True
    assert schema["properties"]["status"]["type"] == "integer"
    sent = members_the_code_sends()
    assert {"code", "details", "game", "idempotency_key", "near", "entry"} <= sent
    assert set(schema["properties"]) == PROBLEM_STANDARD | sent
    described = {member for kind in TYPES.values() for member in kind.members}
    assert described == sent, "app/api/problem_types.py names each member where it is sent"


def test_429_with_retry_after_is_documented_where_a_rate_limit_counts(client, app):
    """A creation, an import or a fork (app/api/limits.py), and every write that checks a
    token, whose failures are counted against the address."""
    spec = client.get("/api/openapi.json").json
    limited = {
        (method, path)
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "429" in operation.get("responses", {})
    }
    assert limited == token_checking_operations(app) | key_checking_operations(app) | {
        ("post", "/api/games"),
        ("post", "/api/games/import"),
        ("post", "/api/games/{game_id}/forks"),
    }
    answer = spec["components"]["responses"]["RATE_LIMITED"]
    assert answer["headers"]["Retry-After"]["schema"] == {"type": "integer"}


def test_the_append_operation_shows_a_whole_body_for_every_event_type(client, app):
    """A client learns how to post each event type from the document alone."""
    spec = client.get("/api/openapi.json").json
    post = spec["paths"]["/api/games/{game_id}/events"]["post"]
    examples = post["requestBody"]["content"]["application/json"]["examples"]
    event_types = app.extensions["tablelog"].event_types
    posted = {t.name for t in event_types if t.example_body() and not t.name.endswith(".created")}
    assert set(examples) == posted - {"seat_replaced"}  # replaced at .../seats/<seat>/token
    assert examples["fcm.recruited"]["value"] == {
        "type": "fcm.recruited", "actor": "player:ann",
        "payload": {"player": "ann", "cards": ["waitress", "kitchen_trainee"]},
    }  # fmt: skip


class Refs(HTMLParser):
    """What a page makes the browser fetch: each script's src and each link's href."""

    def __init__(self):
        super().__init__()
        self.refs = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src"):
            self.refs.append(attrs["src"])
        elif tag == "link" and attrs.get("href"):
            self.refs.append(attrs["href"])


def fetched_by(html: str) -> list[str]:
    parser = Refs()
    parser.feed(html)
    return parser.refs


def test_the_docs_page_is_swagger_ui_on_the_services_own_document(client):
    page = client.get("/api/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert 'data-spec="/api/openapi.json"' in page.text
    refs = fetched_by(page.text)
    assert "/api/docs/swagger-ui/swagger-ui-bundle.js" in refs
    assert "/static/js/api-docs.js" in refs
    assert "/api/docs/swagger-ui/swagger-ui.css" in refs


def test_the_docs_page_and_its_assets_load_nothing_from_elsewhere(client):
    """Every script and stylesheet is this service's, and answers; the stylesheets draw
    from data: URLs only and import nothing."""
    html = client.get("/api/docs").text
    assert "<script>" not in html and "<style" not in html  # nothing inline
    for ref in fetched_by(html):
        url = urlsplit(urljoin("http://localhost/api/docs", ref))
        assert url.netloc == "localhost", ref
        asset = client.get(ref)
        assert asset.status_code == 200, ref
        if asset.mimetype == "text/css":
            css = asset.text
            assert "@import" not in css, ref
            assert all(
                u.strip("\"'").startswith("data:") for u in re.findall(r"url\(([^)]*)\)", css)
            )
        asset.close()


def test_the_docs_page_runs_only_this_services_scripts(client):
    page = client.get("/api/docs")
    policy = dict(
        d.strip().split(" ", 1) for d in page.headers["Content-Security-Policy"].split(";")
    )
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == policy["style-src"] == policy["connect-src"] == "'self'"
    assert policy["img-src"] == "'self' data:"  # Swagger UI's icons
    assert policy["frame-ancestors"] == "'none'"
    assert page.headers["X-Frame-Options"] == "DENY"
    assert page.headers["X-Content-Type-Options"] == "nosniff"
    assert page.headers["Referrer-Policy"] == "no-referrer"


def test_the_documents_description_says_how_to_write_and_its_links_answer(client):
    description = client.get("/api/openapi.json").json["info"]["description"]
    assert "Authorization: Bearer" in description and "Try it out" in description
    links = re.findall(r"\]\((/[^)]*)\)", description)
    assert "/api/openapi.json" in links
    for link in links:
        assert client.get(link).status_code == 200, link


GUARDS = {"require_write_token", "require_table", "write_token"}  # app/api/auth.py


def called(function) -> set[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    return {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


def checks_a_token(function, depth: int = 2) -> bool:
    """Whether `function` calls a guard of app/api/auth.py, itself or through a helper of its
    own module (`writable_head`, `written_head`)."""
    names = called(function)
    if names & GUARDS:
        return True
    module = sys.modules[inspect.unwrap(function).__module__]
    helpers = [getattr(module, name, None) for name in names]
    return depth > 0 and any(
        checks_a_token(helper, depth - 1)
        for helper in helpers
        if inspect.isfunction(helper) and helper.__module__ == module.__name__
    )


def token_checking_operations(app, checks=None) -> set[tuple[str, str]]:
    """(method, OpenAPI path) of every API route whose view checks a write token (a page's,
    such as a seat's join code, is not in the OpenAPI document), or what `checks` says."""
    found = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        view = app.view_functions[rule.endpoint]
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            handler = getattr(getattr(view, "view_class", None), method.lower(), view)
            if (checks or checks_a_token)(handler):
                found.add((method.lower(), re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)))
    return found


def key_checking_operations(app) -> set[tuple[str, str]]:
    """... whose view checks a key for tools (app/api/auth.py, tool_key_required), which
    counts against the key's own limit."""
    return token_checking_operations(app, lambda handler: hasattr(handler, "tool_key_scope"))


def test_the_write_token_is_declared_on_every_write_that_checks_one_and_on_no_other(client, app):
    """So Swagger UI's "Authorize" sends the token where it is needed, and nowhere else."""
    spec = client.get("/api/openapi.json").json
    scheme = spec["components"]["securitySchemes"]["writeToken"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    declared = {
        (method, path)
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method != "parameters" and operation.get("security") == [{"writeToken": []}]
    }
    assert declared == token_checking_operations(app)
    assert declared == {
        ("post", "/api/games/{game_id}/events"),
        ("post", "/api/games/{game_id}/seats/{seat}/token"),
        ("get", "/api/games/{game_id}/seats/me"),
        ("post", "/api/games/{game_id}/undo"),
        ("post", "/api/games/{game_id}/redo"),
        ("post", "/api/games/{game_id}/disputes"),
        ("post", "/api/games/{game_id}/disputes/{dispute}/replies"),
        ("post", "/api/games/{game_id}/disputes/{dispute}/resolution"),
    }
