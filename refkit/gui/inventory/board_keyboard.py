"""The inventory board's keyboard: a cursor over the slots (and the entries of a shared slot),
moved by the arrows to the nearest place that way; Space or Enter picks a card up and puts it
down, Escape cancels, W places or heals a wound, Delete drops a card on the ground, and the Menu
key (or Shift+F10) opens the context menu. What the cursor is over is said in the hint line and
to screen readers."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRectF, Qt
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QWidget

from refkit.gui.inventory.board_layout import GROUND_PLACE, BoardLayout, Place
from refkit.present import CardFace
from refkit.present.board_moves import Carry
from refkit.rules.character.model import Character
from refkit.rules.inventory.model import BACKPACK, GROUND, Item
from refkit.rules.inventory.moves import Verdict


class BoardKeyboard(QWidget):
    """The keyboard half of :class:`~refkit.gui.inventory.board.InventoryBoard`, which keeps the
    state below and provides the entries of a place, the verdict on a move, the moves
    themselves, the hint line and the context menu."""

    _layout: BoardLayout
    _character: Character | None
    _cursor: Place
    _cursor_entry: int
    _carry: Carry | None
    _selected: str | None
    _hover: Place | None
    _hover_verdict: Verdict | None
    _wounds_to_place: int

    BOARD_KEYS = frozenset(
        {
            Qt.Key.Key_Left,
            Qt.Key.Key_Right,
            Qt.Key.Key_Up,
            Qt.Key.Key_Down,
            Qt.Key.Key_Space,
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
            Qt.Key.Key_Escape,
            Qt.Key.Key_W,
            Qt.Key.Key_Delete,
            Qt.Key.Key_Menu,
        }
    )

    def event(self, event: QEvent) -> bool:
        # The window has one-key shortcuts (Space rolls a test, Escape resets modifiers...); while
        # the board has focus its own keys win.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in self.BOARD_KEYS
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        moves = {
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Up: (0, -1),
            Qt.Key.Key_Down: (0, 1),
        }
        if key in moves:
            self.move_cursor(*moves[key])
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.activate_cursor()
        elif key == Qt.Key.Key_Escape and (self._carry is not None or self._wounds_to_place):
            self.cancel()
        elif key == Qt.Key.Key_W:
            if self._cursor.area == BACKPACK and isinstance(self._cursor.at, int):
                self.toggle_wound(self._cursor.at)
            else:
                self._set_hint("Wounds go in backpack slots; move the cursor to one first")
        elif key == Qt.Key.Key_Delete:
            item = self._cursor_item()
            if item is not None and item.area != GROUND:
                self.drop_item(item.id, GROUND_PLACE)
        elif key == Qt.Key.Key_Menu or (
            key == Qt.Key.Key_F10 and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            rect = self._cursor_rect()
            point = rect.center().toPoint() if rect is not None else QPoint(10, 10)
            self.open_menu(point, self._cursor_item(), self._cursor)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _cursor_item(self) -> Item | None:
        entries = self._entries(self._cursor)
        if not entries:
            return None
        return entries[min(self._cursor_entry, len(entries) - 1)]

    def cursor_place(self) -> Place:
        return self._cursor

    def set_cursor(self, place: Place, entry: int = 0) -> None:
        self._cursor = place
        self._cursor_entry = entry
        self._announce_cursor()
        self.update()

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor one step in a direction (to the nearest place that way)."""
        entries = self._entries(self._cursor)
        if dy and len(entries) > 1:
            index = self._cursor_entry + dy
            if 0 <= index < len(entries):
                self._cursor_entry = index
                self._announce_cursor()
                self.update()
                return
        here = self._cursor_rect()
        if here is None:
            self.set_cursor(Place("hand", 1))
            return
        centre = here.center()
        best: tuple[float, Place] | None = None
        for place, rect in self._cursor_targets():
            offset = rect.center() - centre
            along = offset.x() * dx + offset.y() * dy
            if along <= 1:
                continue
            across = abs(offset.y()) if dx else abs(offset.x())
            score = along + across * 3
            if best is None or score < best[0]:
                best = (score, place)
        if best is not None:
            target = best[1]
            entry = 0
            if dy < 0:
                entry = max(0, len(self._entries(target)) - 1)
            self.set_cursor(target, entry)

    def _cursor_targets(self) -> list[tuple[Place, QRectF]]:
        targets = [(place, rect) for place, rect in self._layout.slots.items()]
        cells = self._layout.ground_cells
        if cells:
            targets += [(Place(GROUND, index), rect) for index, rect in enumerate(cells)]
        else:
            targets.append((Place(GROUND, None), self._layout.frames[GROUND].frame))
        return targets

    def activate_cursor(self) -> None:
        """Space/Enter: pick up the card under the cursor, or put the carried card down here."""
        if self._carry is not None:
            carry = self._carry
            made = self.drop_carry(carry, self._ground_or(self._cursor))
            if made:
                self._end_carry()
            self.update()
            return
        item = self._cursor_item()
        if item is None:
            self._set_hint(f"{self._cursor.label}: nothing here to pick up")
            return
        grab = 0
        if isinstance(self._cursor.at, int) and item.at is not None and self._cursor.area != GROUND:
            grab = self._cursor.at - item.at
        self._selected = item.id
        self._begin_carry(Carry(item, grab))
        self._announce_cursor()

    def cancel(self) -> None:
        """Put a picked-up card back. Wounds to place are not cancelled: the rules put them in
        the backpack, so they wait (kept with the crow) until the player places them."""
        if self._carry is not None:
            self._end_carry()
            self._set_hint("Move cancelled; nothing changed")
        elif self._wounds_to_place:
            count = self._wounds_to_place
            self._set_hint(
                f"{count} wound{'s' if count != 1 else ''} still to place: they wait on the sheet "
                "until each is in a backpack slot"
            )
        self.update()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._announce_cursor()
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def _cursor_rect(self) -> QRectF | None:
        place = self._cursor
        if place.area == GROUND:
            cells = self._layout.ground_cells
            if isinstance(place.at, int) and 0 <= place.at < len(cells):
                return cells[place.at]
            return self._layout.frames[GROUND].frame
        if place not in self._layout.slots:
            return None
        entries = self._entries(place)
        cell = self._layout.slots[place]
        if len(entries) > 1:
            area = self._layout.card_area(place)
            band = area.height() / len(entries)
            index = min(self._cursor_entry, len(entries) - 1)
            return QRectF(area.left(), area.top() + index * band, area.width(), band)
        return cell

    def _announce_cursor(self) -> None:
        place = self._cursor
        entries = self._entries(place)
        where = "The ground" if place.area == GROUND else place.label
        if self._carry is not None:
            verdict = self.verdict(self._carry, self._ground_or(place))
            self._hover, self._hover_verdict = self._ground_or(place), verdict
            text = f"{where}: {self.describe_verdict(self._carry, self._ground_or(place), verdict)}"
            text += " — Space to put it here, Escape to cancel"
        elif entries:
            item = entries[min(self._cursor_entry, len(entries) - 1)]
            text = f"{where}: {CardFace.from_item(item).spoken()} — Space to pick up, Menu for more"
        else:
            text = f"{where}: empty"
        if place.area == BACKPACK and self._character is not None:
            assert isinstance(place.at, int)
            wound = "wounded" if place.at in self._character.wound_slots else "no wound"
            text += f" ({wound}; W toggles)"
        self.setAccessibleDescription(text)
        self._set_hint(text)

    @staticmethod
    def _ground_or(place: Place) -> Place:
        return GROUND_PLACE if place.area == GROUND else place
