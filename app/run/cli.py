"""`flask --app app <command>`: operations that run outside a request."""

import json

import click
from flask import Flask
from flask.cli import AppGroup

from app.context import phase_queue, services
from projections.tool_keys import SCOPES, InvalidToolKey, ToolKey, UnknownToolKey
from workers.sweeper import sweep

OPTION = {"name": "--name", "scopes": "--scope", "rate_limit": "--rate-limit"}
COLUMNS = ("id", "name", "scopes", "rate limit", "created", "last used", "revoked")


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

    app.cli.add_command(key_commands)


key_commands = AppGroup("keys", help="Keys for tools: make one, list them, revoke one.")


@key_commands.command("create")
@click.option("--name", required=True, help="What the key is for, 1 to 80 characters: unique.")
@click.option(
    "--scope", "scopes", required=True, multiple=True,
    help=f"Comma-separated, or the option again: {', '.join(SCOPES)}.",
)  # fmt: skip
@click.option(
    "--rate-limit", default=None,
    help='Its own limit, such as "120/minute"; "" for none (default: RATE_LIMIT_TOOL_KEY).',
)  # fmt: skip
def create_key(name, scopes, rate_limit):
    """Make a key for a tool and show its token, once."""
    asked = [scope for option in scopes for scope in option.split(",")]
    try:
        key, token = services().tool_keys.create(name, asked, rate_limit)
    except InvalidToolKey as error:
        raise click.BadParameter(error.message, param_hint=OPTION[error.field]) from None
    click.echo(f"token: {token}")
    click.echo("  shown once; tablelog keeps only its digest: give it to the tool now")
    for label, value in list(described(key).items())[:5]:  # id to created
        click.echo(f"{label}: {value}")


@key_commands.command("list")
@click.option("--json", "as_json", is_flag=True, help="As JSON, one object a key.")
def list_keys(as_json):
    """Every key, revoked ones too, oldest first (never a token or its digest)."""
    found = services().tool_keys.all()
    if as_json:
        click.echo(json.dumps([key.shown() for key in found], indent=2))
        return
    if not found:
        click.echo("no keys; make one with: flask --app app keys create --name ... --scope ...")
        return
    rows = [COLUMNS, *(tuple(described(key).values()) for key in found)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    for row in rows:
        click.echo(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )


@key_commands.command("revoke")
@click.argument("key")
def revoke_key(key):
    """Revoke the key of this id or name: it is refused from the next request on."""
    try:
        revoked, before = services().tool_keys.revoke(key)
    except UnknownToolKey:
        raise click.ClickException(f"no key has the id or name {key!r}") from None
    if before:
        click.echo(
            f"key {revoked.id} ({revoked.name}) was already revoked, at {revoked.revoked_at}"
        )
    else:
        click.echo(f"revoked key {revoked.id} ({revoked.name}) at {revoked.revoked_at}")


def described(key: ToolKey) -> dict[str, str]:
    """A key as the commands show it, column by column."""
    return {
        "id": key.id,
        "name": key.name,
        "scopes": ",".join(key.scopes),
        "rate limit": key.rate_limit or "none",
        "created": key.created_at,
        "last used": key.last_used_at or "never",
        "revoked": key.revoked_at or "no",
    }
