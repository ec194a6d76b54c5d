"""Placeholder: `belot match` is being written."""

from __future__ import annotations

import click


@click.command()
def match() -> None:
    """Not written yet."""
    raise click.ClickException("not written yet")
