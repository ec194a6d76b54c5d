"""The web pages: calculator and score sheet (Jinja2 + htmx), in Bulgarian, Arabic, English and
French (their words: `belot.words`).

Importing this package loads no web framework: the offline engine imports `belot.web.result`
too. The routes are installed by `belot.web.routes.setup`.
"""
