"""Every msgid the pages use, found in the templates and the web modules (for the catalogs'
completeness test and for `python -m belot.web.extract`, which rewrites the .pot)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from belot.core.presets import PRESETS

HERE = Path(__file__).parent
METHODS = [("*.py", "python"), ("templates/**.html", "jinja2.ext:babel_extract")]
KEYWORDS = {"_": None, "N_": None}


def msgids() -> set[str]:
    # The presets' titles and summaries are said on the sheet in the page's language.
    found: set[str] = {text for p in PRESETS.values() for text in (p.title, p.summary)}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(HERE), METHODS, keywords=KEYWORDS, options_map={"templates/**.html": {}}
    ):
        if isinstance(message, str):
            found.add(message)
    return found


def main() -> None:
    catalog = Catalog(project="belot")
    for msgid in sorted(msgids()):
        catalog.add(msgid)
    with (HERE / "locales" / "messages.pot").open("wb") as fh:
        write_po(fh, catalog, omit_header=True, sort_output=True)


if __name__ == "__main__":
    main()
