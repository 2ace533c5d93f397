"""The workspaces: whole-window arrangements of the panels for one job at the table.

*Referee* puts the dungeon-turn clock in front on the left, the lights and effects over the roll
log on the right, so the clock, the lights and the party (chosen on the clock's panel) are seen at
once; the dice are one tab away. *Characters* puts the crow list over the item catalogue on the
left and the sheet on the right, for building and equipping crows. A fresh start and Reset panel
layout use Referee. The fight tracker is the tab next to the clock. *Travel* puts the travel day
in front on the left, the map over the dice and the roll log on the right.

A workspace only docks and tabs what is registered: a panel that has not joined yet (the
database still opening) is left out and joins where its feature puts it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow

from refkit.gui.shell.panel_registry import PanelId, PanelRegistry

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea


class Workspace(StrEnum):
    REFEREE = "referee"
    CHARACTERS = "characters"
    TRAVEL = "travel"


@dataclass(frozen=True)
class Column:
    """One dock area: ``stacks`` top to bottom, each a tab group whose first panel is in front;
    ``heights`` their share of the column."""

    area: Qt.DockWidgetArea
    stacks: tuple[tuple[PanelId, ...], ...]
    heights: tuple[int, ...] = ()


@dataclass(frozen=True)
class Arrangement:
    left: Column
    right: Column
    widths: tuple[int, int]
    """Left and right column shares of the window's width."""


ARRANGEMENTS: dict[Workspace, Arrangement] = {
    Workspace.REFEREE: Arrangement(
        Column(
            LEFT,
            ((PanelId.DUNGEON_TURN, PanelId.FIGHT, PanelId.DICE, PanelId.GAMES,
              PanelId.CHARACTERS, PanelId.CHARACTER_SHEET, PanelId.ITEM_CATALOGUE,
              PanelId.TABLES),),
        ),
        # The sheet and the table editor are on the left: under the lights the sheet would
        # make the column too tall, and beside the sheet the editor too wide for a laptop.
        Column(
            RIGHT,
            ((PanelId.EFFECTS, PanelId.HAZARDS),
             (PanelId.ROLL_LOG, PanelId.SESSION_LOG)),
            (3, 2),
        ),
        (700, 520),
    ),
    Workspace.CHARACTERS: Arrangement(
        Column(
            LEFT,
            ((PanelId.CHARACTERS, PanelId.DICE, PanelId.GAMES, PanelId.DUNGEON_TURN),
             (PanelId.ITEM_CATALOGUE,)),
            (2, 3),
        ),
        Column(
            RIGHT,
            ((PanelId.CHARACTER_SHEET, PanelId.ROLL_LOG, PanelId.EFFECTS, PanelId.HAZARDS,
              PanelId.SESSION_LOG, PanelId.TABLES),),
        ),
        (460, 740),
    ),
    # Travel: the day's form (with its own map) on the left, the map panel and the dice and the
    # lights on the right, so a day and the effects that burn through it are seen together.
    Workspace.TRAVEL: Arrangement(
        Column(
            LEFT,
            ((PanelId.TRAVEL_DAY, PanelId.DUNGEON_TURN, PanelId.CHARACTERS,
              PanelId.CHARACTER_SHEET, PanelId.ITEM_CATALOGUE, PanelId.TABLES, PanelId.SPELLS),),
        ),
        # The fight beside the map (a tall panel in the short stack would make the column
        # taller than a laptop's screen).
        Column(
            RIGHT,
            ((PanelId.TRAVEL_MAP, PanelId.EFFECTS, PanelId.HAZARDS, PanelId.FIGHT),
             (PanelId.DICE, PanelId.ROLL_LOG, PanelId.SESSION_LOG, PanelId.GAMES)),
            (3, 2),
        ),
        (880, 480),
    ),
}  # fmt: skip


def in_front(window: QMainWindow, dock: QDockWidget) -> bool:
    """Shown and not hidden behind another tab of its group."""
    return dock.isVisible() and not dock.isFloating() and not dock.visibleRegion().isEmpty()


def _unnamed(registry: PanelRegistry, layout: Arrangement) -> tuple[PanelId, ...]:
    """The registered panels ``layout`` does not name, as registered: they join the last tab
    group of its right column."""
    named = {panel for column in (layout.left, layout.right) for s in column.stacks for panel in s}
    return tuple(panel for panel in registry.panels() if panel not in named)


def arrange(registry: PanelRegistry, workspace: Workspace) -> None:
    """Dock, tab, size and bring to the front the registered panels as ``workspace`` says;
    a registered panel it does not name joins the last tab group of the right column."""
    window = registry.window
    layout = ARRANGEMENTS[workspace]
    extra = _unnamed(registry, layout)
    columns = [layout.left, layout.right]
    if extra:
        right = layout.right
        columns[1] = Column(
            right.area, (*right.stacks[:-1], right.stacks[-1] + extra), right.heights
        )
    _place(registry, columns, layout.widths)
    # The docks just shown report their least sizes once their show events are handled: then,
    # on a short screen (a laptop, or 2× scaling), each column becomes one tab group, so the
    # window needs the tallest panel's height, not the sum of the stacks' (it never grows off
    # the screen).
    before = window.geometry()

    def refit(*_args: object) -> None:
        QTimer.singleShot(0, window, lambda: fit_screen(registry, columns, layout.widths, before))

    refit()
    # A panel built later (when first shown) may need more room than its placeholder did.
    for panel in registry.panels():
        if not registry.is_built(panel):
            registry.when_built(panel, refit)


def fit_screen(
    registry: PanelRegistry,
    columns: list[Column],
    widths: tuple[int, int],
    before: QRect | None = None,
) -> bool:
    """Tab each column's stacks together when the arrangement does not fit the screen; True
    when it had to. The window goes back to ``before`` (its place before the workspace was
    arranged) where the arrangement had made it grow."""
    window = registry.window
    if not window.taller_than_screen() or all(len(column.stacks) < 2 for column in columns):
        return False
    geometry = window.geometry()
    if before is not None and geometry.height() > before.height():
        geometry = before
    _place(registry, [_one_stack(column) for column in columns], widths)
    if not window.isMaximized() and not window.isFullScreen():
        window.setGeometry(geometry)
        window.keep_on_screen()
    return True


def _one_stack(column: Column) -> Column:
    """``column`` with its stacks as one tab group, in order."""
    return Column(column.area, (tuple(p for stack in column.stacks for p in stack),))


def _place(registry: PanelRegistry, columns: list[Column], widths: tuple[int, int]) -> None:
    window = registry.window
    docks = {panel: registry.panel(panel) for panel in registry.panels()}
    for dock in docks.values():  # out of the layout first, so each goes exactly where it is put
        dock.setFloating(False)
        window.removeDockWidget(dock)
    fronts: list[list[QDockWidget]] = []
    for column in columns:
        heads: list[QDockWidget] = []
        for stack in column.stacks:
            present = [docks[panel] for panel in stack if panel in docks]
            if not present:
                continue
            head = present[0]
            window.addDockWidget(column.area, head, Qt.Orientation.Vertical)
            head.show()
            for other in present[1:]:
                window.tabifyDockWidget(head, other)
                other.show()
            heads.append(head)
        fronts.append(heads)
        if len(heads) > 1 and len(column.heights) == len(column.stacks):
            shares = [column.heights[column.stacks.index(s)] for s in column.stacks
                      if any(panel in docks for panel in s)]  # fmt: skip
            window.resizeDocks(heads, shares, Qt.Orientation.Vertical)
    for heads in fronts:
        for head in heads:
            head.raise_()
    tops = [heads[0] for heads in fronts if heads]
    if len(tops) == 2:
        window.resizeDocks(tops, list(widths), Qt.Orientation.Horizontal)


def fronts(registry: PanelRegistry) -> list[PanelId]:
    """The registered panels the user sees now (shown, in front of their tab groups)."""
    window = registry.window
    return [panel for panel in registry.panels() if in_front(window, registry.panel(panel))]


def join(
    registry: PanelRegistry, workspace: Workspace, late: list[PanelId], seen: list[PanelId]
) -> None:
    """Put panels registered after :func:`arrange` ran into their tab groups of ``workspace``,
    in its order, then bring ``seen`` — the panels in front before they came (see
    :func:`fronts`) — to the front again, so nothing the user looks at moves. A panel the
    workspace does not name joins the last tab group of the right column."""
    window = registry.window
    layout = ARRANGEMENTS[workspace]
    stacks = [stack for column in (layout.left, layout.right) for stack in column.stacks]
    docks = {panel: registry.panel(panel) for panel in registry.panels()}
    extra = _unnamed(registry, layout)
    for index, stack in enumerate(stacks):
        members = (*stack, *extra) if index == len(stacks) - 1 else stack
        if not any(panel in late for panel in members):
            continue
        present = [panel for panel in members if panel in docks]
        head = next((docks[p] for p in present if p not in late), None)
        if head is None:  # the whole group is new: it stays where its feature docked it
            continue
        # Tabbing a dock again moves it to the end of its group: every member after the head,
        # in the workspace's order, gives the group that order (the fight tracker next to the
        # clock, not last).
        for panel in present:
            dock = docks[panel]
            if dock is head:
                continue
            dock.setFloating(False)
            window.tabifyDockWidget(head, dock)
            dock.show()
    for panel in seen:
        if panel in docks:
            docks[panel].raise_()


__all__ = ["ARRANGEMENTS", "Workspace", "arrange", "fit_screen", "fronts", "in_front", "join"]
