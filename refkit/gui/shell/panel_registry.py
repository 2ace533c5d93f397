"""The panel registry: every dock, menu entry and action, registered by the feature that owns it.

Frescobaldi's PanelManager idea. A GUI feature package has ``register(registry, context)`` in its
``install.py``; it hands the registry :class:`PanelSpec` s (a dock: typed id, title, area, the
function that builds its widget, what to tabify it with), :class:`~refkit.gui.shell.actions.
ActionSpec` s (menu entries, toolbar buttons, shortcuts; ``application_wide`` for a key that works
in every Refkit window, like Ctrl+K for the lookup) and nothing else. The registry docks, fills the
menus and the toolbar, and answers ``registry.panel(PanelId.DICE)`` and
``registry.widget(PanelId.DICE)`` — no dock is ever found by a string or by ``findChild``.

A dock is made at once (so the saved layout can put it back) but its widget is built lazily: when
the dock is first shown, when someone asks for it (:meth:`PanelRegistry.widget`), or in small idle
steps after :meth:`PanelRegistry.build_in_idle_steps` — one panel per turn of the event loop, so
no build freezes the window for long.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QMenuBar, QToolBar, QWidget

from refkit.gui.shell.actions import ActionRegistry, ActionRegistryError, ActionSpec

if TYPE_CHECKING:
    from datetime import datetime

    from refkit.compose import Services
    from refkit.dice.records import RollRecord
    from refkit.gui.shell.main_window import MainWindow

W = TypeVar("W", bound=QWidget)
log = logging.getLogger(__name__)


class PanelId(StrEnum):
    """Every panel of the window. The value is the dock's object name, which keys its place in
    the saved layout (so renaming a member is fine; changing a value loses users' layouts)."""

    DICE = "dice_dock"
    ROLL_LOG = "roll_log_dock"
    GAMES = "games_dock"
    DUNGEON_TURN = "dungeon_turn_dock"
    EFFECTS = "effects_dock"
    TABLES = "tables_dock"
    SESSION_LOG = "session_log_dock"
    HAZARDS = "hazards_dock"
    CHARACTERS = "characters_dock"
    CHARACTER_SHEET = "character_sheet_dock"
    ITEM_CATALOGUE = "item_catalogue_dock"
    LOOKUP = "lookup_dock"
    SPELLS = "spells_dock"
    FIGHT = "fight_dock"
    CRAFTING = "crafting_dock"
    TRAVEL_DAY = "travel_day_dock"
    TRAVEL_MAP = "travel_map_dock"


class MenuId(StrEnum):
    """The menus of the menu bar, in the order they appear; the value is the menu's title."""

    FILE = "&File"
    EDIT = "&Edit"
    DICE = "&Dice"
    DUNGEON = "&Dungeon"
    CROWS = "C&rows"
    FIGHT = "F&ight"
    TRAVEL = "&Travel"
    VIEW = "&View"
    HELP = "&Help"


SETTLE_MS = 250
"""How long a panel built only when looked at must stay on screen before it is built."""
NEXT_TURN_MS = 1
"""The delay of "the next turn of the event loop" for work done a part per turn. A zero-delay
single shot is a posted event, which Qt runs before the timers that are due: a chain of them ran
two or more parts back to back (a 2 ms heartbeat saw 85-180 ms gaps while the panels in front
were built); a 1 ms timer lets the clock's and every other due timer run between two parts."""
PANELS_SECTION = "zz_panels"
"""The section of a feature menu that lists its panels' show/hide toggles (always last)."""


@dataclass(frozen=True)
class PanelSpec:
    """One dock. ``build`` makes its widget (called once, on the GUI thread, lazily unless
    ``lazy`` is False). ``tabify_with``: a panel already docked that this one shares tabs with.
    ``menu``: a feature menu that lists the dock's show/hide toggle at its end (View ▸ Panels
    always does). ``go_to``/``shortcut``: a View-menu action that shows and focuses the panel.
    ``placeholder``: what the dock says until its widget is built."""

    id: PanelId
    title: str
    build: Callable[[], QWidget]
    area: Qt.DockWidgetArea = Qt.DockWidgetArea.LeftDockWidgetArea
    scrollable: bool = False
    tabify_with: PanelId | None = None
    menu: str = ""
    go_to: str = ""
    shortcut: str = ""
    lazy: bool = True
    placeholder: str = "Loading…"
    build_when_idle: bool = True
    """False: a lazy panel waits until it is first shown (or asked for), never built unseen."""
    build_when_shown: bool = True
    """False: a lazy panel its feature builds itself at the moment it chooses (once the worker
    has imported its modules), or when asked for (:meth:`PanelRegistry.widget`); being shown
    does not build it."""


def _utc_now() -> datetime:
    """The default clock (:func:`refkit.dice.records.utc_now`), imported when first read: the
    window's first frame does without the roll records' module (and json)."""
    from refkit.dice.records import utc_now

    return utc_now()


@dataclass(frozen=True)
class FeatureContext:
    """What the window gives a feature's ``register``: the window and its settings, the shared
    undo stack, and the roll log (``log_roll`` lands a roll there; before the database is open it
    says so in the status bar and returns None). ``when_ready`` runs a callback once the database
    is open (at once if it is); ``make_rng`` and ``now`` are the random source and the clock pure
    code is given."""

    window: MainWindow
    settings: QSettings
    undo_stack: QUndoStack
    log_roll: Callable[[RollRecord], object]
    when_ready: Callable[[Callable[[], None]], None]
    make_rng: Callable[[int | None], random.Random] = field(default=random.Random)
    now: Callable[[], datetime] = field(default=_utc_now)
    services: Callable[[], Services | None] = field(default=lambda: None)
    """The composition root's services on the open database (None before it is open)."""
    follow_changes: Callable[..., None] = field(default=lambda *_args, **_kwargs: None)
    """``follow_changes(kinds, refresh)``: call ``refresh()`` on the GUI thread when another
    client commits a change of one of ``kinds`` (:data:`refkit.store.change_feed.KINDS`'s
    values; see :class:`refkit.gui.shell.live_refresh.ChangeHub`)."""


class PanelRegistryError(ValueError):
    """A panel id registered twice, or asked for before it was registered."""


class PanelRegistry(QObject):
    """The window's panels, menus and actions. One per window (a child of it)."""

    panel_built = Signal(str)
    """A panel's widget was just built (its PanelId)."""

    def __init__(self, window: MainWindow, actions: ActionRegistry, toolbar: QToolBar) -> None:
        super().__init__(window)
        self.setObjectName("panel_registry")
        self.window = window
        self.actions = actions
        self.toolbar = toolbar
        self._specs: dict[PanelId, PanelSpec] = {}
        self._widgets: dict[PanelId, QWidget] = {}
        self._on_built: dict[PanelId, list[Callable[[QWidget], None]]] = {}
        self._menus: dict[str, QMenu] = {}
        self._menu_sections: dict[str, dict[str, list[QAction]]] = {}
        self._menu_bar: QMenuBar | None = None
        self._menu_order: tuple[str, ...] = ()
        self._idle_building = False
        self._build_chain: list[PanelId] = []
        """Panels whose build has begun and not returned, outermost first (the last is the one
        being built now)."""
        self._shown_waiting: list[PanelId] = []
        """Panels just shown, waiting to be built one per turn of the event loop."""
        self._layout_steps: list[Callable[[], None]] = []
        self._kept_hidden: Callable[[PanelId], bool] = lambda _panel: False
        self._offered: Callable[[str, str], bool] = lambda _menu, _action: True
        self._held_down: set[PanelId] = set()
        window.set_layout_reset(self.reset_layout)

    # a narrower view (a player's login) -----------------------------------------------------

    def narrow_to(
        self, hidden: Callable[[PanelId], bool], offered: Callable[[str, str], bool]
    ) -> None:
        """From now on keep off screen every dock ``hidden`` names (docked already or to come:
        its toggle and go-to action gone, and shown again by no layout), and offer in each menu
        only the actions ``offered(menu title, action id)`` keeps (the others hidden and
        disabled, their keys too): the window of a player's login."""
        self._kept_hidden, self._offered = hidden, offered
        for panel in list(self._specs):
            self._hold_down(panel)
        for title in self._menus:
            self._refill(title)

    def _hold_down(self, panel: PanelId) -> None:
        if panel in self._held_down or not self._kept_hidden(panel):
            return
        self._held_down.add(panel)
        dock = self.panel(panel)
        dock.toggleViewAction().setVisible(False)
        dock.toggleViewAction().setEnabled(False)
        try:
            go_to = self.actions.action(f"show_{panel.value.removesuffix('_dock')}")
        except ActionRegistryError:
            go_to = None  # a panel without a go-to action
        if go_to is not None:
            go_to.setVisible(False)
            go_to.setEnabled(False)
        dock.visibilityChanged.connect(
            lambda visible, held=dock: visible and QTimer.singleShot(0, held.hide)
        )
        dock.hide()

    # menus ----------------------------------------------------------------------------------

    def build_menu_bar(self, menu_bar: QMenuBar, titles: Sequence[str] = tuple(MenuId)) -> None:
        """Make the menus (in this order); a menu joins the bar when it gets its first entry."""
        self._menu_bar = menu_bar
        self._menu_order = tuple(titles)
        for title in titles:
            menu = QMenu(title, self.window)
            menu.setObjectName("menu_" + title.replace("&", "").lower())
            self._menus[title] = menu
            self._menu_sections.setdefault(title, {})
            self._refill(title)

    def menu(self, title: str) -> QMenu:
        try:
            return self._menus[title]
        except KeyError:
            raise PanelRegistryError(f"no menu {title!r}") from None

    def _refill(self, title: str) -> None:
        menu = self._menus.get(title)
        if menu is None:
            return
        for action in menu.actions():
            menu.removeAction(action)
        for actions in self._menu_sections[title].values():
            for action in actions:
                name = action.objectName()
                if name.startswith("action_") and not self._offered(title, name[7:]):
                    action.setVisible(False)
                    action.setEnabled(False)
        first = True
        for name in sorted(self._menu_sections[title], key=self._section_order(title)):
            if not self._menu_sections[title][name]:
                continue  # declared, nothing in it yet
            if not first:
                menu.addSeparator()
            first = False
            menu.addActions(self._menu_sections[title][name])
        if menu.actions():
            self._place(title, menu)

    def _place(self, title: str, menu: QMenu) -> None:
        bar = self._menu_bar
        if bar is None or menu.menuAction() in bar.actions():
            return
        later = self._menu_order[self._menu_order.index(title) + 1 :]
        for action in bar.actions():
            if action.menu() in [self._menus[other] for other in later]:
                bar.insertMenu(action, menu)
                return
        bar.addMenu(menu)

    def _section_order(self, title: str) -> Callable[[str], tuple[bool, int]]:
        names = list(self._menu_sections[title])
        return lambda name: (name == PANELS_SECTION, names.index(name))

    def declare_sections(self, title: str, sections: Sequence[str]) -> None:
        """Fix the order of ``title``'s sections before any of their actions is added."""
        known = self._menu_sections.setdefault(title, {})
        for section in sections:
            known.setdefault(section, [])

    def add_to_menu(self, title: str, section: str, actions: Iterable[QAction]) -> None:
        """Put existing actions (a submenu's, a dock's toggle) into ``title`` under ``section``."""
        self._menu_sections.setdefault(title, {}).setdefault(section, []).extend(actions)
        self._refill(title)

    # actions --------------------------------------------------------------------------------

    def add_action(self, spec: ActionSpec) -> QAction:
        return self.add_actions([spec])[0]

    def add_actions(self, specs: Iterable[ActionSpec]) -> list[QAction]:
        """Register the actions (raises ActionRegistryError on a clashing id or key), list them
        in their menus under their sections and put the toolbar ones on the toolbar."""
        added: list[QAction] = []
        touched: set[str] = set()
        for spec in specs:
            if spec.menu and self._menus and spec.menu not in self._menus:
                raise ActionRegistryError(
                    f"action {spec.id!r} names a menu that is not built: {spec.menu!r}"
                )
            action = self.actions.add(spec)
            added.append(action)
            if spec.menu:
                sections = self._menu_sections.setdefault(spec.menu, {})
                sections.setdefault(spec.section, []).append(action)
                touched.add(spec.menu)
        for title in touched:
            self._refill(title)
        self.actions.build_toolbar(self.toolbar)
        return added

    def action(self, action_id: str) -> QAction:
        return self.actions.action(action_id)

    # panels ---------------------------------------------------------------------------------

    def add_panel(self, spec: PanelSpec) -> QDockWidget:
        """Dock ``spec``'s panel (its widget now unless it is lazy) and list it in the menus."""
        if spec.id in self._specs:
            raise PanelRegistryError(f"panel {spec.id.name} is registered twice")
        self._specs[spec.id] = spec
        if spec.lazy:
            holder = QLabel(spec.placeholder)
            holder.setObjectName(f"{spec.id.value}_placeholder")
            holder.setTextFormat(Qt.TextFormat.PlainText)
            holder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        else:
            holder = self._make(spec)  # type: ignore[assignment]
        dock = self.window.add_panel(
            spec.id.value,
            spec.title,
            holder,
            spec.area,
            scrollable=spec.scrollable and not spec.lazy,
        )
        self._layout_steps.append(lambda: self._redock(spec, dock))
        if spec.tabify_with is not None and spec.tabify_with in self._specs:
            first = self.panel(spec.tabify_with)
            self.arrange(lambda: self.window.tabifyDockWidget(first, dock))
        if spec.menu:  # the toggles in PanelId order, however late each panel comes
            toggles = self._menu_sections.setdefault(spec.menu, {}).setdefault(PANELS_SECTION, [])
            toggles.append(dock.toggleViewAction())
            order = {self.panel(panel).toggleViewAction(): n for n, panel in enumerate(PanelId)
                     if panel in self._specs}  # fmt: skip
            toggles.sort(key=lambda action: order.get(action, len(order)))
            self._refill(spec.menu)
        if spec.go_to:
            self.add_action(
                ActionSpec(
                    f"show_{spec.id.value.removesuffix('_dock')}",
                    spec.go_to,
                    lambda: self.show(spec.id),
                    (spec.shortcut,) if spec.shortcut else (),
                    menu=MenuId.VIEW,
                    section="panels",
                )
            )
        if spec.lazy and spec.build_when_shown:
            dock.visibilityChanged.connect(
                lambda visible, panel=spec.id: visible and self._build_soon(panel)
            )
            if self._idle_building:
                self._schedule_idle_step()
        self._hold_down(spec.id)
        return dock

    # layout ---------------------------------------------------------------------------------

    def arrange(self, step: Callable[[], None]) -> None:
        """Run a layout step (a split, a tabify, a resize, a raise) now, and again, in the same
        order among the others, whenever the user resets the panel layout."""
        step()
        self._layout_steps.append(step)

    def _redock(self, spec: PanelSpec, dock: QDockWidget) -> None:
        dock.setFloating(False)
        self.window.addDockWidget(spec.area, dock)

    def reset_layout(self) -> None:
        """Every panel back where a fresh start puts it — late panels included, tabbed as
        they were — and shown."""
        for panel in self._specs:  # shown first, so the raises among the steps take
            self.panel(panel).show()
        for step in self._layout_steps:
            step()
        fronted: set[QDockWidget] = set()
        for panel in self._specs:  # each tab group shows its first panel, as a fresh start does
            dock = self.panel(panel)
            group = self.window.tabifiedDockWidgets(dock)
            if group and dock not in fronted:
                dock.raise_()
                fronted.update(group, {dock})

    def has(self, panel: PanelId) -> bool:
        return panel in self._specs

    def panel(self, panel: PanelId) -> QDockWidget:
        """The dock of ``panel``."""
        if panel not in self._specs:
            raise PanelRegistryError(f"panel {panel.name} is not registered")
        return self.window.dock(panel.value)

    def panels(self) -> list[PanelId]:
        return list(self._specs)

    def is_built(self, panel: PanelId) -> bool:
        return panel in self._widgets

    def widget(self, panel: PanelId, kind: type[W] = QWidget) -> W:  # type: ignore[assignment]
        """The widget of ``panel``, built now if it was not yet; ``kind`` checks its type."""
        widget = self._widgets.get(panel)
        if widget is None:
            if panel not in self._specs:
                raise PanelRegistryError(f"panel {panel.name} is not registered")
            widget = self._build(panel)
        if not isinstance(widget, kind):
            raise PanelRegistryError(f"panel {panel.name} is a {type(widget).__name__}")
        return widget

    def when_built(self, panel: PanelId, callback: Callable[[QWidget], None]) -> None:
        """Call ``callback(widget)`` once ``panel``'s widget exists (at once if it does): the way
        features wire one panel to another without building it early."""
        widget = self._widgets.get(panel)
        if widget is not None:
            callback(widget)
        else:
            self._on_built.setdefault(panel, []).append(callback)

    def show(self, panel: PanelId) -> QWidget:
        """Show ``panel`` (building it if need be), bring it to the front and focus it."""
        widget = self.widget(panel)
        self.window.show_panel(panel.value)
        return widget

    def pending(self) -> list[PanelId]:
        """Panels whose widgets are not built yet, the visible ones first (those built only
        when first shown are left out until they are visible, and one whose build is under way,
        turning the event loop, is left to that build)."""
        waiting = [
            panel
            for panel, spec in self._specs.items()
            if panel not in self._widgets
            and not self._being_built(panel)
            and (spec.build_when_idle or self._on_screen(panel))
        ]
        return sorted(waiting, key=lambda panel: not self.panel(panel).isVisible())

    def pending_on_screen(self) -> list[PanelId]:
        """Panels on screen (shown, in front of their tab group) whose widgets are not built."""
        return [
            panel for panel in self._specs if panel not in self._widgets and self._on_screen(panel)
        ]

    def building_shown(self) -> bool:
        """True while docks just shown wait for the registry to build them, one per turn of
        the event loop (a caller building panels itself leaves those turns to it)."""
        return any(panel not in self._widgets for panel in self._shown_waiting)

    def build_in_idle_steps(self) -> None:
        """From now on build every waiting panel, one per turn of the event loop."""
        self._idle_building = True
        self._schedule_idle_step()

    def _schedule_idle_step(self) -> None:
        QTimer.singleShot(0, self, self._idle_step)

    def _idle_step(self) -> None:
        waiting = self.pending()
        if not waiting:
            return
        self._build(waiting[0])
        if len(waiting) > 1:
            self._schedule_idle_step()

    def _build_soon(self, panel: PanelId) -> None:
        # A dock tabbed away says "visible" until the window's first paint has laid the tabs
        # out; build only if it still is a turn after that.
        def build_if_shown() -> None:
            if panel in self._widgets or self._being_built(panel):
                return
            if not self.window.painted:
                self.window.first_painted.connect(
                    lambda: QTimer.singleShot(0, self, build_if_shown),
                    Qt.ConnectionType.SingleShotConnection,
                )
            elif self._on_screen(panel):
                self._build(panel)

        if panel in self._widgets:
            return
        if not self._specs[panel].build_when_idle:
            # Docks re-tabbed as later features join flicker "visible" for a moment; a panel
            # built only when looked at waits to see that it really is.
            QTimer.singleShot(SETTLE_MS, self, build_if_shown)
        elif panel not in self._shown_waiting:
            # Several docks shown at once (a layout restored, a tab group raised) are built one
            # per turn of the event loop, not all in the same turn.
            self._shown_waiting.append(panel)
            if len(self._shown_waiting) == 1:
                QTimer.singleShot(NEXT_TURN_MS, self, self._build_next_shown)

    def _build_next_shown(self) -> None:
        while self._shown_waiting:
            panel = self._shown_waiting.pop(0)
            if panel in self._widgets or self._being_built(panel):
                continue  # built, or its build (turning the event loop) has not returned yet
            if not self.window.painted:
                self.window.first_painted.connect(
                    lambda: QTimer.singleShot(0, self, self._build_next_shown),
                    Qt.ConnectionType.SingleShotConnection,
                )
                self._shown_waiting.insert(0, panel)
                return
            if self._on_screen(panel):
                self._build(panel)
                break
        if self._shown_waiting:
            QTimer.singleShot(NEXT_TURN_MS, self, self._build_next_shown)

    def _being_built(self, panel: PanelId) -> bool:
        """Whether ``panel``'s build has begun and not returned: a build that waits on the
        worker turns the event loop, where its dock's "shown" timer may fire."""
        return panel in self._build_chain

    def _on_screen(self, panel: PanelId) -> bool:
        """Shown and not behind another tab (a tabbed-away dock can still say it is visible)."""
        dock = self.panel(panel)
        if not dock.isVisible():
            return False
        group = self.window.tabifiedDockWidgets(dock)
        return not group or not dock.visibleRegion().isEmpty()

    def _make(self, spec: PanelSpec) -> QWidget:
        try:
            widget = spec.build()
        except Exception as error:  # one broken panel must not take the window down with it
            log.exception("building the %s panel failed", spec.title)
            widget = QLabel(f"The {spec.title} panel could not be built: {error}")
            widget.setObjectName(f"{spec.id.value}_failed")
            widget.setTextFormat(Qt.TextFormat.PlainText)
            widget.setWordWrap(True)
            widget.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.window.show_status(f"The {spec.title} panel could not be built: {error}", 15000)
        self._widgets[spec.id] = widget
        return widget

    def _build(self, panel: PanelId) -> QWidget:
        if self._build_chain[-1:] == [panel]:
            raise PanelRegistryError(f"panel {panel.name} asks for itself while it is built")
        spec = self._specs[panel]
        self._build_chain.append(panel)
        try:
            widget = self._make(spec)
        finally:
            self._build_chain.pop()
        dock = self.panel(panel)
        placeholder = dock.widget()
        if spec.scrollable:
            self.window.set_panel_widget(dock, widget, scrollable=True)
        else:
            dock.setWidget(widget)
        if placeholder is not None and placeholder is not widget:
            placeholder.deleteLater()
        for callback in self._on_built.pop(panel, []):
            callback(widget)
        self.panel_built.emit(panel.value)
        return widget


__all__ = [
    "PANELS_SECTION",
    "FeatureContext",
    "MenuId",
    "PanelId",
    "PanelRegistry",
    "PanelRegistryError",
    "PanelSpec",
]
