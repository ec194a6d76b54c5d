"""The `belot` command: score deals, look at matches, serve the app."""

from __future__ import annotations

import click

from belot.cli.match import match
from belot.cli.score import score
from belot.cli.serve import serve


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="belot")
def main() -> None:
    """Score Bulgarian Belot deals and Saudi Baloot rounds, and keep the score sheet."""


main.add_command(score)
main.add_command(serve)
main.add_command(match)
