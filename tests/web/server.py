"""The app under uvicorn in a thread, on a free local port, with its own temporary database."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI

from support import free_port, serving

# The pages are served exactly as the API tests serve the API.
running = serving

__all__ = ["free_port", "make_app", "running"]


def make_app(db_path: Path) -> FastAPI:
    """`belot.app.create_app` on a temporary SQLite file."""
    from belot.app import create_app

    return create_app(f"sqlite:///{db_path}")
