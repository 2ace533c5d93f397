"""Composition root of the desktop app: the one place where the window, panels and services meet.

Start-up order keeps the first paint fast: the window and panels are built from Qt alone and shown;
only after the first paint are asyncio, the odds engine (icepool) and the database (SQLModel,
Alembic) loaded, the database opened and migrated in a worker thread, and the roll log read.

If the database cannot be opened, the app never quietly carries on in memory: a dialog says why
and offers a backup copy, another file, a clearly marked scratch session, or quitting. The app's
connections wait at most GUI_BUSY_TIMEOUT_MS for another program's lock, and a write that fails
goes to the window's save-problem bar with Retry and Discard.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QToolBar

import refkit
from refkit.gui.common.plain_text import action_text
from refkit.gui.dice.panel import DicePanel
from refkit.gui.dice.roll_log_model import RollLogModel
from refkit.gui.dice.roll_log_panel import RollLogPanel
from refkit.gui.shell.actions import ActionRegistry, ActionSpec
from refkit.gui.shell.event_loop import install_event_loop, shutdown_event_loop, start_task
from refkit.gui.shell.main_window import MainWindow
from refkit.gui.shell.palette import Appearance, PaletteController
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command

if TYPE_CHECKING:
    import asyncio

    from refkit.app.dice_service import DiceService
    from refkit.gui.characters.install import CharacterPanels
    from refkit.gui.dungeon.install import DungeonPanels
    from refkit.gui.shell.database_open_dialog import DatabaseOpenDialog
    from refkit.store.database import Database
    from refkit.store.roll_log import LoggedRoll

log = logging.getLogger(__name__)

ORGANIZATION = "Refkit"
APPLICATION = "Refkit"
MENU_TITLES = ("&File", "&Edit", "&Dice", "&View", "&Help")
DICE_DOCK = "dice_dock"
ROLL_LOG_DOCK = "roll_log_dock"
LOG_LOAD_LIMIT = 2000
"""How many of the newest rolls the log panel loads at start-up."""
APPEARANCE_KEY = "appearance/scheme"
ORDER_KEY = "dice/order"
IN_MEMORY_URL = "sqlite://"
"""The scratch session's database: nothing in it survives quitting."""
GUI_BUSY_TIMEOUT_MS = 250
"""How long a write from the window waits for another program's lock before it is reported
(the CLI waits 5 s); short, so a lock never freezes the screen."""


def _open_store(db_url: str | None) -> tuple[Database, list[LoggedRoll]]:
    """Open and migrate the database and read the newest rolls (runs in a worker thread)."""
    from refkit.gui.shell.read_ahead import read_ahead
    from refkit.store.database import Database
    from refkit.store.roll_log import RollLogRepository

    database = Database.open(db_url, busy_timeout_ms=GUI_BUSY_TIMEOUT_MS)
    try:
        rolls = RollLogRepository(database).recent(limit=LOG_LOAD_LIMIT)
        read_ahead(database)  # the panels' imports and the character list, off the GUI thread
    except BaseException:
        database.close()
        raise
    return database, rolls


def _file_and_backups(db_url: str | None) -> tuple[Path | None, list[Path]]:
    """The database file ``db_url`` names and its backup copies, oldest first (worker thread)."""
    from refkit.store.backups import list_backups
    from refkit.store.location import database_path, resolve_database_url

    try:
        path = database_path(resolve_database_url(db_url))
    except Exception:  # an unusable URL: the dialog already says why
        return None, []
    if path is None or not path.parent.is_dir():
        return path, []
    return path, list_backups(path)


def _working_copy_of(backup: str, database: Path | None) -> str:
    """Copy a backup beside the database to work on, leaving both as they are (worker thread)."""
    from refkit.store.backups import working_copy

    return str(working_copy(Path(backup), database))


def _import_panel_modules() -> None:
    """Import the modules of the panels docked after the first paint (worker thread; they
    create no Qt objects when imported)."""
    import refkit.gui.characters.install
    import refkit.gui.dungeon.install  # noqa: F401


def _make_service(database: Database) -> DiceService:
    from refkit.app.dice_service import DiceService
    from refkit.store.roll_log import RollLogRepository

    return DiceService(RollLogRepository(database))


class _LogFeed:
    """Keeps the log model in step with the dice service (a RollLogListener)."""

    def __init__(self, model: RollLogModel, service: DiceService) -> None:
        self._model = model
        self._service = service

    def roll_logged(self, roll: LoggedRoll) -> None:
        self._model.add_newest(roll)

    def roll_log_replaced(self) -> None:
        self._model.replace_all(self._service.recent(limit=LOG_LOAD_LIMIT))


class RefkitApp:
    """The running desktop app: builds and wires everything, then opens the database after paint."""

    def __init__(
        self,
        settings: QSettings,
        *,
        db_url: str | None = None,
        palette: PaletteController | None = None,
    ) -> None:
        self.settings = settings
        self.db_url = db_url
        self.palette = palette
        self.database: Database | None = None
        self.service: DiceService | None = None
        self.database_error: str | None = None
        self.open_dialog: DatabaseOpenDialog | None = None
        self._open_task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready_callbacks: list[Callable[[], None]] = []
        self.character_panels: CharacterPanels | None = None

        self.window = MainWindow(settings)
        self.undo_stack = RefkitUndoStack(self.window)
        self.undo_stack.setObjectName("undo_stack")
        self.log_model = RollLogModel(parent=self.window)
        self.dice_panel = DicePanel()
        self.log_panel = RollLogPanel(self.log_model)
        self.window.add_panel(
            DICE_DOCK,
            "Dice",
            self.dice_panel,
            Qt.DockWidgetArea.LeftDockWidgetArea,
            scrollable=True,
        )
        self.window.add_panel(
            ROLL_LOG_DOCK, "Roll log", self.log_panel, Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.window.resizeDocks(
            [self.window.dock(DICE_DOCK), self.window.dock(ROLL_LOG_DOCK)],
            [560, 640],
            Qt.Orientation.Horizontal,
        )
        order = settings.value(ORDER_KEY, "sequential")
        self.dice_panel.set_order("net" if order == "net" else "sequential")

        self.actions = ActionRegistry(self.window)
        self.actions.add_all(self._action_specs())
        menus = self.actions.build_menus(self.window.menuBar(), MENU_TITLES)
        view_menu = menus["&View"]
        first_view_action = view_menu.actions()[0] if view_menu.actions() else None
        panels_menu = view_menu.addMenu("Panels")
        panels_menu.setObjectName("menu_panels")
        self.window.add_panel_toggles(panels_menu)
        if first_view_action is not None:
            view_menu.insertMenu(first_view_action, panels_menu)
            view_menu.insertSeparator(first_view_action)
        toolbar = QToolBar("Main toolbar")
        toolbar.setObjectName("main_toolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.actions.build_toolbar(toolbar)
        self.toolbar = toolbar
        self.dungeon: DungeonPanels | None = None
        self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
        self._wire_undo()

        self.undo_stack.command_failed.connect(lambda text: self.window.show_status(text, 10000))
        self.undo_stack.write_failed.connect(self.window.save_problems.report)
        self.window.about_to_close.connect(self.undo_stack.save_pending_edits)
        self.dice_panel.status_message.connect(self.window.show_status)
        self.log_panel.status_message.connect(self.window.show_status)
        self.log_panel.clear_confirmed.connect(self.clear_log)
        self.window.closing.connect(self.shutdown)
        self.window.restore_layout()

    # actions --------------------------------------------------------------------------------

    def _action_specs(self) -> list[ActionSpec]:
        dice = self.dice_panel
        appearance = self.palette.appearance if self.palette else Appearance.SYSTEM
        return [
            ActionSpec("export_csv", "Export roll log as &CSV…",
                       lambda: self.log_panel.ask_export("csv"),
                       ("Ctrl+E",), "document-save-as", "SP_DialogSaveButton", "&File", "export"),
            ActionSpec("export_markdown", "Export roll log as &Markdown…",
                       lambda: self.log_panel.ask_export("md"), ("Ctrl+Shift+E",),
                       "document-save-as", "", "&File", "export"),
            ActionSpec("quit", "&Quit", self.window.close, ("Ctrl+Q",), "application-exit",
                       "SP_DialogCloseButton", "&File", "quit"),
            ActionSpec("undo", "&Undo", self.undo_stack.undo, ("std:Undo",), "edit-undo",
                       "SP_ArrowBack", "&Edit", "history", toolbar=True),
            ActionSpec("redo", "&Redo", self.undo_stack.redo, ("std:Redo",), "edit-redo",
                       "SP_ArrowForward", "&Edit", "history", toolbar=True),
            ActionSpec("clear_log", "C&lear roll log…", self.log_panel.ask_clear,
                       ("Ctrl+Shift+Del",), "edit-clear", "SP_TrashIcon", "&Edit", "log"),
            ActionSpec("find_in_log", "&Filter roll log", self._focus_log_filter, ("Ctrl+F",),
                       "edit-find", "", "&Edit", "log"),
            ActionSpec("roll_test", "&Roll test", dice.roll_test, ("Space", "Return", "Enter"),
                       "", "", "&Dice", "roll", toolbar=True,
                       tip="Roll 2d10 + characteristic"),
            ActionSpec("roll_d100", "Roll d&100", dice.roll_d100, ("D",), "", "", "&Dice",
                       "roll", toolbar=True),
            ActionSpec("roll_usage_dice", "Roll &usage dice", dice.roll_usage_dice, ("U",), "",
                       "", "&Dice", "roll", toolbar=True),
            ActionSpec("focus_notation", "Type &dice notation", dice.focus_notation, ("N",), "",
                       "", "&Dice", "roll"),
            ActionSpec("edge_more", "Add an &edge", lambda: dice.step_edges(1), ("E",),
                       menu="&Dice", section="modifiers"),
            ActionSpec("edge_fewer", "Remove an edge", lambda: dice.step_edges(-1), ("Shift+E",),
                       menu="&Dice", section="modifiers"),
            ActionSpec("bane_more", "Add a &bane", lambda: dice.step_banes(1), ("B",),
                       menu="&Dice", section="modifiers"),
            ActionSpec("bane_fewer", "Remove a bane", lambda: dice.step_banes(-1), ("Shift+B",),
                       menu="&Dice", section="modifiers"),
            ActionSpec("characteristic_up", "Raise &characteristic",
                       lambda: dice.step_characteristic(1), ("C",), menu="&Dice",
                       section="modifiers"),
            ActionSpec("characteristic_down", "Lower characteristic",
                       lambda: dice.step_characteristic(-1), ("Shift+C",), menu="&Dice",
                       section="modifiers"),
            ActionSpec("toggle_expertise", "Toggle e&xpertise", dice.toggle_expertise, ("X",),
                       menu="&Dice", section="modifiers"),
            ActionSpec("reset_modifiers", "Reset &modifiers", dice.reset_modifiers, ("Escape",),
                       menu="&Dice", section="modifiers",
                       tip="No edges, banes, bonus or expertise"),
            ActionSpec("net_order", "&Net tier shifts (alternative reading)", self._set_net_order,
                       menu="&Dice", section="settings", checkable=True,
                       checked=dice.order() == "net",
                       tip="Add double edge/bane and expertise shifts before clamping"),
            ActionSpec("show_dice", "Go to &Dice panel", lambda: self.window.show_panel(DICE_DOCK),
                       ("Alt+1",), menu="&View", section="panels"),
            ActionSpec("show_roll_log", "Go to &Roll log", self._focus_log_filter, ("Alt+2",),
                       menu="&View", section="panels"),
            ActionSpec("reset_layout", "Reset panel &layout", self.window.reset_layout,
                       menu="&View", section="layout"),
            ActionSpec("full_screen", "&Full screen", self._toggle_full_screen, ("F11",),
                       "view-fullscreen", "SP_TitleBarMaxButton", "&View", "layout"),
            ActionSpec("appearance_system", "Colours: follow &system",
                       lambda on: on and self._set_appearance(Appearance.SYSTEM), menu="&View",
                       section="appearance", checkable=True, group="appearance",
                       checked=appearance is Appearance.SYSTEM),
            ActionSpec("appearance_light", "Colours: &light",
                       lambda on: on and self._set_appearance(Appearance.LIGHT), menu="&View",
                       section="appearance", checkable=True, group="appearance",
                       checked=appearance is Appearance.LIGHT),
            ActionSpec("appearance_dark", "Colours: &dark",
                       lambda on: on and self._set_appearance(Appearance.DARK), menu="&View",
                       section="appearance", checkable=True, group="appearance",
                       checked=appearance is Appearance.DARK),
            ActionSpec("about", "&About Refkit", self.window.show_about, ("F1",), "help-about",
                       "SP_MessageBoxInformation", "&Help", "about"),
        ]  # fmt: skip

    def _wire_undo(self) -> None:
        undo = self.actions.action("undo")
        redo = self.actions.action("redo")
        undo.setEnabled(False)
        redo.setEnabled(False)
        self.undo_stack.canUndoChanged.connect(undo.setEnabled)
        self.undo_stack.canRedoChanged.connect(redo.setEnabled)
        self.undo_stack.undoTextChanged.connect(
            lambda text: undo.setText(action_text("&Undo", text))  # names crows and items
        )
        self.undo_stack.redoTextChanged.connect(
            lambda text: redo.setText(action_text("&Redo", text))
        )

    def _focus_log_filter(self) -> None:
        self.window.show_panel(ROLL_LOG_DOCK)
        self.log_panel.focus_filter()

    def _toggle_full_screen(self) -> None:
        if self.window.isFullScreen():
            self.window.showNormal()
        else:
            self.window.showFullScreen()

    def _set_appearance(self, appearance: Appearance) -> None:
        if self.palette is not None:
            self.palette.set_appearance(appearance)
        self.settings.setValue(APPEARANCE_KEY, appearance.value)

    def _set_net_order(self, net: bool) -> None:
        order = "net" if net else "sequential"
        self.dice_panel.set_order(order)
        self.settings.setValue(ORDER_KEY, order)

    # start-up after the first paint ---------------------------------------------------------

    def start_after_first_paint(self) -> None:
        """Load the heavy parts once the window is on screen."""
        if self.window.painted:
            QTimer.singleShot(0, self.start)
        else:
            self.window.first_painted.connect(
                lambda: QTimer.singleShot(0, self.start), Qt.ConnectionType.SingleShotConnection
            )

    def start(self) -> asyncio.Task[None]:
        """Attach the asyncio loop, show the odds, and open the database in the background.

        Runs once, inside the running Qt event loop (normally right after the first paint).
        """
        if self._open_task is None:
            app = QApplication.instance()
            assert app is not None
            self._loop = install_event_loop(app)
            self.actions.load_icons()
            self._open_task = start_task(self.open_database())
            start_task(self._dock_dungeon_panels())
        return self._open_task

    async def _dock_dungeon_panels(self) -> None:
        """Dock the dungeon-turn panels as soon as their modules are imported, which a worker
        thread does (importing them on the GUI thread froze it for a few hundred ms)."""
        import asyncio

        await asyncio.get_running_loop().run_in_executor(None, _import_panel_modules)
        if self._loop is not None:  # not shut down meanwhile
            self.install_dungeon_panels()

    def when_ready(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the roll log is usable (at once if it already is)."""
        if self.service is not None:
            callback()
        else:
            self._ready_callbacks.append(callback)

    async def open_database(self) -> None:
        """Open ``db_url``; if it cannot be used, ask the user how to go on (never in memory)."""
        import asyncio

        from refkit.store.errors import DatabaseError

        loop = asyncio.get_running_loop()
        try:
            database, rolls = await loop.run_in_executor(None, _open_store, self.db_url)
        except Exception as error:  # never left hanging on "Database: opening…"
            message = (
                str(error)
                if isinstance(error, DatabaseError)
                else f"opening the database failed unexpectedly ({type(error).__name__}: {error})"
            )
            self.database_error = message
            log.error("cannot open the database: %s", message)
            path, backups = await loop.run_in_executor(None, _file_and_backups, self.db_url)
            self.window.set_database_location("not open")
            self._report_database_error(message, path, backups)
            return
        self.database_error = None
        location = str(database.path) if database.path is not None else "in memory"
        self._attach(database, rolls, location)

    async def open_scratch_session(self) -> None:
        """Carry on with an in-memory database holding the sample party, marked as unsaved."""
        import asyncio

        loop = asyncio.get_running_loop()
        database, rolls = await loop.run_in_executor(None, _open_store, IN_MEMORY_URL)
        self.window.set_scratch_session(True)
        self._attach(database, rolls, "scratch session — nothing is saved")
        self.window.set_scratch_session(True)  # the banner stays after the panels' layout

    async def open_backup_copy(self, backup: str, database: Path | None) -> None:
        """Work on a fresh copy of ``backup`` (the backup and the refused file stay as they are)."""
        import asyncio

        loop = asyncio.get_running_loop()
        try:
            copy = await loop.run_in_executor(None, _working_copy_of, backup, database)
        except OSError as error:
            message = f"could not copy the backup {backup} ({error.strerror or error})"
            path, backups = await loop.run_in_executor(None, _file_and_backups, self.db_url)
            self._report_database_error(message, path, backups)
            return
        self.db_url = copy
        await self.open_database()
        if self.database is not None:
            self.window.show_status(
                f"Working on a copy of the backup: {copy} (start Refkit with --db to reopen it)",
                20000,
            )

    def _open_other_file(self, path: str) -> None:
        self.db_url = path
        self._open_task = start_task(self.open_database())

    def _attach(self, database: Database, rolls: list[LoggedRoll], location: str) -> None:
        self.database = database
        service = _make_service(database)
        service.add_listener(_LogFeed(self.log_model, service))
        self.service = service
        self.log_model.replace_all(rolls)
        self.log_panel.set_loading(False)
        from refkit.rules.checks.odds import test_odds  # imported by the worker already

        self.dice_panel.set_odds_source(test_odds)
        self.dice_panel.set_service(service)
        self.window.set_database_location(location)
        self._install_feature_panels(database)

    def _ready(self) -> None:
        callbacks, self._ready_callbacks = self._ready_callbacks, []
        for callback in callbacks:
            callback()

    def install_dungeon_panels(self) -> DungeonPanels:
        """Dock the dungeon-turn panels and add the Dungeon menu (once; normally right after the
        first paint, since these panels are not needed to show the window). Their services
        arrive when the database is open."""
        if self.dungeon is None:
            from refkit.gui.dungeon.install import install_dungeon_panels

            self.dungeon = install_dungeon_panels(
                self.window, self.actions, self.undo_stack, settings=self.settings
            )
            self.actions.build_toolbar(self.toolbar)  # adds the dungeon's toolbar actions
            self.window.restore_layout()  # put its docks where the user left them
        return self.dungeon

    def _install_feature_panels(self, database: Database) -> None:
        """Dock the panels that need the database (characters, the dungeon turn), then put the
        saved layout back now that every panel exists, and run the ready callbacks. The
        character service comes first: the dungeon turn acts on the party at the table, and the
        sheets show what it leaves to the players (wounds to place or heal).

        One part per turn of the event loop, so that on a big database the window keeps
        answering (and the clock keeps running) while the panels are built."""
        from refkit.app.character_service import CharacterService
        from refkit.gui.characters.install import CharacterPanels, character_install_steps
        from refkit.store.character_store import CharacterRepository

        characters = CharacterService(CharacterRepository(database))

        def steps() -> Iterator[None]:
            dungeon = self.install_dungeon_panels()
            yield from dungeon.attach_database_steps(database, characters)
            yield
            yield from character_install_steps(
                self.window, self.actions, self.undo_stack, characters
            )
            panels = self.window.findChild(CharacterPanels)
            if panels is not None and dungeon.party is not None:
                panels.session.set_wound_prompts(dungeon.party.prompts)
            self.window.restore_layout()
            self.character_panels = panels
            self._ready()

        pending = steps()

        def next_step() -> None:
            if self.database is not database:  # closed (or another file opened) meanwhile
                return
            if next(pending, StopIteration) is not StopIteration:
                QTimer.singleShot(0, self.window, next_step)

        next_step()

    def _report_database_error(
        self, message: str, path: Path | None = None, backups: list[Path] | None = None
    ) -> DatabaseOpenDialog:
        """Say why the database cannot be opened and offer the ways on (opened, not exec'd)."""
        from refkit.gui.shell.database_open_dialog import DatabaseOpenDialog

        if self.open_dialog is not None:
            self.open_dialog.deleteLater()
        dialog = DatabaseOpenDialog(message, path, list(backups or ()), self.window)
        dialog.backup_chosen.connect(
            lambda backup: setattr(
                self, "_open_task", start_task(self.open_backup_copy(backup, path))
            )
        )
        dialog.file_chosen.connect(self._open_other_file)
        dialog.scratch_chosen.connect(
            lambda: setattr(self, "_open_task", start_task(self.open_scratch_session()))
        )
        dialog.quit_chosen.connect(self.window.close)
        self.open_dialog = dialog
        dialog.open()
        return dialog

    # commands -------------------------------------------------------------------------------

    def clear_log(self) -> None:
        """Empty the roll log as one undoable step."""
        if self.service is None:
            return
        command = self.service.clear_log_command()
        push_command(self.undo_stack, command)
        self.window.show_status(f"{command.text} — Edit → Undo brings the rolls back")

    def shutdown(self) -> None:
        """Save typing still waiting, stop the asyncio loop (waiting for background work) and
        close the database."""
        self.undo_stack.save_pending_edits()
        if self._loop is not None:
            shutdown_event_loop(self._loop)
            self._loop = None
        if self.character_panels is not None:
            self.character_panels.session.shutdown()
            self.character_panels = None
        if self.database is not None:
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


def run_app(*, db_url: str | None = None, exit_after_paint: bool = False) -> int:
    """Run the desktop app until its window closes; returns the exit status.

    ``db_url`` overrides the database (a file path or ``sqlite:///`` URL). With
    ``exit_after_paint`` the app quits right after the main window's first paint, before the
    database is touched (for start-up benchmarks and smoke tests).
    """
    app, created = _configure_application()
    settings = QSettings(ORGANIZATION, APPLICATION)
    palette = PaletteController(
        app, Appearance.from_setting(settings.value(APPEARANCE_KEY)), set_style=not created
    )
    refkit_app = RefkitApp(settings, db_url=db_url, palette=palette)
    if exit_after_paint:
        refkit_app.window.first_painted.connect(
            lambda: QTimer.singleShot(0, app.quit), Qt.ConnectionType.SingleShotConnection
        )
    else:
        refkit_app.start_after_first_paint()
    refkit_app.window.show()
    # A PySide6 that loses references to None aborts the app minutes later: say so at once.
    from refkit.gui.shell.binding_check import warn_if_binding_drops_none

    warn_if_binding_drops_none(refkit_app.window)
    try:
        app.exec()
    finally:
        refkit_app.shutdown()
    return 0
