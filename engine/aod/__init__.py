"""MechWarrior: Age of Destruction on the hex board (issue 17; rules digest ``rules/aod.md``).

Under construction: this package is not yet a registered ruleset. Its parts so far are pure
foundations (unit data, terrain and hex geometry) that the ruleset will be built on.
"""
