"""`python -m belot`: the same as the `belot` command."""

from belot.cli import main

main()
