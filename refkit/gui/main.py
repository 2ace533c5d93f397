"""Composition root of the desktop app: the one place where the window, panels and services meet.

Start-up order keeps the first paint fast: the window and panels are built from Qt alone and shown;
as the first paint begins, a worker thread imports the panels in front (no ORM among them) and
reads the stored dungeon turn, the party at the table and the newest rolls with plain sqlite3,
and the panels show them; only then are asyncio, the odds engine (icepool) and the database
(SQLModel, Alembic) loaded, the database opened and migrated in the worker, and the roll log read.

If the database cannot be opened, the app never quietly carries on in memory: a dialog says why
and offers a backup copy, another file, a clearly marked scratch session, or quitting. The app's
connections wait at most GUI_BUSY_TIMEOUT_MS for another program's lock, and a write that fails
goes to the window's save-problem bar with Retry and Discard.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu, QToolBar

import refkit
from refkit.gui.app_actions import declare_menu_sections, window_action_specs, wire_undo
from refkit.gui.app_database import open_database as open_the_database
from refkit.gui.app_opening import (
    remembered_server,
)
from refkit.gui.app_start import (
    LOOKUP_INSTALL,
    import_after_first_frame,
    keep_out_of_collections,
)
from refkit.gui.dice import install as dice_install
from refkit.gui.games import install as games_install
from refkit.gui.shell.actions import ActionRegistry
from refkit.gui.shell.event_loop import shutdown_event_loop
from refkit.gui.shell.live_refresh import live_refresh_for
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.palette import Appearance, PaletteController
from refkit.gui.shell.panel_registry import (
    FeatureContext,
    MenuId,
    PanelId,
    PanelRegistry,
)
from refkit.gui.shell.pixmap_cache import bound_pixmap_cache
from refkit.gui.shell.undo_adapter import RefkitUndoStack, undo_depth
from refkit.gui.shell.worker import Worker
from refkit.gui.shell.workspaces import Workspace
from refkit.gui.shell.workspaces import arrange as arrange_workspace
from refkit.gui.startup import StartupSequence

if TYPE_CHECKING:
    import asyncio
    from concurrent.futures import Future

    from PySide6.QtWidgets import QDialog

    from refkit.app.dice_service import DiceService
    from refkit.compose import Services
    from refkit.dice.records import LoggedRoll, RollRecord
    from refkit.gui.characters.install import CharacterPanels
    from refkit.gui.dice.panel import DicePanel
    from refkit.gui.dice.roll_log_model import RollLogModel
    from refkit.gui.dice.roll_log_panel import RollLogPanel
    from refkit.gui.dungeon.install import DungeonPanels
    from refkit.gui.shell.database_open_dialog import DatabaseOpenDialog
    from refkit.gui.shell.file_gone_bar import DatabaseFileWatch
    from refkit.store.database import Database

log = logging.getLogger(__name__)

ORGANIZATION = "Refkit"
APPLICATION = "Refkit"
MENU_TITLES = (MenuId.FILE, MenuId.EDIT, MenuId.DICE, MenuId.VIEW, MenuId.HELP)
"""The menus the first paint shows (Dungeon and Crows join when their features register)."""
LOG_LOAD_LIMIT = dice_install.LOG_LOAD_LIMIT
APPEARANCE_KEY = "appearance/scheme"
SAVING = "Saving…"
OPENING = "Opening the database…"
"""What the status bar says while a step waits for the database to open (the panels in front
showing the stored state meanwhile)."""
SHUTDOWN_RETRY_MS = 10
"""How soon a shutdown asked inside a wait for the worker looks again whether the wait is over."""


class RefkitApp:
    """The running desktop app: builds and wires everything, then opens the database after paint."""

    freezes_start_up = False
    """Keep what start-up made out of full garbage collections (:func:`run_app` sets it)."""

    def __init__(
        self,
        settings: QSettings,
        *,
        db_url: str | None = None,
        palette: PaletteController | None = None,
    ) -> None:
        self.settings = settings
        self.db_url = db_url if db_url is not None else remembered_server(settings)
        self.palette = palette
        self.database: Database | None = None
        self.file_watch: DatabaseFileWatch | None = None
        """Watches the database file for being deleted or replaced while open."""
        self.service: DiceService | None = None
        self.services: Services | None = None
        """The composition root's services on the open database (:mod:`refkit.compose`)."""
        self.database_error: str | None = None
        self.open_dialog: DatabaseOpenDialog | None = None
        self.open_task: asyncio.Task[None] | None = None
        self.event_loop: asyncio.AbstractEventLoop | None = None
        """The asyncio loop on Qt's, attached once loading starts (:meth:`start`)."""
        self.character_panels: CharacterPanels | None = None
        self._lookup_registered = False
        self.login_note: object | None = None
        """The status-bar note of a player's login (None for the referee)."""
        self._shortcuts_dialog: QDialog | None = None
        self._guide_dialog: QDialog | None = None
        self.startup = StartupSequence(self)
        """The start-up's stages, from the first paint to ready."""

        self.window = MainWindow(settings)
        self.worker = Worker(self.window)
        """The one thread that imports, opens the database and writes it off the GUI thread."""
        self.worker.busy.connect(self._show_writing)
        self.worker.gate.refused.connect(self.window.show_status)
        self.undo_stack = RefkitUndoStack(self.window)
        self.undo_stack.setObjectName("undo_stack")
        self.undo_stack.setUndoLimit(undo_depth(settings))
        bound_pixmap_cache(settings)  # the maps' blocks on screen, not every closed dialog's
        toolbar = QToolBar("Main toolbar")
        toolbar.setObjectName("main_toolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar = toolbar
        self.actions = ActionRegistry(self.window)
        self.panels = PanelRegistry(self.window, self.actions, toolbar)
        self.panels.build_menu_bar(self.window.menuBar())
        self.live = live_refresh_for(self.window)
        self.context = FeatureContext(
            window=self.window,
            settings=settings,
            undo_stack=self.undo_stack,
            log_roll=self._log_roll,
            when_ready=self.when_ready,
            services=lambda: self.services,
            follow_changes=self.live.follow,
        )
        declare_menu_sections(self)
        panels_menu = QMenu("Panels", self.window)
        panels_menu.setObjectName("menu_panels")
        self.panels.add_to_menu(MenuId.VIEW, "panels_menu", [panels_menu.menuAction()])
        self.panels.add_actions(window_action_specs(self))
        self.dice = dice_install.register(self.panels, self.context)
        games_install.register(self.panels, self.context)
        self.panels.arrange(self.panels.panel(PanelId.DICE).raise_)
        self.window.add_panel_toggles(panels_menu)
        self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
        wire_undo(self)

        self.undo_stack.command_failed.connect(lambda text: self.window.show_status(text, 10000))
        self.undo_stack.write_failed.connect(self.window.save_problems.report)
        self.window.about_to_close.connect(self.undo_stack.save_pending_edits)
        self.window.closing.connect(self.shutdown)
        self.window.set_layout_reset(self._reset_layout)
        self.window.restore_layout()

    # the dice panels: built right after the first paint, or when asked for before it -------

    @property
    def dice_panel(self) -> DicePanel:
        return self.dice.panel

    @property
    def log_panel(self) -> RollLogPanel:
        return self.dice.log_panel

    @property
    def log_model(self) -> RollLogModel:
        return self.dice.log_model

    # actions --------------------------------------------------------------------------------

    def show_workspace(self, workspace: Workspace) -> None:
        """Arrange every panel for ``workspace`` (the window keeps its size and place)."""
        geometry = self.window.geometry()
        arrange_workspace(self.panels, workspace)
        if not self.window.isMaximized() and not self.window.isFullScreen():
            self.window.setGeometry(geometry)
        self.window.show_status(f"{workspace.value.capitalize()} workspace", 4000)

    def _reset_layout(self) -> None:
        # Every panel back in place first (late ones included), then the fresh start's
        # arrangement: the clock in front, not the first tab of its group.
        self.panels.reset_layout()
        arrange_workspace(self.panels, Workspace.REFEREE)

    def show_shortcuts(self) -> QDialog:
        """Open the list of every key, read from the action registry now (not blocking)."""
        from refkit.gui.shell.help_dialogs import ShortcutsDialog

        if self._shortcuts_dialog is None:
            self._shortcuts_dialog = ShortcutsDialog(self.actions, self.window)
        self._shortcuts_dialog.refresh()
        self._shortcuts_dialog.show()
        self._shortcuts_dialog.activateWindow()
        return self._shortcuts_dialog

    def show_guide(self) -> QDialog:
        """Open the short guide (not blocking)."""
        from refkit.gui.shell.help_dialogs import GuideDialog

        if self._guide_dialog is None:
            self._guide_dialog = GuideDialog(self.window)
        self._guide_dialog.show()
        self._guide_dialog.activateWindow()
        return self._guide_dialog

    def _log_roll(self, record: RollRecord) -> object:
        """Land a roll made by a game in the roll log (said in the status bar when it cannot)."""
        if self.service is None:
            self.window.show_status("The roll log is still opening: that roll is not in it")
            return None
        return self.service.log_roll(record)

    def toggle_full_screen(self) -> None:
        if self.window.isFullScreen():
            self.window.showNormal()
        else:
            self.window.showFullScreen()

    def set_appearance(self, appearance: Appearance) -> None:
        if self.palette is not None:
            self.palette.set_appearance(appearance)
        self.settings.setValue(APPEARANCE_KEY, appearance.value)

    # start-up (the stages run by :attr:`startup`) ------------------------------------------

    @property
    def usable(self) -> bool:
        """True once the panels in front are live (the later features may still be joining)."""
        return self.startup.usable

    @property
    def shown_stored(self) -> bool:
        """True once the panels in front show the stored state and take input, before the ORM
        is loaded; a step asked for then waits until :attr:`usable`."""
        return self.startup.plan.shown_stored

    @property
    def dungeon(self) -> DungeonPanels | None:
        """The dungeon-turn and tables features, once registered."""
        return self.startup.dungeon

    def start_after_first_paint(self) -> None:
        """Load the heavy parts once the window is on screen (:class:`StartupSequence`)."""
        self.startup.start_after_first_paint()

    def start(self) -> asyncio.Task[None]:
        """Attach the asyncio loop and open the database in the background (once)."""
        return self.startup.start()

    def wait_until_live(self) -> bool:
        """Turn the event loop until the panels in front are live, or the database could not
        be opened. True when live."""
        return self.startup.wait_until_live()

    def when_ready(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once every panel is built and live (at once if it already is)."""
        self.startup.when_ready(callback)

    def when_usable(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the panels in front are live (at once if they are)."""
        self.startup.when_usable(callback)

    def install_dungeon_panels(self) -> DungeonPanels:
        """Register the dungeon-turn and tables features (once)."""
        return self.startup.install_dungeon_panels()

    def install_dungeon_panels_steps(self) -> Iterator[None]:
        """:meth:`install_dungeon_panels`, a feature per step (shared by every caller)."""
        return self.startup.install_dungeon_panels_steps()

    def install_lookup(self) -> bool:
        """Register the rules lookup (Ctrl+K) if its package is installed; once. True if it
        is registered now."""
        if not self._lookup_registered:
            import importlib
            import importlib.util

            if importlib.util.find_spec(LOOKUP_INSTALL.rpartition(".")[0]) is None:
                return False
            importlib.import_module(LOOKUP_INSTALL).register(self.panels, self.context)
            self._lookup_registered = True
            self.window.restore_layout()
        return True

    async def open_database(self) -> None:
        """Open ``db_url``; if it cannot be used, ask the user how to go on (never in memory)."""
        await open_the_database(self)

    def _attach(
        self,
        database: Database,
        rolls: list[LoggedRoll] | None,
        services: Services,
        location: str,
    ) -> None:
        self.database = database
        self.services = services
        self._write_in_worker(database, services)
        service = services.dice
        self.service = service
        self.dice.attach(service, rolls)
        # The rolls a step stores with its session-log lines reach the roll log once it is done.
        self.undo_stack.indexChanged.connect(self.dice.catch_up)
        self.window.set_database_location(location)
        from refkit.gui.shell.player_view import show_login_view

        self.login_note = show_login_view(self.panels, database.role, database.login)
        self.startup.install_feature_panels(database, read_rolls=rolls is None)

    def _write_in_worker(self, database: Database, services: Services) -> None:
        """Have every edit and logged roll write ``database`` in the worker (not an in-memory
        one: its single connection must not be shared by two threads)."""
        self.worker.writes_here = not database.in_memory
        self.worker.inline_when = database.in_unit_of_work
        self.undo_stack.write_with(self.worker, database.unit_of_work, database.in_unit_of_work)
        services.dice.write_with(self.undo_stack.write)
        database.writes_only_in_units()  # from now on every write is a step's, or in one unit
        if database.path is not None:  # deleted or replaced while open: said, and saved anew
            from refkit.gui.shell.file_gone_bar import watch_file

            self.file_watch = watch_file(database, self.window, self.worker, self.file_watch)
        self.live.watch(database)  # another client's commits, read again as they come

    def _show_writing(self, busy: bool) -> None:
        bar = self.window.statusBar()
        if busy:
            QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
            self.window.show_status(SAVING if self.usable else OPENING, 0)
        else:
            QApplication.restoreOverrideCursor()
            if bar.currentMessage() in (SAVING, OPENING):
                bar.clearMessage()

    # commands -------------------------------------------------------------------------------

    def clear_log(self) -> None:
        """Empty the roll log as one undoable step."""
        self.dice.clear_log()

    def shutdown(self) -> None:
        """Save typing still waiting, stop the asyncio loop (waiting for background work) and
        close the database.

        Asked inside a wait for the worker (Ctrl+Q while a step or a read waits: the window's
        loop turns there), it waits for that to end: the caller would go on reading a closed
        database. It runs once the wait is over, or when the main loop has returned."""
        if self.worker.waiting:
            QTimer.singleShot(SHUTDOWN_RETRY_MS, self.shutdown)
            return
        self.undo_stack.save_pending_edits()
        self.startup.stop()
        self.live.stop()  # its thread must not hear, nor its views read, a closing database
        self.dice.detach()  # the undo stack's last moves while closing read no roll log
        if self.dungeon is not None:  # nor a session log catch-up queued as the window closed
            self.dungeon.detach_log()
        if self.file_watch is not None:  # its timer must not look at a closed database
            self.file_watch.stop()
            self.file_watch = None
        self.worker.shutdown()  # the job running now ends; the ones waiting never start
        if self.event_loop is not None:
            shutdown_event_loop(self.event_loop)
            self.event_loop = None
        if self.character_panels is not None:
            self.character_panels.session.shutdown()
            self.character_panels = None
        if self.database is not None:
            self.undo_stack.blockSignals(True)  # its listeners read the database: closed now
            self.database.close()
            self.database = None


def _configure_application() -> tuple[QApplication, bool]:
    """The application object, and whether it was made here (then already in the Fusion style)."""
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
    )
    app = QApplication.instance()
    created = app is None
    if app is None:
        app = QApplication([*sys.argv[:1], "-style", "Fusion"])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    app.setApplicationVersion(refkit.__version__)
    app.setDesktopFileName("refkit")
    return app, created


def after_first_frame(window: MainWindow, imported: Future[None]) -> None:
    """What the start does once the first frame is on screen, before the panels show any
    stored name: the bundled emoji font as the fallback, so names with emoji show as typed,
    not as boxes; and the check for a PySide6 that loses references to None, which warns over
    the window. Both took a tenth of the time to the first paint (the font file read, PySide's
    classes for fonts, images and message boxes built with all their enums). The worker
    imported their modules (``imported``) as the frame was painted, in the job before the one
    that reads the stored state, so this runs before the stored names are shown (a worker
    done before the frame was makes it wait for the frame: that read is still running)."""
    if not window.painted:
        window.first_painted.connect(
            partial(after_first_frame, window, imported), Qt.ConnectionType.SingleShotConnection
        )
        return
    imported.result()  # an import that failed is a fault: the error hook shows it
    from refkit.gui.common.fonts import install_fallback_fonts

    install_fallback_fonts()
    from refkit.gui.shell.binding_check import warn_if_binding_drops_none

    warn_if_binding_drops_none(window)


def run_app(*, db_url: str | None = None, exit_after_paint: bool = False) -> int:
    """Run the desktop app until its window closes; returns the exit status.

    ``db_url`` overrides the database (a file path, ``sqlite:///`` or ``postgresql://`` URL;
    without it, the server campaign opened last, else the default file). With
    ``exit_after_paint`` the app quits right after the main window's first paint, before the
    database is touched and before :func:`after_first_frame` (for start-up benchmarks and
    smoke tests).
    """
    from refkit.gui.shell.source_cache import stop_pyside_source_caching

    stop_pyside_source_caching()  # before the big imports: ~22 MiB less resident memory
    from refkit.gui.shell.memory import bound_malloc_arenas

    bound_malloc_arenas()  # before any thread starts: memory flat through the evening
    app, created = _configure_application()
    settings = QSettings(ORGANIZATION, APPLICATION)
    palette = PaletteController(
        app, Appearance.from_setting(settings.value(APPEARANCE_KEY)), set_style=not created
    )
    RefkitApp.freezes_start_up = True  # this process runs one window until it quits
    refkit_app = RefkitApp(settings, db_url=db_url, palette=palette)
    refkit_app.window.first_painted.connect(
        collect_from_now_on, Qt.ConnectionType.SingleShotConnection
    )
    if exit_after_paint:
        refkit_app.window.first_painted.connect(
            lambda: QTimer.singleShot(0, app.quit), Qt.ConnectionType.SingleShotConnection
        )
    else:
        window, worker = refkit_app.window, refkit_app.worker
        window.first_paint_began.connect(  # before the start's own job: its answer comes after
            lambda: worker.then(import_after_first_frame, partial(after_first_frame, window)),
            Qt.ConnectionType.SingleShotConnection,
        )
        refkit_app.start_after_first_paint()
    # The main window's close ends the app, after its shutdown (connected first), whatever other
    # window of it is still shown (the players' window): Qt quits on the last window closed only.
    refkit_app.window.closing.connect(app.quit)
    refkit_app.window.show()
    from refkit.gui.shell.error_hook import install_error_hook

    error_hook = install_error_hook(refkit_app.window)
    try:
        app.exec()
    finally:
        error_hook.uninstall()
        refkit_app.shutdown()
        collect_from_now_on()  # a window that never painted
    return 0


def collect_from_now_on() -> None:
    """Turn the cyclic garbage collector back on once the first frame is painted (the launcher
    pauses it for the start-up, :func:`refkit.main.main`), with what start-up made kept out of
    its full passes (:func:`keep_out_of_collections`: this process runs one window)."""
    import gc

    if not gc.isenabled():
        keep_out_of_collections()
        gc.enable()
