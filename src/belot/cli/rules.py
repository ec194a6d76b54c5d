"""`belot rules`: the rule presets and house rules (switches) of each game (CONTRACT §5.3)."""

from __future__ import annotations

import json
import sys

import click

from belot.words.i18n import LANGS
from belot.words.rules import rules_listing


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print what GET /api/v1/rules answers.")
@click.option("--lang", default="en", show_default=True, help="bg, ar, en, fr, hr or nl.")
def rules(as_json: bool, lang: str) -> None:
    """List the rule presets and the house rules of each game, one line each.

    Turn a house rule on with `belot score --rule NAME`, or in a deal's JSON:
    "rules": {"preset": "bg", "NAME": true}.
    """
    listing = rules_listing()
    if as_json:
        sys.stdout.write(json.dumps(listing, ensure_ascii=False) + "\n")
        return
    if lang not in LANGS:
        raise click.BadParameter(f"one of {', '.join(LANGS)}", param_hint="--lang")
    lines: list[str] = []
    for game in listing["games"]:
        lines.append(f"{game['game']} (to {game['target']}; default preset {game['default']})")
        lines.append("  presets:")
        lines += [f"    {p['name']:<8} {p['words'][lang]}" for p in game["presets"]]
        lines.append("  house rules (off unless turned on):")
        lines += [f"    {s['name']:<26} {s['words'][lang]}" for s in game["switches"]]
    sys.stdout.write("".join(f"{line}\n" for line in lines))
