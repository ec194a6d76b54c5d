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

# French belote (RULES.md §4.3)
ANNONCES: Final = "annonces"
TIE_INSIDE: Final = "tie-inside"
NO_ROUNDING: Final = "no-rounding"  # French belote and coinche alike
# Coinche and contrée (RULES.md §4.4)
LITIGE: Final = "litige"
FAILURE_162: Final = "failure-162"
COINCHE_KEEPS_OWN: Final = "coinche-keeps-own"
SURCOINCHE_X3: Final = "surcoinche-x3"
BELOTE_NOT_MULTIPLIED: Final = "belote-not-multiplied"
BELOTE_NOT_FOR_CONTRACT: Final = "belote-not-for-contract"
POINTS_ANNONCES: Final = "points-annonces"
GENERALE: Final = "generale"
SANS_TOUT_ATOUT: Final = "sans-tout-atout"

LANGUAGES: tuple[str, ...] = ("bg", "ar", "en", "fr")


@dataclass(frozen=True, slots=True)
class Switch:
    """A house rule: its name, its game, and one line of what it changes in each language."""

    name: str
    game: Game
    words: dict[str, str]  # "bg", "ar", "en", "fr"
    default: bool = False


def _switch(name: str, game: Game, en: str, bg: str, ar: str, fr: str) -> Switch:
    return Switch(name, game, {"bg": bg, "ar": ar, "en": en, "fr": fr})


SWITCHES: tuple[Switch, ...] = (
    _switch(
        BORDER_TO_DECLARERS,
        Game.BELOT,
        "Made deal on the border (suit 6, all trumps 4): the declarers round up "
        "(106 : 56 → 11 : 5).",
        "Изкарана игра на границата (бой 6, всичко коз 4): играещите закръглят нагоре "
        "(106 : 56 → 11 : 5).",
        "لعب ناجح على الحد (لون ٦، كل الأوراق حكم ٤): يقرّب اللاعبون للأعلى (106 : 56 → 11 : 5).",
        "Partie faite à la limite (couleur 6, tout atout 4) : les preneurs arrondissent vers le "
        "haut (106 : 56 → 11 : 5).",
    ),
    _switch(
        NO_TRUMPS_ROUND_FIRST,
        Game.BELOT,
        "No trumps: round the declarers' cards first, then double (73 : 57 → 14 : 12).",
        "Без коз: първо се закръглят картите на играещите, после се удвояват (73 : 57 → 14 : 12).",
        "بدون حكم: تُقرَّب أوراق اللاعبين أولًا ثم تُضاعف (73 : 57 → 14 : 12).",
        "Sans atout : on arrondit d'abord les cartes des preneurs, puis on double (73 : 57 → 14 : "
        "12).",
    ),
    _switch(
        NO_TRUMPS_CAPOT_DOUBLED,
        Game.BELOT,
        "No-trumps capot: the capot bonus is doubled with the cards, 44 instead of 35.",
        "Капо на без коз: бонусът за капо се удвоява с картите, 44 вместо 35.",
        "كابوت بدون حكم: تُضاعف مكافأة الكابوت مع الأوراق، 44 بدل 35.",
        "Capot à sans atout : la prime de capot est doublée avec les cartes, 44 au lieu de 35.",
    ),
    _switch(
        HANGING_TO_MORE,
        Game.BELOT,
        "Hanging points go to the team that writes more in the next deal; on a tie they "
        "stay hanging.",
        "Висящите точки отиват при отбора, който записва повече в следващата игра; "
        "при равенство остават да висят.",
        "النقاط المعلّقة لمن يسجّل أكثر في اللعب التالي؛ وعند التساوي تبقى معلّقة.",
        "Les points en suspens vont à l'équipe qui marque le plus à la donne suivante ; à "
        "égalité, ils restent en suspens.",
    ),
    _switch(
        CONTRA_ROUND_FIRST,
        Game.BELOT,
        "Contra and recontra: round the deal first, then multiply (212 × 4 → 84).",
        "Контра и реконтра: първо се закръгля играта, после се умножава (212 × 4 → 84).",
        "كونترا وريكونترا: يُقرَّب اللعب أولًا ثم يُضرب (212 × 4 → 84).",
        "Contre et surcontre : on arrondit d'abord la donne, puis on multiplie (212 × 4 → 84).",
    ),
    _switch(
        BALOOT_OUTSIDE_VERDICT,
        Game.BALOOT,
        "Baloot is not counted when deciding made, tie or lost; it is added after.",
        "Балот не се брои при решаването дали играта е изкарана; добавя се после.",
        "البلوت لا يُحسب في تحديد النجاح أو التعادل أو الخسارة؛ يُضاف بعدها.",
        "Le baloot ne compte pas pour décider si la donne est faite, nulle ou perdue ; il "
        "s'ajoute après.",
    ),
    _switch(
        TIE_BY_ABNAT,
        Game.BALOOT,
        "A tie in points is settled by abnat: the buyer with fewer abnat loses.",
        "Равенството в точки се решава с абнат: купувачът с по-малко абнат губи.",
        "التعادل في النقاط يُحسم بالأبناط: المشتري صاحب الأبناط الأقل يخسر.",
        "Une égalité de points se tranche aux abnat : l'acheteur qui en a le moins perd.",
    ),
    _switch(
        DOUBLED_TIE_TO_OPPONENTS,
        Game.BALOOT,
        "Doubled (or more) round on equal totals: the buyer loses.",
        "Удвоена (или повече) игра при равни точки: купувачът губи.",
        "عند الدبل (أو أكثر) وتساوي المجموع: يخسر المشتري.",
        "Donne doublée (ou plus) à totaux égaux : l'acheteur perd.",
    ),
    _switch(
        DOUBLED_MADE_SPLIT,
        Game.BALOOT,
        "Doubled round made: each team writes its own points × the level "
        "(hokm ×2, 10 : 6 with a sira → 24 : 12).",
        "Изкарана удвоена игра: всеки отбор записва своите точки × нивото "
        "(хокм ×2, 10 : 6 със сира → 24 : 12).",
        "دبل ناجح: كل فريق يسجّل نقاطه × المستوى (حكم ×2، 10 : 6 مع سرا → 24 : 12).",
        "Donne doublée faite : chaque équipe marque ses propres points × le niveau (hokm ×2, 10 : "
        "6 avec une sira → 24 : 12).",
    ),
    _switch(
        KABOOT_PROJECTS_COMPARED,
        Game.BALOOT,
        "Kaboot: projects are compared as in any round; the winner scores its projects.",
        "Кабут: проектите се сравняват както във всяка игра; по-силният ги записва.",
        "الكبوت: تُقارن المشاريع كأي جولة؛ والأقوى يسجّل مشاريعه.",
        "Kaboot : les projets se comparent comme à toute donne ; le plus fort marque ses projets.",
    ),
    _switch(
        KABOOT_MULTIPLIED,
        Game.BALOOT,
        "Kaboot under double, three or four is multiplied too.",
        "Кабут при дабъл, три или четири също се умножава.",
        "الكبوت مع الدبل أو الثري أو الفور يُضرب أيضًا.",
        "Un kaboot sous double, trois ou quatre est multiplié lui aussi.",
    ),
    _switch(
        GAHWA_SHUTOUT_ONLY,
        Game.BALOOT,
        "Gahwa wins the sakka only when the other team ends the round with no points.",
        "Кахуа печели сакката само когато другият отбор остане без точки.",
        "القهوة تربح الصكة فقط إذا انتهى الفريق الآخر بلا نقاط.",
        "La gahwa ne gagne la sakka que si l'autre équipe finit la donne sans point.",
    ),
    _switch(
        GAHWA_BALOOT_AFTER,
        Game.BALOOT,
        "Gahwa: each team's baloot is added after (152 + 2 = 154).",
        "Кахуа: балотът на всеки отбор се добавя после (152 + 2 = 154).",
        "القهوة: يُضاف بلوت كل فريق بعدها (152 + 2 = 154).",
        "Gahwa : le baloot de chaque équipe s'ajoute après (152 + 2 = 154).",
    ),
    _switch(
        HOKM_SIXES_TO_FEWER,
        Game.BALOOT,
        "Hokm, both abnat ending in 6: the team with more rounds down, the other takes the rest.",
        "Хокм, абнатите на двата отбора завършват на 6: отборът с повече закръгля надолу, "
        "другият взема остатъка.",
        "حكم وأبناط الفريقين تنتهي بـ ٦: الأكثر يُقرِّب للأسفل والآخر يأخذ الباقي.",
        "Hokm, les abnat des deux équipes finissent par 6 : celle qui en a le plus arrondit vers "
        "le bas, l'autre prend le reste.",
    ),
    _switch(
        SUN_DOUBLE_ALWAYS,
        Game.BALOOT,
        "Sun double allowed whatever the match totals.",
        "Дабъл на сън е позволен при всякакъв резултат.",
        "الدبل في الصن مسموح مهما كان مجموع الصكة.",
        "Double au sun permis quels que soient les totaux de la sakka.",
    ),
    _switch(
        ANNONCES,
        Game.FRENCH_BELOTE,
        "Declarations (tierce, cinquante, cent, carrés) allowed and counted: one contest, the "
        "strongest team scores all of its own.",
        "Обявите (терца, кварта, квинта, каре) са позволени и се броят: едно сравнение, "
        "по-силният отбор записва всичките си.",
        "الإعلانات (تيرس، خمسين، مية، كاريه) مسموحة وتُحسب: مقارنة واحدة، والفريق الأقوى "
        "يسجّل كل إعلاناته.",
        "Annonces (tierce, cinquante, cent, carrés) permises et comptées : une seule "
        "comparaison, l'équipe la plus forte marque toutes les siennes.",
    ),
    _switch(
        TIE_INSIDE,
        Game.FRENCH_BELOTE,
        "Equal totals (81 : 81): the taker is inside, nothing hangs.",
        "Равни точки (81 : 81): играещият е вътре, нищо не виси.",
        "عند تساوي المجموع (81 : 81): يخسر الآخذ ولا يُعلَّق شيء.",
        "Totaux égaux (81 : 81) : le preneur est dedans, rien n'est en litige.",
    ),
    _switch(
        NO_ROUNDING,
        Game.FRENCH_BELOTE,
        "Every record exact, not rounded to the ten (82 : 80 stays 82 : 80).",
        "Всеки запис е точен, без закръгляне до десетица (82 : 80 остава 82 : 80).",
        "كل تسجيل دقيق بلا تقريب إلى العشرة (82 : 80 تبقى 82 : 80).",
        "Chaque score exact, sans arrondi à la dizaine (82 : 80 reste 82 : 80).",
    ),
    _switch(
        LITIGE,
        Game.COINCHE,
        "Not coinched, bid reached, equal totals: the defence writes its points, the taker's "
        "hang for the next deal.",
        "Без контра, обявата е изпълнена, равни точки: защитата записва своите, точките на "
        "играещия висят за следващата игра.",
        "بلا كونتر، والطلب متحقق، والمجموع متساوٍ: الدفاع يسجّل نقاطه ونقاط الآخذ تُعلَّق "
        "للجولة التالية.",
        "Non coinché, contrat atteint, totaux égaux : la défense marque ses points, ceux du "
        "preneur sont en litige pour la donne suivante.",
    ),
    _switch(
        FAILURE_162,
        Game.COINCHE,
        "A failed contract gives the defence 162 + the bid, not 160 + the bid.",
        "При паднал договор защитата получава 162 + обявата, а не 160 + обявата.",
        "العقد الخاسر يعطي الدفاع 162 + الطلب بدل 160 + الطلب.",
        "Un contrat chuté donne à la défense 162 + le contrat, et non 160 + le contrat.",
    ),
    _switch(
        COINCHE_KEEPS_OWN,
        Game.COINCHE,
        "Coinched and made: the taker writes (its points + the bid) × the coinche, the "
        "defence keeps its own points.",
        "Контрирана и изкарана: играещият записва (своите точки + обявата) × контрата, "
        "защитата запазва своите точки.",
        "مع الكونتر والنجاح: يسجّل الآخذ (نقاطه + الطلب) × الكونتر، ويحتفظ الدفاع بنقاطه.",
        "Coinché et fait : le preneur marque (ses points + le contrat) × la coinche, la "
        "défense garde ses propres points.",
    ),
    _switch(
        SURCOINCHE_X3,
        Game.COINCHE,
        "Surcoinche multiplies by 3, not by 4.",
        "Реконтрата умножава по 3, а не по 4.",
        "السوركونتر يضرب في 3 وليس في 4.",
        "La surcoinche multiplie par 3 et non par 4.",
    ),
    _switch(
        BELOTE_NOT_MULTIPLIED,
        Game.COINCHE,
        "The belote (20) is added after the coinche multiplies, never multiplied.",
        "Белотът (20) се добавя след умножението на контрата, никога не се умножава.",
        "البلوت (20) يُضاف بعد ضرب الكونتر ولا يُضرب أبدًا.",
        "La belote (20) s'ajoute après la multiplication de la coinche, jamais multipliée.",
    ),
    _switch(
        BELOTE_NOT_FOR_CONTRACT,
        Game.COINCHE,
        "The taker's belote does not help to reach the bid.",
        "Белотът на играещия не помага за изпълнение на обявата.",
        "بلوت الآخذ لا يساعد على بلوغ الطلب.",
        "La belote du preneur ne compte pas pour atteindre le contrat.",
    ),
    _switch(
        POINTS_ANNONCES,
        Game.COINCHE,
        "Only the bid is written, not the points: made, the taker writes the bid (× coinche); "
        "failed, the defence does.",
        "Записва се само обявата, не точките: при изкарана — играещият (× контрата); при "
        "паднала — защитата.",
        "يُسجَّل الطلب فقط لا النقاط: عند النجاح يسجّله الآخذ (× الكونتر)، وعند الخسارة يسجّله الدفاع.",
        "On marque le contrat annoncé, pas les points : fait, le preneur marque le contrat "
        "(× coinche) ; chuté, la défense.",
    ),
    _switch(
        GENERALE,
        Game.COINCHE,
        "The bid générale (one player takes all eight tricks) is allowed, worth 500.",
        "Позволена е обявата „генерал“ (един играч взема и осемте взятки), струва 500.",
        "يُسمح بطلب الجنرال (لاعب واحد يأخذ الأكلات الثماني)، وقيمته 500.",
        "Le contrat générale (un seul joueur fait les huit plis) est permis, il vaut 500.",
    ),
    _switch(
        SANS_TOUT_ATOUT,
        Game.COINCHE,
        "No trumps and all trumps may be bid, with their own card values (152 in all).",
        "Позволени са без коз и всичко коз, със свои стойности на картите (общо 152).",
        "يُسمح بالصن والحكم الكامل، بقيم أوراق خاصة بهما (152 في المجموع).",
        "Sans atout et tout atout permis, avec leurs propres valeurs de cartes (152 en tout).",
    ),
    _switch(
        NO_ROUNDING,
        Game.COINCHE,
        "Every record exact, not rounded to the ten (223 : 49 stays 223 : 49).",
        "Всеки запис е точен, без закръгляне до десетица (223 : 49 остава 223 : 49).",
        "كل تسجيل دقيق بلا تقريب إلى العشرة (223 : 49 تبقى 223 : 49).",
        "Chaque score exact, sans arrondi à la dizaine (223 : 49 reste 223 : 49).",
    ),
)

# By name alone: the first game that has it (`no-rounding` is French belote's and coinche's);
# a game's own switch is found in `SWITCHES_OF` (house rules look there first).
SWITCH_BY_NAME: dict[str, Switch] = {}
for _s in SWITCHES:
    SWITCH_BY_NAME.setdefault(_s.name, _s)
SWITCHES_OF: dict[Game, tuple[Switch, ...]] = {
    game: tuple(s for s in SWITCHES if s.game is game) for game in Game
}
SWITCH_OF_GAME: dict[tuple[Game, str], Switch] = {(s.game, s.name): s for s in SWITCHES}
