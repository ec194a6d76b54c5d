"""Placeholder: `belot score` is being written."""

from __future__ import annotations

import click


@click.command()
def score() -> None:
    """Not written yet."""
    raise click.ClickException("not written yet")
