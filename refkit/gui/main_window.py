"""The main window: dockable panels whose layout is remembered, a status bar, an About box.

The window knows nothing about dice or databases; the composition root (``refkit.gui.main``) hands
it panels and actions. Layout (geometry and dock state) lives in QSettings; campaign data never
does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QSettings, Qt, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QLabel,
    QMainWindow,
    QMenu,
    QScrollArea,
    QWidget,
)

import refkit

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

GEOMETRY_KEY = "main_window/geometry"
STATE_KEY = "main_window/state"
# Bump when the set or arrangement of panels changes so that stale saved states are ignored.
LAYOUT_VERSION = 2


class MainWindow(QMainWindow):
    """Top-level window: a frame for dock panels."""

    first_painted = Signal()
    closing = Signal()

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._docks: dict[str, QDockWidget] = {}
        self._panel_menus: list[QMenu] = []
        self._default_state: QByteArray | None = None
        self._geometry_restored = False
        self._painted = False
        self.layout_restored = False
        self.setObjectName("refkit_main_window")
        self.setWindowTitle("Refkit")
        self.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
        )
        self._database_label = QLabel("Database: opening…")
        self._database_label.setObjectName("database_label")
        self._database_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.statusBar().addPermanentWidget(self._database_label)
        self._about_box: QMessageBox | None = None

    @property
    def painted(self) -> bool:
        """True once the window has been painted at least once."""
        return self._painted

    # panels -------------------------------------------------------------------------------

    def add_panel(
        self,
        object_name: str,
        title: str,
        widget: QWidget,
        area: Qt.DockWidgetArea = Qt.DockWidgetArea.LeftDockWidgetArea,
        *,
        scrollable: bool = False,
    ) -> QDockWidget:
        """Dock ``widget`` under ``title``; ``object_name`` keys its place in the saved layout.

        A ``scrollable`` panel sits in a scroll area, so a small screen never forces the window
        taller than the screen.
        """
        if object_name in self._docks:
            raise ValueError(f"a panel named {object_name!r} is already docked")
        dock = QDockWidget(title, self)
        dock.setObjectName(object_name)
        if scrollable:
            scroll = QScrollArea()
            scroll.setObjectName(f"{object_name}_scroll")
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setWidget(widget)
            scroll.setFocusProxy(widget)
            dock.setWidget(scroll)
        else:
            dock.setWidget(widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        dock.toggleViewAction().setText(title)
        self.addDockWidget(area, dock)
        self._docks[object_name] = dock
        for menu in self._panel_menus:
            menu.addAction(dock.toggleViewAction())
        return dock

    def dock(self, object_name: str) -> QDockWidget:
        return self._docks[object_name]

    def docks(self) -> list[QDockWidget]:
        return list(self._docks.values())

    def add_panel_toggles(self, menu: QMenu) -> None:
        """List every panel in ``menu`` as a checkable entry that shows or hides it; panels
        added later (once the database is open) join the menu as they are docked."""
        self._panel_menus.append(menu)
        for dock in self._docks.values():
            menu.addAction(dock.toggleViewAction())

    def show_panel(self, object_name: str) -> None:
        """Show a panel (even if the user closed it), bring it to the front and focus it."""
        dock = self._docks[object_name]
        dock.show()
        dock.raise_()
        widget = dock.widget()
        if widget is not None:
            widget.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # layout -------------------------------------------------------------------------------

    def restore_layout(self) -> bool:
        """Restore geometry and dock layout from the settings; False if none was saved.

        Call once the first panels are docked, and again after panels docked later (their places
        come back then). The arrangement before the first restore is the default that
        :meth:`reset_layout` returns to; the window's geometry is restored on the first call only.
        """
        first = self._default_state is None
        if first:
            self._default_state = self.saveState(LAYOUT_VERSION)
        geometry = self._settings.value(GEOMETRY_KEY)
        state = self._settings.value(STATE_KEY)
        restored = not first and self._geometry_restored
        self.layout_restored = False
        if first:
            if isinstance(geometry, QByteArray) and not geometry.isEmpty():
                restored = self.restoreGeometry(geometry)
            if not restored:
                self._default_geometry()
            self._geometry_restored = restored
        if isinstance(state, QByteArray) and not state.isEmpty():
            restored = self.restoreState(state, LAYOUT_VERSION) and restored
        self.layout_restored = restored
        return restored

    def save_layout(self) -> None:
        self._settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self._settings.setValue(STATE_KEY, self.saveState(LAYOUT_VERSION))
        self._settings.sync()

    def reset_layout(self) -> None:
        """Put every panel back where it starts on a fresh install, and show them all.

        Panels docked after the first restore are not in the default arrangement; they stay in
        their area and are shown.
        """
        for dock in self._docks.values():
            dock.setFloating(False)
        if self._default_state is not None:
            self.restoreState(self._default_state, LAYOUT_VERSION)
        for dock in self._docks.values():
            dock.show()
        self.statusBar().showMessage("Panel layout reset", 4000)

    def _default_geometry(self) -> None:
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(1200, 760)
            return
        available = screen.availableGeometry()
        width = min(1280, int(available.width() * 0.9))
        height = min(820, int(available.height() * 0.9))
        self.resize(width, height)
        self.move(
            available.x() + (available.width() - width) // 2,
            available.y() + (available.height() - height) // 2,
        )

    # status bar ---------------------------------------------------------------------------

    def set_database_location(self, text: str) -> None:
        self._database_label.setText(f"Database: {text}")
        self._database_label.setToolTip(text)

    def show_status(self, message: str, timeout_ms: int = 5000) -> None:
        self.statusBar().showMessage(message, timeout_ms)

    # about --------------------------------------------------------------------------------

    def show_about(self) -> QMessageBox:
        """Open the About box without blocking (it is window-modal, opened with ``open()``)."""
        from PySide6.QtWidgets import QMessageBox

        if self._about_box is None:
            box = QMessageBox(self)
            box.setObjectName("about_box")
            box.setWindowTitle("About Refkit")
            box.setIcon(QMessageBox.Icon.Information)
            box.setTextFormat(Qt.TextFormat.RichText)
            box.setText(
                f"<h3>Refkit {refkit.__version__}</h3>"
                "<p>A referee toolkit and character manager for "
                "<i>Crows: Fortune or Death</i>.</p>"
            )
            box.setInformativeText(
                "Dice, exact odds and a persistent roll log. Unofficial fan software, "
                "not affiliated with MCDM."
            )
            box.setStandardButtons(QMessageBox.StandardButton.Close)
            self._about_box = box
        self._about_box.open()
        return self._about_box

    # events -------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.Paint and not self._painted:
            self._painted = True
            self.first_painted.emit()
        return handled

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        self.closing.emit()
        super().closeEvent(event)
