"""Registers the Crafting panel (projects, rolls during a rest, completion) and "New crafting
project…" in the Crows menu. The composition root calls :func:`register` once the database is
open, with the crafting service and the party at the table (its crows are offered first)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

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
    from refkit.app.characters.roll_for import PartyAtTable
    from refkit.app.crafting.service import CraftingService


def register(
    registry: PanelRegistry,
    context: FeatureContext,
    service: CraftingService,
    party: PartyAtTable | None = None,
) -> None:
    def build() -> QWidget:
        from refkit.gui.crafting.panel import CraftingPanel
        from refkit.gui.shell.undo_adapter import push_made, write_through

        panel = CraftingPanel(
            service,
            partial(push_made, context.undo_stack),
            at_table=party.members if party is not None else tuple,
            read=partial(write_through, context.undo_stack),
            read_now=False,
        )
        context.undo_stack.indexChanged.connect(panel.history_moved)
        # Another client's crafting roll or project: read again (now, or when shown).
        context.follow_changes(
            frozenset({"crafting"}), lambda: panel.history_moved(-1), owner=panel
        )
        # The projects are read in the worker once the panel is built: a read waited for while
        # the registry is still building it would turn the event loop inside the build.
        QTimer.singleShot(0, panel, panel.refresh)
        return panel

    def new_project() -> None:
        from refkit.gui.crafting.panel import CraftingPanel

        registry.show(PanelId.CRAFTING)
        registry.widget(PanelId.CRAFTING, CraftingPanel).open_new_project()

    registry.add_panel(
        PanelSpec(
            PanelId.CRAFTING,
            "Crafting",
            build,
            Qt.DockWidgetArea.RightDockWidgetArea,
            tabify_with=PanelId.TABLES if registry.has(PanelId.TABLES) else None,
            menu=MenuId.CROWS,
            build_when_idle=False,
            scrollable=True,  # 478 px tall at its least: in its tab group it kept 768 px
            # laptops from the Referee arrangement (a short screen scrolls it instead)
        )
    )
    registry.add_action(
        ActionSpec("craft_new_project", "New &crafting project…", new_project, menu=MenuId.CROWS)
    )

    def town_day() -> None:
        from refkit.gui.crafting.town_dialog import TownDayDialog
        from refkit.gui.shell.undo_adapter import push_made, write_through

        services = context.services()
        if services is None:
            return
        dialog = TownDayDialog(
            services,
            partial(push_made, context.undo_stack),
            partial(write_through, context.undo_stack),
            context.window,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    registry.add_action(ActionSpec("town_day", "&Town day…", town_day, menu=MenuId.CROWS))
