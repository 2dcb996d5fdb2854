"""The generic screens: main menu, save and replay browsers, help, questions, high scores.

Import each from its module (`tui.screens.menu`, ...): importing this package loads none.
"""
