"""The Characters list's own widgets: the table (Enter opens a row; a row drags as its crow)
and the party chooser a dragged crow is dropped on to join a party."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeyEvent
from PySide6.QtWidgets import QComboBox, QTableView

from refkit.gui.characters.list_model import NAME, NAME_ROLE

CROW_MIME = "application/x-refkit-crow"
"""The drag of a crow from the list: its name, UTF-8."""


def crow_mime(name: str) -> QMimeData:
    data = QMimeData()
    data.setData(CROW_MIME, name.encode("utf-8"))
    data.setText(name)
    return data


def dropped_crow(data: QMimeData | None) -> str | None:
    if data is None or not data.hasFormat(CROW_MIME):
        return None
    name = bytes(data.data(CROW_MIME).data()).decode("utf-8", errors="replace")
    return name or None


class OpeningTable(QTableView):
    """A table where Enter opens the current row and a row drags as its crow's name."""

    activated_row = Signal(QModelIndex)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.activated_row.emit(self.currentIndex())
            event.accept()
            return
        super().keyPressEvent(event)

    def startDrag(self, supportedActions: Qt.DropAction) -> None:
        name = self.currentIndex().siblingAtColumn(NAME).data(NAME_ROLE)
        if not isinstance(name, str):
            return
        drag = QDrag(self)
        drag.setMimeData(crow_mime(name))
        drag.exec(Qt.DropAction.CopyAction)


class PartyChooser(QComboBox):
    """The party chooser, which takes a crow dragged from the list (it joins a party)."""

    crow_dropped = Signal(str, QPoint)

    def __init__(self) -> None:
        super().__init__()
        self.setAcceptDrops(True)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_crow(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if dropped_crow(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        name = dropped_crow(event.mimeData())
        if name is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.crow_dropped.emit(name, self.mapToGlobal(event.position().toPoint()))
