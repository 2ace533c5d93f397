"""Light and dark palettes on the Fusion style, following the system colour scheme.

The scheme comes from ``QStyleHints.colorScheme()``; when the desktop switches,
``colorSchemeChanged`` fires and the palette follows. The user can pin light or dark instead
(View menu).

Result colours (tiers, crit, doom) are chosen per scheme so that white text on them stays readable;
widgets read them through :func:`result_colours` instead of hard-coding any.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication


class Appearance(Enum):
    """What the user asked for."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"

    @classmethod
    def from_setting(cls, value: object) -> Appearance:
        for appearance in cls:
            if appearance.value == value:
                return appearance
        return cls.SYSTEM


@dataclass(frozen=True)
class ResultColours:
    """Background colours of the result banner; the text on them is always white."""

    tier1: str
    tier2: str
    tier3: str
    crit: str
    doom: str
    neutral: str
    error_text: str


_LIGHT_RESULTS = ResultColours(
    tier1="#8a4b2a",
    tier2="#8a6a00",
    tier3="#2e7d32",
    crit="#1b5e20",
    doom="#b71c1c",
    neutral="#37474f",
    error_text="#b00020",
)
_DARK_RESULTS = ResultColours(
    tier1="#9c5a36",
    tier2="#9a7600",
    tier3="#388e3c",
    crit="#2e7d32",
    doom="#c62828",
    neutral="#455a64",
    error_text="#ff8a80",
)


def _palette(roles: dict[QPalette.ColorRole, QColor], disabled_text: QColor) -> QPalette:
    palette = QPalette()
    for role, colour in roles.items():
        palette.setColor(role, colour)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled_text)
    return palette


def light_palette() -> QPalette:
    """Fusion's light colours (the same as its standard palette), whatever the system says."""
    return _palette(
        {
            QPalette.ColorRole.Window: QColor("#efefef"),
            QPalette.ColorRole.WindowText: QColor("#000000"),
            QPalette.ColorRole.Base: QColor("#ffffff"),
            QPalette.ColorRole.AlternateBase: QColor("#f7f7f7"),
            QPalette.ColorRole.ToolTipBase: QColor("#ffffdc"),
            QPalette.ColorRole.ToolTipText: QColor("#000000"),
            QPalette.ColorRole.PlaceholderText: QColor("#6e6e6e"),
            QPalette.ColorRole.Text: QColor("#000000"),
            QPalette.ColorRole.Button: QColor("#efefef"),
            QPalette.ColorRole.ButtonText: QColor("#000000"),
            QPalette.ColorRole.BrightText: QColor("#ffffff"),
            QPalette.ColorRole.Light: QColor("#ffffff"),
            QPalette.ColorRole.Midlight: QColor("#cacaca"),
            QPalette.ColorRole.Mid: QColor("#b8b8b8"),
            QPalette.ColorRole.Dark: QColor("#9f9f9f"),
            QPalette.ColorRole.Shadow: QColor("#767676"),
            QPalette.ColorRole.Highlight: QColor("#308cc6"),
            QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
            QPalette.ColorRole.Link: QColor("#0000ff"),
            QPalette.ColorRole.LinkVisited: QColor("#ff00ff"),
        },
        disabled_text=QColor("#9a9a9a"),
    )


def dark_palette() -> QPalette:
    """A calm dark palette with enough contrast to read from arm's length."""
    text = QColor("#e8e8e8")
    palette = _palette(
        {
            QPalette.ColorRole.Window: QColor("#2b2d30"),
            QPalette.ColorRole.WindowText: text,
            QPalette.ColorRole.Base: QColor("#1e1f22"),
            QPalette.ColorRole.AlternateBase: QColor("#26282b"),
            QPalette.ColorRole.ToolTipBase: QColor("#3c3f41"),
            QPalette.ColorRole.ToolTipText: text,
            QPalette.ColorRole.PlaceholderText: QColor("#9aa0a6"),
            QPalette.ColorRole.Text: text,
            QPalette.ColorRole.Button: QColor("#3a3d41"),
            QPalette.ColorRole.ButtonText: text,
            QPalette.ColorRole.BrightText: QColor("#ff6b6b"),
            QPalette.ColorRole.Light: QColor("#4a4d52"),
            QPalette.ColorRole.Midlight: QColor("#3f4246"),
            QPalette.ColorRole.Mid: QColor("#2f3134"),
            QPalette.ColorRole.Dark: QColor("#1a1b1d"),
            QPalette.ColorRole.Shadow: QColor("#000000"),
            QPalette.ColorRole.Highlight: QColor("#3d7bd9"),
            QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
            QPalette.ColorRole.Link: QColor("#7ab7ff"),
            QPalette.ColorRole.LinkVisited: QColor("#c58af9"),
        },
        disabled_text=QColor("#7f8388"),
    )
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Highlight, QColor("#4a4d52"))
    return palette


def system_is_dark() -> bool:
    """True when the desktop asks for a dark scheme (unknown counts as light)."""
    hints = QGuiApplication.styleHints()
    return hints.colorScheme() == Qt.ColorScheme.Dark


def result_colours(dark: bool) -> ResultColours:
    return _DARK_RESULTS if dark else _LIGHT_RESULTS


class PaletteController(QObject):
    """Owns the application palette; re-applies it when the system colour scheme changes."""

    scheme_changed = Signal(bool)  # True when the palette in force is dark

    def __init__(
        self,
        app: QApplication,
        appearance: Appearance = Appearance.SYSTEM,
        *,
        system_dark: Callable[[], bool] = system_is_dark,
        set_style: bool = True,
    ) -> None:
        super().__init__(app)
        self._app = app
        self._appearance = appearance
        self._system_dark = system_dark
        self._dark = False
        if set_style:  # run_app passes "-style Fusion" to QApplication instead (faster start)
            app.setStyle("Fusion")
        app.styleHints().colorSchemeChanged.connect(self._system_scheme_changed)
        self._apply()

    @property
    def appearance(self) -> Appearance:
        return self._appearance

    @property
    def dark(self) -> bool:
        return self._dark

    def set_appearance(self, appearance: Appearance) -> None:
        self._appearance = appearance
        self._apply()

    def _system_scheme_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self._appearance is Appearance.SYSTEM:
            self._apply()

    def _apply(self) -> None:
        if self._appearance is Appearance.SYSTEM:
            dark = self._system_dark()
        else:
            dark = self._appearance is Appearance.DARK
        self._app.setPalette(dark_palette() if dark else light_palette())
        changed = dark != self._dark
        self._dark = dark
        if changed:
            self.scheme_changed.emit(dark)
