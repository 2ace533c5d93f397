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
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QToolBar

import refkit
from refkit.gui.common.plain_text import action_text, rich_tooltip
from refkit.gui.dice import install as dice_install
from refkit.gui.games import install as games_install
from refkit.gui.shell.actions import ActionRegistry, ActionSpec
from refkit.gui.shell.event_loop import install_event_loop, shutdown_event_loop, start_task
from refkit.gui.shell.main_window import LAYOUT_DID_NOT_FIT, LAYOUT_VERSION, MainWindow
from refkit.gui.shell.palette import Appearance, PaletteController
from refkit.gui.shell.panel_registry import (
    NEXT_TURN_MS,
    FeatureContext,
    MenuId,
    PanelId,
    PanelRegistry,
)
from refkit.gui.shell.undo_adapter import RefkitUndoStack, undo_depth
from refkit.gui.shell.worker import Worker
from refkit.gui.shell.workspaces import Workspace
from refkit.gui.shell.workspaces import arrange as arrange_workspace
from refkit.gui.shell.workspaces import fronts as front_panels
from refkit.gui.shell.workspaces import join as join_workspace

if TYPE_CHECKING:
    import asyncio
    from concurrent.futures import Future

    from refkit.app.character_service import CharacterService
    from refkit.app.dice_service import DiceService
    from refkit.app.dungeon.state import DungeonTurnView
    from refkit.app.dungeon.stored_view import StoredParty
    from refkit.compose import Services
    from refkit.dice.records import LoggedRoll, RollRecord
    from refkit.gui.characters.install import CharacterPanels
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
SERVER_URL_KEY = "database/server_url"
"""The PostgreSQL campaign opened last by choice, without its password (QSettings)."""
STORED_ROLLS = 200
"""How many of the newest rolls the roll log shows before the ORM is loaded (more than a tall
screen holds; reading all LOG_LOAD_LIMIT took some 45 ms more): the rest join with the service."""
LOOKUP_INSTALL = "refkit.gui.lookup.install"
"""The lookup feature's module, registered after the first paint when it is installed."""
SAVING = "Saving…"
OPENING = "Opening the database…"
"""What the status bar says while a step waits for the database to open (the panels in front
showing the stored state meanwhile)."""
IN_MEMORY_URL = "sqlite://"
"""The scratch session's database: nothing in it survives quitting."""
GUI_BUSY_TIMEOUT_MS = 50
"""How long a write from the window waits for another program's lock before it is reported
(the CLI waits 5 s); short, so a lock never freezes the screen (250 ms froze it for as long):
the save-problem bar tries such an edit again by itself until the lock is gone."""


OPEN_LOCK_WAIT_S = 5.0
"""How long opening the database waits out another program's lock (as the CLI does): it runs in
the worker, where waiting freezes nothing, unlike the window's own writes."""
OPEN_LOCK_RETRY_S = 0.1
"""How often opening tries again meanwhile."""


def _open_store(db_url: str | None) -> tuple[Database, list[LoggedRoll], Services]:
    """:func:`_open_store_once`, tried again while another program's lock is in the way (up to
    OPEN_LOCK_WAIT_S): the window's connections wait only GUI_BUSY_TIMEOUT_MS each time."""
    from refkit.store.errors import waiting_out_locks

    return waiting_out_locks(
        lambda: _open_store_once(db_url), OPEN_LOCK_WAIT_S, OPEN_LOCK_RETRY_S, _met_a_lock
    )


def _remembered_server(settings: QSettings) -> str | None:
    """The server campaign opened last (password left out), unless the environment names the
    database: the app opens it again at start."""
    from refkit.store.location import environment_url

    remembered = settings.value(SERVER_URL_KEY)
    if environment_url() is not None or not isinstance(remembered, str) or not remembered:
        return None
    return remembered


def _met_a_lock(error: BaseException) -> bool:
    """True when ``error`` (or what caused it: a failed migration wraps it) is a locked file."""
    from refkit.store.errors import DatabaseLockedError
    from refkit.store.failures import DRIVER_ERROR, database_failure

    seen: BaseException | None = error
    for _depth in range(8):
        if seen is None:
            return False
        if isinstance(seen, DatabaseLockedError):
            return True
        if isinstance(seen, DRIVER_ERROR) or hasattr(seen, "orig"):
            return isinstance(database_failure("", seen), DatabaseLockedError)
        seen = seen.__cause__ or seen.__context__
    return False


def _open_store_once(db_url: str | None) -> tuple[Database, list[LoggedRoll], Services]:
    """Open and migrate the database, read the newest rolls and build the services (runs in a
    worker thread: building the character service may store the sample party)."""
    from refkit.compose import Services
    from refkit.gui.shell.read_ahead import read_ahead
    from refkit.store.database import Database
    from refkit.store.roll_log import RollLogRepository

    database = Database.open(db_url, busy_timeout_ms=GUI_BUSY_TIMEOUT_MS)
    try:
        rolls = RollLogRepository(database).recent(limit=LOG_LOAD_LIMIT)
        read_ahead(database)  # the panels' imports and the character list, off the GUI thread
        services = Services.for_database(database, roll_source="app")
        for _service in (services.dice, services.characters, services.dungeon, services.tables):
            pass  # each built here, once: the panels in front use them
    except BaseException:
        database.close()
        raise
    return database, rolls, services


def _file_and_backups(db_url: str | None) -> tuple[Path | None, list[Path]]:
    """The database file ``db_url`` names and its backup copies, oldest first (worker thread)."""
    from refkit.store.location import database_path, resolve_database_url
    from refkit.store.sqlite.backups import list_backups

    try:
        path = database_path(resolve_database_url(db_url))
    except Exception:  # an unusable URL: the dialog already says why
        return None, []
    if path is None or not path.parent.is_dir():
        return path, []
    return path, list_backups(path)


def _working_copy_of(backup: str, database: Path | None) -> str:
    """Copy a backup beside the database to work on, leaving both as they are (worker thread)."""
    from refkit.store.sqlite.backups import working_copy

    return str(working_copy(Path(backup), database))


FRONT_MODULES = (
    "refkit.gui.dungeon.install",
    "refkit.gui.tables.install",
    "refkit.gui.tables.editor",
    "refkit.gui.dungeon.hazards_panel",
    "refkit.gui.shell.file_gone_bar",  # the watch on the database file, set up when it opens
)
"""The feature modules of the panels in front of the Referee workspace (the clock, the lights,
the roll log) and their tabs, registered right after the first paint (imported by the worker
thread; they create no Qt objects when imported, and import no ORM: ``tests/gui/
test_stored_front.py`` keeps it so, since the panels show the stored state before it loads)."""
SHOWN_MODULES = FRONT_MODULES[:2]
"""What the panels on screen at start need to show the stored state (the others in
FRONT_MODULES build tabs that are behind them: the tables editor, the hazards)."""
LATE_MODULES = (
    "refkit.gui.characters.install",
    "refkit.gui.games.hub",
    "refkit.gui.games.spec",
    "refkit.gui.magic.install",
    "refkit.gui.combat.install",
    "refkit.gui.crafting.install",
    "refkit.gui.travel.install",
    "refkit.gui.export.install",
    "refkit.gui.dungeon.item_lighter",
)
"""The feature modules registered once the window is usable: the crows' sheet, board and
catalogue, spells, crafting, travel, fights, printing (imported by the worker meanwhile)."""


def _import_event_loop() -> None:
    """Import what attaching the asyncio loop needs (asyncio, qasync: ~80 ms), in the worker,
    so the GUI thread only makes the loop."""
    import asyncio  # noqa: F401 - imported for the GUI thread

    import qasync  # noqa: F401


def _import_front_modules(freeze: bool = False, names: tuple[str, ...] = FRONT_MODULES) -> None:
    """Import the modules of the panels in front, or ``names`` (worker thread); with
    ``freeze``, keep them out of full garbage collections (``_keep_out_of_collections``)."""
    from refkit.gui.shell.read_ahead import import_quietly

    for name in names:
        import_quietly(name)
    if freeze:
        _keep_out_of_collections()


@dataclass(frozen=True)
class StoredFront:
    """What the panels in front show before the ORM is loaded, read with plain sqlite3."""

    view: DungeonTurnView
    party: StoredParty
    rolls: list[LoggedRoll]
    location: str


def _read_stored_front(db_url: str | None, freeze: bool = False) -> StoredFront | None:
    """Import the modules of the panels on screen at start and read the stored dungeon turn,
    the party at the table and the newest rolls with plain sqlite3 (worker thread: some 0.2 s,
    against over a second for importing the ORM and opening the database with it). None when
    the quick path cannot tell the file is fine as it is (none yet, a schema to migrate, a URL
    it does not read, a file it refuses): the full open then decides, and says why if it must.
    With ``freeze``, what was imported is kept out of full garbage collections, which would
    otherwise walk it again while the panels are built (``_keep_out_of_collections``)."""
    import time

    from refkit.app.dungeon.stored_view import stored_party, stored_view
    from refkit.store.sqlite.quick import open_quick

    _import_front_modules(freeze, SHOWN_MODULES)
    try:
        # Only read here: the full open that follows checks every page before any write.
        quick = open_quick(db_url, busy_timeout_ms=GUI_BUSY_TIMEOUT_MS, check_pages=False)
        if quick is None:
            return None
        with quick:
            view = stored_view(quick, time.time())
            party = stored_party(quick)
            rolls = quick.recent_rolls(STORED_ROLLS)
    except Exception:  # the full open meets it again and reports it where the user looks
        log.debug("the stored state could not be read ahead", exc_info=True)
        return None
    return StoredFront(view, party, rolls, str(quick.path))


def _keep_out_of_collections() -> None:
    """Move every object made so far (modules, classes, the ORM's registries: over 100,000)
    out of the garbage collector's full passes, which otherwise walk them all again each time
    and held the interpreter for 57-75 ms in the middle of an edit (``gc.freeze``). Only the
    app's own run does it (:attr:`RefkitApp.freezes_start_up`): a test process starting many
    windows would keep every closed one's cycles for good."""
    import gc

    gc.freeze()


def _late_feature_steps(services: Services, freeze: bool = False) -> Generator[None, None, bool]:
    """Everything the features registered after usable need, in steps the worker runs one per
    job (an edit made meanwhile waits for one step, not all): their modules, their services
    (the spell library reads the shipped spellbooks, the fight at the table is read), the
    character list and the shipped files their panels show. Returns True when the lookup
    feature is installed (and now imported)."""
    import importlib
    import importlib.util

    from refkit.gui.shell import read_ahead

    for name in (*read_ahead.LATE_MODULES, *LATE_MODULES):  # the Qt-free ones first
        read_ahead.import_quietly(name)
        yield
    read_ahead.read_ahead_late(services.database)
    yield
    from refkit.app.travel.wiring import map_library

    map_library(services)  # a fresh database gets its sample map here, not on the GUI thread
    yield
    for service in ("spells", "crafting", "fight"):
        getattr(services, service)  # each built here, once, a step of its own
        yield
    if freeze:
        _keep_out_of_collections()
    if importlib.util.find_spec(LOOKUP_INSTALL.rpartition(".")[0]) is None:
        return False
    if importlib.util.find_spec(LOOKUP_INSTALL) is None:
        return False
    importlib.import_module(LOOKUP_INSTALL)
    return True


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
        self.db_url = db_url if db_url is not None else _remembered_server(settings)
        self.palette = palette
        self.database: Database | None = None
        self.file_watch: DatabaseFileWatch | None = None
        """Watches the database file for being deleted or replaced while open."""
        self.service: DiceService | None = None
        self.services: Services | None = None
        """The composition root's services on the open database (:mod:`refkit.compose`)."""
        self.database_error: str | None = None
        self.open_dialog: DatabaseOpenDialog | None = None
        self._open_task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready_callbacks: list[Callable[[], None]] = []
        self.usable = False
        """True once the panels in front are live (the later features may still be joining)."""
        self.shown_stored = False
        """True once the panels in front show the stored state and take input, before the ORM
        is loaded (see :meth:`_show_stored`); a step asked for then waits until :attr:`usable`."""
        self._usable_callbacks: list[Callable[[], None]] = []
        self._layout_restored = False
        self.character_panels: CharacterPanels | None = None
        self._lookup_registered = False
        self._dungeon_steps: Iterator[None] | None = None
        self._shortcuts_dialog: QDialog | None = None
        self._guide_dialog: QDialog | None = None
        self._shut_down = False

        self.window = MainWindow(settings)
        self.worker = Worker(self.window)
        """The one thread that imports, opens the database and writes it off the GUI thread."""
        self.worker.busy.connect(self._show_writing)
        self.worker.gate.refused.connect(self.window.show_status)
        self.undo_stack = RefkitUndoStack(self.window)
        self.undo_stack.setObjectName("undo_stack")
        self.undo_stack.setUndoLimit(undo_depth(settings))
        toolbar = QToolBar("Main toolbar")
        toolbar.setObjectName("main_toolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar = toolbar
        self.actions = ActionRegistry(self.window)
        self.panels = PanelRegistry(self.window, self.actions, toolbar)
        self.panels.build_menu_bar(self.window.menuBar())
        self.context = FeatureContext(
            window=self.window,
            settings=settings,
            undo_stack=self.undo_stack,
            log_roll=self._log_roll,
            when_ready=self.when_ready,
            services=lambda: self.services,
        )
        self._declare_menu_sections()
        panels_menu = QMenu("Panels", self.window)
        panels_menu.setObjectName("menu_panels")
        self.panels.add_to_menu(MenuId.VIEW, "panels_menu", [panels_menu.menuAction()])
        self.panels.add_actions(self._action_specs())
        self.dice = dice_install.register(self.panels, self.context)
        self.dice_panel = self.dice.panel
        self.log_panel = self.dice.log_panel
        self.log_model = self.dice.log_model
        games_install.register(self.panels, self.context)
        self.panels.arrange(self.panels.panel(PanelId.DICE).raise_)
        self.window.add_panel_toggles(panels_menu)
        self.dungeon: DungeonPanels | None = None
        self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
        self._wire_undo()

        self.undo_stack.command_failed.connect(lambda text: self.window.show_status(text, 10000))
        self.undo_stack.write_failed.connect(self.window.save_problems.report)
        self.window.about_to_close.connect(self.undo_stack.save_pending_edits)
        self.window.closing.connect(self.shutdown)
        self.window.set_layout_reset(self._reset_layout)
        self.window.restore_layout()

    # actions --------------------------------------------------------------------------------

    def _declare_menu_sections(self) -> None:
        """The order of each menu's sections, whichever feature adds to them first."""
        self.panels.declare_sections(MenuId.FILE, ["export", "quit"])
        self.panels.declare_sections(MenuId.EDIT, ["history", "log"])
        self.panels.declare_sections(MenuId.DICE, ["roll", "modifiers", "settings"])
        self.panels.declare_sections(
            MenuId.VIEW, ["panels_menu", "panels", "lookup", "layout", "appearance"]
        )

    def _action_specs(self) -> list[ActionSpec]:
        """The window's own actions; each feature registers its own in its ``install.py``."""
        appearance = self.palette.appearance if self.palette else Appearance.SYSTEM
        return [
            ActionSpec("quit", "&Quit", self.window.close, ("Ctrl+Q",), "application-exit",
                       "SP_DialogCloseButton", MenuId.FILE, "quit"),
            ActionSpec("undo", "&Undo", self.undo_stack.undo, ("std:Undo",), "edit-undo",
                       "SP_ArrowBack", MenuId.EDIT, "history", toolbar=True),
            ActionSpec("redo", "&Redo", self.undo_stack.redo, ("std:Redo",), "edit-redo",
                       "SP_ArrowForward", MenuId.EDIT, "history", toolbar=True),
            ActionSpec("workspace_referee", "&Referee workspace",
                       lambda: self.show_workspace(Workspace.REFEREE), ("Ctrl+1",),
                       menu=MenuId.VIEW, section="layout",
                       tip="The clock, the lights and the party at a glance; the dice a tab away"),
            ActionSpec("workspace_characters", "C&haracters workspace",
                       lambda: self.show_workspace(Workspace.CHARACTERS), ("Ctrl+2",),
                       menu=MenuId.VIEW, section="layout",
                       tip="The crow list, the sheet and the item catalogue side by side"),
            ActionSpec("reset_layout", "Reset panel &layout", self.window.reset_layout,
                       menu=MenuId.VIEW, section="layout"),
            ActionSpec("full_screen", "&Full screen", self._toggle_full_screen, ("F11",),
                       "view-fullscreen", "SP_TitleBarMaxButton", MenuId.VIEW, "layout"),
            ActionSpec("appearance_system", "Colours: follow &system",
                       lambda on: on and self._set_appearance(Appearance.SYSTEM),
                       menu=MenuId.VIEW, section="appearance", checkable=True,
                       group="appearance", checked=appearance is Appearance.SYSTEM),
            ActionSpec("appearance_light", "Colours: &light",
                       lambda on: on and self._set_appearance(Appearance.LIGHT),
                       menu=MenuId.VIEW, section="appearance", checkable=True,
                       group="appearance", checked=appearance is Appearance.LIGHT),
            ActionSpec("appearance_dark", "Colours: &dark",
                       lambda on: on and self._set_appearance(Appearance.DARK),
                       menu=MenuId.VIEW, section="appearance", checkable=True,
                       group="appearance", checked=appearance is Appearance.DARK),
            ActionSpec("help_guide", "Refkit &guide", self.show_guide, ("F1",), "help-contents",
                       "SP_DialogHelpButton", MenuId.HELP, "guide"),
            ActionSpec("help_shortcuts", "&Keyboard shortcuts", self.show_shortcuts,
                       ("Ctrl+F1",), menu=MenuId.HELP, section="guide"),
            ActionSpec("about", "&About Refkit", self.window.show_about, (), "help-about",
                       "SP_MessageBoxInformation", MenuId.HELP, "about"),
        ]  # fmt: skip

    def _wire_undo(self) -> None:
        undo = self.actions.action("undo")
        redo = self.actions.action("redo")
        undo.setEnabled(False)
        redo.setEnabled(False)
        self.undo_stack.canUndoChanged.connect(undo.setEnabled)
        self.undo_stack.canRedoChanged.connect(redo.setEnabled)
        # The Edit menu and the tooltip name the command (crows, items); the toolbar button
        # keeps a short fixed text, so End DT beside it never jumps as commands come and go.
        for action, word in ((undo, "Undo"), (redo, "Redo")):
            action.setIconText(word)
        self.undo_stack.undoTextChanged.connect(
            lambda text: self._name_history_action(undo, "&Undo", text)
        )
        self.undo_stack.redoTextChanged.connect(
            lambda text: self._name_history_action(redo, "&Redo", text)
        )

    @staticmethod
    def _name_history_action(action: QAction, word: str, command: str) -> None:
        action.setText(action_text(word, command))
        keys = ", ".join(
            key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()
        )
        tip = f"{word.replace('&', '')} {command}" if command else word.replace("&", "")
        action.setToolTip(rich_tooltip(f"{tip} ({keys})" if keys else tip))  # names as typed

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

    def _toggle_full_screen(self) -> None:
        if self.window.isFullScreen():
            self.window.showNormal()
        else:
            self.window.showFullScreen()

    def _set_appearance(self, appearance: Appearance) -> None:
        if self.palette is not None:
            self.palette.set_appearance(appearance)
        self.settings.setValue(APPEARANCE_KEY, appearance.value)

    # start-up after the first paint ---------------------------------------------------------

    def start_after_first_paint(self) -> None:
        """Load the heavy parts once the window is on screen, all in the one worker thread
        (started before the paint, imports slowed it down): first the panels in front, on the
        stored state read with plain sqlite3 (:meth:`_show_stored`), then asyncio and qasync,
        then :meth:`start` on the GUI thread queues the ORM and the database."""

        def painting() -> None:  # the panels in the first frame paint meanwhile, in C++
            self.worker.then(
                _read_stored_front, self._show_stored, self.db_url, self.freezes_start_up
            )

        if self.window.paint_began:
            painting()
        else:
            self.window.first_paint_began.connect(painting, Qt.ConnectionType.SingleShotConnection)

    def _show_stored(self, read: Future[StoredFront | None]) -> None:
        """Put the panels in front on screen showing the stored state (the clock running on it,
        the party at the table, the newest rolls), before the ORM is imported: the window is
        usable then. A dungeon-turn step or a roll asked for before the services are here waits
        for them (:meth:`wait_until_live`); exporting or clearing the roll log says to try again
        in a moment. Without a stored state to show (a first start, a schema to migrate, a file
        the full open must judge), the panels go live the usual way."""
        if self._shut_down:
            return
        front = read.result()  # the reader catches what a file can do: anything else is a fault
        if front is not None and self.database is None:
            self._run_steps(self._stored_steps(front))
        else:
            self._start_loading()

    def _stored_steps(self, front: StoredFront) -> Iterator[None]:
        """:meth:`_show_stored` a part per turn of the event loop (each a few tens of ms)."""
        for _step in self.install_dungeon_panels_steps():
            yield
            if self._shut_down:  # closed meanwhile
                return
        # The same turn as the layout's restore (the install's last part): the panels it puts
        # on screen are built from a later turn on, one per turn, each on the stored state.
        dungeon = self.dungeon
        assert dungeon is not None
        dungeon.show_stored(front.view, front.party, self.wait_until_live)
        self.dice.show_stored(front.rolls, self.wait_until_live)
        self.window.set_database_location(front.location)
        self._arrange_front()
        yield from self._build_on_screen()
        if not self._shut_down:
            self.shown_stored = True
            self._start_loading()

    def _start_loading(self) -> None:
        if not self._shut_down:
            self.worker.then(_import_event_loop, self._start_when_imported)

    def wait_until_live(self) -> bool:
        """Turn the event loop without user input until the panels in front are live (the
        window paints and its clock runs; clicks and keys wait their turn), or the database
        could not be opened. True when live."""
        if not self.usable and self.database_error is None and not self._shut_down:
            self.worker.turn_until(
                lambda: self.usable or self.database_error is not None or self._shut_down
            )
        return self.usable

    def _start_when_imported(self, imported: Future[None]) -> None:
        if self._shut_down:  # closed while the worker was importing
            return
        imported.result()  # an import that failed is a fault: the error hook shows it
        self.start()

    def start(self) -> asyncio.Task[None]:
        """Attach the asyncio loop, show the odds, and open the database in the background.

        Runs once, inside the running Qt event loop (normally right after the first paint).
        The worker imports the panels' modules, then opens the database: one after the other,
        so neither waits for the interpreter behind the other.
        """
        if self._open_task is None:
            app = QApplication.instance()
            assert app is not None
            self._loop = install_event_loop(app)
            self._loop.set_default_executor(self.worker.executor)
            start_task(self._dock_dungeon_panels())
            self._open_task = start_task(self.open_database())
            self._in_idle_steps(self.actions.load_icons_steps())
        return self._open_task

    def _in_idle_steps(self, steps: Iterator[None]) -> None:
        """Run ``steps`` one per turn of the event loop (the window keeps answering), the first
        on the next turn."""
        QTimer.singleShot(0, self.window, lambda: self._run_steps(steps))

    async def _dock_dungeon_panels(self) -> None:
        """Register the features docked after the first paint as soon as their modules are
        imported, which a worker thread does (importing them on the GUI thread froze it for a
        few hundred ms)."""
        import asyncio

        loop = asyncio.get_running_loop()
        await loop.run_in_executor(
            self.worker.executor, _import_front_modules, self.freezes_start_up
        )
        for _step in self.install_dungeon_panels_steps():
            if self._loop is None:  # shut down meanwhile
                return
            await asyncio.sleep(0)  # one feature per turn of the event loop

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

    def when_ready(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once every panel is built and live (at once if it already is)."""
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
            database, rolls, services = await loop.run_in_executor(
                self.worker.executor, _open_store, self.db_url
            )
        except Exception as error:  # never left hanging on "Database: opening…"
            message = (
                str(error)
                if isinstance(error, DatabaseError)
                else f"opening the database failed unexpectedly ({type(error).__name__}: {error})"
            )
            self.database_error = message
            log.error("cannot open the database: %s", message)
            path, backups = await loop.run_in_executor(
                self.worker.executor, _file_and_backups, self.db_url
            )
            self.window.set_database_location("not open")
            self._report_database_error(message, path, backups)
            return
        self.database_error = None
        self._remember_server(database)
        if database.server:
            location = database.shown  # the password masked
        else:
            location = str(database.path) if database.path is not None else "in memory"
        self._attach(database, rolls, services, location)

    def _remember_server(self, database: Database) -> None:
        """Remember a server campaign opened by choice (--db or the dialog) for the next start,
        without its password; opening a file by choice forgets it again."""
        if self.db_url is None:
            return
        if database.server:
            from refkit.store.location import without_password

            self.settings.setValue(SERVER_URL_KEY, without_password(self.db_url))
        elif not database.in_memory:
            self.settings.remove(SERVER_URL_KEY)

    async def open_scratch_session(self) -> None:
        """Carry on with an in-memory database holding the sample party, marked as unsaved."""
        import asyncio

        loop = asyncio.get_running_loop()
        database, rolls, services = await loop.run_in_executor(
            self.worker.executor, _open_store, IN_MEMORY_URL
        )
        self.window.set_scratch_session(True)
        self._attach(database, rolls, services, "scratch session — nothing is saved")
        self.window.set_scratch_session(True)  # the banner stays after the panels' layout

    async def open_backup_copy(self, backup: str, database: Path | None) -> None:
        """Work on a fresh copy of ``backup`` (the backup and the refused file stay as they are)."""
        import asyncio

        loop = asyncio.get_running_loop()
        try:
            copy = await loop.run_in_executor(
                self.worker.executor, _working_copy_of, backup, database
            )
        except OSError as error:
            message = f"could not copy the backup {backup} ({error.strerror or error})"
            path, backups = await loop.run_in_executor(
                self.worker.executor, _file_and_backups, self.db_url
            )
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

    def _attach(
        self, database: Database, rolls: list[LoggedRoll], services: Services, location: str
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
        self._install_feature_panels(database)

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

    def _show_writing(self, busy: bool) -> None:
        bar = self.window.statusBar()
        if busy:
            QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
            self.window.show_status(SAVING if self.usable else OPENING, 0)
        else:
            QApplication.restoreOverrideCursor()
            if bar.currentMessage() in (SAVING, OPENING):
                bar.clearMessage()

    def _ready(self) -> None:
        callbacks, self._ready_callbacks = self._ready_callbacks, []
        for callback in callbacks:
            callback()

    def install_dungeon_panels(self) -> DungeonPanels:
        """Register the dungeon-turn and tables features (once; normally right after the first
        paint, since these panels are not needed to show the window). Their services arrive
        when the database is open."""
        for _step in self.install_dungeon_panels_steps():
            pass
        assert self.dungeon is not None
        return self.dungeon

    def install_dungeon_panels_steps(self) -> Iterator[None]:
        """:meth:`install_dungeon_panels`, pausing (yielding) after each feature. Every caller
        gets the same steps: whoever comes second carries on where the first one paused."""
        if self._dungeon_steps is None:
            self._dungeon_steps = self._dungeon_install_steps()
        return self._dungeon_steps

    def _dungeon_install_steps(self) -> Iterator[None]:
        from refkit.gui.dungeon import install as dungeon_install
        from refkit.gui.tables import install as tables_install

        self.dungeon = dungeon_install.register(self.panels, self.context)
        # A table roll, a loud noise's check: rolls stored with a step's lines, for the roll log.
        self.dungeon.session.log_changed.connect(self.dice.catch_up)
        yield
        tables_install.register(self.panels, self.context)
        yield
        self._layout_restored = self.window.restore_layout()  # their docks where the user left them

    def _install_feature_panels(self, database: Database) -> None:
        """Dock the panels that need the database, in two stages, one part per turn of the
        event loop (on a big database the window keeps answering and the clock keeps running).

        First the panels in front of the Referee workspace: the dungeon turn acting on the party
        at the table, the lights, the tables, the session log; the saved layout is put back (or
        the Referee arrangement on a first start) and the panels on screen are built. The window
        is then usable (:attr:`usable`, :meth:`when_usable`). Meanwhile the worker imports the
        later features and builds their services; then the crows' sheet and board, printing,
        spells, crafting, travel and fights join the layout, the panels still waiting are built
        and the ready callbacks run."""
        assert self.services is not None
        services = self.services

        def front() -> Iterator[None]:
            dungeon = self.install_dungeon_panels()
            yield from dungeon.attach_services_steps(services)
            yield
            if not self.shown_stored:  # else arranged already, on the stored state
                self._arrange_front()
                yield
            yield from self._build_on_screen()
            self._set_usable()
            self.worker.then_in_steps(
                _late_feature_steps(services, self.freezes_start_up),
                self._late_features_prepared,
            )

        self._run_steps(front(), database)

    def _arrange_front(self) -> None:
        """On a first start (or when the saved layout did not fit), lay out the Referee
        workspace; the install's last step (:meth:`_dungeon_install_steps`) has put the saved
        layout back otherwise."""
        if not self._layout_restored:  # the clock in front rather than behind the dice
            arrange_workspace(self.panels, Workspace.REFEREE)

    def _build_on_screen(self) -> Iterator[None]:
        """Build the panels on screen not built yet, one per turn of the event loop: those the
        registry builds a turn at a time itself (docks just shown) are left to it, so no two
        are built in the same turn."""
        while True:
            yield
            if self.panels.building_shown():
                continue
            pending = self.panels.pending_on_screen()
            if not pending:
                return
            self.panels.widget(pending[0])

    def _late_features_prepared(self, prepared: Future[bool]) -> None:
        if self._shut_down or self.database is None or self.services is None:
            return
        with_lookup = prepared.result()  # a failure is a fault: the error hook shows it
        self._run_steps(self._placed(self._late_steps(self.services, with_lookup)), self.database)

    def _placed(self, steps: Iterator[None]) -> Iterator[None]:
        """Run ``steps``, then the ready callbacks, putting each dock they register where it
        belongs in the same turn of the event loop, before the window lays it out: its saved
        place, or its tab group of the Referee workspace behind the panel in front (docked side
        by side first, the late panels grew the window past a laptop's screen)."""
        window = self.window
        placed = set(self.panels.panels())
        seen = front_panels(self.panels)  # what the user looks at as the late ones join
        geometry = window.geometry()
        for _step in steps:
            new = [panel for panel in self.panels.panels() if panel not in placed]
            placed.update(new)
            if new and self._layout_restored:
                for panel in new:  # False for a dock the saved layout does not know: it stays
                    window.restoreDockWidget(self.panels.panel(panel))
            elif new:
                join_workspace(self.panels, Workspace.REFEREE, new, seen)
            yield
        if self._layout_restored:
            window.restore_layout()  # every dock exactly as the user left them
        if window.geometry() != geometry and not window.isMaximized() and not window.isFullScreen():
            window.setGeometry(geometry)
        if window.has_saved_layout() and window.taller_than_screen():
            self._start_afresh_if_it_fits()
        if self.freezes_start_up:
            _keep_out_of_collections()  # every panel and what it read
        self._ready()

    def _start_afresh_if_it_fits(self) -> None:
        """The saved layout, with the later panels in it, is taller than this screen (every
        panel in one column, say: the front stage judged it without them, and a later restore
        brought it back). Lay the window out as a first start does (its size, the Referee
        arrangement) if that fits; if it does not either, keep what is there. (A screen too
        narrow for any arrangement is not tried: relaying every panel out costs some 300 ms.)"""
        window = self.window
        state, geometry = window.saveState(LAYOUT_VERSION), window.geometry()
        window.default_geometry()
        window.reset_layout()
        if window.fits_screen():
            window.statusBar().showMessage(LAYOUT_DID_NOT_FIT, 10000)
        else:
            window.restoreState(state, LAYOUT_VERSION)
            window.setGeometry(geometry)

    def _late_steps(self, services: Services, with_lookup: bool) -> Iterator[None]:
        """The features docked once the window is usable (see :meth:`_install_feature_panels`)."""
        from refkit.gui.characters.install import character_install_steps

        characters = services.characters
        dungeon = self.install_dungeon_panels()
        panels: CharacterPanels | None = None
        for panels in character_install_steps(  # noqa: B007 - the last one is kept
            self.window, self.panels, self.undo_stack, characters
        ):
            yield
        yield  # the first crow was just opened (its sheet and board): a turn of its own
        if panels is not None:  # an item used on the sheet or board lands in the roll log
            panels.session.set_roll_log(services.dice.log_roll)
        if panels is not None:  # Print to PDF: the open crow, its party, the catalogue
            from refkit.gui.export import install as export_install

            sources = export_install.sources_for(
                panels.session, characters, services.spells.spells, panels.shown_catalogue
            )
            printing = export_install.register(self.panels, self.context, sources)
            panels.on_print_catalogue(printing.print_catalogue)
            yield  # each feature below registers on a turn of its own
        if panels is not None and dungeon.party is not None:
            panels.session.set_wound_prompts(dungeon.party.prompts)
            # The sheet rests no crow the dungeon's own rest is counting (one rest path).
            from refkit.app.party.rest import sheet_rest_refusal

            table = dungeon.party
            panels.session.rest_guard = lambda name: sheet_rest_refusal(table, name)
            # A sheet's rest ends the crow's "until a rest" effects in the DT's list too.
            panels.session.rest_effects = lambda: table.service
            panels.session.rest_crafting = lambda: services.crafting
            from refkit.gui.common.rest_choices import RestChoices

            RestChoices.open_projects = lambda crow: services.crafting.projects_of(crow)
        if panels is not None:  # the board's "Light it" lights through the DT panel
            from refkit.gui.dungeon.item_lighter import SessionLighter

            panels.sheet.board.lighter = SessionLighter(dungeon.session)
            yield
        if panels is not None:  # Cast a spell… and the Spells panel (the party at the table)
            from refkit.gui.magic import install as magic_install

            desk = magic_install.desk_for(services, self.context, dungeon.party)
            names = lambda: magic_install.backlash_table_names(services)  # noqa: E731
            magic_install.register(self.panels, self.context, desk, services.spells, names)
            yield
        if panels is not None:  # the Crafting panel (the party at the table first)
            from refkit.gui.crafting import install as crafting_install

            crafting_install.register(self.panels, self.context, services.crafting, dungeon.party)
            yield
        from refkit.gui.travel import install as travel_install  # Travel day, Travel map

        travel = travel_install.register(self.panels, self.context, services)
        if self.panels.has(PanelId.DUNGEON_TURN):  # a map's dungeon is entered there
            travel.set_enter_dungeon(
                lambda name, table: self.panels.show(PanelId.DUNGEON_TURN).enter_dungeon_named(
                    name, table
                )
            )
        yield
        if panels is not None:  # the fight tracker (the party at the table), the players' line
            from refkit.gui.combat import install as combat_install

            fight = combat_install.register(
                self.panels, self.context, services.fight, characters, services.party.members
            )
            self.panels.when_built(
                PanelId.DUNGEON_TURN, lambda turn: fight.tell_players(turn.set_players_fight)
            )
            yield
        if with_lookup:
            self.install_lookup()
            yield
        self._roll_for_crows(characters, dungeon)
        yield
        while self.panels.pending():  # one panel per turn of the event loop
            self.panels.widget(self.panels.pending()[0])
            yield
        self.character_panels = panels

    def _run_steps(self, steps: Iterator[None], database: Database | None = None) -> None:
        """Run ``steps`` one per turn of the event loop, the first now; with ``database``, only
        while it stays the open one."""

        def next_step() -> None:
            if database is not None and self.database is not database:  # closed meanwhile
                return
            if next(steps, StopIteration) is not StopIteration:
                QTimer.singleShot(NEXT_TURN_MS, self.window, next_step)

        next_step()

    def _set_usable(self) -> None:
        if self.freezes_start_up:
            _keep_out_of_collections()  # the front panels and what they read
        self.usable = True
        callbacks, self._usable_callbacks = self._usable_callbacks, []
        for callback in callbacks:
            callback()

    def when_usable(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the panels in front are live (at once if they are): the later
        features are still joining then (see :meth:`when_ready`)."""
        if self.usable:
            callback()
        else:
            self._usable_callbacks.append(callback)

    def _roll_for_crows(self, characters: CharacterService, dungeon: DungeonPanels) -> None:
        """Let the dice panel roll for a crow (the party at the table first); an expertise use
        it spends goes on the undo stack."""
        from refkit.app.characters.roll_for import CrowsForTests
        from refkit.app.party.rest import prepared_task
        from refkit.gui.shell.undo_adapter import push_command, write_through

        repository = characters.repository
        self.dice.panel.set_crows(
            CrowsForTests(
                characters, dungeon.party, prepared=lambda name: prepared_task(repository, name)
            ),
            lambda command: push_command(self.undo_stack, command),
            partial(write_through, self.undo_stack),
        )

    def _report_database_error(
        self, message: str, path: Path | None = None, backups: list[Path] | None = None
    ) -> DatabaseOpenDialog:
        """Say why the database cannot be opened and offer the ways on (opened, not exec'd)."""
        from refkit.gui.shell.database_open_dialog import DatabaseOpenDialog

        if self.open_dialog is not None:
            self.open_dialog.deleteLater()
        remembered = self.settings.value(SERVER_URL_KEY)
        dialog = DatabaseOpenDialog(
            message,
            path,
            list(backups or ()),
            self.window,
            server_url=remembered if isinstance(remembered, str) else "",
        )
        dialog.backup_chosen.connect(
            lambda backup: setattr(
                self, "_open_task", start_task(self.open_backup_copy(backup, path))
            )
        )
        dialog.file_chosen.connect(self._open_other_file)
        dialog.url_chosen.connect(self._open_other_file)
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
        self.dice.clear_log()

    def shutdown(self) -> None:
        """Save typing still waiting, stop the asyncio loop (waiting for background work) and
        close the database."""
        self.undo_stack.save_pending_edits()
        self._shut_down = True
        if self.file_watch is not None:  # its timer must not look at a closed database
            self.file_watch.stop()
            self.file_watch = None
        self.worker.shutdown()  # the job running now ends; the ones waiting never start
        if self._loop is not None:
            shutdown_event_loop(self._loop)
            self._loop = None
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
    from refkit.gui.common.fonts import install_fallback_fonts

    install_fallback_fonts()  # names with emoji show as typed, not as boxes (0.5 ms)
    return app, created


def run_app(*, db_url: str | None = None, exit_after_paint: bool = False) -> int:
    """Run the desktop app until its window closes; returns the exit status.

    ``db_url`` overrides the database (a file path, ``sqlite:///`` or ``postgresql://`` URL;
    without it, the server campaign opened last, else the default file). With
    ``exit_after_paint`` the app quits right after the main window's first paint, before the
    database is touched (for start-up benchmarks and smoke tests).
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
    from refkit.gui.shell.error_hook import install_error_hook

    error_hook = install_error_hook(refkit_app.window)
    try:
        app.exec()
    finally:
        error_hook.uninstall()
        refkit_app.shutdown()
    return 0
