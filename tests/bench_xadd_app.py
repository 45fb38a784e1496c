"""The baseline of benchmark (4): a bare Flask endpoint doing one XADD per request."""

import os

import redis
from flask import Flask, request


def create_app():
    app = Flask(__name__)
    client = redis.Redis.from_url(os.environ["REDIS_URL"])

    @app.post("/xadd/<game_id>")
    def xadd(game_id):
        entry = client.xadd(f"bench:{{{game_id}}}:raw", {"e": request.get_data()})
        return {"id": entry.decode()}, 201

    return app
