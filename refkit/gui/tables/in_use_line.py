"""The table editor's line naming the tables in use (backlash, Miasma): read where the window
reads, again after every step or undo while it is seen, and once shown after steps made while
it was hidden."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6

from refkit.gui.common.plain_text import PlainLabel

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack

    from refkit.app.table_service import ActiveTable, TableService

log = logging.getLogger(__name__)


class TablesInUseLine(PlainLabel):
    """The tables in use, one line each (table names as typed, so plain text)."""

    def __init__(self, is_seen: Callable[[], bool]) -> None:
        super().__init__("")
        self.setObjectName("table_in_use")
        self.setWordWrap(True)
        self._is_seen = is_seen
        self._service: TableService | None = None
        self._undo_stack: QUndoStack | None = None
        self.stale = False
        """The undo stack moved while the panel was hidden: read the tables in use when
        shown."""
        self._reading = False  # a read of them is on its way in the worker

    def set_source(self, service: TableService | None, undo_stack: QUndoStack | None) -> None:
        self._service = service
        self._undo_stack = undo_stack

    def current_text(self) -> str:
        """The line as it stands once any read it is waiting for is done."""
        if self.stale or self._reading:
            self.read_now()
        return self.text()

    def history_moved(self, _index: int) -> None:
        """A step was made or undone: the tables in use are read again if the panel is seen
        (in the worker, not waited for: the step's press is answered at once), else when it
        is shown."""
        if not self._is_seen():
            self.stale = True
            return
        service = self._service
        if service is None:
            return
        from refkit.gui.shell.undo_adapter import read_later

        self._reading = True
        read_later(self._undo_stack, service.active_tables, self._read, self._failed)

    def _read(self, active: list[ActiveTable]) -> None:
        if shiboken6.isValid(self):
            self._reading = False
            self.setText(in_use_lines(active))

    def _failed(self, error: BaseException) -> None:
        if shiboken6.isValid(self):
            self._reading = False
            log.warning("cannot read the tables in use: %s", error)
            self.setText(f"Cannot read the tables in use: {error}")

    def read_now(self, *_args: object) -> None:
        """Read the tables in use here and now (where the undo stack writes)."""
        self.stale = self._reading = False
        if self._service is None:
            self.clear()
            return
        from refkit.gui.shell.undo_adapter import write_through

        try:
            text = in_use_lines(write_through(self._undo_stack, self._service.active_tables))
        except Exception as error:  # a read failure must not take the panel down
            log.warning("cannot read the tables in use: %s", error)
            text = f"Cannot read the tables in use: {error}"
        self.setText(text)


def in_use_lines(active: list[ActiveTable]) -> str:
    """The in-use line: each use's table, and whether it is Refkit's default."""
    from refkit.app.table_service import USE_SPECS

    return "\n".join(
        f"{USE_SPECS[one.use].label.capitalize()} table: {one.name}"
        + ("" if one.chosen else " (Refkit's default)")
        for one in active
    )
