"""Registers the rules lookup: View ▸ Look up rules… and Ctrl+K, in every Refkit window.

The reference is read and indexed the first time the lookup opens (a few tens of ms), not at
start-up. The index is built in memory: the GUI writes nothing for it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.panel_registry import FeatureContext, MenuId, PanelRegistry

SHORTCUT = "Ctrl+K"


class LookupOpener:
    """Owns the one lookup window of a main window, made on first use; ``say`` puts a message
    in the window's status bar (the reference folder missing from an installation, say)."""

    def __init__(self, parent: QWidget, say: Callable[[str, int], object]) -> None:
        self._parent = parent
        self._say = say
        self.dialog = None

    def open(self) -> None:
        if self.dialog is None:
            from refkit.games.reference import read_reference
            from refkit.gui.lookup.dialog import LookupDialog
            from refkit.store.lookup import LookupIndex

            try:
                library, problems = read_reference()
            except OSError as error:
                self._say(f"The rules lookup cannot open: {error}", 15000)
                return
            index = LookupIndex.in_memory(library)
            self.dialog = LookupDialog(library, index, problems, self._parent)
            self.dialog.destroyed.connect(index.close)
        self.dialog.open_for_search()


def register(registry: PanelRegistry, context: FeatureContext) -> LookupOpener:
    opener = LookupOpener(context.window, context.window.show_status)
    registry.add_action(
        ActionSpec(
            "lookup",
            "&Look up rules…",
            opener.open,
            (SHORTCUT,),
            menu=MenuId.VIEW,
            section="lookup",
            tip="Search the rules reference of Crows and the other games",
            application_wide=True,
        )
    )
    return opener
