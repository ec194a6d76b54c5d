"""`belot offline`: the offline pack (Pyodide and Workbox) for an installed app.

A checkout gets it with `make offline`; an app installed with pip gets it with
`belot offline install`, which runs `npm ci` on the package list and lockfile shipped in the
wheel (`belot/web/offline/npm/`), so npm fetches exactly the versions the lockfile names and
checks each one against its integrity hash. The packages go where `belot serve` looks for them
(`belot offline where`): `$BELOT_OFFLINE_VENDOR` when set, else the user's data directory.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import click

from belot.cli.options import refuse
from belot.core.errors import BelotError


@click.group()
def offline() -> None:
    """The offline pack: where `belot serve` looks for it, and installing it (npm)."""


def _target(directory: str | None) -> Path:
    from belot.web.offline.pack import vendor_dir

    return Path(directory) if directory else vendor_dir()


@offline.command()
@click.option(
    "--dir",
    "directory",
    metavar="DIR",
    help="The node_modules directory to fill [default: where `belot serve` looks]",
)
def where(directory: str | None) -> None:
    """Print where the pack is looked for, and whether it is there."""
    from belot.web.offline.pack import installed

    target = _target(directory)
    click.echo(f"{target} ({'installed' if installed(target) else 'not installed'})")


@offline.command()
@click.option(
    "--dir",
    "directory",
    metavar="DIR",
    help="The node_modules directory to fill (then set BELOT_OFFLINE_VENDOR to it for "
    "`belot serve`) [default: $BELOT_OFFLINE_VENDOR, else ~/.local/share/belot/offline/"
    "node_modules]",
)
@click.option("--npm", default="npm", show_default=True, help="The npm command to run.")
def install(directory: str | None, npm: str) -> None:
    """Install the pack with `npm ci`: the lockfile's versions, each checked by its hash."""
    from belot.web.offline.pack import NPM, installed

    target = _target(directory)
    if shutil.which(npm) is None:
        refuse(BelotError("npm-missing", "npm", f"{npm} is not installed: no offline pack"))
    target.parent.mkdir(parents=True, exist_ok=True)
    # npm ci works in a project directory: the list and lockfile beside a fresh node_modules,
    # moved into place only once complete (a failed install leaves the old pack as it was).
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".belot-npm-") as work:
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(NPM / name, Path(work) / name)
        done = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
            cwd=work,
            capture_output=True,
            text=True,
            check=False,
        )
        built = Path(work) / "node_modules"
        if done.returncode != 0 or not installed(built):
            reason = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["incomplete"]
            refuse(BelotError("npm-failed", "npm", f"npm ci failed: {reason[0][:300]}"))
        if target.exists():
            shutil.rmtree(target)
        built.rename(target)
    click.echo(f"offline pack installed in {target}")
