"""Static files under content-hashed names, so browsers may cache them for a year."""

from __future__ import annotations

import hashlib
import mimetypes
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import Response

STATIC = Path(__file__).parent / "static"
IMMUTABLE = "public, max-age=31536000, immutable"


@dataclass
class Assets:
    """`app.css` -> `app.1a2b3c4d5e.css`, and the bytes behind each hashed name."""

    root: Path = STATIC
    names: dict[str, str] = field(default_factory=dict)
    files: dict[str, tuple[bytes, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for path in sorted(self.root.iterdir()):
            if not path.is_file():
                continue
            body = path.read_bytes()
            digest = hashlib.sha256(body).hexdigest()[:10]
            stem, dot, ext = path.name.rpartition(".")
            hashed = f"{stem}.{digest}.{ext}" if dot else f"{path.name}.{digest}"
            media = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            if media.startswith("text/") or media.endswith("javascript"):
                media += "; charset=utf-8"
            self.names[path.name] = hashed
            self.files[hashed] = (body, media)

    def url(self, name: str) -> str:
        return f"/static/{self.names[name]}"

    def router(self) -> APIRouter:
        router = APIRouter()

        @router.get("/static/{name}", include_in_schema=False)
        def static(name: str) -> Response:
            found = self.files.get(name)
            if found is None:
                return Response(status_code=404)
            body, media = found
            return Response(body, media_type=media, headers={"Cache-Control": IMMUTABLE})

        return router
