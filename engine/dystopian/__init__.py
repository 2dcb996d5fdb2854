"""Dystopian Wars on the hex board (issue 18; rules digest ``rules/dystopian.md``).

Under construction: this package is not yet a registered ruleset. Its parts so far are pure
foundations (model cards, fleet building, asset readers, hex geometry) that the ruleset will be
built on.
"""
