"""The pure scoring core: rules, deal scoring, match replay. No I/O (see README.md)."""
