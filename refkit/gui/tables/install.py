"""Registers the rollable-tables editor: the Tables dock (tabbed with the roll log) and its import.

Its service arrives when the database is open (the dungeon feature hands it over through the
registry with the other dungeon services); other features listen to the editor's
``tables_changed`` and ``table_rolled`` through ``registry.when_built(PanelId.TABLES, …)``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.panel_registry import (
    FeatureContext,
    MenuId,
    PanelId,
    PanelRegistry,
    PanelSpec,
)


def register(registry: PanelRegistry, context: FeatureContext) -> None:
    """Dock the Tables editor beside the roll log; "Import a table…" goes in the Dungeon menu."""

    def build() -> QWidget:
        from refkit.gui.tables.editor import TableEditor

        editor = TableEditor(None, context.undo_stack)
        editor.status_message.connect(context.window.show_status)
        return editor

    def import_table() -> None:
        from refkit.gui.tables.editor import TableEditor

        registry.show(PanelId.TABLES)
        registry.widget(PanelId.TABLES, TableEditor).open_import()

    registry.add_panel(
        PanelSpec(
            PanelId.TABLES,
            "Tables",
            build,
            Qt.DockWidgetArea.RightDockWidgetArea,
            tabify_with=PanelId.ROLL_LOG if registry.has(PanelId.ROLL_LOG) else None,
            menu=MenuId.DUNGEON,
        )
    )

    def changed_elsewhere() -> None:  # another client imported, edited or deleted a table
        from refkit.gui.tables.editor import TableEditor

        if registry.is_built(PanelId.TABLES):
            registry.widget(PanelId.TABLES, TableEditor).reload()

    context.follow_changes(frozenset({"tables"}), changed_elsewhere)
    if registry.has(PanelId.ROLL_LOG):
        registry.arrange(registry.panel(PanelId.ROLL_LOG).raise_)
    registry.add_action(
        ActionSpec("table_import", "&Import a table…", import_table, menu=MenuId.DUNGEON,
                   section="windows")
    )  # fmt: skip
