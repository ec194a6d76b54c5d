"""The deal form of each game, as data read from the core's types and presets.

A field here is a deal field of CONTRACT §1: its input is named as the contract names it
(`contract`, `last_trick`, `declarations.us`), its choices come from the core's enums and
presets, and a refusal of that field shows at its slot. The form parser (`form.py`), the
templates (one macro per kind of field), the error slots and the sheet's marks all read this
module; the rules themselves stay in the core.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from belot.core.declarations import DECLARATION_VALUES, DeclarationKind
from belot.core.errors import BelotError
from belot.core.fields import DEAL_FIELDS, DealField, Shape
from belot.core.french_presets import FrenchRules
from belot.core.games import GAMES
from belot.core.presets import DEFAULT_PRESET, GAHWA, PRESETS
from belot.core.projects import ProjectKind
from belot.core.seats import SEATS
from belot.core.switches import SWITCHES_OF, Switch
from belot.core.types import TEAMS, Contract, Game, Mode
from belot.words.i18n import N_
from belot.words.results import BID_WORDS

Value = str | int | None  # a choice's value in the deal's JSON (None: nobody / not given)


class Kind(StrEnum):
    PICK = "pick"  # one of a few choices, tapped
    PILE = "pile"  # a typed number for the team whose pile it is (card points, abnat)
    TOKENS = "tokens"  # per team, a list grown by taps (declarations, projects)
    COUNT = "count"  # per team, a count grown by taps (belots)
    NUMBER = "number"  # a typed number (hanging points in the calculator)
    BID = "bid"  # a typed number, or one of a few words chosen instead (coinche's capot)
    FLAG = "flag"  # a toggle: on or off (coinche's générale made)


@dataclass(frozen=True, slots=True)
class Choice:
    """One tap target. `label` is a msgid; with `team` it is said with that team's name, with
    `seat` it is the name of the player on that seat (and `label` is unused)."""

    value: Value
    label: str
    testid: str
    team: str | None = None
    seat: int | None = None
    sym: str = ""  # a suit's symbol
    cls: str = ""
    mark: str | None = None  # the sheet's short word for it (contra, double…)
    needs: str = ""  # a house rule (switch) this choice is played with only

    @property
    def key(self) -> str:
        """What the form posts for it."""
        return "none" if self.value is None else str(self.value)


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    kind: Kind
    choices: tuple[Choice, ...] = ()
    default: Value | None = None  # None: nothing chosen until the player taps
    has_default: bool = False
    slot: str = ""  # where its errors show; "" for the field's own name
    rows: tuple[int, ...] = ()  # chips per row (suits 4, then the two others)
    testid: str = ""  # taps: `decl` → decl-us-20, decl-clear-us; a number's own hook
    team_field: str = ""  # PILE: the input holding whose pile it is
    opposes: str = ""  # PILE: by default the pile of the team this PICK did not choose
    calc_only: bool = False  # supplied by the match on a match's sheet
    sub: str | None = None  # a small heading before it (msgid)
    label: str = ""  # a typed number's label (msgid)
    all_tricks: bool = False  # a capot / kaboot: one team took every trick
    follows_all_tricks: bool = False  # left out when a team took every trick (CONTRACT §6)
    # only on a match with seats (CONTRACT §5.2); while nobody is chosen the deal has no key
    seated: bool = False
    needs: str = ""  # FLAG: the house rule (switch) it is played with only
    pad: tuple[int, ...] = ()  # BID: the numbers offered as taps (80, 90 … 240)

    @property
    def error_slot(self) -> str:
        return self.slot or self.name

    def choice(self, key: str) -> Choice | None:
        return next((c for c in self.choices if c.key == key), None)

    @property
    def default_key(self) -> str | None:
        if not self.has_default:
            return None
        return "none" if self.default is None else str(self.default)

    def taps(self, team: str) -> tuple[Choice, ...]:
        """TOKENS / COUNT: the tap buttons of one team (each adds its value)."""
        if self.kind is Kind.COUNT:
            return (Choice(1, self.choices[0].label, f"{self.testid}-{team}", cls=self.name),)
        return tuple(
            Choice(c.value, c.label, f"{self.testid}-{team}-{c.key}", sym=c.sym, mark=c.mark)
            for c in self.choices
        )


@dataclass(frozen=True, slots=True)
class Group:
    """A fieldset: a legend, its fields, and a note. Its taps per team (declarations and
    belots, projects) make one row per team, with one button that clears that team's row."""

    legend: str
    fields: tuple[Field, ...]
    note: str | None = None
    calc_only: bool = False
    numbered: bool = True
    # in the deal form's compact panel, one tap away (issue 19): what most deals leave as it is
    extra: bool = False
    # The presets and house rules its taps are played under (any one of them), where not all
    # rules play them: shown as off under the others, a tap refused naming them (issue 32).
    plays: tuple[str, ...] = ()

    @property
    def team_fields(self) -> tuple[Field, ...]:
        return tuple(f for f in self.fields if f.kind in (Kind.TOKENS, Kind.COUNT))

    @property
    def other_fields(self) -> tuple[Field, ...]:
        return tuple(f for f in self.fields if f.kind not in (Kind.TOKENS, Kind.COUNT))

    def cleared(self, team: str) -> str:
        """The inputs the clear button of `team` empties."""
        return " ".join(f"{f.name}.{team}" for f in self.team_fields)

    def clear_op(self, team: str) -> str:
        """The op (and hook) that clears one team's taps: `decl-clear-us`."""
        return f"{self.team_fields[0].testid}-clear-{team}"


@dataclass(frozen=True, slots=True, eq=False)  # one per game: compared and hashed by identity
class FormSpec:
    game: Game
    groups: tuple[Group, ...]
    more: str = ""  # msgid: what the compact panel holds (its groups are `extra`)
    fields: dict[str, Field] = field(default_factory=dict)
    # The fields whose choices the compact panel's summary line keeps in view while it is
    # open (issue 32: the contract and the taker, hidden under the panel).
    summary: tuple[str, ...] = ()
    # The team fields (declarations, belotes) a sheet's row says, per team (issue 32).
    noted: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for group in self.groups:
            for f in group.fields:
                self.fields[f.name] = f

    def slot_of(self, path: str | None) -> str:
        """The slot that shows an error about `path` (`cards.us` → `cards`); `result` when none."""
        top = (path or "").split(".")[0]
        f = self.fields.get(top)
        return f.error_slot if f is not None else "result"

    @property
    def switches(self) -> tuple[Switch, ...]:
        """The game's house rules (RULES.md §4), as the core declares them: the calculator
        and the new-match page offer each as a toggle (`rule-<name>`)."""
        return SWITCHES_OF[self.game]

    @property
    def slots(self) -> tuple[str, ...]:
        """The calculator's slots (it has no seats)."""
        return tuple(dict.fromkeys(f.error_slot for f in self.fields.values() if not f.seated))

    def match_slots(self, seated: bool) -> tuple[str, ...]:
        """The slots a match's deal form has (the match supplies the calculator-only fields;
        the seats' fields only when it has seats)."""
        return tuple(
            dict.fromkeys(
                f.error_slot
                for f in self.fields.values()
                if not f.calc_only and (seated or not f.seated)
            )
        )

    @property
    def bidder(self) -> Field | None:
        """The team that won the bid (`declarer`, `buyer`): asked with the caller, whose
        team it follows."""
        for group in self.groups:
            if CALLER in group.fields:
                return next(f for f in group.fields if f is not CALLER)
        return None


def _teams(label: str, prefix: str) -> tuple[Choice, ...]:
    return tuple(Choice(t.value, label, f"{prefix}-{t.value}", team=t.value) for t in TEAMS)


def _team_or_none(none_label: str, prefix: str) -> tuple[Choice, ...]:
    return (Choice(None, none_label, f"{prefix}-none"), *_teams("%(team)s", prefix))


def _seats(none_label: str, prefix: str) -> tuple[Choice, ...]:
    """Nobody, or one of the four seats (its player's name is the label)."""
    return (Choice(None, none_label, f"{prefix}-none"),
            *(Choice(s, "", f"{prefix}-{s}", seat=s) for s in SEATS))  # fmt: skip


TEAM = "%(team)s"
SUITS = {  # symbol and colour class of each suit contract
    Contract.CLUBS: ("♣", "black"),
    Contract.DIAMONDS: ("♦", "red"),
    Contract.HEARTS: ("♥", "red"),
    Contract.SPADES: ("♠", "black"),
}
CONTRACT_WORDS = {
    Contract.CLUBS: N_("clubs"),
    Contract.DIAMONDS: N_("diamonds"),
    Contract.HEARTS: N_("hearts"),
    Contract.SPADES: N_("spades"),
    Contract.NO_TRUMPS: N_("no trumps"),
    Contract.ALL_TRUMPS: N_("all trumps"),
}
MODE_WORDS = {Mode.SUN: N_("Sun"), Mode.HOKM: N_("Hokm")}
# The chip's words and the sheet's mark for each multiplier the presets have.
CONTRA_WORDS: dict[Value, tuple[str, str | None]] = {
    1: (N_("no contra"), None),
    2: (N_("contra ×2"), N_("contra")),
    4: (N_("recontra ×4"), N_("recontra")),
}
CHALLENGE_WORDS: dict[Value, tuple[str, str | None]] = {
    1: (N_("none"), None),
    2: (N_("double"), N_("double")),
    3: (N_("three"), N_("three")),
    4: (N_("four"), N_("four")),
    GAHWA: (N_("gahwa"), N_("gahwa")),
}
PROJECT_WORDS = {
    ProjectKind.SIRA: N_("sira"),
    ProjectKind.FIFTY: N_("fifty"),
    ProjectKind.HUNDRED: N_("hundred"),
    ProjectKind.FOUR_HUNDRED: N_("four hundred"),
}
# What players call a declared combination, shown beside its top card.
COMBINATION_WORDS = {
    DeclarationKind.TIERCE: N_("tierce"),
    DeclarationKind.QUARTE: N_("quarte"),
    DeclarationKind.QUINT: N_("quint"),
    DeclarationKind.CARRE: N_("carré"),
}


# The names players say for a declaration's value, shown on its tap with the points.
DECLARATION_WORDS = {
    20: COMBINATION_WORDS[DeclarationKind.TIERCE],
    50: COMBINATION_WORDS[DeclarationKind.QUARTE],
    100: N_("quint or carré"),
    150: N_("carré of nines"),
    200: N_("carré of jacks"),
}


def token_word(kind: str) -> str:
    """The msgid of a declared combination's or a project's kind (`tierce`, `sira`)."""
    for words in (COMBINATION_WORDS, PROJECT_WORDS):
        for key, word in words.items():
            if key.value == kind:
                return word
    return kind


def _multipliers(game: Game, words: dict[Value, tuple[str, str | None]]) -> tuple[Choice, ...]:
    preset = PRESETS[DEFAULT_PRESET[game]]
    return tuple(
        Choice(m, words[m][0], f"multiplier-{m}", mark=words[m][1]) for m in preset.multipliers
    )


def _rules(game: Game) -> tuple[Choice, ...]:
    return tuple(
        Choice(p.name, p.name, f"rules-{p.name}") for p in PRESETS.values() if p.game is game
    )


def _contracts() -> tuple[Choice, ...]:
    choices = []
    for c in Contract:
        sym, colour = SUITS.get(c, ("", ""))
        cls = f"suit {colour}" if colour else ""
        choices.append(Choice(c.value, CONTRACT_WORDS[c], f"contract-{c.value}", sym=sym, cls=cls))
    return tuple(choices)


# The seat that won the bid (CONTRACT §5.2): the core checks it sits on the bidding team.
# Nobody, then the seats two by two: partners in one column (us 1 and 3, them 2 and 4).
CALLER = Field("caller", Kind.PICK, _seats(N_("nobody said"), "caller"), None, True,
               sub=N_("Who won the bid (optional)"), seated=True, rows=(1, 2, 2))  # fmt: skip


def _tricks(note: str) -> tuple[Group, ...]:
    """Who took the last trick, then one team's card points without it (`note`: how to count
    them in this family)."""
    return (
        Group(N_("Last trick"), (
            Field("last_trick", Kind.PICK, _teams(TEAM, "last"), follows_all_tricks=True),
        )),
        Group(N_("Card points, without the last trick"), (
            Field("cards", Kind.PILE, _teams(N_("pile of %(team)s"), "cards-team"), "us", True,
                  testid="cards", team_field="cards_team", follows_all_tricks=True,
                  label=N_("Card points")),
        ), note=note),
    )  # fmt: skip


def _declared_group(legend: str, words: dict[int, str], belot: str, testid: str) -> Group:
    """Declarations (a tap a value, `words` its name) and belots, one tap away."""
    return Group(legend, (
        Field("declarations", Kind.TOKENS,
              tuple(Choice(v, words[v], "", sym=f"+{v}") for v in sorted(DECLARATION_VALUES)),
              testid="decl"),
        Field("belots", Kind.COUNT, (Choice(1, belot, ""),), testid=testid, slot="declarations"),
    ), extra=True)  # fmt: skip


def _closing(game: Game, hanging: str, note: str | None = None) -> tuple[Group, ...]:
    """The last groups of a game that plays capot: capot one tap away, then the calculator's
    own hanging points when the game carries them (`hanging`: what the game calls them) and
    rules (`note`: a line under the presets)."""
    capot = Group(N_("Capot (all eight tricks)"), (
        Field("capot", Kind.PICK, _team_or_none(N_("no capot"), "capot"), None, True,
              all_tricks=True),
    ), extra=True)  # fmt: skip
    rules = Group(N_("Rules"), (
        Field("rules", Kind.PICK, _rules(game), DEFAULT_PRESET[game], True, calc_only=True),
    ), note=note, calc_only=True, numbered=False)  # fmt: skip
    if not any(f.name == "hanging" for f in DEAL_FIELDS[game]):
        return capot, rules
    carried = Group(hanging, (
        Field("hanging", Kind.NUMBER, testid="hanging", calc_only=True, label=hanging),
    ), calc_only=True, numbered=False)  # fmt: skip
    return capot, carried, rules


def trick_points_spec(game: Game) -> FormSpec:
    """The trick-points family's form (Belot): contract, declarer, last trick, a pile, then
    declarations and belots, contra and capot one tap away."""
    return FormSpec(
        game,
        (
            Group(N_("Contract"), (
                Field("contract", Kind.PICK, _contracts(), rows=(6,)),
            )),
            Group(N_("Who declared"), (
                Field("declarer", Kind.PICK, _teams(TEAM, "declarer")),
                CALLER,
            )),
            *_tricks(N_(
                "Count the smaller pile. No trumps: normal values, the calculator doubles them."
            )),
            _declared_group(N_("Declarations and belot"), DECLARATION_WORDS, N_("belot"), "belot"),
            Group(N_("Contra"), (
                Field("multiplier", Kind.PICK, _multipliers(game, CONTRA_WORDS), 1, True),
            ), extra=True),
            *_closing(game, N_("Hanging points from earlier deals"),
                      N_("bg: suit 7–9 up, on 6 : 6 the smaller rounds up. bg-6up: 6–9 up.")),
        ),
        N_("Declarations, belot, contra, capot"),
    )  # fmt: skip


def abnat_spec(game: Game) -> FormSpec:
    """The abnat family's form (Baloot): mode, buyer, abnat, then projects, baloot, the double
    and kaboot one tap away."""
    return FormSpec(
        game,
        (
            Group(N_("Game"), (
                Field("mode", Kind.PICK, tuple(Choice(m.value, MODE_WORDS[m], f"mode-{m.value}")
                                               for m in Mode)),
            )),
            Group(N_("Buyer"), (
                Field("buyer", Kind.PICK, _teams(TEAM, "buyer")),
                CALLER,
            )),
            Group(N_("Abnat, the last trick's 10 included"), (
                # players count the non-buyer's abnat (seed 002): the pile follows the buyer
                Field("abnat", Kind.PILE, _teams(N_("abnat of %(team)s"), "abnat-team"), "them",
                      True, testid="abnat", team_field="abnat_team", follows_all_tricks=True,
                      label=N_("Abnat"), opposes="buyer"),
            )),
            Group(N_("Projects"), (
                Field("projects", Kind.TOKENS,
                      tuple(Choice(k.value, PROJECT_WORDS[k], "") for k in ProjectKind),
                      testid="project"),
                Field("projects_first", Kind.PICK,
                      _team_or_none(N_("not needed"), "projects-first"), None, True,
                      slot="projects", sub=N_("Equal projects: who sits first after the dealer")),
            ), extra=True),
            Group(N_("Baloot (K and Q of trumps, Hokm only)"), (
                Field("baloot", Kind.PICK, _team_or_none(N_("none"), "baloot"), None, True),
            ), note=N_("Not when the K and Q are inside a counted hundred."), extra=True),
            Group(N_("Double"), (
                Field("multiplier", Kind.PICK, _multipliers(game, CHALLENGE_WORDS), 1, True),
            ), extra=True),
            Group(N_("Kaboot (every trick)"), (
                Field("kaboot", Kind.PICK, _team_or_none(N_("none"), "kaboot"), None, True,
                      all_tricks=True),
            ), extra=True),
        ),
        N_("Projects, baloot, double, kaboot"),
    )  # fmt: skip


# -- the French games (RULES.md §5, §6): built from their declared fields and presets --------

COINCHE_WORDS: dict[Value, tuple[str, str | None]] = {
    1: (N_("no coinche"), None),
    2: (N_("coinche ×2"), N_("coinche")),
    3: (N_("surcoinche ×3"), N_("surcoinche")),
    4: (N_("surcoinche ×4"), N_("surcoinche")),
}
# What French players call a declaration's value (RULES.md 6.3), shown on its tap.
ANNONCE_WORDS = {
    20: COMBINATION_WORDS[DeclarationKind.TIERCE],
    50: N_("cinquante"),
    100: N_("cent or carré"),
    150: N_("carré of nines"),
    200: N_("carré of jacks"),
}


def _declared(game: Game, name: str) -> DealField | None:
    return next((f for f in DEAL_FIELDS[game] if f.name == name), None)


def _french_presets(game: Game) -> tuple[FrenchRules, ...]:
    """The presets of a game of the bid family (its layout reads their bid settings)."""
    return tuple(cast(FrenchRules, p) for p in GAMES[game].presets)


def _switched(game: Game, more: Callable[[FrenchRules], Iterable[object]]) -> dict[object, str]:
    """What a switch of `game` adds to what its presets offer (`more` of a preset): each
    thing the plain presets lack, with the switch that brings it."""
    plain = {x for p in _french_presets(game) for x in more(p)}
    added: dict[object, str] = {}
    for p in _french_presets(game):
        for s in SWITCHES_OF[game]:
            for x in more(type(p)(frozenset({s.name}))):
                if x not in plain:
                    added.setdefault(x, s.name)
    return added


def _allowed_multipliers(p: FrenchRules) -> tuple[int, ...]:
    """The multipliers a French preset takes with its switches (`surcoinche-x3`: 3 for 4)."""
    if "surcoinche-x3" in p.on and p.has_bid:
        return tuple(3 if m == 4 else m for m in p.multipliers)
    return tuple(p.multipliers)


def _french_contracts(game: Game) -> tuple[Choice, ...]:
    base = {c for p in _french_presets(game) for c in p.contracts()}
    needs = _switched(game, lambda p: p.contracts())
    return tuple(
        Choice(c.value, CONTRACT_WORDS[c], f"contract-{c.value}", sym=SUITS.get(c, ("", ""))[0],
               cls=f"suit {SUITS[c][1]}" if c in SUITS else "", needs=needs.get(c, ""))
        for c in Contract
        if c in base or c in needs
    )  # fmt: skip


def _french_multipliers(game: Game) -> tuple[Choice, ...]:
    declared = _declared(game, "multiplier")
    assert declared is not None
    needs = _switched(game, _allowed_multipliers)
    return tuple(
        Choice(m, COINCHE_WORDS[m][0], f"multiplier-{m}", mark=COINCHE_WORDS[m][1],
               needs=needs.get(m, ""))
        for m in declared.choices
    )  # fmt: skip


def _bid(game: Game) -> Field | None:
    declared = _declared(game, "bid")
    if declared is None:
        return None
    words = tuple(
        Choice(w, BID_WORDS[str(w)], f"bid-{w}", needs="generale" if w == "generale" else "")
        for w in declared.choices
    )
    low, high, step = declared.minimum, declared.maximum, declared.step
    pad = tuple(range(low, high + 1, step)) if low and high and step else ()
    return Field("bid", Kind.BID, (Choice("number", N_("points"), "bid-number"), *words),
                 "number", True, testid="bid",
                 team_field="bid_word", label=N_("Bid"), pad=pad)  # fmt: skip


def _rows(n: int) -> tuple[int, ...]:
    """Chips per row for n choices, in the grids the calculator's stylesheet has (1–6 a row;
    more, four a row)."""
    return (n,) if n <= 6 else (4,) * (n // 4) + ((n % 4,) if n % 4 else ())


def _rows_of(choices: tuple[Choice, ...]) -> tuple[int, ...]:
    """The choices every table plays on their rows, then those a house rule brings on theirs
    (hidden while it is off, they leave no gap)."""
    plain = sum(1 for c in choices if not c.needs)
    return _rows(plain) + (_rows(len(choices) - plain) if plain < len(choices) else ())


def _declares(game: Game, rules: FrenchRules) -> bool:
    """Whether `rules` play declarations, as the core scores a deal holding a tierce."""
    deal: dict[str, Any] = {"contract": Contract.HEARTS.value, "declarer": "us",
                            "cards": {"us": 100}, "last_trick": "us",
                            "declarations": {"us": [20], "them": []}}  # fmt: skip
    if _declared(game, "bid") is not None:
        deal["bid"] = 80
    scores = GAMES[game].scores
    assert scores is not None  # a game of the bid family scores its own deals
    try:
        scores(deal, rules)
    except BelotError as err:
        return err.code != "declarations-not-allowed"
    return True


def declaring(game: Game) -> tuple[str, ...]:
    """The presets of a French game that play declarations, else the house rules that bring
    them (RULES.md 4.3, 6: coinche; French belote under `annonces`); () when every one of its
    rules plays them."""
    presets = _french_presets(game)
    plain = tuple(p.name for p in presets if _declares(game, p))
    if len(plain) == len(presets):
        return ()
    switched = _switched(game, lambda p: ("declarations",) if _declares(game, p) else ())
    return plain or tuple(dict.fromkeys(switched.values()))


def french_spec(game: Game) -> FormSpec:
    """A French game's deal form: its declared fields in the rows players fill them."""
    bid = _bid(game)
    auction: tuple[Group, ...] = ()
    contracts, multipliers = _french_contracts(game), _french_multipliers(game)
    pairs = (2,) * (len(multipliers) // 2) + (1,) * (len(multipliers) % 2)
    if bid is not None:
        auction = (
            Group(N_("Bid"), (
                bid,
                Field("generale", Kind.FLAG, (Choice(True, N_("générale made"), "generale"),),
                      False, True, needs="generale"),
            )),
            Group(N_("Coinche"), (  # one tap away at a seated table (issue 19's one screen)
                Field("multiplier", Kind.PICK, multipliers, 1, True, rows=pairs),
            ), extra=True),
        )  # fmt: skip
    return FormSpec(
        game,
        (
            Group(N_("Contract"), (
                Field("contract", Kind.PICK, contracts,
                      rows=_rows_of(contracts)),
            )),
            Group(N_("Taker"), (
                Field("declarer", Kind.PICK, _teams(TEAM, "declarer"), sub=None),
                CALLER,
            )),
            *auction,
            *_tricks(N_("Count one pile: the other is the rest of 152.")),
            # Declarations under the rules that play them, and their own "clear"; belote,
            # played under every rule, apart with its own (issue 32: a clear kept it).
            Group(N_("Declarations"), (
                Field("declarations", Kind.TOKENS,
                      tuple(Choice(v, ANNONCE_WORDS[v], "", sym=f"+{v}")
                            for v in sorted(DECLARATION_VALUES)), testid="decl"),
            ), extra=True, plays=declaring(game)),
            Group(N_("Belote"), (
                Field("belots", Kind.COUNT, (Choice(20, N_("belote"), ""),), testid="belote"),
            ), extra=True),
            *_closing(game, N_("Points hanging from a litige")),
        ),
        N_("Coinche, declarations, belote, capot") if bid else N_("Declarations, belote, capot"),
        summary=("contract", "declarer", "caller", "bid"),
        noted=("declarations", "belots"),
    )  # fmt: skip


# Roem claims (RULES.md 8.3), by their points.
ROEM_WORDS = {
    20: N_("three in a row, or stuk"),
    40: N_("three in a row with stuk"),
    50: N_("four in a row"),
    70: N_("four in a row with stuk"),
    100: N_("four of a kind"),
    200: N_("four jacks"),
}


def exact_spec(game: Game) -> FormSpec:
    """The exact-points family's form: the trump suit, who called, the last trick and a pile,
    then what the game declares beside them (declarations and bela, roem, an eight-card suit,
    a revoke), all eight tricks one tap away; no contra, no rounding."""
    declared = {f.name: f for f in DEAL_FIELDS[game]}
    suits = tuple(c for c in _contracts() if c.value in declared["contract"].choices)
    groups: list[Group] = [
        Group(N_("Trump"), (Field("contract", Kind.PICK, suits, rows=(len(suits),)),)),
        Group(N_("Who called"), (Field("declarer", Kind.PICK, _teams(TEAM, "declarer")), CALLER)),
        *_tricks(N_("Count the smaller pile: exact points, no rounding.")),
    ]
    if "declarations" in declared:
        groups.append(_declared_group(N_("Declarations and bela"), DECLARATION_WORDS,
                                      N_("bela"), "belot"))  # fmt: skip
    if "roem" in declared:
        claims = tuple(Choice(v, ROEM_WORDS[int(v)], "", sym=f"+{v}")
                       for v in declared["roem"].choices)  # fmt: skip
        groups.append(Group(N_("Roem"), (Field("roem", Kind.TOKENS, claims, testid="roem"),),
                            extra=True))  # fmt: skip
    rare: list[Group] = []  # after all eight tricks: what few deals have
    for name, legend in (("full_sequence", N_("Eight cards of one suit: the match is won")),
                         ("revoke", N_("Revoke (verzaakt)"))):  # fmt: skip
        if name in declared:
            picks = _team_or_none(N_("nobody"), name.replace("_", "-"))
            rare.append(Group(legend, (Field(name, Kind.PICK, picks, None, True),), extra=True))
    capot, *rest = _closing(game, N_("Points hanging from a tie"))
    return FormSpec(game, (*groups, capot, *rare, *rest), N_("Declarations, capot and the rest"))


def plain_spec(game: Game) -> FormSpec:
    """The form of a registered game with no layout of its own (`belot.core.register`): one group
    per declared field, in order, each by its shape; its words are the core's descriptions
    until its catalogs say them. A shape this cannot lay out is refused, naming the field."""
    groups = []
    for f in DEAL_FIELDS[game]:
        said = f.description or f.name.replace("_", " ")
        if f.shape is Shape.CHOICE:
            picks = tuple(Choice(str(c), str(c), f"{f.name}-{c}") for c in f.choices)
            made = Field(f.name, Kind.PICK, picks)
        elif f.shape is Shape.TEAM:
            made = Field(f.name, Kind.PICK, _teams(TEAM, f.name))
        elif f.shape is Shape.TEAM_OR_NONE:
            made = Field(f.name, Kind.PICK, _team_or_none("–", f.name), None, True)
        elif f.shape is Shape.NUMBER:
            made = Field(f.name, Kind.NUMBER, testid=f.name, label=said,
                         calc_only=f.supplied_by_match)  # fmt: skip
        elif f.shape is Shape.FLAG:
            made = Field(f.name, Kind.FLAG, (Choice(True, said, f.name),))
        elif f.shape in (Shape.GAME, Shape.RULES):
            continue  # the page's own game; its presets are the new-match page's
        else:
            raise TypeError(f"{game}: the plain form has no way to ask {f.name} ({f.shape})")
        groups.append(Group(said[0].upper() + said[1:], (made,), calc_only=made.calc_only))
    return FormSpec(game, tuple(groups))


# Each family's layout (`GameInfo.family`), by the family's name: a game of the core's own
# whose family has none fails here, at import; a registered game of no family has the plain
# form built from its fields.
LAYOUTS: dict[str, Callable[[Game], FormSpec]] = {
    "trick-points": trick_points_spec,
    "abnat": abnat_spec,
    "bid": french_spec,
    "exact": exact_spec,
}
SPECS: dict[str, FormSpec] = {
    info.name: (LAYOUTS[info.family] if info.explains is not None else
                LAYOUTS.get(info.family, plain_spec))(game)
    for game, info in GAMES.items()
}  # fmt: skip
