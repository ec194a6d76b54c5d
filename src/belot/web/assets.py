"""Static files under content-hashed names, so browsers may cache them for a year.

The page scripts are ES modules (docs/web.md, "The page scripts"): each one's relative import
specifiers (`from "./net.js"`) are rewritten to the hashed names, and its hash is taken of the
rewritten body, dependencies first. So a change in a module changes the hash of every module
that imports it, directly or not, and a page never runs a new module beside an old one."""

from __future__ import annotations

import hashlib
import mimetypes
import re
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import Response

STATIC = Path(__file__).parent / "static"
IMMUTABLE = "public, max-age=31536000, immutable"
# `import … from "./x.js"`, `export … from "./x.js"`, `import "./x.js"`: a sibling module.
IMPORT = re.compile(r"""(\b(?:import|from)\s*)(["'])\./([A-Za-z0-9_.-]+\.js)\2""")
# `import("./x.js")`: a sibling module loaded when it is first needed, never preloaded.
LAZY = re.compile(r"""(\bimport\(\s*)(["'])\./([A-Za-z0-9_.-]+\.js)\2""")
# A stylesheet's comments (and the lines they leave empty): said to the reader of the source,
# not sent to every phone (a calculator page's first bytes are counted: tests/web/test_page_weight).
CSS_COMMENT = re.compile(rb"/\*.*?\*/", re.S)
EMPTY_LINES = re.compile(rb"\n\s*\n")


@dataclass
class Assets:
    """`app.css` -> `app.1a2b3c4d5e.css`, and the bytes behind each hashed name."""

    root: Path = STATIC
    names: dict[str, str] = field(default_factory=dict)
    files: dict[str, tuple[bytes, str]] = field(default_factory=dict)
    imports: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # What a module imports with `import("./x.js")`: hashed the same way, never preloaded.
    lazy: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        sources = {p.name: p for p in sorted(self.root.iterdir()) if p.is_file()}
        for name in sources:
            self._add(name, sources, ())

    def _add(self, name: str, sources: dict[str, Path], chain: tuple[str, ...]) -> None:
        if name in self.names:
            return
        if name in chain:
            raise ValueError("import cycle: " + " -> ".join((*chain, name)))
        path = sources[name]
        body = path.read_bytes()
        if name.endswith(".css"):
            body = EMPTY_LINES.sub(b"\n", CSS_COMMENT.sub(b"", body)).lstrip()
        if name.endswith(".js") and ".min." not in name:
            text = body.decode()
            deps = tuple(dict.fromkeys(m.group(3) for m in IMPORT.finditer(text)))
            lazy = tuple(dict.fromkeys(m.group(3) for m in LAZY.finditer(text)))
            for dep in (*deps, *lazy):
                if dep not in sources:
                    raise ValueError(f"{name} imports ./{dep}, which is not a static file")
                self._add(dep, sources, (*chain, name))
            self.imports[name] = deps
            if lazy:
                self.lazy[name] = lazy
            if deps or lazy:

                def to_hashed(m: re.Match[str]) -> str:
                    return f"{m.group(1)}{m.group(2)}./{self.names[m.group(3)]}{m.group(2)}"

                text = LAZY.sub(to_hashed, IMPORT.sub(to_hashed, text))
                body = text.encode()
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

    def modules(self, *entries: str, after: tuple[str, ...] = ()) -> list[str]:
        """The URLs of every module the `entries` import, directly or not (dependencies
        first, each once, the entries themselves left out): a page's `modulepreload` links,
        so the browser fetches them all at once instead of one import after another. What
        the modules of `after` (loaded earlier by the page) import is left out too."""
        known = set(after)
        for name in after:
            known.update(self._graph(name))
        return [self.url(n) for n in self._graph(*entries) if n not in entries and n not in known]

    def _graph(self, *entries: str) -> list[str]:
        seen: list[str] = []

        def visit(name: str) -> None:
            for dep in self.imports.get(name, ()):
                if dep not in seen:
                    visit(dep)
                    seen.append(dep)

        for entry in entries:
            visit(entry)
        return seen

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
