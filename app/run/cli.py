"""`flask --app app <command>`: operations that run outside a request."""

import click
from flask import Flask

from app.context import phase_queue, services
from workers.sweeper import sweep


def register(app: Flask) -> None:
    @app.cli.command("sweep")
    def sweep_command():
        """Enqueue the job of every game left with an automatic phase due."""
        swept = sweep(services(), phase_queue())
        click.echo(str(swept))
        for job_id in swept.enqueued:
            click.echo(job_id)

    @app.cli.command("rebuild-catalog")
    def rebuild_catalog():
        """Rebuild the game list's indexes from each game's meta."""
        click.echo(f"indexed {services().catalog.rebuild()} game(s)")

    @app.cli.command("rotate-receipt-key")
    def rotate_receipt_key():
        """Sign receipts with a new key from now on; the old one is kept, retired, to check
        the receipts it signed."""
        new, retired = services().receipts.rotate()
        click.echo(f"receipt key {new} is current; {retired} is retired")
