"""Every msgid the pages and the command line use, found in the words package, the templates
and the web modules (for the catalogs' completeness test and for `python -m
belot.web.extract`, which rewrites `belot/words/locales/messages.pot`)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from belot.core.presets import PRESETS
from belot.words import i18n
from belot.words.rules import lines

HERE = Path(__file__).parent
WORDS = Path(i18n.__file__).parent
METHODS = [("*.py", "python"), ("templates/**.html", "jinja2.ext:babel_extract")]
KEYWORDS = {"_": None, "N_": None}


def msgids() -> set[str]:
    # The presets' titles and summaries are said on the sheet in the page's language, and each
    # preset's and house rule's line wherever the rules are listed.
    found: set[str] = {text for p in PRESETS.values() for text in (p.title, p.summary)}
    found |= lines()
    for root in (WORDS, HERE):
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(root), METHODS, keywords=KEYWORDS, options_map={"templates/**.html": {}}
        ):
            if isinstance(message, str):
                found.add(message)
    return found


def main() -> None:
    catalog = Catalog(project="belot")
    for msgid in sorted(msgids()):
        catalog.add(msgid)
    with (i18n.LOCALES / "messages.pot").open("wb") as fh:
        write_po(fh, catalog, omit_header=True, sort_output=True)


if __name__ == "__main__":
    main()
