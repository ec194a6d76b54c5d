"""Languages: which one a reader gets, and the Babel catalogs that say every string in it.

The `.po` files are read with Babel when the app starts, so a clean checkout needs no
compile step; English is the msgid itself. The offline engine (Pyodide, no Babel there) is
given the same catalogs as data instead (`use_catalogs`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from markupsafe import Markup, escape

LANGS: tuple[str, ...] = ("bg", "ar", "en", "fr", "hr", "nl")
RTL = frozenset({"ar"})
# 4,8 in Bulgarian, French, Croatian and Dutch; 4.8 in English (and Arabic)
DECIMAL_COMMA = frozenset({"bg", "fr", "hr", "nl"})
LOCALES = Path(__file__).parent / "locales"
# Shown in the language switch in each language's own name.
LANG_NAMES = {"bg": "Български", "ar": "العربية", "en": "English", "fr": "Français",
              "hr": "Hrvatski", "nl": "Nederlands"}  # fmt: skip
MINUS = "\u2212"  # a negative figure's sign, not the hyphen
# Fits one row at 360 px.
LANG_SHORT = {"bg": "БГ", "ar": "عربي", "en": "EN", "fr": "FR", "hr": "HR", "nl": "NL"}


# Players write Western digits (seed 002 is written so); Arabic-Indic ones are a setting.
DIGITS = ("latn", "arab")
ARAB_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
# A run that reads left to right inside any text: a figure with its sign, a score, a sum, a
# range ("+20", "106 : 56", "152 + 2 = 154", "6–9", "×2") or a code ("bg-6up").
_D = "[0-9٠-٩]"
_S = "[ \u00a0\u202f]?"  # a space between, or French's no-break one before ":" (issue 32)
_RUN = re.compile(
    rf"[a-z]+(?:-[a-z0-9]+)+|[+×−-]?{_D}+(?:[.,]{_D}+)?(?:{_S}[:×+=–-]{_S}[+×−-]?{_D}+(?:[.,]{_D}+)?)*"
)
# A score: two figures, no sign, joined by a colon ("106 : 56"), read in the page's order.
_PAIR = re.compile(rf"{_D}+(?:[.,]{_D}+)?{_S}:{_S}{_D}+(?:[.,]{_D}+)?")


def N_(msgid: str) -> str:
    """Marks a msgid for extraction; translated later, when the language is known."""
    return msgid


AND = N_("%(a)s and %(b)s")  # two players as one team

GIVEN: dict[str, dict[str, str]] = {}  # catalogs given as data, in place of the .po files


def use_catalogs(catalogs: dict[str, dict[str, str]]) -> None:
    """Say every string from these catalogs (`catalog`'s output, e.g. read back from JSON)."""
    GIVEN.update(catalogs)
    catalog.cache_clear()


@cache
def catalog(lang: str) -> dict[str, str]:
    """msgid -> translated string for `lang` (empty msgstrs left out, so English shows)."""
    if lang in GIVEN:
        return GIVEN[lang]
    from babel.messages.pofile import read_po  # not needed where the catalogs are given

    path = LOCALES / lang / "LC_MESSAGES" / "messages.po"
    if not path.exists():
        return {}
    with path.open("rb") as fh:
        cat = read_po(fh, locale=lang)
    said = {
        str(m.id): str(m.string)
        for m in cat
        if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string
    }
    return {k: french_spaces(v) for k, v in said.items()} if lang == "fr" else said


# French sets : ; ? ! apart with a space that never breaks, and the insides of « » (issue 32:
# the winner's "!" wrapped alone onto a line): U+00A0 before ":" and inside « », the narrow
# U+202F before ; ? !. The catalog is written with plain spaces; it is said so when read.
_BEFORE = r"(?=\s|$|[»\"”)])"
_COLON = re.compile(rf" :{_BEFORE}")
_MARKS = re.compile(rf" ([;?!]){_BEFORE}")


def french_spaces(text: str) -> str:
    """A French msgstr with its no-break spaces (see above)."""
    text = _MARKS.sub("\u202f\\1", _COLON.sub("\u00a0:", text))
    return text.replace("« ", "«\u00a0").replace(" »", "\u00a0»")


@dataclass(frozen=True, slots=True)
class Lang:
    """One request's language: its code, its direction and its gettext."""

    code: str
    digits: str = "latn"  # how figures are shown: Western (latn) or Arabic-Indic (arab)

    def num(self, value: object) -> str:
        """A figure in the reader's digits (what a page posts or tests read stays ASCII)."""
        text = str(value)
        return text.translate(ARAB_DIGITS) if self.digits == "arab" else text

    def decimal(self, value: float, places: int = 1) -> str:
        """A figure with decimals (a rating) as the reader writes it: a decimal comma in
        Bulgarian and French, in the reader's digits, a minus sign (−1,5, not -1,5)."""
        text = f"{value:.{places}f}".replace("-", MINUS)
        return self.num(text.replace(".", ",") if self.code in DECIMAL_COMMA else text)

    def signed(self, value: int) -> Markup:
        """A difference with its sign ("+84", "−84", "0") as one left-to-right run."""
        sign = "+" if value > 0 else MINUS if value < 0 else ""
        return self.ltr(f"{sign}{abs(value)}")

    def score(self, first: int, second: int) -> Markup:
        """Two sides' figures ("161 : 77") that never break, in the page's reading order: on a
        right-to-left page the first figure stands on the right, beside the first side's
        name, as the names themselves stand (issue 25: 161 read beside the losing pair)."""
        return Markup('<bdi dir="%s" class="pair-score">%s\u00a0:\u00a0%s</bdi>') % (
            self.dir,
            self.num(first),
            self.num(second),
        )

    def pair(self, first: str, second: str) -> Markup:
        """Two players as one team, joined by the page's own word ("Иван и Мария", "Ivan and
        Maria"), each name isolated (a Cyrillic name on an Arabic page keeps its place)."""
        return Markup(self.pair_text("<bdi>%s</bdi>", "<bdi>%s</bdi>")) % (first, second)

    def rejoined(self, stored: str) -> str:
        """A team name the store made of two players (`A & B`: a club match's, a tournament
        pair's) joined by the page's own word instead; any other name as it is."""
        first, amp, second = stored.partition(" & ")
        if not amp or " & " in second:
            return stored
        return self.pair_text(first, second)

    def pair_text(self, first: str, second: str) -> str:
        """Two players joined as the page says it: the one way every page names a team by
        its players (issue 25)."""
        return self.gettext(AND, a=first, b=second)

    def figure(self, value: object) -> Markup:
        """A big figure (totals, a deal's score) in the reader's digits, the Arabic-Indic
        zero drawn large enough to read across a table (it is a small dot in most fonts).

        The zero's span is a plain inline box, a bigger font only (app.css `.zero`), so the
        figure stays one run of text in the bidi algorithm: never an inline-block or any box
        of its own there, which the algorithm takes for one neutral object, and a neutral
        between two Arabic-Indic digits turns the figure round on any page (102 read ٢٠١,
        issue 32)."""
        text = escape(self.num(value))
        if self.digits != "arab" or "٠" not in text:
            return Markup(text)
        return Markup(str(text).replace("٠", '<span class="zero">٠</span>'))

    def ltr(self, value: object) -> Markup:
        """A figure, sign, range, score or code ("+20", "10 : 4", "bg-6up") in the reader's
        digits as one left-to-right run that never breaks: on a right-to-left page its parts
        keep their order ("+20" never reads "20+"). The one way the pages print such a run."""
        return Markup("<bdi dir=ltr>%s</bdi>") % self.num(value)

    def prose(self, text: str) -> Markup:
        """Words with figures in them (a house rule, a breakdown's step, the one-line why) as
        the reader reads them: one kind of digit (the reader's), arrows in the reading
        direction, every figure, sum or code ("152 + 2 = 154", "×2", "bg-6up") one isolated
        left-to-right run that never breaks, and a score ("106 : 56") one run in the page's
        reading order, as `score` has it (issue 32: on an Arabic page the first figure stands
        on the right, beside the first team's name, as on the tournament's cards)."""
        text = self.num(to_ascii_digits(text)).replace("→", self.arrow)
        out, at = [], 0
        rtl = self.code in RTL
        for m in _RUN.finditer(text):  # on a left-to-right page a run only must not break
            if not rtl:
                run = escape(m.group().replace(" ", "\u00a0"))
            elif _PAIR.fullmatch(m.group()):
                run = Markup('<bdi dir="rtl" class="pair-score">%s</bdi>') % m.group()
            else:
                run = self.ltr(m.group())
            out += [escape(text[at : m.start()]), run]
            at = m.end()
        return Markup("").join([*out, escape(text[at:])])

    @property
    def arrow(self) -> str:
        """ "gives" in the reading direction: → on left-to-right pages, ← on right-to-left."""
        return "←" if self.code in RTL else "→"

    @property
    def dir(self) -> str:
        return "rtl" if self.code in RTL else "ltr"

    def gettext(self, msgid: str, **params: object) -> str:
        """The translation of `msgid`, `%(name)s` placeholders filled from `params`."""
        text = catalog(self.code).get(msgid, msgid)
        if params and self.code == "fr":
            text = _articles(text, params)
        if params:
            try:
                return text % params
            except (KeyError, ValueError, TypeError):
                return msgid % params  # a broken translation must not break the page
        return text


# French: "de" and "à" before a name with its article contract ("tas des Rouges", "au Club"),
# "de" before a vowel elides ("tas d’Eux"; issue 32: "tas de Les Rouges").
_CONTRACTED = {"de": {"les ": "des ", "le ": "du "}, "à": {"les ": "aux ", "le ": "au "}}
_VOWELS = "aeiouyàâéèêëîïôöûüœæ"


def _articles(text: str, params: dict[str, object]) -> str:
    """`text` (a French msgstr) with each "de %(x)s" / "à %(x)s" said as French says it with
    the name given for x (a team's, typed by the players); the name itself unchanged."""
    for key, value in params.items():
        if not isinstance(value, str) or isinstance(value, Markup) or not value:
            continue
        for word, forms in _CONTRACTED.items():
            slot = f"{word} %({key})s"
            if slot not in text:
                continue
            low = value.lower()
            said = next((f + value[len(a) :] for a, f in forms.items() if low.startswith(a)), None)
            if said is None and word == "de" and low[0] in _VOWELS:
                said = "d’" + value
            if said is not None:
                text = text.replace(slot, said.replace("%", "%%"))
    return text


def pick(
    query: str | None, cookie: str | None, default: str, known: tuple[str, ...] = LANGS
) -> str:
    """`?lang=` first, then the remembered choice, then the page's own default."""
    for choice in (query, cookie):
        if choice in known:
            assert choice is not None
            return choice
    return default


def to_ascii_digits(text: str) -> str:
    """Arabic-Indic and Persian digits typed on an Arabic keyboard, as ASCII digits."""
    table = {ord(c): str(i) for i, c in enumerate("٠١٢٣٤٥٦٧٨٩")}
    table.update({ord(c): str(i) for i, c in enumerate("۰۱۲۳۴۵۶۷۸۹")})
    return text.translate(table)
