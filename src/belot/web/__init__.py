"""The web pages: calculator and score sheet (Jinja2 + htmx)."""

from __future__ import annotations

from fastapi import FastAPI


def setup(app: FastAPI) -> None:
    """Install the page routes and static files on the app (placeholder)."""
