"""`belot tournament`: a club tournament's standings from a terminal (CONTRACT.md §5.4)."""

from __future__ import annotations

import json
from typing import Any

import click

from belot.cli.database import on_database
from belot.cli.options import db_option


@click.group()
def tournament() -> None:
    """Look at a club's tournament (the id from its page or from the API)."""


@tournament.command()
@click.argument("tournament_id", metavar="ID")
@click.option("--json", "as_json", is_flag=True, help="The API's tournament object instead.")
@db_option
def show(tournament_id: str, as_json: bool, database_url: str | None) -> None:
    """Print the standings: rank, pair, played, won, lost, points for and against."""
    from belot.store.tournaments import TournamentStore

    found = on_database(database_url, lambda store: TournamentStore(store).get(tournament_id))
    if as_json:
        click.echo(json.dumps(found, ensure_ascii=False, indent=2))
    else:
        click.echo(standings_text(found), nl=False)


def standings_text(t: dict[str, Any]) -> str:
    names = {p["id"]: p["name"] for p in t["pairs"]}
    drawn, total = len(t["rounds"]), t["rounds_total"]
    state = "finished" if t["finished"] else f"after round {drawn} of {total}"
    lines = [f"{t['name']} — {t['format']}, {t['game']} ({state})"]
    width = max((len(n) for n in names.values()), default=4)
    lines.append(f"{'#':>3}  {'pair':<{width}}  {'P':>3} {'W':>3} {'L':>3} {'for':>6} {'agst':>6}")
    for s in t["standings"]:
        lines.append(
            f"{s['rank']:>3}  {names[s['pair']]:<{width}}  {s['played']:>3} {s['won']:>3} "
            f"{s['lost']:>3} {s['points_for']:>6} {s['points_against']:>6}"
        )
    if t["winner"] is not None:
        lines.append(f"winner: {names[t['winner']]}")
    return "\n".join(lines) + "\n"
