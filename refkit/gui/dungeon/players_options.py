"""What the referee lets the players see on their window, and where: kept apart from
:mod:`refkit.gui.dungeon.players_window`, so the DT panel and its settings read and show them
without importing the window itself until it is opened."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QScreen

SETTINGS_GROUP = "players_window"


@dataclass(frozen=True)
class PlayersOptions:
    """What the referee lets the players see, and where."""

    show_dt: bool = True
    show_clock: bool = True
    show_greed: bool = True
    show_encounter: bool = True
    show_lights: bool = True
    full_screen: bool = True
    screen_name: str = ""  # "" → the first screen that is not the referee's

    _KEYS = ("show_dt", "show_clock", "show_greed", "show_encounter", "show_lights", "full_screen")

    def save(self, settings: QSettings) -> None:
        settings.beginGroup(SETTINGS_GROUP)
        for key in self._KEYS:
            settings.setValue(key, getattr(self, key))
        settings.setValue("screen_name", self.screen_name)
        settings.endGroup()

    @classmethod
    def load(cls, settings: QSettings) -> PlayersOptions:
        settings.beginGroup(SETTINGS_GROUP)
        try:
            values = {}
            for key in cls._KEYS:
                raw = settings.value(key, getattr(cls, key))
                values[key] = raw if isinstance(raw, bool) else str(raw).lower() == "true"
            screen = settings.value("screen_name", "")
            return cls(**values, screen_name=str(screen or ""))
        finally:
            settings.endGroup()


def screen_label(screen: QScreen) -> str:
    size = screen.geometry()
    return f"{screen.name() or 'Screen'} — {size.width()}×{size.height()}"
