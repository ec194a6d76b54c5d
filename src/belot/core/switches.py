"""House rules (RULES.md §4): each table's customs as named switches over a preset.

This is the one declaration of the switches: their names, their game and a one-line
explanation in Bulgarian, Arabic and English. Every switch is off by default in every preset;
with every switch off a preset scores exactly as RULES.md §1–2. The scoring reads them in
`belot.core.belot` and `belot.core.baloot`; the API, the command line and the pages list them
from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from belot.core.types import Game

# Belot (RULES.md §4.1)
BORDER_TO_DECLARERS: Final = "border-to-declarers"
NO_TRUMPS_ROUND_FIRST: Final = "no-trumps-round-first"
NO_TRUMPS_CAPOT_DOUBLED: Final = "no-trumps-capot-doubled"
HANGING_TO_MORE: Final = "hanging-to-more"
CONTRA_ROUND_FIRST: Final = "contra-round-first"
# Baloot (RULES.md §4.2)
BALOOT_OUTSIDE_VERDICT: Final = "baloot-outside-verdict"
TIE_BY_ABNAT: Final = "tie-by-abnat"
DOUBLED_TIE_TO_OPPONENTS: Final = "doubled-tie-to-opponents"
DOUBLED_MADE_SPLIT: Final = "doubled-made-split"
KABOOT_PROJECTS_COMPARED: Final = "kaboot-projects-compared"
KABOOT_MULTIPLIED: Final = "kaboot-multiplied"
GAHWA_SHUTOUT_ONLY: Final = "gahwa-shutout-only"
GAHWA_BALOOT_AFTER: Final = "gahwa-baloot-after"
HOKM_SIXES_TO_FEWER: Final = "hokm-sixes-to-fewer"
SUN_DOUBLE_ALWAYS: Final = "sun-double-always"

LANGUAGES: tuple[str, ...] = ("bg", "ar", "en")


@dataclass(frozen=True, slots=True)
class Switch:
    """A house rule: its name, its game, and one line of what it changes in each language."""

    name: str
    game: Game
    words: dict[str, str]  # "bg", "ar", "en"
    default: bool = False


def _switch(name: str, game: Game, en: str, bg: str, ar: str) -> Switch:
    return Switch(name, game, {"bg": bg, "ar": ar, "en": en})


SWITCHES: tuple[Switch, ...] = (
    _switch(
        BORDER_TO_DECLARERS,
        Game.BELOT,
        "Made deal on the border (suit 6, all trumps 4): the declarers round up "
        "(106 : 56 → 11 : 5).",
        "Изкарана игра на границата (бой 6, всичко коз 4): играещите закръглят нагоре "
        "(106 : 56 → 11 : 5).",
        "لعب ناجح على الحد (لون ٦، كل الأوراق حكم ٤): يقرّب اللاعبون للأعلى (106 : 56 → 11 : 5).",
    ),
    _switch(
        NO_TRUMPS_ROUND_FIRST,
        Game.BELOT,
        "No trumps: round the declarers' cards first, then double (73 : 57 → 14 : 12).",
        "Без коз: първо се закръглят картите на играещите, после се удвояват (73 : 57 → 14 : 12).",
        "بدون حكم: تُقرَّب أوراق اللاعبين أولًا ثم تُضاعف (73 : 57 → 14 : 12).",
    ),
    _switch(
        NO_TRUMPS_CAPOT_DOUBLED,
        Game.BELOT,
        "No-trumps capot: the capot bonus is doubled with the cards, 44 instead of 35.",
        "Капо на без коз: бонусът за капо се удвоява с картите, 44 вместо 35.",
        "كابوت بدون حكم: تُضاعف مكافأة الكابوت مع الأوراق، 44 بدل 35.",
    ),
    _switch(
        HANGING_TO_MORE,
        Game.BELOT,
        "Hanging points go to the team that writes more in the next deal; on a tie they "
        "stay hanging.",
        "Висящите точки отиват при отбора, който записва повече в следващата игра; "
        "при равенство остават да висят.",
        "النقاط المعلّقة لمن يسجّل أكثر في اللعب التالي؛ وعند التساوي تبقى معلّقة.",
    ),
    _switch(
        CONTRA_ROUND_FIRST,
        Game.BELOT,
        "Contra and recontra: round the deal first, then multiply (212 × 4 → 84).",
        "Контра и реконтра: първо се закръгля играта, после се умножава (212 × 4 → 84).",
        "كونترا وريكونترا: يُقرَّب اللعب أولًا ثم يُضرب (212 × 4 → 84).",
    ),
    _switch(
        BALOOT_OUTSIDE_VERDICT,
        Game.BALOOT,
        "Baloot is not counted when deciding made, tie or lost; it is added after.",
        "Балот не се брои при решаването дали играта е изкарана; добавя се после.",
        "البلوت لا يُحسب في تحديد النجاح أو التعادل أو الخسارة؛ يُضاف بعدها.",
    ),
    _switch(
        TIE_BY_ABNAT,
        Game.BALOOT,
        "A tie in points is settled by abnat: the buyer with fewer abnat loses.",
        "Равенството в точки се решава с абнат: купувачът с по-малко абнат губи.",
        "التعادل في النقاط يُحسم بالأبناط: المشتري صاحب الأبناط الأقل يخسر.",
    ),
    _switch(
        DOUBLED_TIE_TO_OPPONENTS,
        Game.BALOOT,
        "Doubled (or more) round on equal totals: the buyer loses.",
        "Удвоена (или повече) игра при равни точки: купувачът губи.",
        "عند الدبل (أو أكثر) وتساوي المجموع: يخسر المشتري.",
    ),
    _switch(
        DOUBLED_MADE_SPLIT,
        Game.BALOOT,
        "Doubled round made: each team writes its own points × the level "
        "(hokm ×2, 10 : 6 with a sira → 24 : 12).",
        "Изкарана удвоена игра: всеки отбор записва своите точки × нивото "
        "(хокм ×2, 10 : 6 със сира → 24 : 12).",
        "دبل ناجح: كل فريق يسجّل نقاطه × المستوى (حكم ×2، 10 : 6 مع سرا → 24 : 12).",
    ),
    _switch(
        KABOOT_PROJECTS_COMPARED,
        Game.BALOOT,
        "Kaboot: projects are compared as in any round; the winner scores its projects.",
        "Кабут: проектите се сравняват както във всяка игра; по-силният ги записва.",
        "الكبوت: تُقارن المشاريع كأي جولة؛ والأقوى يسجّل مشاريعه.",
    ),
    _switch(
        KABOOT_MULTIPLIED,
        Game.BALOOT,
        "Kaboot under double, three or four is multiplied too.",
        "Кабут при дабъл, три или четири също се умножава.",
        "الكبوت مع الدبل أو الثري أو الفور يُضرب أيضًا.",
    ),
    _switch(
        GAHWA_SHUTOUT_ONLY,
        Game.BALOOT,
        "Gahwa wins the sakka only when the other team ends the round with no points.",
        "Кахуа печели сакката само когато другият отбор остане без точки.",
        "القهوة تربح الصكة فقط إذا انتهى الفريق الآخر بلا نقاط.",
    ),
    _switch(
        GAHWA_BALOOT_AFTER,
        Game.BALOOT,
        "Gahwa: each team's baloot is added after (152 + 2 = 154).",
        "Кахуа: балотът на всеки отбор се добавя после (152 + 2 = 154).",
        "القهوة: يُضاف بلوت كل فريق بعدها (152 + 2 = 154).",
    ),
    _switch(
        HOKM_SIXES_TO_FEWER,
        Game.BALOOT,
        "Hokm, both abnat ending in 6: the team with more rounds down, the other takes the rest.",
        "Хокм, абнатите на двата отбора завършват на 6: отборът с повече закръгля надолу, "
        "другият взема остатъка.",
        "حكم وأبناط الفريقين تنتهي بـ ٦: الأكثر يُقرِّب للأسفل والآخر يأخذ الباقي.",
    ),
    _switch(
        SUN_DOUBLE_ALWAYS,
        Game.BALOOT,
        "Sun double allowed whatever the match totals.",
        "Дабъл на сън е позволен при всякакъв резултат.",
        "الدبل في الصن مسموح مهما كان مجموع الصكة.",
    ),
)

SWITCH_BY_NAME: dict[str, Switch] = {switch.name: switch for switch in SWITCHES}
SWITCHES_OF: dict[Game, tuple[Switch, ...]] = {
    game: tuple(s for s in SWITCHES if s.game is game) for game in Game
}
