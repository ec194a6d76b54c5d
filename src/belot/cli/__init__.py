"""The `belot` command: score deals, look at matches, serve the app."""

from __future__ import annotations

import importlib

import click

# Subcommands load on first use, so `belot score` does not pay for the web stack.
_COMMANDS = {
    "score": "belot.cli.score",
    "serve": "belot.cli.serve",
    "match": "belot.cli.match",
    "club": "belot.cli.club",
    "tournament": "belot.cli.tournament",
    "offline": "belot.cli.offline",
    "rules": "belot.cli.rules",
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = _COMMANDS.get(cmd_name)
        if module is None:
            return None
        command = getattr(importlib.import_module(module), cmd_name)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="belot")
def main() -> None:
    """Score Bulgarian Belot, Saudi Baloot, French belote and coinche deals; keep the sheet."""
