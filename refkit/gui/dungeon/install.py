"""Puts the dungeon-turn screens into the main window: docks, the Dungeon menu and its keys.

The composition root calls :func:`install_dungeon_panels` once (best right after its own actions
are registered, before the menus are built and the layout restored) and hands over the services
when the database is open (:meth:`DungeonPanels.set_services` or
:meth:`DungeonPanels.attach_database`). Until then the panels show that they are waiting. Given
the character service too, End DT and rests act on the party at the table (see
:mod:`refkit.app.party_bridge`), chosen on the DT panel.

Keys (none clash with the dice panel's Space / Return / letters): F5 End DT, F6 start / pause /
resume, F8 loud noise, Alt+Up / Alt+Down ±1 minute, Alt+PgUp / Alt+PgDown ±5 minutes,
Ctrl+Shift+P the players' window.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDockWidget, QMenu

from refkit.gui.dungeon.effects_panel import EffectsPanel
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.dungeon.session_log_panel import SessionLogPanel
from refkit.gui.dungeon.turn_panel import DungeonTurnPanel
from refkit.gui.shell.actions import ActionRegistry, ActionSpec
from refkit.gui.tables.editor import TableEditor

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterService
    from refkit.app.dungeon_turn_service import DungeonTurnService
    from refkit.app.party_bridge import PartyBridge
    from refkit.app.table_service import TableService
    from refkit.gui.shell.main_window import MainWindow
    from refkit.store.database import Database

DUNGEON_TURN_DOCK = "dungeon_turn_dock"
EFFECTS_DOCK = "effects_dock"
TABLES_DOCK = "tables_dock"
SESSION_LOG_DOCK = "session_log_dock"
DUNGEON_MENU = "&Dungeon"


@dataclass
class DungeonPanels:
    """The installed dungeon-turn screens and what they share."""

    session: DungeonTurnSession
    turn_panel: DungeonTurnPanel
    effects_panel: EffectsPanel
    table_editor: TableEditor
    session_log_panel: SessionLogPanel
    menu: QMenu
    docks: dict[str, QDockWidget]
    party: PartyBridge | None = None

    def set_services(
        self,
        dungeon_service: DungeonTurnService,
        table_service: TableService | None = None,
        party: PartyBridge | None = None,
    ) -> None:
        """Start showing and driving the dungeon turn (call on the GUI thread). ``party``: the
        bridge ``dungeon_service`` was made with, when the crows at the table take part."""
        for _step in self.set_services_steps(dungeon_service, table_service, party):
            pass

    def set_services_steps(
        self,
        dungeon_service: DungeonTurnService,
        table_service: TableService | None = None,
        party: PartyBridge | None = None,
    ) -> Iterator[None]:
        """:meth:`set_services` one panel at a time: it pauses (yields) after each, so the app
        can fill the next in a later turn of the event loop (on a big database each takes a
        while: the party chooser, hundreds of tables, thousands of log entries)."""
        self.party = party
        self.session.set_services(dungeon_service, table_service)
        yield
        self.turn_panel.set_party(party)
        yield
        if table_service is not None:
            self.table_editor.set_service(table_service, self.session.undo_stack)
            yield
        self.session_log_panel.set_source(dungeon_service.store.session_log)

    def attach_database(
        self, database: Database, characters: CharacterService | None = None
    ) -> None:
        """Build the services on an open database and start (the usual call from main). With
        ``characters``, End DT and rests act on the party at the table."""
        for _step in self.attach_database_steps(database, characters):
            pass

    def attach_database_steps(
        self, database: Database, characters: CharacterService | None = None
    ) -> Iterator[None]:
        """:meth:`attach_database` in steps (see :meth:`set_services_steps`)."""
        if characters is None:
            dungeon_service, table_service = services_for_database(database)
            yield from self.set_services_steps(dungeon_service, table_service)
            return
        from refkit.app.party_bridge import dungeon_service_with_party
        from refkit.app.table_service import TableService
        from refkit.store.dungeon_turn_store import DungeonTurnStore

        dungeon_service, party = dungeon_service_with_party(DungeonTurnStore(database), characters)
        yield from self.set_services_steps(
            dungeon_service, TableService.for_database(database), party
        )

    def shutdown(self) -> None:
        """Stop the clock's timers and close the players' window (the app is closing)."""
        self.session.close()
        self.turn_panel.shutdown()
        if self.party is not None:
            self.party.close()


def services_for_database(database: Database) -> tuple[DungeonTurnService, TableService]:
    """The dungeon-turn and table services on ``database`` (imported only when needed)."""
    from refkit.app.dungeon_turn_service import DungeonTurnService
    from refkit.app.table_service import TableService
    from refkit.store.dungeon_turn_store import DungeonTurnStore

    return DungeonTurnService(DungeonTurnStore(database)), TableService.for_database(database)


def _action_specs(panels: DungeonPanels, window: MainWindow) -> list[ActionSpec]:
    turn = panels.turn_panel
    return [
        ActionSpec("dt_end", "&End DT", turn.end_turn, ("F5",), "media-skip-forward",
                   "SP_MediaSkipForward", toolbar=True,
                   tip="Usage dice, conditions, encounter check, next DT — one undo step"),
        ActionSpec("dt_run", "&Start / pause / resume", turn.toggle_run, ("F6",),
                   "media-playback-pause", "SP_MediaPause", toolbar=True,
                   tip="Start the DT, or pause or resume the clock"),
        ActionSpec("dt_loud_noise", "&Loud noise check", turn.loud_noise, ("F8",),
                   tip="An extra encounter check now"),
        ActionSpec("dt_plus_1", "Add 1 minute", lambda: turn.adjust(1), ("Alt+Up",)),
        ActionSpec("dt_minus_1", "Take away 1 minute", lambda: turn.adjust(-1), ("Alt+Down",)),
        ActionSpec("dt_plus_5", "Add 5 minutes", lambda: turn.adjust(5), ("Alt+PgUp",)),
        ActionSpec("dt_minus_5", "Take away 5 minutes", lambda: turn.adjust(-5),
                   ("Alt+PgDown",)),
        ActionSpec("dt_forgot_pause", "We &forgot to pause…", lambda: _forgot(panels, window)),
        ActionSpec("players_window", "&Players' window", turn.toggle_players_window,
                   ("Ctrl+Shift+P",), "video-display", "SP_ComputerIcon",
                   tip="Show the clock to the players on another screen"),
        ActionSpec("table_import", "&Import a table…", lambda: _import(panels, window)),
    ]  # fmt: skip


def _forgot(panels: DungeonPanels, window: MainWindow) -> None:
    window.show_panel(DUNGEON_TURN_DOCK)
    panels.turn_panel.open_forgot_pause()


def _import(panels: DungeonPanels, window: MainWindow) -> None:
    window.show_panel(TABLES_DOCK)
    panels.table_editor.open_import()


def _fill_menu(menu: QMenu, registry: ActionRegistry, panels: DungeonPanels) -> None:
    menu.setObjectName("menu_dungeon")
    sections = (
        ("dt_run", "dt_end", "dt_loud_noise"),
        ("dt_plus_1", "dt_minus_1", "dt_plus_5", "dt_minus_5", "dt_forgot_pause"),
        ("players_window", "table_import"),
    )
    for index, section in enumerate(sections):
        if index:
            menu.addSeparator()
        for action_id in section:
            menu.addAction(registry.action(action_id))
    menu.addSeparator()
    for dock in panels.docks.values():
        menu.addAction(dock.toggleViewAction())


def _place_menu(window: MainWindow, menu: QMenu) -> bool:
    """Put the Dungeon menu before View (once the menus exist); True when placed."""
    bar = window.menuBar()
    if menu.menuAction() in bar.actions():
        return True
    for action in bar.actions():
        if action.text().replace("&", "") == "View":
            bar.insertMenu(action, menu)
            return True
    return False


def install_dungeon_panels(
    window: MainWindow,
    registry: ActionRegistry,
    undo_stack: QUndoStack,
    dungeon_service: DungeonTurnService | None = None,
    table_service: TableService | None = None,
    *,
    settings: QSettings | None = None,
) -> DungeonPanels:
    """Dock the DT panel, the effects, the tables and the session log; add the Dungeon menu and
    its keys. The services may come later (see :class:`DungeonPanels`). Raises
    ActionRegistryError if one of the keys is already taken."""
    settings = settings if settings is not None else QSettings()
    session = DungeonTurnSession(undo_stack, window)
    turn_panel = DungeonTurnPanel(session, settings=settings)
    effects_panel = EffectsPanel(session)
    table_editor = TableEditor(None, undo_stack)
    session_log_panel = SessionLogPanel()
    docks = {
        DUNGEON_TURN_DOCK: window.add_panel(
            DUNGEON_TURN_DOCK, "Dungeon turn", turn_panel, Qt.DockWidgetArea.LeftDockWidgetArea
        ),
        EFFECTS_DOCK: window.add_panel(
            EFFECTS_DOCK, "Lights and effects", effects_panel, Qt.DockWidgetArea.RightDockWidgetArea
        ),
        TABLES_DOCK: window.add_panel(
            TABLES_DOCK, "Tables", table_editor, Qt.DockWidgetArea.RightDockWidgetArea
        ),
        SESSION_LOG_DOCK: window.add_panel(
            SESSION_LOG_DOCK,
            "Session log",
            session_log_panel,
            Qt.DockWidgetArea.RightDockWidgetArea,
        ),
    }
    existing = {dock.objectName(): dock for dock in window.docks()}
    roll_log = existing.get("roll_log_dock")
    if roll_log is not None:  # the effects above, the logs and tables tabbed below
        window.splitDockWidget(docks[EFFECTS_DOCK], roll_log, Qt.Orientation.Vertical)
        window.resizeDocks([docks[EFFECTS_DOCK], roll_log], [3, 2], Qt.Orientation.Vertical)
        window.tabifyDockWidget(roll_log, docks[SESSION_LOG_DOCK])
        window.tabifyDockWidget(roll_log, docks[TABLES_DOCK])
        roll_log.raise_()
    else:
        window.tabifyDockWidget(docks[SESSION_LOG_DOCK], docks[TABLES_DOCK])
    if "dice_dock" in existing:
        window.tabifyDockWidget(existing["dice_dock"], docks[DUNGEON_TURN_DOCK])
    docks[DUNGEON_TURN_DOCK].raise_()
    panels = DungeonPanels(
        session=session,
        turn_panel=turn_panel,
        effects_panel=effects_panel,
        table_editor=table_editor,
        session_log_panel=session_log_panel,
        menu=QMenu(DUNGEON_MENU, window),
        docks=docks,
    )
    registry.add_all(_action_specs(panels, window))
    _fill_menu(panels.menu, registry, panels)
    if not _place_menu(window, panels.menu):  # called before the menus were built: a bit later
        QTimer.singleShot(
            0, window, lambda: _place_menu(window, panels.menu) or _append(window, panels)
        )

    for panel in (turn_panel, effects_panel, table_editor, session_log_panel):
        panel.status_message.connect(window.show_status)
    session.log_changed.connect(session_log_panel.notice_log_changed)
    table_editor.tables_changed.connect(session.refresh)
    table_editor.table_rolled.connect(session_log_panel.notice_log_changed)
    window.closing.connect(panels.shutdown)
    if dungeon_service is not None:
        panels.set_services(dungeon_service, table_service)
    return panels


def _append(window: MainWindow, panels: DungeonPanels) -> bool:
    window.menuBar().addMenu(panels.menu)
    return True
