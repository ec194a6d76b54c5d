"""A deal's result in the reader's language: the outcome word, the one-line why and the full
breakdown, errors by code, the teams' names. The pages, the offline engine and the command
line's words form all say a result through here.

The core gives outcomes, error codes and named steps with numbers only; the words are here,
as msgids the catalogs in `locales/` say in each language. A game's explanation is found by
the family it declares (`GameInfo.family`: "trick-points", "abnat", "bid"), never by its
name: a game of another family, or of none, shows its score without steps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from belot.core.errors import BelotError
from belot.core.fields import Shape
from belot.core.games import GAME_NAMES, GAMES, find_game
from belot.words.i18n import LANGS, N_, Lang

BID_WORDS = {"capot": N_("capot"), "generale": N_("générale")}
TEAMS = {"us": N_("Us"), "them": N_("Them")}  # the table's words unless a family says others

MATCH_WON = N_("wins the match")  # a deal that gives the match to a team, before its name
# A record's part that a game's pad writes in a column of its own (`Row.parts`), by its name.
PART_WORDS = {"roem": N_("roem %(n)s")}

OUTCOMES = {
    "made": N_("made"),
    "inside": N_("inside"),
    "hanging": N_("hanging"),
    "tie": N_("tie"),
    "lost": N_("lost"),
    "kaboot": N_("kaboot"),
}

ERRORS = {
    "not-a-number": N_("Type a whole number."),
    "negative-number": N_("Points cannot be negative: type the number without a minus."),
    "cards-out-of-range": N_("Card points are at most %(deck)s."),
    "cards-impossible": N_("No set of cards adds up to %(value)s points."),
    "cards-sum": N_("Both teams' card points must add up to %(deck)s."),
    "capot-conflict": N_("With a capot one team took every trick and every card point."),
    "declarations-forbidden": N_("No trumps has no declarations."),
    "belots-forbidden": N_("No trumps has no belot."),
    "belots-out-of-range": N_("A belot count cannot be negative."),
    "too-many-belots": N_("This contract has at most %(limit)s belot(s) in a deal."),
    "invalid-multiplier": N_("This game has no such contra or challenge."),
    "negative-hanging": N_("Hanging points cannot be negative."),
    "unknown-rule": N_("This game has no such house rule."),
    "unknown-rules": N_("There is no such rules preset."),
    "rules-game-mismatch": N_("These rules are for the other game."),
    "invalid-declaration": N_("%(value)s is not a declaration: 20, 50, 100, 150 or 200."),
    "sequence-conflict": N_(
        "Both teams have sequences (20 or 50), but only one team's sequences count."
    ),
    "carre-conflict": N_("Both teams have carrés (150 or 200), but only one team's carrés count."),
    "duplicate-carre": N_("That carré can be declared only once in a deal."),
    "impossible-combination": N_("No such combination exists."),
    "mixed-declarations": N_("Give declarations the same way for both teams."),
    "too-many-projects": N_("A team has at most %(limit)s projects (two a player)."),
    "project-forbidden": N_("That project is not allowed here: four-hundred is Sun only."),
    "impossible-project": N_("No such project exists."),
    "duplicate-four-hundred": N_("There is only one four-hundred in a round: four aces."),
    "projects-tie": N_(
        "The best projects are equal: say whose player sits first after the dealer."
    ),
    "sun-multiplier": N_("Sun allows only the double: no three, four or gahwa."),
    "sun-double-forbidden": N_(
        "A Sun double needs the buyer over %(limit)s and the others at %(limit)s or less."
    ),
    "abnat-out-of-range": N_("Abnat are at most %(total)s."),
    "abnat-impossible": N_("No set of cards adds up to %(value)s abnat."),
    "abnat-sum": N_("Both teams' abnat must add up to %(total)s."),
    "kaboot-conflict": N_("With a kaboot one team took every trick and all the abnat."),
    "baloot-forbidden": N_("There is no baloot in Sun."),
    "before-out-of-range": N_("Match totals cannot be negative."),
    "match-over": N_("The match is over: no more deals."),
    "round-locked": N_(
        "Round %(next)s of the tournament was drawn from this match's result: it can no "
        "longer change."
    ),
    "deal-not-found": N_("That deal is not on the sheet any more."),
    "stale-version": N_("The sheet changed meanwhile; here it is again. Please check and retry."),
    "too-many-taps": N_("More than any hand can declare."),
    "unknown-rank": N_("No such card: A, K, Q, J, 10, 9, 8 or 7."),
    "invalid-team-name": N_("A team name has 1 to %(max)s characters."),
    "invalid-seat-name": N_("A name has 1 to %(max)s characters."),
    "invalid-seats": N_("Give all four seats a name, or none."),
    "too-many-declarations": N_("A team declares at most %(limit)s times in a deal."),
    "hanging-out-of-range": N_("Hanging points are at most %(limit)s."),
    "match-too-long": N_("A match holds at most %(max)s deals: start a new one."),
    "caller-not-bidder": N_("The player who won the bid sits on the bidding team."),
    "unknown-seat": N_("Choose a seat from 1 to 4."),
    "passed-with-play": N_("A passed deal has no points, contract or declarations."),
    "invalid-club-name": N_("A club's name has 1 to %(max)s characters."),
    "invalid-player-name": N_("A player's name has 1 to %(max)s characters."),
    "unknown-player": N_("Choose players of this club."),
    "seat-taken": N_("A player sits on one seat only."),
    "too-many-players": N_("This club has as many players as it can hold."),
    "invalid-pair": N_("Choose two different players for each pair."),
    "invalid-date": N_("Give the date as year-month-day."),
    "token-missing": N_("Only the club's or the match's keeper can change this."),
    "token-wrong": N_("Only the club's or the match's keeper can change this."),
    "invalid-idempotency-key": N_("This form is damaged: reload the page and enter it again."),
    "invalid-token": N_("This form is damaged: reload the page and enter it again."),
    "idempotency-key-reused": N_(
        "This form was already sent with other fields: reload the page and enter it again."
    ),
    "contract-not-allowed": N_("This contract is played only with its house rule."),
    "bid-out-of-range": N_("A bid is a multiple of 10 from 80 to 240, or capot."),
    "invalid-generale": N_(
        "A générale is made only on the bid générale, with a capot by the taker."
    ),
    "declarations-not-allowed": N_("These rules play no declarations."),
    "hanging-not-allowed": N_("Nothing hangs under these rules: only with the house rule."),
    "declarations-tie": N_(
        "The best declarations are equal: say which team plays first after the dealer."
    ),
    "declarations-conflict": N_("Only one team's declarations count: give them for one team."),
    "roem-unknown": N_("No such roem claim under these rules."),
    "invalid-roem": N_("Roem is a multiple of 10."),
    "roem-without-trick": N_("A team that took no trick has no roem."),
    "revoke-conflict": N_("A deal with a revoke has no pit."),
    "match-mode": N_("A match is a number of deals or a target, not both."),
    "deal-count-out-of-range": N_("The number of deals is a whole number from 1 to 100."),
    "target-out-of-range": N_("The target is a whole number from 100 to 10000."),
}
NOT_VALID = N_("This value is not valid here.")
# A code said without numbers, for its refusals that carry none.
PLAIN = {
    "invalid-team-name": N_("A team name cannot hold invisible or control characters."),
    "invalid-seat-name": N_("A name cannot hold invisible or control characters."),
    "invalid-club-name": N_("A name cannot hold invisible or control characters."),
    "invalid-player-name": N_("A name cannot hold invisible or control characters."),
}


def error_text(lang: Lang, err: BelotError, game: str = GAME_NAMES[0]) -> str:
    """The error in the reader's language, by code, with its numbers; English message otherwise.
    A field not given yet is asked for in the game's words (`missing_word`)."""
    missing = missing_word(game, err.field) if err.code == "missing-field" else None
    if missing is not None:
        return lang.gettext(missing)
    # A code with no words of its own comes only from a hand-made post: said plainly.
    msgid = ERRORS.get(err.code, NOT_VALID)
    try:
        text = lang.gettext(msgid)
        return text % err.params if "%(" in msgid else text  # missing numbers: KeyError
    except (KeyError, ValueError, TypeError):
        plain = PLAIN.get(err.code)
        return lang.gettext(plain) if plain is not None else err.message


def missing_word(game: str, path: str | None) -> str | None:
    """What to say while a deal's field is not given yet (msgid): the words of the game's
    explanation family, else, for a registered game, its field's description from the core."""
    info = find_game(game)
    name = (path or "").split(".")[0]
    own = EXPLAINED[info.family].missing if info.family in EXPLAINED else None
    if own is not None:
        return own.get(name)
    declared = next((f for f in info.fields if f.name == name), None)
    if declared is None or declared.shape not in (Shape.CHOICE, Shape.TEAM):
        return None  # as its plain form asks: a pick of a choice or a team
    return declared.description or declared.name.replace("_", " ")


def match_won(game: str) -> str:
    """What the result says before the team a deal gives the match to (a msgid)."""
    family = EXPLAINED.get(find_game(game).family)
    return family.match_won if family is not None else MATCH_WON


def team_words(game: str) -> dict[str, str]:
    """The table's words for the teams when a match named none (msgids): its explanation
    family's, else "Us" and "Them"."""
    info = find_game(game)
    family = EXPLAINED.get(info.family)
    return dict(family.teams if family is not None else TEAMS)


def team_names(
    lang: Lang,
    game: str,
    teams: Mapping[str, str] | None = None,
    seats: Sequence[str] | None = None,
) -> dict[str, str]:
    """A match's own team names, else its players' (seats named: "Иван и Мария"), else the
    table's words (Ние / Вие, لنا / لهم) in the page's language: a name the match keeps only
    because none was given is said that way too."""
    words = team_words(game)
    usual = find_game(game).team_names
    names = {}
    for t in ("us", "them"):
        own = (teams or {}).get(t)
        if own and own != usual.get(t) and not _by_players(own, seats, t):
            names[t] = own
        elif seats and len(seats) == 4 and all(seats):
            names[t] = pair_name(lang, seats, t)
        else:
            names[t] = lang.gettext(words[t])
    return names


def _by_players(own: str, seats: Sequence[str] | None, team: str) -> bool:
    """Whether a stored team name is only its two players joined ("Иван & Мария" of a club
    match, "Иван и Мария" kept by a Bulgarian page): every page then joins them with its own
    word, so a team is named one way in each language (issue 25)."""
    if not seats or len(seats) != 4 or not all(seats):
        return False
    a, b = (seats[0], seats[2]) if team == "us" else (seats[1], seats[3])
    joined = {
        f"{a} & {b}",  # the store's own (tournament_inputs.pair_name)
        *(Lang(c).pair_text(a, b) for c in LANGS),
    }
    return own in joined


def pair_name(lang: Lang, seats: Sequence[str], team: str) -> str:
    """A team by its two players (seats 1 and 3 are `us`, 2 and 4 `them`)."""
    a, b = (seats[0], seats[2]) if team == "us" else (seats[1], seats[3])
    return lang.pair_text(a, b)


def outcome_word(lang: Lang, outcome: str) -> str:
    return lang.gettext(OUTCOMES.get(outcome, outcome))


Step = Mapping[str, Any]
Names = Mapping[str, str]
Render = Callable[[Lang, Step, Names], str]
Why = Callable[[Lang, Mapping[str, Any], Sequence[Step], Names], str]

BY = {
    "level": N_("the higher project"),
    "high": N_("the higher top card"),
    "first": N_("sitting first after the dealer"),
    "alone": N_("only they have projects"),
    "kaboot": N_("the kaboot"),
}


def _team_sum(lang: Lang, team: str, parts: Sequence[str], raw: object) -> str:
    """A team's step: what it counts, added up (every family's)."""
    _ = lang.gettext
    return _("%(team)s: %(parts)s = %(raw)s", team=team, parts=" + ".join(parts), raw=raw)


def _cards_and_last(lang: Lang, s: Step) -> list[str]:
    """A trick-taking team's card points and its last trick, as they are counted."""
    _ = lang.gettext
    parts = [_("cards %(n)s", n=s["cards"])]
    if s["last_trick"]:
        parts.append(_("last trick %(n)s", n=s["last_trick"]))
    return parts


def _with_hanging_won(lang: Lang, line: str, steps: Sequence[Step], names: Names) -> str:
    """The line, and the points hanging from before that this deal's winner took."""
    won = next((s for s in steps if s["step"] == "hanging-in" and s["to"]), None)
    if won is None:
        return line
    _ = lang.gettext
    extra = _("+%(n)s hanging to %(team)s", n=won["amount"], team=names[won["to"]])
    return _("%(a)s; %(b)s", a=line, b=extra)


def _trick_points_team(lang: Lang, s: Step, names: Names) -> str:
    _ = lang.gettext
    text = " + ".join(_cards_and_last(lang, s))
    if s["doubled"]:
        text = _("(%(text)s) × 2 in no trumps = %(n)s", text=text, n=s["card_points"])
    more = [text]
    if s.get("declarations"):
        more.append(_("declarations %(n)s", n=s["declarations"]))
    if s.get("belots"):
        more.append(_("belot %(n)s", n=s["belot_points"]))
    if s.get("roem"):
        more.append(_("roem %(n)s", n=s["roem"]))
    if s["capot"]:
        more.append(_("capot %(n)s", n=s["capot"]))
    return _team_sum(lang, names[s["team"]], more, s["raw"])


def _trick_points_record(lang: Lang, s: Step, names: Names) -> str:
    _ = lang.gettext
    if s["multiplier"] > 1:
        # "whole deal 260 × 2 = 520 → 52": what is multiplied is said, not a bare bracket
        times = f"{s['total']} × {s['multiplier']} = {s['whole']}"
        head = _("whole deal %(total)s → %(r)s", total=times, r=s["whole_rounded"])
    else:
        head = _("whole deal %(total)s → %(r)s", total=s["total"], r=s["whole_rounded"])
    line = _(
        "%(head)s; %(us)s write %(a)s, %(them)s write %(b)s",
        head=head,
        us=names["us"],
        them=names["them"],
        a=s["us"],
        b=s["them"],
    )
    if s["new_hanging"]:
        line = _("%(a)s; %(b)s", a=line, b=_("%(n)s hang", n=s["new_hanging"]))
    return line


def _trick_points_step(lang: Lang, s: Step, names: Names) -> str:
    _ = lang.gettext
    name = s["step"]
    if name == "team":
        return _trick_points_team(lang, s, names)
    if name == "declarations":
        if s["sequences_cancelled"]:
            return _("The best sequences are equal: no sequence counts.")
        bits = []
        if s["sequences_to"]:
            bits.append(_("sequences count for %(team)s", team=names[s["sequences_to"]]))
        if s["carres_to"]:
            bits.append(_("carrés count for %(team)s", team=names[s["carres_to"]]))
        return "; ".join(bits)  # values as given: nothing was resolved, nothing to say
    if name == "compare":
        return _(
            "%(team)s declared: %(d)s against %(o)s — %(word)s",
            team=names[s["declarer"]],
            d=s["declarer_raw"],
            o=s["opponents_raw"],
            word=outcome_word(lang, s["outcome"]),
        )
    if name == "record":
        return _trick_points_record(lang, s, names)
    if name == "hanging-in":
        if s["to"]:
            return _("%(n)s hanging points go to %(team)s", n=s["amount"], team=names[s["to"]])
        return _("%(n)s points still hang", n=s["hanging"])
    return str(dict(s))


def _abnat_step(lang: Lang, s: Step, names: Names) -> str:
    _ = lang.gettext
    name = s["step"]
    if name == "projects":
        if not s["to"]:
            return _("No projects count.")
        return _(
            "Projects count for %(team)s (%(by)s): %(n)s",
            team=names[s["to"]],
            by=_(BY.get(s["by"], str(s["by"]))),
            n=s[s["to"]],
        )
    if name == "team":
        if s["converted"]:
            head = _("%(a)s abnat → %(p)s", a=s["abnat"], p=s["points"])
        else:
            head = _("the rest of the round, after the other team's points: %(p)s", p=s["points"])
        parts = [head]
        if s["projects"]:
            parts.append(_("projects %(n)s", n=s["projects"]))
        if s["baloot"]:
            parts.append(_("baloot %(n)s", n=s["baloot"]))
        return _team_sum(lang, names[s["team"]], parts, s["total"])
    if name == "settle":
        line = _(
            "%(team)s bought — %(word)s",
            team=names[s["buyer"]],
            word=outcome_word(lang, s["outcome"]),
        )
        how = s.get("how")  # what the core decided (house rules change it), never re-derived
        if how == "gahwa":
            line = _("%(a)s; %(b)s", a=line, b=_("gahwa: the winner takes the sakka"))
        elif how == "gahwa-split":
            line = _("%(a)s; %(b)s", a=line, b=_("gahwa without a shut-out: the sakka goes on"))
        elif how == "split":
            line = _(
                "%(a)s; %(b)s", a=line, b=_("each team's own points × %(m)s", m=s["multiplier"])
            )
        elif how == "level":
            times = _("(%(r)s + %(p)s) × %(m)s", r=s["round"], p=s["projects"], m=s["multiplier"])
            line = _("%(a)s; %(b)s", a=line, b=times)
        scores = _(
            "%(us)s %(a)s, %(them)s %(b)s",
            us=names["us"], them=names["them"], a=s["us"], b=s["them"],
        )  # fmt: skip
        return _("%(a)s; %(b)s", a=line, b=scores)
    if name == "kaboot":
        return _(
            "Kaboot for %(team)s: %(p)s + projects %(j)s; %(us)s %(a)s, %(them)s %(b)s",
            team=names[s["team"]], p=s["points"], j=s["projects"],
            us=names["us"], them=names["them"], a=s["us"], b=s["them"],
        )  # fmt: skip
    return str(dict(s))


def _bid_said(lang: Lang, bid: object) -> str:
    word = BID_WORDS.get(str(bid))
    return lang.gettext(word) if word is not None else str(bid)


def _bid_team(lang: Lang, s: Step, names: Names) -> str:
    _ = lang.gettext
    parts = _cards_and_last(lang, s)
    if s["belots"]:
        parts.append(_("belote %(n)s", n=s["belot_points"]))
    if s["declarations"]:
        parts.append(_("declarations %(n)s", n=s["declarations"]))
    return _team_sum(lang, names[s["team"]], parts, s["raw"])


def _bid_step(lang: Lang, s: Step, names: Names) -> str:
    """The steps of a game scored on a bid (`belot.core.french`)."""
    _ = lang.gettext
    name = s["step"]
    if name == "team":
        return _bid_team(lang, s, names)
    if name == "compare":
        word = outcome_word(lang, s["outcome"])
        team, d, o = names[s["declarer"]], s["declarer_raw"], s["opponents_raw"]
        if s["bid"] is None:
            return _("%(team)s took: %(d)s against %(o)s — %(word)s",
                     team=team, d=d, o=o, word=word)  # fmt: skip
        line = _("%(team)s bid %(bid)s: %(d)s against %(o)s — %(word)s",
                 team=team, bid=_bid_said(lang, s["bid"]), d=d, o=o, word=word)  # fmt: skip
        if s["multiplier"] > 1:
            line = _("%(a)s; %(b)s", a=line, b=_("coinched × %(m)s", m=s["multiplier"]))
        return line
    if name == "record":
        line = _("%(us)s write %(a)s, %(them)s write %(b)s",
                 us=names["us"], them=names["them"], a=s["us"], b=s["them"])  # fmt: skip
        if s["new_hanging"]:
            line = _("%(a)s; %(b)s", a=line, b=_("%(n)s hang", n=s["new_hanging"]))
        return line
    if name == "hanging-in":
        return _trick_points_step(lang, s, names)
    return str(dict(s))


def _exact_step(lang: Lang, s: Step, names: Names) -> str:
    """The steps of a game in exact points (`belot.core.games.exact`): as the trick-points
    family's, the records as written (no rounding), a revoke and an eight-card suit."""
    _ = lang.gettext
    name = s["step"]
    if name == "record":
        return _bid_step(lang, s, names)
    if name == "revoke":
        return _("%(team)s reneged: the other team takes the deal", team=names[s["team"]])
    if name == "full-sequence":
        return _("%(team)s hold all eight cards of a suit: the match is theirs",
                 team=names[s["team"]])  # fmt: skip
    return _trick_points_step(lang, s, names)


def _exact_why(lang: Lang, result: Mapping[str, Any], steps: Sequence[Step], names: Names) -> str:
    """The totals compared, the outcome and the records, exact."""
    _ = lang.gettext
    word = outcome_word(lang, result["outcome"])
    raw, score = result["raw"], result["score"]
    line = _("%(x)s : %(y)s — %(word)s", x=raw["us"], y=raw["them"], word=word)
    line = _("%(a)s; %(b)s", a=line, b=_("%(a)s : %(b)s", a=score["us"], b=score["them"]))
    if result.get("hanging"):
        line = _("%(a)s; %(b)s", a=line, b=_("%(n)s hang", n=result["hanging"]))
    return _with_hanging_won(lang, line, steps, names)


def explains(game: str) -> bool:
    """Whether a result of the game called `game` is explained here (its family has words)."""
    try:
        return find_game(game).family in EXPLAINED
    except BelotError:
        return False


def steps_text(lang: Lang, game: str, steps: Sequence[Step], names: Names) -> list[str]:
    """The breakdown, a line a step, in the game's explanation family's words (none for a
    game of no family: a registered game shows its score alone)."""
    family = EXPLAINED.get(find_game(game).family)
    if family is None:
        return []
    return [line for line in (family.step(lang, s, names) for s in steps) if line]


def why(
    lang: Lang, game: str, result: Mapping[str, Any], steps: Sequence[Step], names: Names
) -> str:
    """One line: the compared points, the outcome word, and what each team writes ("" for a
    game of no explanation family)."""
    family = EXPLAINED.get(find_game(game).family)
    return family.why(lang, result, steps, names) if family is not None else ""


def _abnat_why(lang: Lang, result: Mapping[str, Any], steps: Sequence[Step], names: Names) -> str:
    _ = lang.gettext
    word = outcome_word(lang, result["outcome"])
    score = result["score"]
    totals = {s["team"]: s["total"] for s in steps if s["step"] == "team"}
    if not totals:  # a kaboot: nothing is compared
        return _("%(word)s — %(a)s : %(b)s", word=word, a=score["us"], b=score["them"])
    return _(
        "%(x)s : %(y)s — %(word)s; %(a)s : %(b)s",
        x=totals["us"], y=totals["them"], word=word, a=score["us"], b=score["them"],
    )  # fmt: skip


def _bid_why(lang: Lang, result: Mapping[str, Any], steps: Sequence[Step], names: Names) -> str:
    """The exact totals compared, the outcome, and the records (rounded to the ten)."""
    _ = lang.gettext
    word = outcome_word(lang, result["outcome"])
    raw, record = result["raw"], next((s for s in steps if s["step"] == "record"), None)
    line = _("%(x)s : %(y)s — %(word)s", x=raw["us"], y=raw["them"], word=word)
    if record is not None:
        line = _("%(a)s; %(b)s", a=line,
                 b=_("%(a)s : %(b)s", a=record["us"], b=record["them"]))  # fmt: skip
        if record["new_hanging"]:
            line = _("%(a)s; %(b)s", a=line, b=_("%(n)s hang", n=record["new_hanging"]))
    return _with_hanging_won(lang, line, steps, names)


def _trick_points_why(
    lang: Lang, result: Mapping[str, Any], steps: Sequence[Step], names: Names
) -> str:
    _ = lang.gettext
    word = outcome_word(lang, result["outcome"])
    raw = result["raw"]
    record = next((s for s in steps if s["step"] == "record"), None)
    line = _("%(x)s : %(y)s — %(word)s", x=raw["us"], y=raw["them"], word=word)
    if record is None:
        return line
    if record["multiplier"] == 1 and result["outcome"] == "made":  # each team rounds its own
        rest = _("%(x)s → %(a)s, %(y)s → %(b)s",
                 x=raw["us"], y=raw["them"], a=record["us"], b=record["them"])  # fmt: skip
    else:  # one team records the whole deal, or it hangs
        rest = _trick_points_record(lang, record, names)
    line = _("%(a)s; %(b)s", a=line, b=rest)
    return _with_hanging_won(lang, line, steps, names)


@dataclass(frozen=True, slots=True)
class Explanation:
    """The words of one explanation family: its steps, its one-line why, what it asks for while
    a field is missing, and the table's words for the teams."""

    step: Render
    why: Why
    missing: Mapping[str, str]
    teams: Mapping[str, str] = field(default_factory=lambda: TEAMS)
    # What the result says of a deal that decides the match alone (Baloot's won gahwa wins
    # the sakka; bela's eight cards of a suit, the match), before the team's name.
    match_won: str = MATCH_WON


_ASKED = {
    "contract": N_("Choose the contract."),
    "last_trick": N_("Say who took the last trick."),
    "cards": N_("Type the card points of one team."),
}
# Each family a game declares (`GameInfo.family`), by the family's name: a game of the core's
# own without one fails at import; a registered game of no family shows its score alone.
EXPLAINED: dict[str, Explanation] = {
    "trick-points": Explanation(
        _trick_points_step,
        _trick_points_why,
        {**_ASKED, "declarer": N_("Say who declared.")},
    ),
    "abnat": Explanation(
        _abnat_step,
        _abnat_why,
        {
            "mode": N_("Choose Sun or Hokm."),
            "buyer": N_("Say who bought."),
            "abnat": N_("Type the abnat of one team."),
        },
        {"us": N_("Us (baloot)"), "them": N_("Them (baloot)")},
        N_("wins the sakka"),
    ),
    "bid": Explanation(
        _bid_step,
        _bid_why,
        {**_ASKED, "declarer": N_("Say who took."), "bid": N_("Type the bid.")},
    ),
    "exact": Explanation(
        _exact_step,
        _exact_why,
        {**_ASKED, "contract": N_("Choose the trump suit."), "declarer": N_("Say who called.")},
    ),
}
_CHECKED = [EXPLAINED[e.family] for e in GAMES.values() if e.explains is not None]
