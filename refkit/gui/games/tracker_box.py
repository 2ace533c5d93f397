"""A game tab's box for a tracker kept in the campaign's database (every game tab).

Every change is one step on the window's undo stack, worked out from the tracker shown, so a
change made meanwhile in another window or on the command line is refused (and the tracker read
again) rather than overwritten; undo and redo read it back. Subclasses build their widgets and
``show_tracker``; they change the tracker only through :meth:`change`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QToolButton, QVBoxLayout, QWidget

from refkit.app.games.tracker_table import TrackerModel, TrackerTable
from refkit.app.versioned import StateValues
from refkit.errors import DomainError
from refkit.gui.games.spec import GameContext

M = TypeVar("M", bound=TrackerModel)


def plain_label(text: str = "", *, wrap: bool = True) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    return label


def remove_button(what: str, remove: Callable[[], object]) -> QToolButton:
    """A row's "Remove" button, read out as "Remove ``what``", calling ``remove`` when clicked."""
    button = QToolButton()
    button.setText("Remove")
    button.setAccessibleName(f"Remove {what}")
    button.clicked.connect(lambda _=False: remove())
    return button


class TrackerBox(QGroupBox, Generic[M]):
    def __init__(
        self,
        title: str,
        context: GameContext,
        open_table: Callable[[StateValues], TrackerTable[M]],
        empty: M,
    ) -> None:
        super().__init__(title)
        self._context = context
        self._open_table = open_table
        self._table: TrackerTable[M] | None = None
        self._shown = ""
        self.tracker: M = empty
        self.body = QWidget()
        self.message_label = plain_label()
        self.message_label.setStyleSheet("color: #c62828;")
        self.status_label = plain_label("Opening the campaign's database…")
        layout = QVBoxLayout(self)
        layout.addWidget(self.status_label)
        layout.addWidget(self.body)
        layout.addWidget(self.message_label)
        self.body.setEnabled(False)
        stack = context.undo_stack
        if stack is not None:
            stack.indexChanged.connect(self._index_changed)  # gone with this box
        # Another client's change to the trackers: read again (for as long as this box lives).
        context.follow_changes(frozenset({"state"}), self.reload, owner=self)

    def start(self) -> None:
        """Read the tracker once the database is open (a subclass calls this when its widgets
        are built)."""
        self._context.when_ready(self.reload)

    def _index_changed(self, _index: int) -> None:
        self.reload()

    def reload(self) -> None:
        """Read the stored tracker again and show it."""
        values = self._context.state_values()
        if values is None:
            self.status_label.setText(
                "The tracker is kept in the campaign's database: none is open."
            )
            return
        self._table = self._open_table(values)
        table = self._table
        try:
            self.tracker, self._shown = self._write(table.read)
        except (DomainError, ValueError) as problem:
            self.message_label.setText(str(problem))
            return
        self.status_label.setText("Kept with the campaign; Edit ▸ Undo takes a change back.")
        self.body.setEnabled(True)
        self.show_tracker()

    def _write(self, function: Callable[[], tuple[M, str]]) -> tuple[M, str]:
        from refkit.gui.shell.undo_adapter import write_through

        result: tuple[M, str] = write_through(self._context.undo_stack, function)
        return result

    def change(self, text: str, change: Callable[[M], M]) -> bool:
        """One undoable step ``text`` on the tracker shown; a refusal is said, nothing changed."""
        from refkit.gui.shell.undo_adapter import push_command

        if self._table is None or self._context.undo_stack is None:
            return False
        self.message_label.clear()
        try:
            step = self._table.step(text, change, shown=self._shown)
            push_command(self._context.undo_stack, step)
        except (DomainError, ValueError) as problem:
            self.message_label.setText(str(problem))
            self.reload()
            return False
        self.reload()
        return True

    def show_tracker(self) -> None:
        """Show ``self.tracker`` (each game's box draws its own widgets)."""


def clear_layout(layout: object) -> None:
    """Take every widget out of a layout (hidden at once, deleted by the event loop)."""
    from PySide6.QtWidgets import QLayout

    assert isinstance(layout, QLayout)
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.deleteLater()
        elif item is not None and item.layout() is not None:
            clear_layout(item.layout())
