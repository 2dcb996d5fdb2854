"""Dystopian Wars at the edge (issue 18): its asset files on disk and their checker.

Under construction: no interface yet; ``hexmech validate`` checks ``.dw.toml`` files through
`tui.commands.validate.DATA_CHECKERS`.
"""
