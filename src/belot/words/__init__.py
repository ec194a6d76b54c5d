"""The words: everything the command line, the pages and the offline engine say, in every
language, in one home (issue 24).

- `i18n` — the languages (`LANGS`, `Lang`) and the gettext catalogs in `locales/`
- `results` — a deal's outcome, its one-line why and breakdown, errors by code and the teams'
  names; each game's explanation found by its declared family (`GameInfo.family`)
- `rules` — the presets' and house rules' lines (`preset_words`, `switch_words`) and the
  listing of `GET /api/v1/rules` and `belot rules`

It imports `belot.core`, MarkupSafe and Babel (Babel only where the catalogs are read from
their `.po` files), never `belot.web`, `belot.cli`, `belot.store` or `belot.api`: the core gives
names and numbers, this package says them.
"""
