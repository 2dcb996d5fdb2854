"""The interface of MechWarrior: Age of Destruction (issue 17; rules digest ``rules/aod.md``).

Under construction and not yet registered (``tui/registry.py``): so far the asset files' edge
(`tui.aod.files`, with `load_library` for the game to come) and their checker
(`tui.aod.validate.check`, for ``hexmech validate`` once the ruleset is registered).
"""
