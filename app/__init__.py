"""The Flask app: HTTP in, events and state out. Views turn a request into a call below and
back; rules, storage and folding live in games/, events/ and projections/."""

from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls
from flask import Flask

from app.api import (
    body,
    chart,
    choices,
    cors,
    docs,
    event_types,
    feed,
    forks,
    games,
    headers,
    limits,
    log,
    ops,
    problem_types,
    problems,
    receipts,
    replay,
    rules,
    stream,
    tiles,
    tools,
    webhooks,
)
from app.api import disputes as dispute_threads
from app.api import transcript as transcripts
from app.api.rulebook import Rulebook
from app.pages import audit as audit_pages  # noqa: F401  its routes, on the pages' blueprint
from app.pages import filters as page_filters  # noqa: F401  its filters, on the pages' blueprint
from app.pages import offline as offline_pages  # noqa: F401  its routes, on the pages' blueprint
from app.pages import tools as tool_pages  # noqa: F401  its route, on the pages' blueprint
from app.pages import views as page_views
from app.run import cli
from projections.queue_redis import queue_redis as connect_queues
from projections.services import Services, Settings
from workers.queue import DeliveryQueue, PhaseQueue


def schema_name(schema) -> str:
    """Component names: the API's schemas by class name, a game's prefixed by its package,
    so two games' `Options` stay apart."""
    cls = resolve_schema_cls(schema)
    name = cls.__name__.removesuffix("Schema")
    package = cls.__module__.split(".")
    if package[0] in ("app", "flask_smorest"):
        return name
    owner = package[1] if len(package) > 1 else package[0]
    return f"{owner.capitalize()}{name}"


def create_app(test_config: dict | None = None) -> Flask:
    # the pages' templates and static files serve the API's pages for people too (its docs,
    # the rules reference, the problem types)
    app = Flask(__name__, template_folder="pages/templates", static_folder="pages/static")
    app.jinja_environment = page_views.PagesEnvironment  # before anything asks for it
    app.config.update(
        API_TITLE="tablelog",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={"info": {"description": docs.DESCRIPTION}},
        MAX_CONTENT_LENGTH=1024 * 1024,
        JSON_SORT_KEYS=False,
    )
    app.config.update(test_config or {})
    body.register(app)
    settings = app.config.get("TABLELOG_SETTINGS") or Settings.from_env()
    svc = Services(settings)
    app.extensions["tablelog"] = svc
    queue_redis = connect_queues(settings.queue_url)
    app.extensions["tablelog.queue"] = PhaseQueue(queue_redis, settings.phase_job_timeout)
    app.extensions["tablelog.deliveries"] = DeliveryQueue(queue_redis)
    app.extensions["tablelog.health"] = ops.Probes(settings)
    loaded = [svc.games.get(kind) for kind in svc.games.kinds()]
    app.extensions["tablelog.rules"] = Rulebook(games=loaded)  # an extra game's own rules.md

    api = docs.Api(
        app,
        spec_kwargs={
            "marshmallow_plugin": MarshmallowPlugin(schema_name),
            "extra_plugins": [
                docs.ProblemDetails(),
                docs.EventExamples(svc.event_types),
                docs.WriteToken(),
                docs.ToolKeyScheme(),
            ],
        },
    )
    app.url_map.converters["game_id"] = games.GameId
    api.register_converter(games.GameId, lambda converter: {"type": "string", "minLength": 1})
    for blueprint in (games.blp, log.blp, replay.blp, tiles.blp, ops.blp, forks.blp):
        api.register_blueprint(blueprint)
    api.register_blueprint(receipts.blp)
    api.register_blueprint(event_types.blp)
    api.register_blueprint(choices.blp)  # what a form may offer now
    api.register_blueprint(dispute_threads.blp)
    api.register_blueprint(transcripts.blp)
    api.register_blueprint(chart.blp)
    api.register_blueprint(stream.blp)
    api.register_blueprint(tools.blp)  # what other tools call with their key
    api.register_blueprint(feed.blp)  # every game, for tools
    api.register_blueprint(webhooks.blp)  # ... sent to them as it happens
    stream.register(app, settings)
    for blueprint in (rules.blp, problem_types.blp):  # what a refusal's rule and type mean
        api.register_blueprint(blueprint)
    docs.document_event_types(api, svc.event_types)
    app.extensions["tablelog.api"] = api
    app.register_blueprint(docs.blp)
    page_views.register(app, svc.games)
    limits.register(app, svc)
    headers.register(app)
    cors.register(app, settings.cors_origins)
    problems.register(app)
    cli.register(app)
    return app
