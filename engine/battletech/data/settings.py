"""The error a scenario's optional settings table raises (night, environment, fire).

Each reader (`nightscenario.read_night`, `environment.read_environment`,
`firescenario.read_fire`) raises its own subclass; `engine.battletech.data.scenario.build_setup`
turns any of them into a `ScenarioError` with the line of the offending key.
"""

from __future__ import annotations


class SettingError(ValueError):
    """A bad setting: ``reason``, where (``key`` in the scenario's table), the value quoted."""

    def __init__(self, reason: str, key: tuple[str | int, ...], needle: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.key = key
        self.needle = needle
