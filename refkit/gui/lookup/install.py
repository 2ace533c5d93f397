"""Registers the rules lookup: View ▸ Look up rules… and Ctrl+K, in every Refkit window.

The lookup searches the same index as ``refkit lookup``: the file in the data folder, built once
(and again only when the reference or card files change). Opening it, and building it when it
is missing, happens in a background thread a few seconds after the lookup is registered (once
the start-up work is done), so the first Ctrl+K finds it ready and the window never waits on it;
a Ctrl+K that comes sooner starts it at once and opens the lookup the moment it is ready. Only
when the data folder cannot be written is the index held in memory, and that too is built in
the background.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QTabWidget, QWidget

from refkit.gui.shell.actions import ActionSpec
from refkit.gui.shell.panel_registry import FeatureContext, MenuId, PanelRegistry

if TYPE_CHECKING:
    from refkit.games.reference import ReferenceLibrary
    from refkit.gui.lookup.dialog import LookupDialog
    from refkit.store.lookup import LookupIndex

SHORTCUT = "Ctrl+K"
GAMES_PANEL = "games_panel"
"""The Games panel's object name; its tabs are named ``game_tab_<game id>``."""
DEFAULT_GAME = "crows"
PREPARE_AFTER_MS = 3000
"""How long after registering the index is prepared: the window has settled by then."""


def front_game(window: QWidget) -> str:
    """The game in front of ``window``: the Games panel's tab when that panel can be seen,
    Crows otherwise (the app's own panels are all Crows')."""
    games = window.findChild(QTabWidget, GAMES_PANEL)
    if games is not None and games.isVisible() and not games.visibleRegion().isEmpty():
        name = games.currentWidget().objectName() if games.currentWidget() else ""
        if name.startswith("game_tab_"):
            return name.removeprefix("game_tab_")
    return DEFAULT_GAME


def prepare_lookup() -> tuple[ReferenceLibrary, LookupIndex, tuple[str, ...]]:
    """The reference, the index (opened from the data folder, built there first if needed) and
    the mistakes found in the files. Runs in the background thread."""
    from refkit.games.reference import read_reference
    from refkit.present.lookup_documents import card_documents
    from refkit.store.location import data_dir
    from refkit.store.lookup import LookupIndex

    library, problems = read_reference()
    try:
        folder = data_dir()
    except OSError:
        cards, card_problems = card_documents()
        return library, LookupIndex.in_memory(library, cards), (*problems, *card_problems)
    return library, LookupIndex.open_cached(folder, library=library), problems


class LookupOpener(QObject):
    """Owns the one lookup window of a main window, made once the index is ready; ``say`` puts
    a message in the window's status bar (the reference folder missing from an installation,
    say, or that the lookup is still being prepared)."""

    _prepared = Signal(object)
    """(result or exception) from the background thread, delivered on the GUI thread."""
    ready = Signal()
    """The index is open (or could not be): a waiting Ctrl+K has been answered."""

    def __init__(
        self,
        parent: QWidget,
        say: Callable[[str, int], object],
        prepare: Callable[[], Any] = prepare_lookup,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self._say = say
        self._prepare = prepare
        self.dialog: LookupDialog | None = None
        self._result: Any = None
        self._thread: threading.Thread | None = None
        self._wanted = False
        self._prepared.connect(self._on_prepared, Qt.ConnectionType.QueuedConnection)

    def start(self) -> None:
        """Open (or build) the index in the background, once."""
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._run, name="refkit-lookup-index", daemon=True
            )
            self._thread.start()

    def _run(self) -> None:
        try:
            result: Any = self._prepare()
            # the window's modules too: importing them is most of what a Ctrl+K would wait for
            importlib.import_module("refkit.gui.lookup.dialog")
        except Exception as error:  # handed to the GUI thread, which says it
            result = error
        try:
            self._prepared.emit(result)
        except RuntimeError:  # the window closed meanwhile: nobody waits for it
            if not isinstance(result, Exception):
                result[1].close()

    def _on_prepared(self, result: Any) -> None:
        self._result = result
        if self._wanted:
            self._wanted = False
            self.open()
        self.ready.emit()

    def open(self) -> None:
        if self.dialog is None:
            if self._result is None:
                self._wanted = True
                self._say("Preparing the rules lookup…", 3000)
                self.start()
                return
            if isinstance(self._result, Exception):
                self._say(f"The rules lookup cannot open: {self._result}", 15000)
                self._result, self._thread = None, None  # the next Ctrl+K tries again
                return
            from refkit.gui.lookup.dialog import LookupDialog

            library, index, problems = self._result
            window = self._parent
            self.dialog = LookupDialog(
                library, index, problems, self._parent, front_game=lambda: front_game(window)
            )
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
            tip="Search the rules of all five games and Crows' items, spells, creatures and tables",
            application_wide=True,
        )
    )
    QTimer.singleShot(PREPARE_AFTER_MS, opener, opener.start)
    return opener
