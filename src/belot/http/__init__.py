"""HTTP concerns shared by the API and the pages: ASGI middleware and the refusal answers.

Everything here sits between the server and the routes, so it knows nothing of matches or
deals: only requests, responses and the contract's error object (CONTRACT.md §3).
"""
