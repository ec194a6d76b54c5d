"""The engine's breakdown (`belot.contract.explain`) as plain sentences, and the one-line why.

The core gives named steps with numbers only; the wording is here, in msgids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from belot.web.i18n import Lang
from belot.web.words import N_, outcome_word

Step = Mapping[str, Any]
Names = Mapping[str, str]

BY = {
    "level": N_("the higher project"),
    "high": N_("the higher top card"),
    "first": N_("sitting first after the dealer"),
    "alone": N_("only they have projects"),
    "kaboot": N_("the kaboot"),
}


def _belot_team(lang: Lang, s: Step, names: Names) -> str:
    _ = lang.gettext
    parts = [_("cards %(n)s", n=s["cards"])]
    if s["last_trick"]:
        parts.append(_("last trick %(n)s", n=s["last_trick"]))
    text = " + ".join(parts)
    if s["doubled"]:
        text = _("(%(text)s) × 2 in no trumps = %(n)s", text=text, n=s["card_points"])
    more = [text]
    if s["declarations"]:
        more.append(_("declarations %(n)s", n=s["declarations"]))
    if s["belots"]:
        more.append(_("belot %(n)s", n=s["belot_points"]))
    if s["capot"]:
        more.append(_("capot %(n)s", n=s["capot"]))
    return _(
        "%(team)s: %(parts)s = %(raw)s", team=names[s["team"]], parts=" + ".join(more), raw=s["raw"]
    )


def _belot_record(lang: Lang, s: Step, names: Names) -> str:
    _ = lang.gettext
    if s["multiplier"] > 1:
        head = _(
            "(%(total)s) × %(m)s = %(whole)s → %(r)s",
            total=s["total"],
            m=s["multiplier"],
            whole=s["whole"],
            r=s["whole_rounded"],
        )
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


def _belot_step(lang: Lang, s: Step, names: Names) -> str:
    _ = lang.gettext
    name = s["step"]
    if name == "team":
        return _belot_team(lang, s, names)
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
        return _belot_record(lang, s, names)
    if name == "hanging-in":
        if s["to"]:
            return _("%(n)s hanging points go to %(team)s", n=s["amount"], team=names[s["to"]])
        return _("%(n)s points still hang", n=s["hanging"])
    return str(dict(s))


def _baloot_step(lang: Lang, s: Step, names: Names) -> str:
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
            head = _("the rest: %(p)s", p=s["points"])
        parts = [head]
        if s["projects"]:
            parts.append(_("projects %(n)s", n=s["projects"]))
        if s["baloot"]:
            parts.append(_("baloot %(n)s", n=s["baloot"]))
        return _(
            "%(team)s: %(parts)s = %(raw)s",
            team=names[s["team"]],
            parts=" + ".join(parts),
            raw=s["total"],
        )
    if name == "settle":
        line = _(
            "%(team)s bought — %(word)s",
            team=names[s["buyer"]],
            word=outcome_word(lang, s["outcome"]),
        )
        if s["multiplier"] == "gahwa":
            line = _("%(a)s; %(b)s", a=line, b=_("gahwa: the winner takes the sakka"))
        elif s["multiplier"] != 1:
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


def steps_text(lang: Lang, game: str, steps: Sequence[Step], names: Names) -> list[str]:
    render = _baloot_step if game == "baloot" else _belot_step
    return [line for line in (render(lang, s, names) for s in steps) if line]


def why(
    lang: Lang, game: str, result: Mapping[str, Any], steps: Sequence[Step], names: Names
) -> str:
    """One line: the compared points, the outcome word, and what each team writes."""
    _ = lang.gettext
    word = outcome_word(lang, result["outcome"])
    score = result["score"]
    if game == "baloot":
        totals = {s["team"]: s["total"] for s in steps if s["step"] == "team"}
        if not totals:  # a kaboot: nothing is compared
            return _("%(word)s — %(a)s : %(b)s", word=word, a=score["us"], b=score["them"])
        return _(
            "%(x)s : %(y)s — %(word)s; %(a)s : %(b)s",
            x=totals["us"], y=totals["them"], word=word, a=score["us"], b=score["them"],
        )  # fmt: skip
    raw = result["raw"]
    record = next((s for s in steps if s["step"] == "record"), None)
    line = _("%(x)s : %(y)s — %(word)s", x=raw["us"], y=raw["them"], word=word)
    if record is None:
        return line
    if record["multiplier"] > 1 or result["outcome"] == "inside":
        rest = _belot_record(lang, record, names)
    elif result["outcome"] == "made":
        rest = _(
            "%(x)s → %(a)s, %(y)s → %(b)s",
            x=raw["us"],
            y=raw["them"],
            a=record["us"],
            b=record["them"],
        )
    else:
        rest = _belot_record(lang, record, names)
    line = _("%(a)s; %(b)s", a=line, b=rest)
    won = next((s for s in steps if s["step"] == "hanging-in" and s["to"]), None)
    if won is not None:  # the points hanging from before, now won
        extra = _("+%(n)s hanging to %(team)s", n=won["amount"], team=names[won["to"]])
        line = _("%(a)s; %(b)s", a=line, b=extra)
    return line
