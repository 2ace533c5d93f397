"""A restored window fits the screen it opens on: a laptop after a big monitor, a stale layout."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QWidget

from refkit.gui.shell.main_window import MainWindow

LAPTOP = QRect(0, 0, 1366, 768)
NAMES = ("first_dock", "second_dock", "third_dock", "fourth_dock")


def tall_panel() -> QWidget:
    widget = QWidget()
    widget.setMinimumSize(300, 260)
    return widget


def make_window(qtbot, settings: QSettings, *, tabbed: bool, screen: QRect) -> MainWindow:
    window = MainWindow(settings)
    window.available_geometry = lambda: screen  # type: ignore[method-assign]
    qtbot.addWidget(window)
    for name in NAMES:
        window.add_panel(name, name, tall_panel(), Qt.DockWidgetArea.RightDockWidgetArea)
    if tabbed:
        for name in NAMES[1:]:
            window.tabifyDockWidget(window.dock(NAMES[0]), window.dock(name))
    return window


def save_stacked_layout(qtbot, settings: QSettings) -> None:
    """What a big monitor leaves behind: four panels one above the other, 1,040 px at least."""
    big = make_window(qtbot, settings, tabbed=False, screen=QRect(0, 0, 2560, 1440))
    big.resize(1400, 1300)
    big.save_layout()
    big.close()


def test_a_saved_layout_taller_than_the_screen_falls_back_to_the_default(qtbot, settings) -> None:
    save_stacked_layout(qtbot, settings)
    window = make_window(qtbot, settings, tabbed=True, screen=LAPTOP)
    window.restore_layout()
    assert window.minimumSizeHint().height() <= LAPTOP.height()
    assert window.frameGeometry().height() <= LAPTOP.height()
    assert window.frameGeometry().width() <= LAPTOP.width()
    assert LAPTOP.contains(window.frameGeometry().topLeft())
    assert window.tabifiedDockWidgets(window.dock(NAMES[0]))  # the default, tabbed arrangement
    assert "did not fit" in window.statusBar().currentMessage()


def test_a_saved_geometry_larger_than_the_screen_is_shrunk_onto_it(qtbot, settings) -> None:
    big = make_window(qtbot, settings, tabbed=True, screen=QRect(0, 0, 2560, 1440))
    big.setGeometry(900, 500, 1500, 1200)
    big.save_layout()
    big.close()
    window = make_window(qtbot, settings, tabbed=True, screen=LAPTOP)
    window.restore_layout()
    frame = window.frameGeometry()
    assert frame.width() <= LAPTOP.width() and frame.height() <= LAPTOP.height()
    assert LAPTOP.contains(frame)


def test_a_layout_that_fits_is_restored_as_saved(qtbot, settings) -> None:
    save_stacked_layout(qtbot, settings)
    window = make_window(qtbot, settings, tabbed=True, screen=QRect(0, 0, 2560, 1440))
    assert window.restore_layout()
    assert not window.tabifiedDockWidgets(window.dock(NAMES[0]))  # stacked, as the user left it
