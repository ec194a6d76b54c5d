"""CONTRACT.md §1-3: deals as decoded JSON into core values, results and errors back to JSON.

Everything a deal may hold is checked here for shape (fields, types, names); the rules'
own checks (ranges, reachable totals, conflicts) live in the core. Unknown fields are errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belot.core import declarations as decl
from belot.core import plain
from belot.core import projects as proj
from belot.core.baloot import BalootFields, BalootRound, Multiplier, score_baloot, spoken
from belot.core.baloot import tally as tally_round
from belot.core.belot import BelotDeal, BelotFields, score_belot, tally
from belot.core.declarations import Combination, DeclarationKind
from belot.core.errors import BelotError
from belot.core.fields import names, supplied_by_match
from belot.core.french import (
    FrenchCombination,
    FrenchDeal,
    FrenchFields,
    fast_fields,
    score_french,
)
from belot.core.french_presets import FrenchRules
from belot.core.games import GAME_NAMES, GAMES, find_game
from belot.core.presets import (
    DEFAULT_PRESET,
    GAHWA,
    PRESETS,
    BalootRules,
    BelotRules,
    Preset,
    rules_for,
)
from belot.core.projects import Project, ProjectKind, Projects
from belot.core.read import (
    JSON,
    TEAM_BY_NAME,
    a_team,
    an_object,
    check_fields,
    choice,
    lists_per_team,
    only_keys,
    points_per_team,
    rank,
    require,
    team_or_none,
    whole,
    wrong_type,
)
from belot.core.results import BelotResult, Result, Step
from belot.core.types import (
    OUTCOME_TEXT,
    TEAMS,
    THEM,
    US,
    Contract,
    Game,
    Mode,
    Outcome,
    Team,
)

# What a match supplies itself, so a deal added to a match must not carry it.
MATCH_SUPPLIED = supplied_by_match()


def _declarations(value: JSON, limit: int, french: bool = False) -> Any:
    """Per team: point values, or combinations (French ones may say `trump`)."""
    lists = lists_per_team(value, "declarations")
    for team in TEAMS:
        decl.check_count(team, len(lists[team]), limit)
    items = [item for team in TEAMS for item in lists[team]]
    if all(type(item) is int for item in items):
        return {team: tuple(lists[team]) for team in TEAMS}
    if all(isinstance(item, dict) for item in items):
        combos: dict[Team, Any] = {}
        keys = frozenset({"kind", "high", "trump"} if french else {"kind", "high"})
        for team in TEAMS:
            parsed: list[Any] = []
            for i, item in enumerate(lists[team]):
                where = f"declarations.{team}.{i}"
                only_keys(item, where, keys)
                if "kind" not in item or "high" not in item:
                    raise BelotError(
                        "missing-field", where, "a combination needs its kind and its high card"
                    )
                kind = choice(DeclarationKind, item["kind"], f"{where}.kind", "unknown-declaration")
                high = rank(item["high"], f"{where}.high")
                if french:
                    trump = item.get("trump", False)
                    if type(trump) is not bool:
                        raise wrong_type(f"{where}.trump", "true or false", trump)
                    parsed.append(FrenchCombination(kind, high, trump))
                else:
                    parsed.append(Combination(kind, high))
            combos[team] = tuple(parsed)
        return combos
    for team in TEAMS:
        for i, item in enumerate(lists[team]):
            if type(item) is not int and not isinstance(item, dict):
                raise wrong_type(f"declarations.{team}.{i}", "a point value or a combination", item)
    raise BelotError(
        "mixed-declarations",
        "declarations",
        "give declarations either as point values or as combinations, the same for both teams",
    )


def _projects(value: JSON, limit: int) -> Mapping[Team, Projects]:
    lists = lists_per_team(value, "projects")
    for team in TEAMS:
        proj.check_count(team, len(lists[team]), limit)
    out: dict[Team, Projects] = {}
    for team in TEAMS:
        parsed = []
        for i, item in enumerate(lists[team]):
            where = f"projects.{team}.{i}"
            if isinstance(item, dict):
                only_keys(item, where, frozenset({"kind", "high"}))
                if "kind" not in item:
                    raise BelotError("missing-field", f"{where}.kind", "a project needs its kind")
                kind = choice(ProjectKind, item["kind"], f"{where}.kind", "unknown-project")
                high = item.get("high")
                parsed.append(Project(kind, None if high is None else rank(high, f"{where}.high")))
            else:
                parsed.append(Project(choice(ProjectKind, item, where, "unknown-project")))
        out[team] = tuple(parsed)
    return out


def _game_and_rules(data: dict[str, JSON]) -> tuple[Game, Preset]:
    given = data.get("rules")
    named = data.get("game")
    if isinstance(named, str):  # the registry's games, a registered one too
        game = find_game(named).game
    elif "game" in data:
        game = choice(Game, named, "game", "unknown-game")  # the wrong type, worded
    elif "mode" in data or given == "sa" or _names_baloot(given):
        game = Game.BALOOT  # an old or hand-written deal without `game`
    else:
        game = Game.BELOT
    return game, rules_for(game, given)


def _names_baloot(given: JSON) -> bool:
    """House rules without a game around them that name Saudi Baloot's preset."""
    return isinstance(given, dict) and given.get("preset") == "sa"


def parse_belot(data: dict[str, JSON], rules: BelotRules) -> BelotDeal:
    check_fields(data, names(Game.BELOT), Game.BELOT)
    contract = choice(Contract, require(data, "contract"), "contract", "unknown-contract")
    declarer = a_team(require(data, "declarer"), "declarer")
    multiplier = data.get("multiplier")
    belots = points_per_team(data["belots"], "belots") if data.get("belots") is not None else {}
    return BelotDeal(
        contract=contract,
        declarer=declarer,
        last_trick=team_or_none(data.get("last_trick"), "last_trick"),
        cards=points_per_team(data["cards"], "cards") if data.get("cards") is not None else {},
        multiplier=1 if multiplier is None else whole(multiplier, "multiplier"),
        capot=team_or_none(data.get("capot"), "capot"),
        declarations=_declarations(data.get("declarations"), rules.max_declarations_per_team),
        belots={team: belots.get(team, 0) for team in TEAMS},
        hanging=whole(data["hanging"], "hanging") if data.get("hanging") is not None else 0,
        rules=rules,
    )


def _baloot_multiplier(value: JSON, rules: BalootRules) -> Multiplier:
    if value is None:
        return 1
    if value == GAHWA:
        return GAHWA
    if type(value) is int:
        return value
    if isinstance(value, str):
        raise BelotError(
            "invalid-multiplier",
            "multiplier",
            f"the multiplier is {spoken(rules.multipliers)}, got {value!r}",
            value=value,
        )
    raise wrong_type("multiplier", 'a whole number or "gahwa"', value)


def parse_baloot(data: dict[str, JSON], rules: BalootRules) -> BalootRound:
    check_fields(data, names(Game.BALOOT), Game.BALOOT)
    before = None
    if data.get("before") is not None:
        given = points_per_team(data["before"], "before")
        for team in TEAMS:
            if team not in given:
                raise BelotError("missing-field", f"before.{team}", f"give {team}'s match total")
        before = given
    return BalootRound(
        mode=choice(Mode, require(data, "mode"), "mode", "unknown-mode"),
        buyer=a_team(require(data, "buyer"), "buyer"),
        abnat=points_per_team(data["abnat"], "abnat") if data.get("abnat") is not None else {},
        multiplier=_baloot_multiplier(data.get("multiplier"), rules),
        kaboot=team_or_none(data.get("kaboot"), "kaboot"),
        projects=_projects(data.get("projects"), rules.max_projects_per_team),
        projects_first=team_or_none(data.get("projects_first"), "projects_first"),
        baloot=team_or_none(data.get("baloot"), "baloot"),
        before=before,
        rules=rules,
    )


def _bid(value: JSON) -> int | str | None:
    if value is None or (type(value) is int) or isinstance(value, str):
        return value
    raise wrong_type("bid", 'a whole number, "capot" or "generale"', value)


def parse_french(data: dict[str, JSON], rules: FrenchRules) -> FrenchDeal:
    """French belote or coinche (CONTRACT §1, the French block): its fields' shape."""
    game = rules.game
    check_fields(data, names(game), game)
    contract = choice(Contract, require(data, "contract"), "contract", "unknown-contract")
    declarer = a_team(require(data, "declarer"), "declarer")
    multiplier = data.get("multiplier")
    belots = points_per_team(data["belots"], "belots") if data.get("belots") is not None else {}
    generale = data.get("generale", False)
    if type(generale) is not bool:
        raise wrong_type("generale", "true or false", generale)
    return FrenchDeal(
        contract=contract,
        declarer=declarer,
        last_trick=team_or_none(data.get("last_trick"), "last_trick"),
        rules=rules,
        cards=points_per_team(data["cards"], "cards") if data.get("cards") is not None else {},
        capot=team_or_none(data.get("capot"), "capot"),
        bid=_bid(data.get("bid")),
        multiplier=1 if multiplier is None else whole(multiplier, "multiplier"),
        generale=generale,
        declarations=_declarations(
            data.get("declarations"), rules.max_declarations_per_team, french=True
        ),
        belots={team: belots.get(team, 0) for team in TEAMS},
        hanging=whole(data["hanging"], "hanging") if data.get("hanging") is not None else 0,
    )


Deal = BelotDeal | BalootRound | FrenchDeal


def parse_deal(data: JSON) -> Deal:
    """A deal as decoded JSON (CONTRACT.md §1) into a core value; BelotError when refused.

    A plainly shaped deal is read by lookups (`belot.core.plain`); any other is read here,
    field by field, and a refusal is worded for the first field at fault.
    """
    try:
        return plain.read(data)
    except plain.GIVE_UP:
        return parse_checked(data)


def parse_checked(data: JSON) -> Deal:
    """`parse_deal` the careful way: every field checked in order, every refusal worded."""
    obj = an_object(data, None)
    game, rules = _game_and_rules(obj)
    if isinstance(rules, BelotRules):
        return parse_belot(obj, rules)
    if isinstance(rules, FrenchRules):
        return parse_french(obj, rules)
    if isinstance(rules, BalootRules):
        return parse_baloot(obj, rules)
    raise BelotError(  # a registered game scores its own deals (`scored_by_its_game`)
        "game-not-kept", "game", f"a {game} deal is scored by its game; it has no core value"
    )


# The core's own games by name (iterating `Game` gives its four members, never a registered one).
_CORE_GAMES = frozenset(g.value for g in Game)


def scored_by_its_game(data: JSON) -> dict[str, JSON] | None:
    """The result of a deal of a registered game that scores itself (`belot.core.register`), its
    fields checked against its declaration first; None for the core's own games, told by
    their name before anything is read (the careful reader reads them next)."""
    named = data.get("game", Game.BELOT.value) if type(data) is dict else None
    if isinstance(named, str) and named in _CORE_GAMES:
        return None
    obj = an_object(data, None)
    game, rules = _game_and_rules(obj)
    scores = GAMES[game].scores
    if scores is None:
        return None
    check_fields(obj, names(game), game)
    return scores(obj, rules)


def explained_by_its_game(data: JSON) -> tuple[dict[str, JSON], list[dict[str, JSON]]] | None:
    """`scored_by_its_game` with the game's own breakdown (its steps as JSON); None for a
    game that gives no steps (the core's own four are explained by `explain`)."""
    named = data.get("game", Game.BELOT.value) if type(data) is dict else None
    if isinstance(named, str) and named in _CORE_GAMES:
        return None
    obj = an_object(data, None)
    game, rules = _game_and_rules(obj)
    explains = GAMES[game].explains
    if explains is None:
        return None
    check_fields(obj, names(game), game)
    steps: list[Step] = []
    result = explains(obj, rules, steps)
    return result, [step.to_json() for step in steps]


def score_value(deal: Deal, *, explain: bool = False) -> Result:
    if isinstance(deal, BelotDeal):
        return score_belot(deal, explain=explain)
    if isinstance(deal, FrenchDeal):
        return score_french(deal, explain=explain)
    return score_baloot(deal, explain=explain)


def result_json(result: Result) -> dict[str, JSON]:
    """CONTRACT.md §2."""
    score = {"us": result.score[US], "them": result.score[THEM]}
    if isinstance(result, BelotResult):
        raw = {"us": result.raw[US], "them": result.raw[THEM]}
        return {
            "raw": raw,
            "outcome": OUTCOME_TEXT[result.outcome],
            "score": score,
            "hanging": result.hanging,
        }
    return baloot_json(result.outcome, result.score, result.match_winner)


def baloot_json(
    outcome: Outcome, points: Mapping[Team, int], match_winner: Team | None
) -> dict[str, JSON]:
    """A Baloot result's JSON (CONTRACT.md §2) from its numbers (`baloot.tally`)."""
    out: dict[str, JSON] = {
        "outcome": OUTCOME_TEXT[outcome],
        "score": {"us": points[US], "them": points[THEM]},
    }
    if match_winner is not None:
        out["match_winner"] = match_winner.value
    return out


def score(data: JSON) -> dict[str, JSON]:
    """A deal as decoded JSON in, its result as JSON out (CONTRACT.md §1-2).

    The same answer as `result_json(score_value(parse_deal(data)))`; a Belot deal's numbers go
    straight into the JSON, without a result object between (the bulk path).
    """
    try:  # the common deal of any core game: its result by lookups (`plain.numbers`)
        return plain.score(data)
    except plain.GIVE_UP:
        pass
    deal: BelotFields | BalootFields | FrenchFields | Deal
    try:
        deal = plain.fields(data)
    except plain.GIVE_UP:
        try:
            deal = _plain_french(data)
        except plain.GIVE_UP:
            own = scored_by_its_game(data)
            if own is not None:
                return own
            deal = parse_checked(data)
    if isinstance(deal, FrenchDeal | FrenchFields):
        return result_json(score_french(deal))
    if isinstance(deal, BelotFields | BelotDeal):
        raw, outcome, points, hanging, _ = tally(deal)
        return belot_json(raw, outcome, points, hanging)
    return baloot_json(*tally_round(deal))


# The French presets by how a plain deal names them (its game, its rules' name or none).
_FRENCH_PRESET: dict[tuple[JSON, JSON], FrenchRules] = {
    (preset.game.value, name): preset
    for preset in PRESETS.values()
    if isinstance(preset, FrenchRules)
    for name in (preset.name, *((None,) if DEFAULT_PRESET[preset.game] == preset.name else ()))
}


def _plain_french(data: JSON) -> FrenchFields:
    """A plainly shaped French deal by lookups (`french.fast_fields`); KeyError otherwise."""
    if type(data) is not dict:
        raise KeyError(None)
    return fast_fields(data, _FRENCH_PRESET[data.get("game"), data.get("rules")])


def belot_json(
    raw: Mapping[Team, int], outcome: Outcome, points: Mapping[Team, int], hanging: int
) -> dict[str, JSON]:
    """A Belot result's JSON (CONTRACT.md §2) from its numbers (`belot.tally`)."""
    return {
        "raw": {"us": raw[US], "them": raw[THEM]},
        "outcome": OUTCOME_TEXT[outcome],
        "score": {"us": points[US], "them": points[THEM]},
        "hanging": hanging,
    }


def explain(data: JSON) -> list[dict[str, JSON]]:
    """The ordered breakdown of a deal's scoring, for pages to render in their own language."""
    own = explained_by_its_game(data)
    if own is not None:
        return own[1]
    return [step.to_json() for step in score_value(parse_deal(data), explain=True).steps]


def bidder(deal: Deal) -> Team:
    """The team that won the bid: the declarer, the taker or the buyer."""
    return deal.buyer if isinstance(deal, BalootRound) else deal.declarer


def other_pile(deal: Mapping[str, JSON]) -> dict[str, JSON] | None:
    """`{"team": "them", "points": 70}`: the other team's pile beside the one typed, when the
    deal says enough to know it (a page shows it under the number field)."""
    try:
        game = find_game(deal.get("game", GAME_NAMES[0])).game
        preset = rules_for(game, deal.get("rules"))
        given = deal.get(preset.pile_field)
        total = preset.pile_total(deal)
    except (BelotError, KeyError, ValueError, TypeError):  # no contract or mode chosen yet
        return None
    if not isinstance(given, Mapping) or len(given) != 1:
        return None
    ((team, points),) = given.items()
    if type(points) is not int or not 0 <= points <= total or team not in TEAM_BY_NAME:
        return None
    return {"team": TEAM_BY_NAME[team].other.value, "points": total - points}


def error_json(err: BelotError) -> dict[str, JSON]:
    """CONTRACT.md §3."""
    return {"error": {"code": err.code, "field": err.field, "message": err.message}}
