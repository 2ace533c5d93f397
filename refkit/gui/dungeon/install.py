"""Registers the dungeon-turn screens: the DT, effects and session-log docks, the Dungeon menu.

The composition root calls :func:`register` (right after the first paint; this module's heavy
imports are done by a worker thread first) and hands over the services when the database is open
(:meth:`DungeonPanels.set_services` or :meth:`DungeonPanels.attach_database`). Until then the
panels show that they are waiting. Each dock's widget is built on its own turn of the event loop
(see :class:`~refkit.gui.shell.panel_registry.PanelRegistry`). Given the character service too,
End DT and rests act on the party at the table (see :mod:`refkit.app.party.bridge`), chosen on the
DT panel. The Tables dock is the tables feature's (:mod:`refkit.gui.tables.install`); the dungeon
only listens to it, through the registry.

Keys (none clash with the dice panel's Space / Return / letters): F5 End DT, F6 start / pause /
resume, F8 loud noise, Alt+Up / Alt+Down ±1 minute, Alt+PgUp / Alt+PgDown ±5 minutes,
Ctrl+Shift+P the players' window.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMenu, QWidget

from refkit.compose import table_service_on
from refkit.gui.dungeon.effects_panel import EffectsPanel
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.dungeon.session_log_panel import SessionLogPanel
from refkit.gui.dungeon.turn_panel import DungeonTurnPanel
from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.main_window import CloseQuestion
from refkit.gui.shell.panel_registry import (
    FeatureContext,
    MenuId,
    PanelId,
    PanelRegistry,
    PanelSpec,
)
from refkit.present.quit_clock import running_clock_on_quit

if TYPE_CHECKING:
    from collections.abc import Callable

    from refkit.app.character_service import CharacterService
    from refkit.app.dungeon.state import DungeonTurnView
    from refkit.app.dungeon.stored_view import StoredParty
    from refkit.app.dungeon_turn_service import DungeonTurnService
    from refkit.app.party.bridge import PartyBridge
    from refkit.app.table_service import TableService
    from refkit.compose import Services
    from refkit.store.database import Database

DUNGEON_TURN_DOCK = PanelId.DUNGEON_TURN
EFFECTS_DOCK = PanelId.EFFECTS
TABLES_DOCK = PanelId.TABLES
SESSION_LOG_DOCK = PanelId.SESSION_LOG
DUNGEON_MENU = MenuId.DUNGEON
PANELS = (PanelId.DUNGEON_TURN, PanelId.EFFECTS, PanelId.SESSION_LOG, PanelId.HAZARDS)
"""The docks this feature registers (the Tables dock beside them is the tables feature's)."""


class DungeonPanels:
    """The dungeon-turn screens and what they share; each panel is built when first needed."""

    def __init__(self, registry: PanelRegistry, context: FeatureContext) -> None:
        self._registry = registry
        self._context = context
        self.session = DungeonTurnSession(context.undo_stack, context.window)
        self.party: PartyBridge | None = None

    @property
    def turn_panel(self) -> DungeonTurnPanel:
        return self._registry.widget(PanelId.DUNGEON_TURN, DungeonTurnPanel)

    @property
    def effects_panel(self) -> EffectsPanel:
        return self._registry.widget(PanelId.EFFECTS, EffectsPanel)

    @property
    def session_log_panel(self) -> SessionLogPanel:
        return self._registry.widget(PanelId.SESSION_LOG, SessionLogPanel)

    @property
    def table_editor(self) -> Any:
        """The tables feature's editor (:class:`refkit.gui.tables.editor.TableEditor`)."""
        return self._registry.widget(PanelId.TABLES)

    @property
    def menu(self) -> QMenu:
        return self._registry.menu(MenuId.DUNGEON)

    @property
    def docks(self) -> dict[str, QDockWidget]:
        ids = (*PANELS, PanelId.TABLES)
        return {panel: self._registry.panel(panel) for panel in ids if self._registry.has(panel)}

    # building -------------------------------------------------------------------------------

    def _build_turn_panel(self) -> QWidget:
        panel = DungeonTurnPanel(self.session, settings=self._context.settings)
        panel.status_message.connect(self._context.window.show_status)
        return panel

    def _build_effects_panel(self) -> QWidget:
        panel = EffectsPanel(self.session)
        panel.status_message.connect(self._context.window.show_status)
        return panel

    def _build_session_log_panel(self) -> QWidget:
        panel = SessionLogPanel()
        panel.status_message.connect(self._context.window.show_status)
        self.session.log_changed.connect(panel.notice_log_changed)
        # Behind the roll log's tab it reads nothing; its tab chosen, it catches up (a dock
        # tabbed away is not hidden, so the panel sees no show event then).
        self._registry.panel(PanelId.SESSION_LOG).visibilityChanged.connect(
            lambda shown: shown and panel.notice_log_changed()
        )
        return panel

    def _build_hazards_panel(self) -> QWidget:
        from refkit.gui.dungeon.hazards_panel import HazardsPanel

        context = self._context
        panel = HazardsPanel(context.log_roll, make_rng=context.make_rng, now=context.now)
        panel.status_message.connect(context.window.show_status)
        return panel

    def clock_on_quit(self) -> CloseQuestion | None:
        """Quitting with the DT clock running asks whether to pause it first."""
        view = self.session.view()
        said = None if view is None else running_clock_on_quit(view.clock, self.session.now())
        if said is None:
            return None
        return CloseQuestion(
            said,
            "Pause it before quitting?",
            "&Pause and quit",
            lambda: self.session.pause() is not None,
            "&Quit, clock running",
        )

    def _wire_tables(self, editor: Any) -> None:
        editor.tables_changed.connect(self.session.refresh)
        editor.table_rolled.connect(lambda _roll: self.session.log_changed.emit())

    # services -------------------------------------------------------------------------------

    def show_stored(
        self, view: DungeonTurnView, party: StoredParty, until_live: Callable[[], object]
    ) -> None:
        """Show the stored state before the services are here (:meth:`set_services_steps`
        follows): the clock on ``view``, the chooser on ``party``; a step asked for meanwhile
        waits for the services (``until_live``, see ``DungeonTurnSession.show_stored``)."""
        self.session.show_stored(view, until_live)
        self._registry.when_built(
            PanelId.DUNGEON_TURN, lambda panel: panel.show_stored_party(party)
        )

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
        self._registry.when_built(PanelId.DUNGEON_TURN, lambda panel: panel.set_party(party))
        self._registry.when_built(PanelId.EFFECTS, lambda panel: panel.set_party(party))
        yield
        if table_service is not None and self._registry.has(PanelId.TABLES):
            undo_stack = self.session.undo_stack
            self._registry.when_built(
                PanelId.TABLES, lambda editor: editor.set_service(table_service, undo_stack)
            )
            yield
        from refkit.gui.shell.undo_adapter import ThroughWorker

        log_source = ThroughWorker(dungeon_service.store.session_log, self.session.undo_stack)
        self._registry.when_built(PanelId.SESSION_LOG, lambda panel: panel.set_source(log_source))

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
        from refkit.app.party.bridge import dungeon_service_with_party
        from refkit.store.dungeon_turn_store import DungeonTurnStore

        dungeon_service, party = dungeon_service_with_party(DungeonTurnStore(database), characters)
        yield from self.set_services_steps(dungeon_service, table_service_on(database), party)

    def attach_services_steps(self, services: Services) -> Iterator[None]:
        """Start on the composition root's services (the app's call), in steps: the dungeon
        turn acting on the party at the table, the tables, the session log."""
        yield from self.set_services_steps(services.dungeon, services.tables, services.party)

    def detach_log(self) -> None:
        """The session log panel reads no more (the database is closing)."""
        if self._registry.is_built(PanelId.SESSION_LOG):
            self.session_log_panel.detach()

    def shutdown(self) -> None:
        """Stop the clock's timers and close the players' window (the app is closing)."""
        self.session.close()
        if self._registry.is_built(PanelId.DUNGEON_TURN):
            self.turn_panel.shutdown()
        if self.party is not None:
            self.party.close()

    # actions --------------------------------------------------------------------------------

    def _forgot(self) -> None:
        self._registry.show(PanelId.DUNGEON_TURN)
        self.turn_panel.open_forgot_pause()

    def action_specs(self) -> list[ActionSpec]:
        def turn() -> DungeonTurnPanel:
            return self.turn_panel

        run, clock, windows = "run", "clock", "windows"
        menu = MenuId.DUNGEON
        return [
            ActionSpec("dt_end", "&End DT", lambda: turn().end_turn(), ("F5",),
                       "media-skip-forward", "SP_MediaSkipForward", menu, run, toolbar=True,
                       tip="Usage dice, conditions, encounter check, next DT — one undo step"),
            ActionSpec("dt_run", "&Start / pause / resume", lambda: turn().toggle_run(), ("F6",),
                       "media-playback-pause", "SP_MediaPause", menu, run, toolbar=True,
                       tip="Start the DT, or pause or resume the clock"),
            ActionSpec("dt_loud_noise", "&Loud noise check", lambda: turn().loud_noise(),
                       ("F8",), menu=menu, section=run, tip="An extra encounter check now"),
            ActionSpec("dt_plus_1", "Add 1 minute", lambda: turn().adjust(1), ("Alt+Up",),
                       menu=menu, section=clock),
            ActionSpec("dt_minus_1", "Take away 1 minute", lambda: turn().adjust(-1),
                       ("Alt+Down",), menu=menu, section=clock),
            ActionSpec("dt_plus_5", "Add 5 minutes", lambda: turn().adjust(5), ("Alt+PgUp",),
                       menu=menu, section=clock),
            ActionSpec("dt_minus_5", "Take away 5 minutes", lambda: turn().adjust(-5),
                       ("Alt+PgDown",), menu=menu, section=clock),
            ActionSpec("dt_forgot_pause", "We &forgot to pause…", self._forgot, menu=menu,
                       section=clock),
            ActionSpec("players_window", "&Players' window",
                       lambda: turn().toggle_players_window(), ("Ctrl+Shift+P",),
                       "video-display", "SP_ComputerIcon", menu, windows,
                       tip="Show the clock to the players on another screen"),
        ]  # fmt: skip


def services_for_database(database: Database) -> tuple[DungeonTurnService, TableService]:
    """The dungeon-turn and table services on ``database`` (imported only when needed)."""
    from refkit.app.dungeon_turn_service import DungeonTurnService
    from refkit.store.dungeon_turn_store import DungeonTurnStore

    return DungeonTurnService(DungeonTurnStore(database)), table_service_on(database)


def register(registry: PanelRegistry, context: FeatureContext) -> DungeonPanels:
    """Dock the DT panel (tabbed with the dice), the effects (above the roll log) and the session
    log (tabbed with the roll log); add the Dungeon menu and its keys. The services may come later
    (see :class:`DungeonPanels`). Raises ActionRegistryError if one of the keys is taken."""
    panels = DungeonPanels(registry, context)
    window = context.window
    left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
    registry.declare_sections(MenuId.DUNGEON, ["run", "clock", "windows"])
    turn = registry.add_panel(
        PanelSpec(PanelId.DUNGEON_TURN, "Dungeon turn", panels._build_turn_panel, left,
                  tabify_with=PanelId.DICE, menu=MenuId.DUNGEON)
    )  # fmt: skip
    effects = registry.add_panel(
        PanelSpec(PanelId.EFFECTS, "Lights and effects", panels._build_effects_panel, right,
                  menu=MenuId.DUNGEON)
    )  # fmt: skip
    session_log = registry.add_panel(
        PanelSpec(PanelId.SESSION_LOG, "Session log", panels._build_session_log_panel, right,
                  menu=MenuId.DUNGEON)
    )  # fmt: skip
    registry.add_panel(  # falls, suffocation, toppling, harvest: tabbed with the effects
        PanelSpec(PanelId.HAZARDS, "Hazards", panels._build_hazards_panel, right,
                  tabify_with=PanelId.EFFECTS, menu=MenuId.DUNGEON)
    )  # fmt: skip
    if registry.has(PanelId.ROLL_LOG):  # the effects above, the logs (and tables) tabbed below
        roll_log = registry.panel(PanelId.ROLL_LOG)

        def beside_the_roll_log() -> None:
            window.splitDockWidget(effects, roll_log, Qt.Orientation.Vertical)
            window.resizeDocks([effects, roll_log], [3, 2], Qt.Orientation.Vertical)
            window.tabifyDockWidget(roll_log, session_log)
            roll_log.raise_()

        registry.arrange(beside_the_roll_log)
    registry.arrange(effects.raise_)  # the lights in front of the hazards
    registry.arrange(turn.raise_)
    registry.add_actions(panels.action_specs())
    registry.when_built(PanelId.TABLES, panels._wire_tables)
    window.closing.connect(panels.shutdown)
    window.add_close_question(panels.clock_on_quit)
    # Another client's DT step, rest or session-log line: the clock reads again if its version
    # moved (one tiny query), the session log reads its new lines.
    context.follow_changes(frozenset({"dungeon"}), panels.session.check_for_outside_changes)
    context.follow_changes(frozenset({"session_log"}), panels.session.log_changed.emit)
    return panels


def install_dungeon_panels(
    registry: PanelRegistry,
    context: FeatureContext,
    dungeon_service: DungeonTurnService | None = None,
    table_service: TableService | None = None,
) -> DungeonPanels:
    """:func:`register`, then the services if they are given already."""
    panels = register(registry, context)
    if dungeon_service is not None:
        panels.set_services(dungeon_service, table_service)
    return panels


__all__ = ["DungeonPanels", "install_dungeon_panels", "register"]
