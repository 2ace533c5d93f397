"""The main window: dockable panels whose layout is remembered, a status bar, an About box.

The window knows nothing about dice or databases; the composition root (``refkit.gui.main``) hands
it panels and actions. Layout (geometry and dock state) lives in QSettings; campaign data never
does. Two bars can stretch across the top: the save-problem bar (an edit that was not saved, with
Retry and Discard) and the scratch-session banner (nothing is saved). Closing the window while
either applies asks first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QByteArray,
    QChildEvent,
    QCoreApplication,
    QEvent,
    QRect,
    QSettings,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QLabel,
    QMainWindow,
    QMenu,
    QScrollArea,
    QSizePolicy,
    QTabBar,
    QToolBar,
    QWidget,
)

from refkit.gui.common.plain_text import ElidedLabel, rich_tooltip
from refkit.gui.shell.save_problem_bar import SaveProblemBar

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QMessageBox  # built when a box opens, not for the first frame


@dataclass(frozen=True)
class CloseQuestion:
    """Something to settle before quitting (a running clock): ``text`` says what, ``ask`` asks;
    ``act`` (labelled ``act_label``) settles it and quits, False if it was refused."""

    text: str
    ask: str
    act_label: str
    act: Callable[[], bool]
    quit_label: str = "&Quit"


GEOMETRY_KEY = "main_window/geometry"
STATE_KEY = "main_window/state"
# Bump when the set or arrangement of panels changes so that stale saved states are ignored.
LAYOUT_VERSION = 2
LAYOUT_DID_NOT_FIT = (
    "The saved panel layout did not fit this screen; panels are back in their default places"
)
TITLE = "Refkit"
SCRATCH_TITLE = "Refkit — SCRATCH SESSION (nothing is saved)"
SCRATCH_TEXT = (
    "Scratch session: nothing you do here is saved. The sample party is here to try things "
    "out; everything is gone when Refkit quits."
)


class MainWindow(QMainWindow):
    """Top-level window: a frame for dock panels."""

    first_paint_began = Signal()
    """The window's first paint has begun: its own, with its panels' to follow in this turn."""
    first_painted = Signal()
    """The window's first frame is on screen, the panels in it painted too (a turn later)."""
    about_to_close = Signal()
    """The user asked to close: save what editors hold before the window checks what is lost."""
    closing = Signal()

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._docks: dict[str, QDockWidget] = {}
        self._panel_menus: list[QMenu] = []
        self._default_state: QByteArray | None = None
        self._geometry_restored = False
        self._painted = False
        self._paint_began = False
        self.layout_restored = False
        self.setObjectName("refkit_main_window")
        self.setWindowTitle(TITLE)
        self.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
        )
        self._database_label = ElidedLabel(  # a path may hold anything, and be long
            "Database: opening…", mode=Qt.TextElideMode.ElideMiddle
        )
        self._database_label.setObjectName("database_label")
        self._database_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.statusBar().addPermanentWidget(self._database_label)
        self._about_box: QMessageBox | None = None
        self.save_problems = SaveProblemBar(self)
        self.save_problems.saved.connect(lambda text: self.show_status(text, 8000))
        self.save_problems.problems_changed.connect(self._save_problems_changed)
        self._scratch = False
        self._scratch_banner: QToolBar | None = None
        self._bars_added: list[QToolBar] = []
        self._close_box: QMessageBox | None = None
        self._close_confirmed = False
        self._retry_before_close: Callable[[], bool] = self.save_problems.retry_all
        self._close_warnings: list[Callable[[], str]] = []
        self._close_questions: list[Callable[[], CloseQuestion | None]] = []
        self._questions_answered = False  # this quit's questions: answered, do not ask again
        self._layout_reset: Callable[[], None] | None = None

    @property
    def painted(self) -> bool:
        """True once the window's first frame is on screen (see ``first_painted``)."""
        return self._painted

    @property
    def paint_began(self) -> bool:
        """True once the window's first paint has begun (see ``first_paint_began``)."""
        return self._paint_began

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
        self.set_panel_widget(dock, widget, scrollable=scrollable)
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

    def set_panel_widget(
        self, dock: QDockWidget, widget: QWidget, *, scrollable: bool = False
    ) -> None:
        """Put ``widget`` in ``dock`` (in a scroll area if ``scrollable``)."""
        if scrollable:
            scroll = QScrollArea()
            scroll.setObjectName(f"{dock.objectName()}_scroll")
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setWidget(widget)
            scroll.setFocusProxy(widget)
            dock.setWidget(scroll)
        else:
            dock.setWidget(widget)

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
                self.default_geometry()
            self._geometry_restored = restored
        if isinstance(state, QByteArray) and not state.isEmpty():
            restored = self.restoreState(state, LAYOUT_VERSION) and restored
            if not self.fits_screen() and self._default_state is not None:
                # Panels stacked on a big monitor can need more height than this screen has;
                # the default (tabbed) arrangement fits, so use it rather than an off-screen
                # status bar. The saved layout is overwritten only when the window closes.
                self.restoreState(self._default_state, LAYOUT_VERSION)
                if self.fits_screen():
                    restored = False
                    self.statusBar().showMessage(LAYOUT_DID_NOT_FIT, 10000)
                else:  # the default is no better: keep what the user arranged
                    self.restoreState(state, LAYOUT_VERSION)
        self._show_bars_as_needed()  # a saved state must not hide (or show) the warning bars
        self.keep_on_screen()
        self.layout_restored = restored
        return restored

    def childEvent(self, event: QChildEvent) -> None:
        """The docks' tab rows show whole titles, scrolling when they are too many for the
        row, instead of cutting each title to a letter and "…"."""
        super().childEvent(event)
        if event.type() == QEvent.Type.ChildPolished:
            child = event.child()
            if isinstance(child, QTabBar):
                child.setElideMode(Qt.TextElideMode.ElideNone)
                child.setUsesScrollButtons(True)

    def available_geometry(self) -> QRect | None:
        """The part of the window's screen free of panels and docks, or None off-screen."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        return screen.availableGeometry() if screen is not None else None

    def fits_screen(self) -> bool:
        """Whether the panels as arranged fit in the screen's free area (off every screen:
        there is nothing to fit)."""
        sizes = self._needed_and_available()
        if sizes is None:
            return True
        needed, available = sizes
        return needed.width() <= available.width() and needed.height() <= available.height()

    def taller_than_screen(self) -> bool:
        """Whether the panels as arranged need more height than the screen's free area has
        (panels stacked in a column), however wide it is."""
        sizes = self._needed_and_available()
        return sizes is not None and sizes[0].height() > sizes[1].height()

    def has_saved_layout(self) -> bool:
        """Whether the settings hold a panel layout from an earlier run."""
        state = self._settings.value(STATE_KEY)
        return isinstance(state, QByteArray) and not state.isEmpty()

    def _needed_and_available(self) -> tuple[QSize, QSize] | None:
        """The window's least size as arranged now and its screen's free area; None off every
        screen."""
        available = self.available_geometry()
        if available is None:
            return None
        # A shown window lays out a restored state when the layout requests posted meanwhile
        # are handled; before that its size hint is the old arrangement's.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
        layout = self.layout()
        if layout is not None:
            layout.activate()
        # The window manager's frame (title bar, borders) takes its share of the screen too.
        frame = self.frameGeometry().size() - self.geometry().size()
        return self.minimumSizeHint() + frame, available.size()

    def keep_on_screen(self) -> None:
        """Shrink and move the window so its frame lies on the screen's available area."""
        available = self.available_geometry()
        if available is None:
            return
        frame = self.frameGeometry()
        border_w = max(0, frame.width() - self.width())
        border_h = max(0, frame.height() - self.height())
        width = min(self.width(), available.width() - border_w)
        height = min(self.height(), available.height() - border_h)
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
        frame = self.frameGeometry()
        x = min(max(frame.x(), available.left()), available.right() + 1 - frame.width())
        y = min(max(frame.y(), available.top()), available.bottom() + 1 - frame.height())
        x, y = max(x, available.left()), max(y, available.top())
        if (x, y) != (frame.x(), frame.y()):
            self.move(x, y)

    def save_layout(self) -> None:
        self._settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self._settings.setValue(STATE_KEY, self.saveState(LAYOUT_VERSION))
        self._settings.sync()

    def set_layout_reset(self, reset: Callable[[], None]) -> None:
        """Let ``reset`` (the panel registry's) put the panels back on :meth:`reset_layout`."""
        self._layout_reset = reset

    def reset_layout(self) -> None:
        """Put every panel back where it starts on a fresh install, and show them all.

        With a panel registry, it replays how each panel was placed, panels docked after the
        first restore included. Without one, panels docked after the first restore are not in
        the default arrangement; they stay in their area and are shown.
        """
        geometry = self.geometry()  # re-docking one by one may grow the window meanwhile
        for dock in self._docks.values():
            dock.setFloating(False)
        if self._layout_reset is not None:
            self._layout_reset()
            if not self.isMaximized() and not self.isFullScreen():
                self.setGeometry(geometry)
        elif self._default_state is not None:
            self.restoreState(self._default_state, LAYOUT_VERSION)
        for dock in self._docks.values():
            dock.show()
        self.keep_on_screen()
        self.statusBar().showMessage("Panel layout reset", 4000)

    def default_geometry(self) -> None:
        """A first start's size and place: most of the screen, centred. On a screen under
        1,320 px wide, all of its width but a 20 px margin each side: at 90 % of a 1,280 px
        screen (2560 x 1440 at 2x) the Referee workspace's clock column cut its tab titles."""
        available = self.available_geometry()
        if available is None:
            self.resize(1200, 760)
            return
        width = min(1280, max(int(available.width() * 0.9), available.width() - 40))
        height = min(820, int(available.height() * 0.9))
        self.resize(width, height)
        self.move(
            available.x() + (available.width() - width) // 2,
            available.y() + (available.height() - height) // 2,
        )

    # status bar ---------------------------------------------------------------------------

    def set_database_location(self, text: str) -> None:
        self._database_label.setText(f"Database: {text}")
        self._database_label.setToolTip(rich_tooltip(text))

    def show_status(self, message: str, timeout_ms: int = 5000) -> None:
        self.statusBar().showMessage(message, timeout_ms)

    # warning bars -----------------------------------------------------------------------------

    def _add_bar(self, bar: QToolBar) -> None:
        # Each bar gets a row of its own, below the toolbars docked so far.
        if bar not in self._bars_added:
            self.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
            self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
            self._bars_added.append(bar)

    def add_bar(self, bar: QToolBar) -> None:
        """Show the warning ``bar`` across the window, in a row of its own."""
        self._add_bar(bar)
        bar.setVisible(True)

    def add_close_warning(self, warning: Callable[[], str]) -> None:
        """Have quitting ask first whenever ``warning()`` says what it would lose ("": nothing)."""
        self._close_warnings.append(warning)

    def add_close_question(self, ask: Callable[[], CloseQuestion | None]) -> None:
        """Have quitting first ask ``ask()``'s question whenever there is one (None: none)."""
        self._close_questions.append(ask)

    def ask_no_close_questions(self) -> None:
        """Let the next quit go without its questions (a script or test closing the window)."""
        self._questions_answered = True

    def _save_problems_changed(self, count: int) -> None:
        if count:
            self._add_bar(self.save_problems)
        self.save_problems.setVisible(count > 0)

    def _show_bars_as_needed(self) -> None:
        self.save_problems.setVisible(self.save_problems.has_problems())
        if self._scratch_banner is not None:
            self._scratch_banner.setVisible(self._scratch)

    @property
    def scratch_session(self) -> bool:
        """True while nothing is saved (the database could not be opened; the user chose so)."""
        return self._scratch

    def set_scratch_session(self, scratch: bool) -> None:
        """Mark the window as a scratch session: title, a banner and the status bar say so."""
        self._scratch = scratch
        self.setWindowTitle(SCRATCH_TITLE if scratch else TITLE)
        if scratch and self._scratch_banner is None:
            banner = QToolBar("Scratch session", self)
            banner.setObjectName("scratch_banner")
            banner.setMovable(False)
            banner.setFloatable(False)
            banner.toggleViewAction().setVisible(False)
            label = QLabel(SCRATCH_TEXT, banner)
            label.setObjectName("scratch_banner_text")
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            label.setStyleSheet(
                "background: #ffd54f; color: black; font-weight: bold; padding: 6px;"
            )
            banner.addWidget(label)
            self._scratch_banner = banner
        if self._scratch_banner is not None:
            if scratch:
                self._add_bar(self._scratch_banner)
            self._scratch_banner.setVisible(scratch)
        if scratch:
            self.set_database_location("scratch session — nothing is saved")

    def scratch_banner(self) -> QToolBar | None:
        return self._scratch_banner

    # about --------------------------------------------------------------------------------

    def show_about(self) -> QMessageBox:
        """Open the About box without blocking (it is window-modal, opened with ``open()``)."""
        from PySide6.QtWidgets import QMessageBox

        from refkit.gui.shell.help_dialogs import about_html

        if self._about_box is None:
            box = QMessageBox(self)
            box.setObjectName("about_box")
            box.setWindowTitle("About Refkit")
            box.setIcon(QMessageBox.Icon.Information)
            box.setTextFormat(Qt.TextFormat.RichText)
            box.setText(about_html())
            box.setStandardButtons(QMessageBox.StandardButton.Close)
            self._about_box = box
        self._about_box.open()
        return self._about_box

    # events -------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.Paint and not self._paint_began:
            self._paint_began = True
            self.first_paint_began.emit()
            QTimer.singleShot(0, self, self._frame_painted)  # after the panels in it
        return handled

    def _frame_painted(self) -> None:
        self._painted = True
        self.first_painted.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._close_confirmed:
            self.about_to_close.emit()
            question = None if self._questions_answered else self._close_question()
            if question is not None:
                event.ignore()
                self._ask_close_question(question)
                return
            warning = self._what_closing_loses()
            if warning:
                event.ignore()
                self._ask_before_closing(warning)
                return
        self._close_confirmed = False
        self._questions_answered = False
        self.save_layout()
        self.closing.emit()
        super().closeEvent(event)

    def _close_question(self) -> CloseQuestion | None:
        for ask in self._close_questions:
            question = ask()
            if question is not None:
                return question
        return None

    def _ask_close_question(self, question: CloseQuestion) -> QMessageBox:
        """Ask ``question`` with its act-and-quit / Quit / Cancel (opened with open())."""
        from PySide6.QtWidgets import QMessageBox

        if self._close_box is not None:
            self._close_box.close()
            self._close_box.deleteLater()
        box = QMessageBox(self)
        box.setObjectName("close_question_box")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Quit Refkit?")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(question.text)
        box.setInformativeText(question.ask)
        act = box.addButton(question.act_label, QMessageBox.ButtonRole.AcceptRole)
        act.setObjectName("close_act_button")
        quit_button = box.addButton(question.quit_label, QMessageBox.ButtonRole.DestructiveRole)
        quit_button.setObjectName("close_anyway_button")
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        cancel.setObjectName("close_cancel_button")
        box.setDefaultButton(act)
        box.setEscapeButton(cancel)

        def answered(button: object) -> None:
            name = button.objectName() if isinstance(button, QWidget) else ""
            if name == "close_act_button" and not question.act():
                return  # refused: the reason is said where the act is; nothing quits
            if name in ("close_act_button", "close_anyway_button"):
                self._questions_answered = True
                self.close()  # the warnings about unsaved edits may still ask

        box.buttonClicked.connect(answered)
        self._close_box = box
        box.open()
        return box

    def _what_closing_loses(self) -> str:
        problems = self.save_problems.problems()
        lost = []
        if problems:
            count = len(problems)
            edits = "edit was" if count == 1 else f"{count} edits were"
            lost.append(
                f"{'One' if count == 1 else 'These'} {edits} not saved: "
                + "; ".join(problem.text for problem in problems[:3])
                + ("; …" if count > 3 else "")
                + "."
            )
        if self._scratch:
            lost.append("This is a scratch session: nothing done in it is saved.")
        lost.extend(said for said in (warning() for warning in self._close_warnings) if said)
        return " ".join(lost)

    def _ask_before_closing(self, warning: str) -> QMessageBox:
        """Say what quitting now loses, with Quit / Retry saving / Cancel (opened with open())."""
        from PySide6.QtWidgets import QMessageBox

        if self._close_box is not None:
            self._close_box.close()
            self._close_box.deleteLater()
        box = QMessageBox(self)
        box.setObjectName("close_warning_box")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Quit Refkit?")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(warning)
        box.setInformativeText("Quit anyway and lose it?")
        quit_button = box.addButton("&Quit without saving", QMessageBox.ButtonRole.DestructiveRole)
        quit_button.setObjectName("close_quit_button")
        if self.save_problems.has_problems():
            retry = box.addButton("&Retry saving", QMessageBox.ButtonRole.AcceptRole)
            retry.setObjectName("close_retry_button")
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        cancel.setObjectName("close_cancel_button")
        box.setDefaultButton(cancel)
        box.buttonClicked.connect(self._close_box_answered)
        self._close_box = box
        box.open()
        return box

    def _close_box_answered(self, button: object) -> None:
        name = button.objectName() if isinstance(button, QWidget) else ""
        if name == "close_cancel_button":
            self._questions_answered = False  # the next quit asks its questions again
        if name == "close_quit_button":
            self._close_confirmed = True
            self.close()
        elif name == "close_retry_button" and self._retry_before_close():
            self.close()  # asks again if this is a scratch session
