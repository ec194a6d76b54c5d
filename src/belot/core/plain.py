"""The common deal read at the speed of dict lookups (issue 12).

Nearly every deal scored (bulk `--jsonl`, match replays, the API) is plainly shaped: known
fields, known names, whole numbers, declarations as values, projects by name. `read` turns
such a deal into its core value with one lookup per field and no error wording; anything
else — a wrong type, an unknown name, a missing field, combinations, too many items — makes
it give up (`NotPlain`), and `belot.core.contract` reads the deal again the careful way, which
words the refusal exactly as always. So a plain read never decides an answer by itself: it
either builds the very value the careful reading builds, or it steps aside.
"""

from __future__ import annotations

from collections.abc import Mapping

from belot.core.baloot import BalootFields, BalootRound
from belot.core.belot import BelotDeal, BelotFields
from belot.core.declarations import (
    CARRE_POINTS,
    MIN_HIGH,
    SEQUENCE_LENGTH,
    SEQUENCE_POINTS,
    DeclarationKind,
)
from belot.core.french_deal import FRENCH_OF, FrenchTable, french_table
from belot.core.french_deal import numbers as french_numbers
from belot.core.french_presets import FrenchRules
from belot.core.plain_baloot import READS_BALOOT as READS_BALOOT  # Baloot's (`plain_baloot`)
from belot.core.plain_baloot import BalootNumbers, Modes
from belot.core.plain_baloot import numbers as baloot_numbers
from belot.core.plain_baloot import result as baloot_result
from belot.core.plain_baloot import tables as baloot_tables
from belot.core.plain_base import GIVE_UP as GIVE_UP  # what every step aside raises
from belot.core.plain_base import (
    HANGING,
    INSIDE,
    JSON,
    MADE,
    TEAM_NAMES,
    DealNumbers,
    carried_to,
    pile,
    quick_rules,
)
from belot.core.plain_base import NotPlain as NotPlain
from belot.core.presets import (
    DEFAULT_PRESET,
    GAHWA,
    PRESETS,
    BalootRules,
    BelotRules,
    Preset,
)
from belot.core.projects import Project, ProjectKind
from belot.core.switches import (
    BORDER_TO_DECLARERS,
    CONTRA_ROUND_FIRST,
    HANGING_TO_MORE,
    NO_TRUMPS_CAPOT_DOUBLED,
    NO_TRUMPS_ROUND_FIRST,
)
from belot.core.types import THEM, US, Contract, Game, Mode, Rank, Team

# The fields this reader reads, each below (Baloot's: `plain_baloot.READS_BALOOT`). Not the
# declaration (`belot.core.fields`): a field declared and not read here makes this reader step
# aside, so it is never dropped (a test holds these equal to the declaration).
READS_BELOT = frozenset(
    {"game", "rules", "contract", "declarer", "multiplier", "cards", "last_trick", "capot",
     "declarations", "belots", "hanging"}
)  # fmt: skip


_TEAM: dict[JSON, Team] = {team.value: team for team in Team}
_TEAM_OR_NONE: dict[JSON, Team | None] = {**_TEAM, None: None}
_CONTRACT: dict[JSON, Contract] = {contract.value: contract for contract in Contract}
_MODE: dict[JSON, Mode] = {mode.value: mode for mode in Mode}
# Projects by name carry no top card, so one shared (frozen) value per kind serves every deal.
_PROJECT: dict[JSON, Project] = {kind.value: Project(kind) for kind in ProjectKind}
_PRESET: dict[tuple[JSON, JSON], Preset] = {
    (game.value, name): preset
    for game in Game
    for name, preset in [*PRESETS.items(), (None, PRESETS[DEFAULT_PRESET[game]])]
    if preset.game is game
}
_NO_LISTS = ((), ())
_MATCH_OWN = frozenset({"game", "rules", "hanging", "before"})  # the careful way words these


def read(data: JSON) -> BelotDeal | BalootRound:
    """A plainly shaped deal as its core value; `NotPlain` (or KeyError, TypeError) otherwise."""
    deal = fields(data)
    if type(deal) is BelotFields:
        return BelotDeal(*deal)
    return BalootRound(*deal)


def fields(data: JSON) -> BelotFields | BalootFields:
    """`read`, as the plain tuple scoring also takes (no dataclass to build: the bulk path)."""
    if type(data) is not dict:
        raise NotPlain
    preset = _PRESET[data.get("game"), data.get("rules")]
    if isinstance(preset, BelotRules):
        return belot_fields(data, preset)
    if isinstance(preset, BalootRules):
        return baloot_fields(data, preset)
    raise NotPlain  # the French games: read the careful way


def in_match(
    deal: JSON, preset: Preset, hanging: int, totals: Mapping[str, int]
) -> BelotFields | BalootFields:
    """`fields` of a deal as a match stores it (play fields only), with the match's preset,
    hanging points and totals, as `core.match` would add them: the same value, no copy."""
    if type(deal) is not dict or not _MATCH_OWN.isdisjoint(deal):
        raise NotPlain
    if isinstance(preset, BelotRules):
        return belot_fields(deal, preset, hanging)
    if isinstance(preset, BalootRules):
        return baloot_fields(deal, preset, {US: totals["us"], THEM: totals["them"]})
    raise NotPlain


def _points(value: JSON) -> dict[Team, int]:
    """`{"us": 82}`: known teams, whole numbers (bool is no number)."""
    if type(value) is not dict:
        raise NotPlain
    out = {}
    for key, points in value.items():
        if type(points) is not int:
            raise NotPlain
        out[_TEAM[key]] = points
    return out


def _lists(value: JSON, limit: int) -> tuple[list[JSON] | tuple[()], list[JSON] | tuple[()]]:
    """Per-team lists of at most `limit` items (the careful reading words a longer one)."""
    if value is None or value == {}:
        return _NO_LISTS
    if type(value) is not dict or not value.keys() <= _TEAM.keys():
        raise NotPlain
    us, them = value.get("us"), value.get("them")
    if us is None:
        us = ()
    elif type(us) is not list or len(us) > limit:
        raise NotPlain
    if them is None:
        them = ()
    elif type(them) is not list or len(them) > limit:
        raise NotPlain
    return us, them


def belot_fields(
    data: dict[str, JSON], rules: BelotRules, carried: int | None = None
) -> BelotFields:
    if not READS_BELOT.issuperset(data):
        raise NotPlain
    get = data.get
    belots = get("belots")
    if belots is None:
        belots = {US: 0, THEM: 0}
    else:
        belots = _points(belots)
        belots = {US: belots.get(US, 0), THEM: belots.get(THEM, 0)}
    cards = get("cards")
    multiplier = get("multiplier")
    if multiplier is None:
        multiplier = 1
    elif type(multiplier) is not int:
        raise NotPlain
    hanging = get("hanging") if carried is None else carried
    if hanging is None:
        hanging = 0
    elif type(hanging) is not int:
        raise NotPlain
    us, them = _lists(get("declarations"), rules.max_declarations_per_team)
    for value in (*us, *them):
        if type(value) is not int:  # combinations: the careful reading resolves them
            raise NotPlain
    return BelotFields(
        _CONTRACT[data["contract"]],
        _TEAM[data["declarer"]],
        _TEAM_OR_NONE[get("last_trick")],
        {} if cards is None else _points(cards),
        multiplier,
        _TEAM_OR_NONE[get("capot")],
        {US: tuple(us), THEM: tuple(them)},
        belots,
        hanging,
        rules,
    )


def baloot_fields(
    data: dict[str, JSON], rules: BalootRules, totals: dict[Team, int] | None = None
) -> BalootFields:
    if not READS_BALOOT.issuperset(data):
        raise NotPlain
    get = data.get
    before = get("before") if totals is None else totals
    if before is not None and totals is None:
        before = _points(before)
        if len(before) != 2:
            raise NotPlain
    abnat = get("abnat")
    multiplier = get("multiplier")
    if multiplier is None:
        multiplier = 1
    elif type(multiplier) is not int and multiplier != GAHWA:
        raise NotPlain
    us, them = _lists(get("projects"), rules.max_projects_per_team)
    return BalootFields(
        _MODE[data["mode"]],
        _TEAM[data["buyer"]],
        {} if abnat is None else _points(abnat),
        GAHWA if multiplier == GAHWA else multiplier,
        _TEAM_OR_NONE[get("kaboot")],
        {
            US: tuple(map(_PROJECT.__getitem__, us)),
            THEM: tuple(map(_PROJECT.__getitem__, them)),
        },
        _TEAM_OR_NONE[get("projects_first")],
        _TEAM_OR_NONE[get("baloot")],
        before,
        rules,
    )


# -- Scoring as lookups (issue 26) -----------------------------------------------------------
#
# A preset without house rules is data: each contract (each mode) turns once, at import, into
# what a deal of it needs — the deck, the reachable piles, and the rounding of every raw total
# a deal can reach, the borderline cases included, worked out by the preset's own rounding
# (`round_own`, `round_halves`, `abnat_to_points`), never written again here. Scoring a common
# deal is then reading its fields, a few lookups and additions: `numbers` gives the result's
# numbers, `score` / `text` / `compact` write them as the contract's JSON (a dict, the CLI's
# line, the API's bytes). House rules are a preset's too, built when a deal first names them.
# A deal these do not take (a capot, both teams' values, anything to refuse; Baloot's own:
# `plain_baloot`) steps aside (`NotPlain`, KeyError, TypeError) to the reading above and the
# full scoring, which word every refusal.

# Raw totals a fast deal can reach: 258 card points, six declarations of at most 200, four
# belots, a capot's bonus (doubled at most). The tables cover them with room to spare.
_RAW_LIMIT = 2048
_DECLARATION_POINTS: dict[int, int] = {v: v for v in (20, 50, 100, 150, 200)}

# A Belot contract under one preset: deck, doubled (no trumps), reachable card points, the
# multipliers, belots allowed, last trick bonus, belot points, declarations allowed a team,
# hanging limit, and the game points of a raw total for the team with more (made), with
# fewer, and a hanging deal's recorded and hanging shares; then two house rules the
# settlement reads (contra-round-first, hanging-to-more: RULES 4.1; border-to-declarers is in
# the made shares, no-trumps-round-first leaves no trumps to the careful way); last, a capot's
# bonus (no-trumps-capot-doubled in it).
BelotTable = tuple[
    int, int, frozenset[int], frozenset[int], int, int, int, int, int,
    list[int], list[int], list[int], list[int], bool, bool, int,
]  # fmt: skip


def _belot_table(rules: BelotRules, contract: Contract) -> BelotTable:
    from belot.core.cards import DECK_POINTS, REACHABLE_CARD_POINTS
    from belot.core.types import CONTRACT_KIND, ContractKind

    kind = CONTRACT_KIND[contract]
    double = 2 if kind is ContractKind.NO_TRUMPS else 1
    deck = DECK_POINTS[kind]
    on = rules.on
    assert NO_TRUMPS_ROUND_FIRST not in on or kind is not ContractKind.NO_TRUMPS
    # Both teams' raw totals end in the same tens' complement: the deck, the last trick and
    # every declaration and belot are whole tens apart from the cards.
    whole = (deck + rules.last_trick_bonus) * double % 10
    assert rules.belot_points % 10 == 0 and all(v % 10 == 0 for v in _DECLARATION_POINTS)
    # House rule border-to-declarers (a made deal without contra, suit or all trumps): on the
    # border remainder the declarers (who have more) round up, the defenders down.
    border = rules.rounding[kind].borderline
    if BORDER_TO_DECLARERS not in on or kind is ContractKind.NO_TRUMPS or border is None:
        border = -1
    more, fewer, recorded, hanging = [], [], [], []
    for raw in range(_RAW_LIMIT):
        rest = (whole - raw) % 10  # the other team's remainder
        below = raw - 10 - (raw - rest) % 10  # a raw total of the other team, fewer
        above = raw + 10 + (rest - raw) % 10  # and more
        if raw % 10 == border:
            more.append(raw // 10 + 1)
            fewer.append(raw // 10)
        else:
            more.append(rules.round_own(kind, raw, below))
            fewer.append(rules.round_own(kind, raw, above))
        share, hangs = rules.round_halves(kind, raw)
        recorded.append(share)
        hanging.append(hangs)
    return (
        deck,
        double,
        REACHABLE_CARD_POINTS[kind],
        frozenset(rules.multipliers),
        rules.max_belots[kind],
        rules.last_trick_bonus,
        rules.belot_points,
        rules.max_declarations_per_team,
        rules.max_carried,
        more,
        fewer,
        recorded,
        hanging,
        CONTRA_ROUND_FIRST in on,
        HANGING_TO_MORE in on,
        rules.capot_bonus * (2 if double == 2 and NO_TRUMPS_CAPOT_DOUBLED in on else 1),
    )


def _belot_tables(rules: BelotRules) -> dict[JSON, BelotTable]:
    """Each contract's table under `rules` (no trumps under no-trumps-round-first: none, so
    such a deal steps aside)."""
    return {
        c.value: _belot_table(rules, c)
        for c in Contract
        if NO_TRUMPS_ROUND_FIRST not in rules.on or c is not Contract.NO_TRUMPS
    }


# By the deal's (game, rules) as JSON gives them, the presets without house rules only.
_BELOT_TABLES: dict[tuple[JSON, JSON], dict[JSON, BelotTable]] = {}
_BALOOT_TABLES: dict[tuple[JSON, JSON], Modes] = {}
# The French games' tables (`belot.core.french_deal`, which scores them), by the same key.
_FRENCH_TABLES: dict[tuple[JSON, JSON], FrenchTable] = {}
# And by the preset object a match holds.
_BELOT_OF: dict[Preset, dict[JSON, BelotTable]] = {}
_BALOOT_OF: dict[Preset, Modes] = {}
for _rules in PRESETS.values():
    if _rules.on:
        continue
    if isinstance(_rules, BelotRules):
        _BELOT_OF[_rules] = {c.value: _belot_table(_rules, c) for c in Contract}
    elif isinstance(_rules, BalootRules):
        _BALOOT_OF[_rules] = baloot_tables(_rules)
for (_game, _name), _rules in _PRESET.items():
    if isinstance(_rules, BelotRules) and _rules in _BELOT_OF:
        _BELOT_TABLES[_game, _name] = _BELOT_OF[_rules]
    elif isinstance(_rules, BalootRules) and _rules in _BALOOT_OF:
        _BALOOT_TABLES[_game, _name] = _BALOOT_OF[_rules]
    elif isinstance(_rules, FrenchRules) and _rules in FRENCH_OF:
        _FRENCH_TABLES[_game, _name] = FRENCH_OF[_rules]

# What `in_match_numbers` gives: Belot (raw us, raw them, outcome, score us, score them,
# hanging), Baloot (outcome, score us, score them); `numbers` gives a gahwa's winner too.
Numbers = DealNumbers | tuple[str, int, int]
AnyNumbers = Numbers | BalootNumbers


# House rules (a rules object over a preset, RULES §4): the tables of the preset they resolve
# to, built the first time a deal names them and kept by the rules object (`rules_for` keeps
# one object for the same rules). Not `_BELOT_OF` / `_BALOOT_OF`: a match's lookups
# (`in_match_numbers`) take presets without house rules only.
_HOUSE_BELOT: dict[Preset, dict[JSON, BelotTable]] = {}
_HOUSE_FRENCH: dict[Preset, FrenchTable | None] = {}  # None: a switch the lookups leave aside
_HOUSE_LIMIT = 4096
_OLDER_GAMES: dict[JSON, Game] = {
    g.value: g for g in (Game.BELOT, Game.BALOOT, Game.FRENCH_BELOTE, Game.COINCHE)
}


def _house_numbers(data: dict[str, JSON], game: JSON, given: dict[str, JSON]) -> AnyNumbers:
    """`numbers` of a deal whose rules are an object: the lookups of the preset it resolves
    to, or a step aside (a refusal of the rules is the careful way's to word)."""
    rules = quick_rules(_OLDER_GAMES[game], given)
    if isinstance(rules, BelotRules):
        tables = _HOUSE_BELOT.get(rules)
        if tables is None:
            tables = _belot_tables(rules)
            if len(_HOUSE_BELOT) < _HOUSE_LIMIT:
                _HOUSE_BELOT[rules] = tables
        return _belot_numbers(data, tables)
    if isinstance(rules, BalootRules):
        return baloot_numbers(data, baloot_tables(rules))
    if isinstance(rules, FrenchRules):
        if rules in _HOUSE_FRENCH:
            french = _HOUSE_FRENCH[rules]
        else:
            french = french_table(rules)
            if len(_HOUSE_FRENCH) < _HOUSE_LIMIT:
                _HOUSE_FRENCH[rules] = french
        if french is not None:
            return french_numbers(data, french)
    raise NotPlain


def numbers(data: JSON) -> AnyNumbers:
    """A common deal's result as its numbers; `NotPlain` (KeyError, TypeError) otherwise."""
    if type(data) is not dict:
        raise NotPlain
    given = data.get("rules")
    if type(given) is dict:
        return _house_numbers(data, data.get("game"), given)
    key = (data.get("game"), given)
    tables = _BELOT_TABLES.get(key)
    if tables is not None:
        return _belot_numbers(data, tables)
    modes = _BALOOT_TABLES.get(key)
    if modes is not None:
        return baloot_numbers(data, modes)
    french = _FRENCH_TABLES.get(key)
    if french is not None:  # French belote, coinche: their own lookups (KeyError otherwise)
        return french_numbers(data, french)
    raise NotPlain


def _declared(items: JSON, limit: int) -> int:
    """One team's declarations as point values (the other team has none): their sum."""
    if items is None:
        return 0
    if type(items) is not list or len(items) > limit:
        raise NotPlain
    points = 0
    for value in items:
        if type(value) is not int:
            raise NotPlain
        points += _DECLARATION_POINTS[value]
    if len(items) > 1 and (items.count(150) > 1 or items.count(200) > 1):
        raise NotPlain  # a carré of 9s or Js twice: refused the careful way
    return points


# A declared combination `{"kind", "high"}` as JSON gives it (only those that can exist,
# RULES §3): its contest (0 sequences, 1 carrés), its strength there (a sequence's length,
# then its top card; carrés J > 9 > A > 10 > K > Q, one number a rank) and its points.
_COMBINATION: dict[tuple[JSON, JSON], tuple[int, int, int]] = {}
for _kind in DeclarationKind:
    for _rank in Rank:
        if _kind is DeclarationKind.CARRE:
            if _rank in CARRE_POINTS:
                _strength = len(CARRE_POINTS) - list(CARRE_POINTS).index(_rank)
                _COMBINATION[_kind.value, _rank.symbol] = (1, _strength, CARRE_POINTS[_rank])
        elif _rank.order >= MIN_HIGH[_kind].order:
            _strength = SEQUENCE_LENGTH[_kind] * 16 + _rank.order
            _COMBINATION[_kind.value, _rank.symbol] = (0, _strength, SEQUENCE_POINTS[_kind])


def _combinations(ours: JSON, theirs: JSON, limit: int) -> tuple[int, int]:
    """Both teams' declared combinations resolved as RULES 1.4 says (`declarations.
    resolve_combinations`): sequences and carrés two contests, each won by the team with the
    best of its kind (equal best sequences: neither), which scores all of its own of that
    kind. `NotPlain` for anything the careful way words (a value among them, a combination
    that cannot exist, a carré twice, too many)."""
    best_seq = [-1, -1]  # us, them
    best_carre = [-1, -1]
    seq_points = [0, 0]
    carre_points = [0, 0]
    carres = 0  # the carrés' ranks seen, one bit each
    for team in range(2):
        items = ours if team == 0 else theirs
        if items is None:
            continue
        if type(items) is not list or len(items) > limit:
            raise NotPlain
        for item in items:
            if type(item) is not dict or len(item) != 2:
                raise NotPlain
            contest, strength, points = _COMBINATION[item["kind"], item["high"]]
            if contest:
                if carres >> strength & 1:
                    raise NotPlain  # the same carré twice: refused the careful way
                carres |= 1 << strength
                carre_points[team] += points
                if strength > best_carre[team]:
                    best_carre[team] = strength
            else:
                seq_points[team] += points
                if strength > best_seq[team]:
                    best_seq[team] = strength
    us = them = 0
    if best_seq[0] > best_seq[1]:
        us += seq_points[0]
    elif best_seq[1] > best_seq[0]:
        them += seq_points[1]
    if best_carre[0] > best_carre[1]:
        us += carre_points[0]
    elif best_carre[1] > best_carre[0]:
        them += carre_points[1]
    return us, them


def stored(deal: JSON) -> dict[str, JSON]:
    """A deal as a match stores it (play fields only), for the readers here; `NotPlain` when
    it holds anything the careful way words (what the match supplies, a seat's `caller`)."""
    if type(deal) is not dict or not _MATCH_OWN.isdisjoint(deal):
        raise NotPlain
    return deal


def in_match_numbers(
    deal: JSON, preset: Preset, hanging: int, totals: Mapping[str, int]
) -> Numbers:
    """`numbers` of a deal as a match stores it (play fields only), with the match's preset,
    hanging points and totals, as `core.match` would add them (`in_match`, by lookups)."""
    if type(deal) is not dict or not _MATCH_OWN.isdisjoint(deal):
        raise NotPlain
    tables = _BELOT_OF.get(preset)
    if tables is not None:
        return _belot_numbers(deal, tables, hanging)
    modes = _BALOOT_OF.get(preset)
    if modes is not None:
        looked_up = baloot_numbers(deal, modes, totals, False)
        if len(looked_up) == 3:  # always: no gahwa in a match's lookups
            return looked_up
    raise NotPlain


def _belot_numbers(
    data: dict[str, JSON], tables: dict[JSON, BelotTable], hanging: int | None = None
) -> Numbers:
    """A Belot deal's numbers by lookups; a match's deal (`hanging` given) takes no capot: the
    match records it (RULES 1.8) the careful way."""
    if not READS_BELOT.issuperset(data):
        raise NotPlain
    get = data.get
    (deck, double, reachable, multipliers, max_belots, bonus, per_belot, max_declared,
     max_carried, more, fewer, recorded, hangs, contra_first, to_more,
     capot_bonus) = tables[data["contract"]]  # fmt: skip
    declarer = data["declarer"]
    if declarer != "us" and declarer != "them":
        raise NotPlain
    last = get("last_trick")
    capot = get("capot")
    if capot is None:
        if last != "us" and last != "them":
            raise NotPlain
    elif (capot != "us" and capot != "them") or hanging is not None:
        raise NotPlain
    elif get("cards") is not None or (last is not None and last != capot):
        raise NotPlain  # the careful way reads (or refuses) the piles beside a capot
    else:
        last = capot
    multiplier = get("multiplier")
    if multiplier is None:
        multiplier = 1
    elif type(multiplier) is not int or multiplier not in multipliers:
        raise NotPlain
    carried = get("hanging") if hanging is None else hanging
    if carried is None:
        carried = 0
    elif type(carried) is not int or not 0 <= carried <= max_carried:
        raise NotPlain
    if capot is None:
        us, them = pile(get("cards"), deck, reachable)
    else:  # every trick: the deck to the capot's team
        us, them = (deck, 0) if capot == "us" else (0, deck)
    if last == "us":
        us += bonus
    else:
        them += bonus
    if double == 2:
        us, them = us * 2, them * 2
    if capot == "us":
        us += capot_bonus
    elif capot == "them":
        them += capot_bonus
    declarations = get("declarations")
    if declarations is not None and type(declarations) is not dict:
        raise NotPlain
    if declarations:  # None and {} declare nothing
        if not TEAM_NAMES.issuperset(declarations):
            raise NotPlain
        ours, theirs = declarations.get("us"), declarations.get("them")
        if (ours and type(ours) is list and type(ours[0]) is dict) or (
            theirs and type(theirs) is list and type(theirs[0]) is dict
        ):  # combinations: RULES 1.4's two contests, by lookups
            if double == 2:
                raise NotPlain  # no trumps has no declarations
            counted_us, counted_them = _combinations(ours, theirs, max_declared)
            us += counted_us
            them += counted_them
        elif ours and theirs:
            raise NotPlain  # both teams' values: the careful way checks them
        elif ours or theirs:
            if double == 2:
                raise NotPlain  # no trumps has no declarations
            us += _declared(ours, max_declared)
            them += _declared(theirs, max_declared)
        elif not (ours == [] or ours is None) or not (theirs == [] or theirs is None):
            raise NotPlain
    belots = get("belots")
    if belots is not None and type(belots) is not dict:
        raise NotPlain
    if belots:
        if not TEAM_NAMES.issuperset(belots):
            raise NotPlain
        b_us, b_them = belots.get("us", 0), belots.get("them", 0)
        if type(b_us) is not int or type(b_them) is not int:
            raise NotPlain
        if b_us < 0 or b_them < 0 or b_us + b_them > max_belots:
            raise NotPlain
        us += per_belot * b_us
        them += per_belot * b_them
    if declarer == "us":
        d, o = us, them
    else:
        d, o = them, us
    new = 0
    if multiplier == 1:
        if d > o:
            outcome, score_d, score_o, taker = MADE, more[d], fewer[o], 1
        elif d < o:
            outcome, score_d, score_o, taker = INSIDE, 0, (d + o + 5) // 10, 2
        else:
            outcome, score_d, score_o, taker = HANGING, 0, recorded[d], 0
            new = hangs[d]
    else:
        whole = ((d + o) * multiplier + 5) // 10
        if contra_first:  # house rule: round the deal, then multiply
            whole = (d + o + 5) // 10 * multiplier
        if d > o:
            outcome, score_d, score_o, taker = MADE, whole, 0, 1
        elif d < o:
            outcome, score_d, score_o, taker = INSIDE, 0, whole, 2
        else:
            outcome, score_d, score_o, taker = HANGING, 0, 0, 0
            new = whole
    if to_more and carried and taker:
        # House rule hanging-to-more: the carried points go to the team that writes more;
        # level, they wait.
        taker = 1 if score_d > score_o else 2 if score_o > score_d else 0
    return carried_to(taker, declarer, (us, them), outcome, score_d, score_o, carried, new)


def score(data: JSON) -> dict[str, JSON]:
    """`contract.score` of a common deal (the same dict); `NotPlain` (KeyError, TypeError)
    otherwise."""
    n = numbers(data)
    if len(n) == 6:
        return {
            "raw": {"us": n[0], "them": n[1]},
            "outcome": n[2],
            "score": {"us": n[3], "them": n[4]},
            "hanging": n[5],
        }
    return baloot_result(n)


def text(data: JSON) -> str:
    """The common deal's result as `belot score` writes it (`, ` and `: `), newline ended."""
    n = numbers(data)
    if len(n) == 6:
        return (
            f'{{"raw": {{"us": {n[0]}, "them": {n[1]}}}, "outcome": "{n[2]}", '
            f'"score": {{"us": {n[3]}, "them": {n[4]}}}, "hanging": {n[5]}}}\n'
        )
    if len(n) == 3:
        return f'{{"outcome": "{n[0]}", "score": {{"us": {n[1]}, "them": {n[2]}}}}}\n'
    return (
        f'{{"outcome": "{n[0]}", "score": {{"us": {n[1]}, "them": {n[2]}}}, '
        f'"match_winner": "{n[3]}"}}\n'
    )


def compact(data: JSON) -> bytes:
    """The common deal's result as the API writes JSON (no spaces), as bytes."""
    n = numbers(data)
    if len(n) == 6:
        return (
            f'{{"raw":{{"us":{n[0]},"them":{n[1]}}},"outcome":"{n[2]}",'
            f'"score":{{"us":{n[3]},"them":{n[4]}}},"hanging":{n[5]}}}'
        ).encode()
    if len(n) == 3:
        return f'{{"outcome":"{n[0]}","score":{{"us":{n[1]},"them":{n[2]}}}}}'.encode()
    return (
        f'{{"outcome":"{n[0]}","score":{{"us":{n[1]},"them":{n[2]}}},"match_winner":"{n[3]}"}}'
    ).encode()
