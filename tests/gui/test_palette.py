"""Light and dark palettes: Fusion, following the system scheme unless the user pins one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette

from refkit.gui.shell.palette import Appearance, PaletteController, dark_palette, light_palette


def window_lightness(app) -> int:
    return app.palette().color(QPalette.ColorRole.Window).lightness()


@pytest.fixture
def restore_palette(qapp) -> Iterator[None]:
    before = QPalette(qapp.palette())
    style = qapp.style().name()
    yield
    qapp.setPalette(before)
    qapp.setStyle(style)


def make_controller(qapp, appearance: Appearance, system: list[bool]) -> PaletteController:
    controller = PaletteController(qapp, appearance, system_dark=lambda: system[0])
    return controller


def test_follows_the_system_scheme_and_its_changes(qapp, restore_palette) -> None:
    system = [True]
    controller = make_controller(qapp, Appearance.SYSTEM, system)
    try:
        assert qapp.style().name().lower() == "fusion"
        assert controller.dark and window_lightness(qapp) < 100
        system[0] = False
        qapp.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert not controller.dark and window_lightness(qapp) > 180
    finally:
        controller.setParent(None)


def test_a_pinned_choice_ignores_the_system(qapp, restore_palette) -> None:
    system = [False]
    controller = make_controller(qapp, Appearance.DARK, system)
    try:
        qapp.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert controller.dark and window_lightness(qapp) < 100
        changes: list[bool] = []
        controller.scheme_changed.connect(changes.append)
        controller.set_appearance(Appearance.LIGHT)
        assert changes == [False] and window_lightness(qapp) > 180
    finally:
        controller.setParent(None)


def test_text_contrasts_with_its_background_in_both_palettes() -> None:
    for palette in (light_palette(), dark_palette()):
        for text, background in (
            (QPalette.ColorRole.WindowText, QPalette.ColorRole.Window),
            (QPalette.ColorRole.Text, QPalette.ColorRole.Base),
            (QPalette.ColorRole.ButtonText, QPalette.ColorRole.Button),
            (QPalette.ColorRole.HighlightedText, QPalette.ColorRole.Highlight),
        ):
            difference = abs(
                palette.color(text).lightness() - palette.color(background).lightness()
            )
            assert difference > 100, (text, background)


def test_appearance_setting_falls_back_to_system() -> None:
    assert Appearance.from_setting("dark") is Appearance.DARK
    assert Appearance.from_setting(None) is Appearance.SYSTEM
    assert Appearance.from_setting("purple") is Appearance.SYSTEM
