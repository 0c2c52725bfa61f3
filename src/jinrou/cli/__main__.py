"""`python -m jinrou.cli`: the `jinrou` command."""

from jinrou.cli import app

app()
