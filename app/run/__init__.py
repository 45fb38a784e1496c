"""Running the service: `make run` (serve.py), its embedded Redis, the gunicorn worker it
serves with, and the `flask` commands run outside a request."""
