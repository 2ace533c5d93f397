"""The pets' packs under the inventory board: a small row of slots per pet.

Drop a card from the board on a pet's row to put it on that pet (in the slot it is let go over);
right-click a packed item to take it back to the backpack, the belt, a hand or the ground, or to
put it on another pet. Every move goes to the crow's editing (one undo step); a refused one says
why in the board's hint line and changes nothing. Hidden for a crow without pets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QGridLayout, QMenu, QToolButton, QVBoxLayout, QWidget

from refkit.gui.common.plain_text import mnemonic_safe, plain_label, rich_tooltip
from refkit.gui.inventory.drag import CarriedItemDrag, read_drag
from refkit.present.pet_packs_view import PackMove, PackRow, cell_text, pack_rows, take_moves
from refkit.rules.character.model import Character
from refkit.rules.inventory.model import InventoryRules
from refkit.rules.inventory.moves import MoveRefused

CELL_WIDTH = 72
CELLS_A_LINE = 5
"""Five slots a line (as the backpack's rows): a Riding Horse's 12 take three lines, and the strip
is no wider than the board's narrowest, so it never widens the sheet on a 1366×768 screen."""
TITLE_WIDTH = 140


class PackEditing(Protocol):
    """What the strip asks of the crow's editing (each call one undo step, or raises)."""

    def pack_item(self, item_id: str, pet: str, at: int | None = None) -> None: ...

    def unpack_item(self, item_id: str, area: str, at: int | str | None = None) -> None: ...


class PetRow(QWidget):
    """One pet: its title and its slots; takes a card dropped from the board."""

    def __init__(self, strip: PetPacksStrip, row: PackRow) -> None:
        super().__init__(strip)
        self.strip = strip
        self.pet = row.pet
        self.setObjectName("pet_row")
        self.setAcceptDrops(bool(row.cells))
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        title = plain_label(row.title)
        title.setObjectName("pet_title")
        title.setWordWrap(True)
        title.setFixedWidth(TITLE_WIDTH)
        title.setToolTip(rich_tooltip(row.reason or row.title))
        layout.addWidget(title, 0, 0, max(1, -(-len(row.cells) // CELLS_A_LINE)), 1)
        self.cells: list[QToolButton] = []
        for cell in row.cells:
            button = QToolButton(self)
            button.setObjectName(f"pack_slot_{cell.slot}")
            button.setText(mnemonic_safe(cell_text(cell)))
            button.setFixedWidth(CELL_WIDTH)
            button.setProperty("slot", cell.slot)
            if cell.item is not None:
                button.setProperty("item_id", cell.item.id)
                button.setToolTip(rich_tooltip(f"{cell.item.name} on {row.pet}: right-click"))
                button.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
                button.customContextMenuRequested.connect(
                    lambda point, b=button, i=cell.item.id: strip.open_menu(i, b.mapToGlobal(point))
                )
                button.clicked.connect(
                    lambda _=False, b=button, i=cell.item.id: strip.open_menu(
                        i, b.mapToGlobal(QPoint(0, b.height()))
                    )
                )
            else:
                button.setToolTip(rich_tooltip(f"{row.pet}'s pack slot {cell.slot}: free"))
            line, column = divmod(cell.slot - 1, CELLS_A_LINE)
            layout.addWidget(button, line, column + 1)
            self.cells.append(button)
        layout.setColumnStretch(CELLS_A_LINE + 1, 1)

    def slot_at(self, point: QPoint) -> int | None:
        for button in self.cells:
            if button.geometry().contains(point):
                return int(button.property("slot"))
        return None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if isinstance(read_drag(event.mimeData()), CarriedItemDrag):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if isinstance(read_drag(event.mimeData()), CarriedItemDrag):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        drag = read_drag(event.mimeData())
        if not isinstance(drag, CarriedItemDrag) or drag.character != self.strip.crow_name():
            return
        event.acceptProposedAction()
        at = self.slot_at(event.position().toPoint())
        self.strip.put(drag.item_id, self.pet, at)


class PetPacksStrip(QWidget):
    """The pets' packs of the open crow, under the board."""

    hint_changed = Signal(str)
    """What a put or take did, or why it was refused (for the board's hint line)."""

    def __init__(self, editing: PackEditing, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pet_packs")
        self._editing = editing
        self._character: Character | None = None
        self._rules: InventoryRules | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 2, 0, 2)
        self._layout.setSpacing(2)
        self.rows: list[PetRow] = []
        self.last_menu: QMenu | None = None
        self.hide()

    def set_rules(self, rules: InventoryRules) -> None:
        self._rules = rules

    def set_character(self, character: Character | None) -> None:
        self._character = character
        for row in self.rows:
            self._layout.removeWidget(row)
            row.deleteLater()
        self.rows = [PetRow(self, row) for row in pack_rows(character)]
        for row in self.rows:
            self._layout.addWidget(row)
        self.setVisible(bool(self.rows))

    def crow_name(self) -> str:
        return self._character.name if self._character is not None else ""

    def row(self, pet: str) -> PetRow:
        return next(row for row in self.rows if row.pet == pet)

    def put(self, item_id: str, pet: str, at: int | None = None) -> None:
        self._run(lambda: self._editing.pack_item(item_id, pet, at), f"Put on {pet}")

    def menu_for(self, item_id: str) -> QMenu:
        menu = QMenu(self)
        menu.setObjectName("pack_menu")
        menu.setToolTipsVisible(True)
        if self._character is None:
            return menu
        for move in take_moves(self._character, item_id, self._rules):
            action = menu.addAction(mnemonic_safe(move.text))
            action.setEnabled(move.ok)
            action.setToolTip(rich_tooltip(move.reason))
            action.triggered.connect(lambda _=False, m=move, i=item_id: self.make(i, m))
        return menu

    def open_menu(self, item_id: str, where: QPoint) -> None:
        self.last_menu = self.menu_for(item_id)
        self.last_menu.popup(where)

    def make(self, item_id: str, move: PackMove) -> None:
        if move.pet is not None:
            self.put(item_id, move.pet)
            return
        self._run(lambda: self._editing.unpack_item(item_id, move.area), move.text)

    def _run(self, action: Callable[[], None], done: str) -> None:
        try:
            action()
        except (MoveRefused, ValueError, KeyError) as error:
            self.hint_changed.emit(f"✗ {error.args[0] if error.args else error}")
            return
        self.hint_changed.emit(done)
