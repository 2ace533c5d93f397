"""Live refresh in the window: what another client commits (another laptop on the campaign's
server, the command line or a second window on the same file) is read again by every open view of
it, on the GUI thread, without the user asking.

The database's watch (:meth:`refkit.store.database.Database.watch_changes`) hears the news on a
thread of its own; :class:`ChangeHub` brings it to the GUI thread, gathers what arrives within
:data:`GATHER_MS` into one refresh (ten rolls from another laptop read the roll log once), and
calls each view that follows one of the kinds that changed. Features ask for it through their
:class:`~refkit.gui.shell.panel_registry.FeatureContext` (``follow_changes``). A server connection
the watch lost is said in the status bar until it is back.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel

from refkit.gui.shell.gui_thread import on_gui_thread

if TYPE_CHECKING:
    from refkit.gui.shell.main_window import MainWindow
    from refkit.store.change_feed import ChangeNotice, ChangeWatch
    from refkit.store.database import Database

log = logging.getLogger(__name__)

GATHER_MS: Final = 150
LOST_PREFIX: Final = "Live updates paused:"
BACK: Final = "Live updates are back: everything shown was read again"


class ChangeHub(QObject):
    """The window's followers of other clients' changes, and the watch that feeds them."""

    refreshed = Signal(object)
    """The kinds (a frozenset of str) just read again, after every follower of them ran."""
    connection_said = Signal(str)
    """What the status bar now says of the server connection ("" once it is back)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("change_hub")
        self._followers: list[tuple[frozenset[str], Callable[[], None]]] = []
        self._pending: set[str] = set()
        self._watch: ChangeWatch | None = None
        self._gather = QTimer(self)
        self._gather.setSingleShot(True)
        self._gather.setInterval(GATHER_MS)
        self._gather.timeout.connect(self._refresh)
        self._heard = on_gui_thread(self._collect)
        self._status = on_gui_thread(self._say_status)

    def follow(
        self,
        kinds: frozenset[str] | set[str],
        refresh: Callable[[], None],
        owner: QObject | None = None,
    ) -> None:
        """Call ``refresh()`` on the GUI thread when another client changes one of ``kinds``;
        with ``owner``, only for as long as that widget lives."""
        entry = (frozenset(kinds), refresh)
        self._followers.append(entry)
        if owner is not None:
            owner.destroyed.connect(lambda *_: self._unfollow(entry))

    def _unfollow(self, entry: tuple[frozenset[str], Callable[[], None]]) -> None:
        with contextlib.suppress(ValueError):
            self._followers.remove(entry)

    def watch(self, database: Database) -> None:
        """Hear ``database``'s news from now on (instead of the last database's)."""
        self.stop()
        try:
            self._watch = database.watch_changes(self._heard_off_thread, self._status_off_thread)
        except Exception as error:  # live updates are a convenience: the window works without
            log.warning("no live updates from %s: %s", database.shown, error)
            self.connection_said.emit(f"{LOST_PREFIX} {error}")

    def stop(self) -> None:
        """Stop hearing (before the database closes); what was gathered is dropped."""
        watch, self._watch = self._watch, None
        if watch is not None:
            watch.stop()
        self._gather.stop()
        self._pending.clear()

    # -- from the watch's thread ---------------------------------------------------------------

    def _heard_off_thread(self, notice: ChangeNotice) -> None:
        self._heard(notice.kinds)

    def _status_off_thread(self, lost: str | None) -> None:
        self._status(lost)

    # -- on the GUI thread ---------------------------------------------------------------------

    def _collect(self, kinds: frozenset[str]) -> None:
        if self._watch is None:
            return  # stopped while the news was on its way
        self._pending |= kinds
        if not self._gather.isActive():
            self._gather.start()

    def _refresh(self) -> None:
        kinds, self._pending = frozenset(self._pending), set()
        for wanted, refresh in list(self._followers):
            if wanted & kinds:
                try:
                    refresh()
                except Exception:  # one view failing to read again must not stop the others
                    log.exception("a view could not be read again after another client's change")
        self.refreshed.emit(kinds)

    def _say_status(self, lost: str | None) -> None:
        if lost is None:
            self.connection_said.emit("")
        else:
            self.connection_said.emit(f"{LOST_PREFIX} {lost}; trying again")


def live_refresh_for(window: MainWindow) -> ChangeHub:
    """The window's hub, with a label at the right of its status bar that says a lost server
    connection for as long as it lasts (and, briefly, that it is back)."""
    hub = ChangeHub(window)
    label = QLabel(window.statusBar())
    label.setObjectName("live_updates_state")
    label.setTextFormat(Qt.TextFormat.PlainText)  # a server's words are not markup
    label.setStyleSheet("color: #b00020; font-weight: bold;")
    label.setVisible(False)
    window.statusBar().addPermanentWidget(label)

    def say(text: str) -> None:
        was_lost = label.isVisible()
        label.setText(text)
        label.setToolTip(text)
        label.setVisible(bool(text))
        if not text and was_lost:
            window.show_status(BACK)

    hub.connection_said.connect(say)
    return hub
