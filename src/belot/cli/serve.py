"""Placeholder: `belot serve` is being written."""

from __future__ import annotations

import click


@click.command()
def serve() -> None:
    """Not written yet."""
    raise click.ClickException("not written yet")
