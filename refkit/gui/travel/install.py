"""Registers the travel screens: the Travel day panel and the Travel map (view and editor), and
the Travel menu. The composition root calls :func:`register` once the database is open, with its
services; the panels are built when first shown. The map panel follows the journey the day panel
shows (its party markers, when it shows that journey's map), and a map saved there is offered at
once for a new journey. A dungeon on either map is entered on the DT panel through the callback
the composition root gives (:meth:`TravelPanels.set_enter_dungeon`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QWidget

from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.panel_registry import (
    FeatureContext,
    MenuId,
    PanelId,
    PanelRegistry,
    PanelSpec,
)

if TYPE_CHECKING:
    from refkit.app.travel.journey import Journey
    from refkit.app.travel.wiring import Services, TravelDesk
    from refkit.gui.travel.day_panel import TravelDayPanel
    from refkit.gui.travel.map_editor import MapBook, MapEditor
    from refkit.gui.travel.map_view import HexMapView
    from refkit.gui.travel.players_map import PlayersMap
    from refkit.rules.travel.hex_map import HexMap

EnterDungeon = Callable[[str, "str | None"], None]
"""Enter the named dungeon on the DT panel, choosing the encounter table given (None: keep)."""


class TravelPanels:
    """The travel feature's panels on one database."""

    def __init__(self, registry: PanelRegistry, context: FeatureContext, desk: TravelDesk):
        from refkit.gui.shell.undo_adapter import ThroughWorker

        self.registry = registry
        self.context = context
        self.desk = cast("TravelDesk", ThroughWorker(desk, context.undo_stack))
        """The desk with every call run where the window writes (its worker, off the GUI
        thread): the panels' reads and the steps they make."""
        self._maps = cast("MapBook", ThroughWorker(desk.maps, context.undo_stack))
        self.players_map: PlayersMap | None = None
        """The players' window's map page, while there is one."""
        self._journey: Journey | None = None
        self._enter_dungeon: EnterDungeon | None = None

    def set_enter_dungeon(self, enter: EnterDungeon | None) -> None:
        """How the window enters a dungeon on the DT panel (the composition root gives it; GUI
        features do not import one another). With it, the maps offer "Enter this dungeon"."""
        self._enter_dungeon = enter
        for panel, view_of in ((PanelId.TRAVEL_DAY, self._day_view),
                               (PanelId.TRAVEL_MAP, self._map_view)):  # fmt: skip
            if self.registry.is_built(panel):
                view_of().offers_dungeons = enter is not None

    def _day_view(self) -> HexMapView:
        return self.day_panel.view

    def _map_view(self) -> HexMapView:
        return self.map_panel.view

    def _offer_dungeons(self, view: HexMapView) -> None:
        view.offers_dungeons = self._enter_dungeon is not None
        view.enter_dungeon.connect(self.enter_dungeon)

    def enter_dungeon(self, name: str, table: str | None) -> None:
        """Start DT 1 of the map's dungeon ``name`` on the DT panel, its table chosen."""
        if self._enter_dungeon is None:
            return
        self._enter_dungeon(name, table)
        self.context.window.show_status(f"Entering {name}: DT 1 on the DT panel", 5000)

    def make_players_map(self) -> QWidget:
        """A new map page for the players' window (it owns the page and deletes it with itself)."""
        from refkit.gui.travel.players_map import PlayersMap

        page = PlayersMap()
        self.players_map = page
        page.destroyed.connect(lambda _=None: self._forget_players_map(page))
        journey = self._journey
        if journey is None:
            try:
                journey = self.desk.journey()
            except ValueError:
                journey = None
        page.show_journey(journey)
        return page

    def _forget_players_map(self, page: object) -> None:
        if self.players_map is page:
            self.players_map = None

    @property
    def day_panel(self) -> TravelDayPanel:
        from refkit.gui.travel.day_panel import TravelDayPanel

        return self.registry.widget(PanelId.TRAVEL_DAY, TravelDayPanel)

    @property
    def map_panel(self) -> MapEditor:
        from refkit.gui.travel.map_editor import MapEditor

        return self.registry.widget(PanelId.TRAVEL_MAP, MapEditor)

    def build_day(self) -> QWidget:
        from refkit.gui.travel.day_panel import TravelDayPanel

        panel = TravelDayPanel(self.context.undo_stack, self.desk, read_now=False)
        panel.status_message.connect(self.context.window.show_status)
        panel.journey_changed.connect(self._journey_shown)
        self._offer_dungeons(panel.view)
        # Read once the panel is built: a read waited for in the worker turns the event loop,
        # which must not happen while the registry is still building the panel.
        QTimer.singleShot(0, panel, panel.reload)
        return panel

    def build_map(self) -> QWidget:
        from refkit.gui.travel.map_editor import MapEditor

        editor = MapEditor(self.context.undo_stack, self._maps, read_now=False)
        editor.status_message.connect(self.context.window.show_status)
        editor.map_saved.connect(self._map_saved)
        self._offer_dungeons(editor.view)
        QTimer.singleShot(0, editor, editor.open_first_map)  # read once built, as the day
        return editor

    def _journey_shown(self, journey: Journey | None) -> None:
        self._journey = journey
        if self.players_map is not None:
            self.players_map.show_journey(journey)
        if not self.registry.is_built(PanelId.TRAVEL_MAP) or journey is None:
            return
        editor = self.map_panel
        shown = editor.document.hex_map
        if shown is not None and shown.name == journey.hex_map.name:
            from refkit.gui.travel.map_scene import PartyPlace

            state = journey.state
            editor.set_party(
                PartyPlace(state.believed_hex, state.true_hex, state.lost, state.explored)
            )

    def _map_saved(self, hex_map: HexMap) -> None:
        """A saved map is offered for new journeys, and the journey shown on it travels on it
        from now on (one undo step; refused, and said, if the party's hex was taken away)."""
        journey = self._journey
        same_name = journey is not None and journey.hex_map.name == hex_map.name
        if journey is not None and same_name and journey.hex_map != hex_map:
            from refkit.gui.shell.undo_adapter import push_command

            try:
                push_command(self.context.undo_stack, self.desk.map_command(hex_map, journey.name))
            except ValueError as problem:
                self.context.window.show_status(
                    f"The journey keeps its map as it was: {problem}", 10000
                )
        if self.registry.is_built(PanelId.TRAVEL_DAY):
            self.day_panel.reload()


def register(registry: PanelRegistry, context: FeatureContext, services: Services) -> TravelPanels:
    """Dock the two travel panels (right, tabbed together) and fill the Travel menu."""
    from refkit.app.travel.wiring import TravelDesk

    panels = TravelPanels(registry, context, TravelDesk(services))
    right = Qt.DockWidgetArea.RightDockWidgetArea
    registry.add_panel(
        PanelSpec(PanelId.TRAVEL_DAY, "Travel day", panels.build_day, right,
                  menu=MenuId.TRAVEL, build_when_idle=False)
    )  # fmt: skip
    registry.add_panel(
        PanelSpec(PanelId.TRAVEL_MAP, "Travel map", panels.build_map, right,
                  tabify_with=PanelId.TRAVEL_DAY, menu=MenuId.TRAVEL, build_when_idle=False)
    )  # fmt: skip

    def show(panel: PanelId) -> None:
        registry.show(panel)
        registry.widget(panel).setFocus()

    def offer_players_map(turn: QWidget) -> None:
        # The DT panel owns the players' window; it is another feature, met only through this
        # one method (gui features do not import one another).
        offer = getattr(turn, "set_players_map_page", None)
        if offer is not None:
            offer(panels.make_players_map)

    if registry.has(PanelId.DUNGEON_TURN):
        registry.when_built(PanelId.DUNGEON_TURN, offer_players_map)

    def travel_workspace() -> None:
        from refkit.gui.shell.workspaces import Workspace, arrange

        window = registry.window
        geometry = window.geometry()
        arrange(registry, Workspace.TRAVEL)
        if not window.isMaximized() and not window.isFullScreen():
            window.setGeometry(geometry)  # the window keeps its size and place
        registry.show(PanelId.TRAVEL_DAY)
        window.show_status("Travel workspace", 4000)

    def fit() -> None:
        show(PanelId.TRAVEL_MAP)
        panels.map_panel.view.fit_map()

    registry.add_actions(
        [
            ActionSpec("travel_day", "Travel &day", lambda: show(PanelId.TRAVEL_DAY),
                       menu=MenuId.TRAVEL, section="go",
                       tip="Set out a travel day in the rulebook's order and travel it"),
            ActionSpec("travel_map", "Travel &map", lambda: show(PanelId.TRAVEL_MAP),
                       menu=MenuId.TRAVEL, section="go",
                       tip="The hex map: look, paint habitats, draw roads and rivers, add places"),
            ActionSpec("travel_fit_map", "&Fit the map in view", fit, menu=MenuId.TRAVEL,
                       section="view"),
            ActionSpec("workspace_travel", "T&ravel workspace", travel_workspace, ("Ctrl+3",),
                       menu=MenuId.VIEW, section="layout",
                       tip="The travel day in front, the map over the dice and the roll log"),
        ]
    )  # fmt: skip

    def changed_elsewhere() -> None:  # another client's journey step or map edit
        if registry.is_built(PanelId.TRAVEL_DAY):
            panels.day_panel.changed_elsewhere()
        if registry.is_built(PanelId.TRAVEL_MAP):
            panels.map_panel.refresh_maps()  # the open map's unsaved strokes stay as drawn

    context.follow_changes(frozenset({"travel"}), changed_elsewhere)
    return panels
