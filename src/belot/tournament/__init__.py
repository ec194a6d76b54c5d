"""Tournaments of a club's pairs (CONTRACT.md §5.4), as pure functions: the draws, the
standings and the ratings. Storage lives in `belot.store.tournaments`."""
