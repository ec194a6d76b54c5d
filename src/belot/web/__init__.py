"""The web pages: calculator and score sheet (Jinja2 + htmx), in Bulgarian, Arabic and English.

Importing this package loads no web framework: the command line says results through
`belot.web.result` too. The routes are installed by `belot.web.routes.setup`.
"""
