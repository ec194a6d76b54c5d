"""The count pad's table (issue 32, docs/web.md "Count pad"): each contract choice of a deal form
with the card values the core gives it under the rules in play (`Rules.card_values`, where the
contract names no trump suit one table per trump the pad may pick), the pile's whole round
(`Rules.pile_total`), the last trick a pile counts (`Rules.pile_last_trick`) and the pad's words
in the page's language, as the JSON the page script (`static/count.js`) only adds up.

It travels with the result panel (`result.html`), not in the page's first bytes (a calculator
stays under test_page_weight's limit): the panel comes with every change of the form, from the
server or, offline, from the engine (the same code: this module is packed for the device).
Pure; no game is named here.
"""

from __future__ import annotations

import json
from typing import Any

from belot.core.cards import SUIT_NAMES, VALUE_ORDER
from belot.core.errors import BelotError
from belot.core.games import GAMES
from belot.core.presets import DEFAULT_PRESET, find_preset, rules_for
from belot.core.rules_base import Rules
from belot.core.types import Game
from belot.web.form import DealForm
from belot.web.spec import Kind
from belot.words.i18n import N_, Lang

WORDS = {
    "open": N_("Count the cards"),
    "done": N_("Done"),
    "other": N_("other pile"),
    "trump": N_("Trump"),
}
LAST_TRICK = N_("last trick %(n)s")  # the breakdown says it so too


def _table(rules: Rules, contract: str, trump: str | None) -> dict[str, Any] | None:
    values = rules.card_values(contract, trump)
    trumps = rules.trumps(contract, trump)
    if values is None or trumps is None:
        return None
    rows = {suit: [values[suit][rank] for rank in VALUE_ORDER] for suit in SUIT_NAMES}
    return {"trumps": list(trumps), "values": rows}


def _total(rules: Rules, field: str, contract: str, table: dict[str, Any]) -> int:
    """The whole round a pile is a share of, as the core checks it (the cards and, where the
    pile holds it, the last trick)."""
    try:
        return rules.pile_total({field: contract})
    except (KeyError, ValueError, TypeError):
        cards = sum(sum(row) for row in table["values"].values())
        return cards + rules.pile_last_trick


def form_rules(state: DealForm) -> Rules:
    """The rules a calculator's form plays: its preset and the house rules turned on."""
    game = state.spec.game
    preset = state.picked("rules") or DEFAULT_PRESET[game]
    if not state.switches:
        return rules_for(game, preset)
    return rules_for(game, {"preset": preset, **dict.fromkeys(state.switches, True)})


def pad(lang: Lang, state: DealForm, rules: Rules | str | None = None) -> str | None:
    """The pad's JSON for the form `state` under `rules` (a match's key; None: the calculator's
    own choice), or None while its contract is not chosen (a fresh form: its page carries none)
    or its game has no cards to count."""
    game: Game = state.spec.game
    info = GAMES[game]
    contract_field = info.contract_field
    pile = next((f for f in state.spec.fields.values() if f.kind is Kind.PILE), None)
    choice = state.spec.fields.get(contract_field)
    if pile is None or choice is None or state.picked(contract_field) is None:
        return None
    try:
        if rules is None:
            played = form_rules(state)
        else:
            played = find_preset(rules) if isinstance(rules, str) else rules
    except BelotError:  # rules the core refuses: no pad (the panel says why)
        return None
    contracts: dict[str, Any] = {}
    for c in choice.choices:
        key = c.key
        table = _table(played, key, None)
        if table is not None:
            contracts[key] = {"total": _total(played, contract_field, key, table), **table}
            continue
        picks = {s: t for s in SUIT_NAMES if (t := _table(played, key, s)) is not None}
        if picks:
            first = next(iter(picks.values()))
            contracts[key] = {"total": _total(played, contract_field, key, first), "pick": picks}
    if not contracts:
        return None
    words = {key: lang.gettext(msgid) for key, msgid in WORDS.items()}
    last = played.pile_last_trick
    if last:
        words["last"] = lang.gettext(LAST_TRICK, n=lang.num(last))
    return json.dumps(
        {
            "field": pile.name,
            "team_field": pile.team_field,
            "contract_field": contract_field,
            "ranks": list(VALUE_ORDER),
            "last": last,
            "contracts": contracts,
            "words": words,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )
