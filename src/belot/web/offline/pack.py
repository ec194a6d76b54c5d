"""The offline pack, the server's side: what a device keeps to work without a network, and
the routes that hand it over.

- `/manifest.<lang>.webmanifest`: the installable app, in each language (name, icons, `dir`).
- `/sw.js`: the service worker (Workbox), scope `/`; the list of what it precaches is written
  in front of `sw.js` by the server: every hashed static file, the calculators' shells in each
  language, the engine and Pyodide.
- `/offline/workbox/<module>.prod.js`, `/offline/pyodide/<version>/<file>`: from the npm
  packages `make offline` installs into `vendor/node_modules` (`npm ci`: the versions and
  integrity hashes of `vendor/package-lock.json`). Without them there is no service worker
  and no engine; the pages work online as before.
- `/offline/engine.<hash>.js`: the Web Worker that runs the engine; `/offline/belot.<hash>.zip`:
  `belot.core`, `belot/contract.py`, the result renderer with its templates, Jinja2 and
  MarkupSafe (pure Python), and the catalogs as JSON, built from the installed packages (the
  core needs no mypy_extensions: `core/errors.py` does without it); and the modules that
  registered a game from outside the core (`registered_members`), which the engine imports
  first (`registered.py`).

"belot" in a cache's or the zip's name is the app's (and its Python package's) name, not the
game's: no game is named here, each comes from the registry (`belot.core.games.GAMES`).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import io
import json
import os
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
import markupsafe
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import Response

import belot
from belot.core.games import GAME_NAMES, GAMES
from belot.core.presets import PRESETS
from belot.core.register import MODULES
from belot.web import local
from belot.web.assets import IMMUTABLE, STATIC, Assets
from belot.web.render import TEMPLATES, Renderer
from belot.words.i18n import LANGS, Lang, catalog

HERE = Path(__file__).parent
BELOT = Path(belot.__file__).parent
PYODIDE_VERSION = "314.0.8"
WORKBOX_VERSION = "7.4.1"
WORKBOX_MODULES = ("core", "precaching", "routing", "strategies")
# What `loadPyodide` fetches (no packages: Jinja2 and MarkupSafe come in our own zip). The
# lock file is served without its package list (belot loads none: `lock_file`), and the
# JavaScript and WebAssembly travel gzipped once (`_gzipped`), not compressed per request.
PYODIDE_FILES = {
    "pyodide.mjs": "text/javascript; charset=utf-8",
    "pyodide.asm.mjs": "text/javascript; charset=utf-8",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
# The pure-Python part of belot the offline answers need: the core and the result renderer.
PACKED = (
    "__init__.py", "contract.py", "core", "words", "web/__init__.py", "web/spec.py",
    "web/form.py", "web/count.py", "web/result.py", "web/marks.py", "web/preview.py",
    "web/offline/__init__.py", "web/offline/engine.py", "web/offline/registered.py",
    "web/sheet.py", "web/chart.py", "web/games.py", "store/inputs.py", "store/names.py",
    "store/view.py",
)  # fmt: skip
PACKED_TEMPLATES = ("result_fragment.html", "result.html", "macros.html", "scoreboard.html")
# `belot.store`'s own __init__ opens the database layer (SQLAlchemy): not on the device.
STORE_INIT = b'"""The store\'s pure-Python input checks only (the offline pack)."""\n'
# The pages' shells in each language, for the device to show offline: each game's calculator
# at its registry path (`/`, `/baloot`, `/french-belote`, `/coinche`) and the new-match form,
# of the game at `/` and of each game (`?game=…`: its presets, house rules and target; its
# game's language cookie decides, as on the server).
SHELLS = {
    **{info.path: info.name for info in GAMES.values()},
    "/matches/new": next(info.name for info in GAMES.values() if info.path == "/"),
    **{f"/matches/new?game={info.name}": info.name for info in GAMES.values()},
}


def with_lang(path: str, code: str) -> str:
    """A shell's address in one language (`/coinche?lang=fr`, `/matches/new?game=…&lang=fr`)."""
    return f"{path}{'&' if '?' in path else '?'}lang={code}"


def start_url(code: str) -> str:
    """Where the installed app opens in a language: the calculator of the registry's first
    game whose pages open in it, else the default game's (the registry's first)."""
    first = next(iter(GAMES.values()))
    info = next((i for i in GAMES.values() if i.language == code), first)
    return with_lang(info.path, code)


# The pages that work offline: the calculators and the new-match form (their shells are
# precached), a match page (`/m/{id}`, kept on the device as the server last drew it, once
# visited) and a match started offline (`local.py`'s shells).
WORKS_OFFLINE = (*(info.name for info in GAMES.values()), "new", "match")
# Scripts that run as workers carry their own policy (a worker is not governed by the page's):
# only our files; the engine's also compiles WebAssembly.
WORKER_CSP = "default-src 'self'; script-src 'self'; connect-src 'self'; object-src 'none'"
ENGINE_CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
    "object-src 'none'"
)
JS = "text/javascript; charset=utf-8"
# What the service worker shows for a page it has no copy of while the server cannot be reached
# (`unreachable.html`, in each language), instead of the browser's error page.
UNREACHABLE = "/offline/unreachable"
SHARED_LINE = "export const SHARED = "
THEME = "#0b6b3a"  # app.css --accent
BACKGROUND = "#f6f4ef"  # app.css --bg


# The npm packages' list and lockfile, shipped in the wheel for `belot offline install`
# (copies of vendor/package*.json, which `make offline` uses in a checkout).
NPM = HERE / "npm"


def data_vendor_dir() -> Path:
    """Where `belot offline install` puts the npm packages for an installed app:
    `$XDG_DATA_HOME/belot/offline/node_modules` (`~/.local/share/…` without it)."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "belot" / "offline" / "node_modules"  # the app's folder


def vendor_dir() -> Path:
    """Where the npm packages are: `BELOT_OFFLINE_VENDOR` when set; else `vendor/node_modules`
    of a source checkout (`make offline`) when there; else `data_vendor_dir()`."""
    given = os.environ.get("BELOT_OFFLINE_VENDOR")
    if given:
        return Path(given)
    checkout = BELOT.parents[1] / "vendor" / "node_modules"
    return checkout if checkout.is_dir() else data_vendor_dir()


def _installed_version(root: Path, package: str) -> str | None:
    try:
        meta = json.loads((root / package / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    version = meta.get("version")
    return version if isinstance(version, str) else None


def installed(vendor: Path) -> bool:
    """Whether `vendor` holds the npm packages at the versions this app serves."""
    return _installed_version(vendor, "pyodide") == PYODIDE_VERSION and all(
        _installed_version(vendor, f"workbox-{m}") == WORKBOX_VERSION
        for m in (*WORKBOX_MODULES, "sw")
    )


@lru_cache(maxsize=8)
def _gzipped(path: Path, mtime_ns: int, size: int) -> bytes:
    """`path` gzipped (level 9), once per process and file version: every app shares it."""
    return gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)


def lock_file(vendor: Path) -> bytes:
    """Pyodide's lock file as the device gets it: its `info` (the ABI and Python version
    Pyodide checks) and no packages, since belot loads none (`loadPyodide` reads it at every
    start)."""
    lock = json.loads((vendor / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode()


def _py_files(root: Path, prefix: str) -> Iterator[tuple[str, Path]]:
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" not in path.parts:
            yield f"{prefix}/{path.relative_to(root).as_posix()}", path


def zip_members() -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of every file in the zip, in a fixed order."""
    for name in PACKED:
        path = BELOT / name
        if path.is_dir():
            for arc, file in _py_files(path, f"belot/{name}"):
                yield arc, file.read_bytes()
        else:
            yield f"belot/{name}", path.read_bytes()
    yield "belot/store/__init__.py", STORE_INIT
    for name in PACKED_TEMPLATES:
        yield f"belot/web/templates/{name}", (TEMPLATES / name).read_bytes()
    yield from registered_members()
    catalogs = {code: catalog(code) for code in LANGS}
    yield "belot/web/offline/catalogs.json", json.dumps(catalogs, ensure_ascii=False).encode()
    for module in (jinja2, markupsafe):  # what those import, pure Python
        assert module.__file__ is not None
        path = Path(module.__file__)
        if path.name != "__init__.py":
            yield path.name, path.read_bytes()
            continue
        for arc, file in _py_files(path.parent, module.__name__):
            yield arc, file.read_bytes()


def _module_source(name: str) -> tuple[str, Path] | None:
    """Where module `name` was imported from: (its top-level name, the file or package folder
    to pack); None when it has no file on disk (a script's `__main__`, a namespace)."""
    found = sys.modules.get(name)
    file = getattr(found, "__file__", None)
    if file is None:
        spec = importlib.util.find_spec(name)
        file = spec.origin if spec is not None else None
    if not file or not file.endswith(".py"):
        return None
    path, depth = Path(file), name.count(".")
    if path.name == "__init__.py":
        path = path.parent
    for _ in range(depth):  # up to the top-level package, packed whole
        path = path.parent
    return name.partition(".")[0], path


def registered_members() -> Iterator[tuple[str, bytes]]:
    """The modules that registered a game from outside the core (`belot.core.register`'s
    `MODULES`), each with its top-level package whole, as sources; and `registered.json`, the
    names the engine imports before anything reads the registry. A module inside belot itself
    is already packed, or is not the device's (it is left out)."""
    names: list[str] = []
    for name in dict.fromkeys(MODULES.values()):
        top = name.partition(".")[0]  # "belot": this package, not the game
        where = None if top in ("belot", "__main__") else _module_source(name)
        if where is None:
            continue
        top, path = where
        names.append(name)
        if path.is_dir():
            yield from ((arc, file.read_bytes()) for arc, file in _py_files(path, top))
        else:
            yield path.name, path.read_bytes()
    yield "belot/web/offline/registered.json", json.dumps(names).encode()


def build_zip() -> bytes:
    """The zip the engine unpacks in Pyodide; the same bytes for the same sources."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, body in zip_members():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, body)
    return out.getvalue()


def shared_names() -> dict[str, str]:
    """The names the page scripts and the service worker share: the one JSON line of
    `static/names.js` (the match's address, the cache of match pages, a local match's)."""
    for line in (STATIC / "names.js").read_text(encoding="utf-8").splitlines():
        if line.startswith(SHARED_LINE):
            found = json.loads(line.removeprefix(SHARED_LINE).rstrip(";"))
            assert isinstance(found, dict)
            return {str(k): str(v) for k, v in found.items()}
    raise ValueError("static/names.js has no SHARED line")


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()[:10]


@dataclass
class Pack:
    """What the device downloads; `present` when the npm packages are installed."""

    assets: Assets
    vendor: Path = field(default_factory=vendor_dir)
    present: bool = False
    zip_body: bytes = b""
    lock_body: bytes = b""
    engine_body: bytes = b""
    sw_body: bytes = b""
    zip_url: str = ""
    engine_url: str = ""
    revision: str = ""

    def __post_init__(self) -> None:
        self.present = installed(self.vendor)
        if not self.present:
            return
        self.zip_body = build_zip()
        self.zip_url = f"/offline/belot.{_digest(self.zip_body)}.zip"
        self.engine_body = (HERE / "engine.js").read_bytes()
        self.lock_body = lock_file(self.vendor)
        self.engine_url = f"/offline/engine.{_digest(self.engine_body)}.js"
        pages = [p.read_bytes() for p in sorted(TEMPLATES.rglob("*")) if p.is_file()]
        self.revision = _digest(
            belot.__version__.encode(), self.zip_body, self.engine_body,
            (HERE / "sw.js").read_bytes(),
            json.dumps(self.assets.names, sort_keys=True).encode(), *pages,
            *(json.dumps(catalog(code), sort_keys=True).encode() for code in LANGS),
        )  # fmt: skip
        head = "self.BELOT_PACK = " + json.dumps(self.config(), indent=1) + ";\n"
        self.sw_body = head.encode() + (HERE / "sw.js").read_bytes()

    @property
    def pyodide_url(self) -> str:
        return f"/offline/pyodide/{PYODIDE_VERSION}/"

    def precache(self) -> list[dict[str, Any]]:
        """Workbox's precache manifest: hashed or versioned URLs carry no revision."""
        fixed = [self.assets.url(name) for name in sorted(self.assets.names)]
        fixed += [self.zip_url, self.engine_url]
        fixed += [self.pyodide_url + name for name in PYODIDE_FILES]
        entries: list[dict[str, Any]] = [{"url": url, "revision": None} for url in fixed]
        for path in (*SHELLS, *local.shell_paths(), UNREACHABLE):
            for code in LANGS:
                entries.append({"url": with_lang(path, code), "revision": self.revision})
        for code in LANGS:
            entries.append({"url": f"/manifest.{code}.webmanifest", "revision": self.revision})
        return entries

    def config(self) -> dict[str, Any]:
        """What the service worker is told (written in front of sw.js)."""
        return {
            "revision": self.revision,
            "precache": self.precache(),
            "shells": SHELLS,
            "local": {rules: preset.game.value for rules, preset in PRESETS.items()},
            "local_shell": local.SHELL,
            "langs": list(LANGS),
            "defaults": {info.name: info.language for info in GAMES.values()},
            # The default game (the registry's first): the unreachable page's language
            # follows its cookie, as the server's does.
            "game": GAME_NAMES[0],
            "workbox": "/offline/workbox/",
            "names": shared_names(),
            "unreachable": UNREACHABLE,
        }

    def attrs(self, page: str = "") -> dict[str, str]:
        """The `offline-ready` hook's data attributes: what offline.js needs to know. Every
        page downloads the pack; a calculator (`page` belot or baloot) and a match page work
        offline."""
        if not self.present:
            return {}
        return {
            "data-sw": "/sw.js",
            "data-works": "yes" if page in WORKS_OFFLINE else "no",
            "data-engine": self.engine_url,
            "data-zip": self.zip_url,
            "data-pyodide": self.pyodide_url,
            "data-rev": self.revision,
        }

    def manifest(self, lang: Lang) -> dict[str, Any]:
        _ = lang.gettext
        icon = self.assets.url
        return {
            "id": "/",
            "name": _("Belot score calculator"),
            "short_name": _("Belot"),
            "lang": lang.code,
            "dir": lang.dir,
            "start_url": start_url(lang.code),
            "scope": "/",
            "display": "standalone",
            "theme_color": THEME,
            "background_color": BACKGROUND,
            "icons": [
                {"src": icon("icon-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": icon("icon-512.png"), "sizes": "512x512", "type": "image/png"},
                {"src": icon("icon-512.png"), "sizes": "512x512", "type": "image/png",
                 "purpose": "maskable"},
                {"src": icon("icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            ],
        }  # fmt: skip

    def router(self) -> APIRouter:
        api = APIRouter(include_in_schema=False)
        pack = self

        @api.get("/manifest.{code}.webmanifest")
        def manifest(code: str) -> Response:
            if code not in LANGS:
                return Response(status_code=404)
            body = json.dumps(pack.manifest(Lang(code)), ensure_ascii=False, indent=1)
            return Response(body, media_type="application/manifest+json",
                            headers={"Cache-Control": "no-cache"})  # fmt: skip

        if not self.present:
            return api

        @api.get("/sw.js")
        def service_worker(request: Request) -> Response:
            # Browsers ask for it again on every navigation: unchanged, it is a 304.
            etag = f'"{pack.revision}"'
            headers = {"Cache-Control": "no-cache", "Content-Security-Policy": WORKER_CSP,
                       "Service-Worker-Allowed": "/", "ETag": etag}  # fmt: skip
            if request.headers.get("if-none-match") == etag:
                return Response(status_code=304, headers=headers)
            return Response(pack.sw_body, media_type=JS, headers=headers)

        @api.get(self.engine_url)
        def engine() -> Response:
            headers = {"Cache-Control": IMMUTABLE, "Content-Security-Policy": ENGINE_CSP}
            return Response(pack.engine_body, media_type=JS, headers=headers)

        @api.get(self.zip_url)
        def code() -> Response:
            return Response(pack.zip_body, media_type="application/zip",
                            headers={"Cache-Control": IMMUTABLE})  # fmt: skip

        @api.get("/offline/workbox/{name}")
        def workbox(name: str) -> Response:
            known = {"workbox-sw.js": pack.vendor / "workbox-sw" / "build" / "workbox-sw.js"}
            for m in WORKBOX_MODULES:
                known[f"workbox-{m}.prod.js"] = (
                    pack.vendor / f"workbox-{m}" / "build" / f"workbox-{m}.prod.js"
                )
            path = known.get(name)
            if path is None:
                return Response(status_code=404)
            headers = {"Cache-Control": "no-cache", "Content-Security-Policy": WORKER_CSP}
            return Response(path.read_bytes(), media_type=JS, headers=headers)

        @api.get(f"/offline/pyodide/{PYODIDE_VERSION}/{{name}}")
        def pyodide(name: str, request: Request) -> Response:
            media = PYODIDE_FILES.get(name)
            if media is None:
                return Response(status_code=404)
            headers = {"Cache-Control": IMMUTABLE, "Content-Security-Policy": ENGINE_CSP,
                       "Vary": "Accept-Encoding"}  # fmt: skip
            if name == "pyodide-lock.json":
                return Response(pack.lock_body, media_type=media, headers=headers)
            path = pack.vendor / "pyodide" / name
            if media != "application/zip" and "gzip" in request.headers.get("accept-encoding", ""):
                headers["Content-Encoding"] = "gzip"  # the GZip middleware leaves it so
                return Response(pack.pyodide_gzip(name), media_type=media, headers=headers)
            return Response(path.read_bytes(), media_type=media, headers=headers)

        return api

    def pyodide_gzip(self, name: str) -> bytes:
        path = self.vendor / "pyodide" / name
        st = path.stat()
        return _gzipped(path, st.st_mtime_ns, st.st_size)

    def size(self, wire: bool = False) -> dict[str, int]:
        """Bytes of each part of the pack as the device keeps it; with `wire`, as it
        downloads it (gzip where the server sends it so: Pyodide's JavaScript and
        WebAssembly here, the other scripts by the GZip middleware; the zips as they are)."""
        sizes = {}
        for name, media in PYODIDE_FILES.items():
            if name == "pyodide-lock.json":
                body = self.lock_body
                sizes[name] = len(gzip.compress(body, mtime=0)) if wire else len(body)
            elif wire and media != "application/zip":
                sizes[name] = len(self.pyodide_gzip(name))
            else:
                sizes[name] = (self.vendor / "pyodide" / name).stat().st_size
        if wire:
            scripts = {"engine.js": self.engine_body, "sw.js": self.sw_body}
            for m in (*WORKBOX_MODULES, "sw"):
                name = "workbox-sw.js" if m == "sw" else f"workbox-{m}.prod.js"
                scripts[name] = (self.vendor / f"workbox-{m}" / "build" / name).read_bytes()
            for name, body in scripts.items():  # the middleware compresses from 1 KiB
                sizes[name] = len(gzip.compress(body, mtime=0)) if len(body) >= 1024 else len(body)
            sizes["belot zip"] = len(self.zip_body)
            return sizes
        sizes["belot zip"] = len(self.zip_body)
        sizes["engine.js"] = len(self.engine_body)
        sizes["sw.js"] = len(self.sw_body)
        for m in (*WORKBOX_MODULES, "sw"):
            name = "workbox-sw.js" if m == "sw" else f"workbox-{m}.prod.js"
            sizes[name] = (self.vendor / f"workbox-{m}" / "build" / name).stat().st_size
        return sizes


def install(app: FastAPI, renderer: Renderer) -> Pack:
    """The manifest and, when the npm packages are there, the service worker and engine."""
    pack = Pack(renderer.assets)
    renderer.env.globals.update(offline=pack)
    app.include_router(pack.router())
    if pack.present:

        @app.get(UNREACHABLE, include_in_schema=False)
        def unreachable(request: Request) -> Response:
            lang = renderer.lang(request, GAME_NAMES[0])  # the default game's language
            return renderer.fragment("unreachable.html", lang, page="unreachable")

    return pack
