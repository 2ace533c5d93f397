"""The inventory board: a crow's slots drawn like the paper sheet, with cards to drag between them.

The board shows one :class:`~refkit.rules.character.model.Character` and never changes it
itself: every move, split, wound or armour change is asked of an :class:`InventoryEditing` object
(the character session), which turns it into an undoable, autosaved command. Before anything is
asked, the board checks the move with :func:`~refkit.rules.inventory.moves.can_place`, so a refused
drop changes nothing and the reason is shown in words — in a tooltip at the pointer and in the hint
line.

Mouse: drag a card; legal targets turn green with a ✓, illegal ones red with a ✗; click a backpack
slot's wound box to place or heal a wound; right-click for more.

Keyboard: arrows move the cursor between slots (and between the entries of a shared slot); Space or
Enter picks the card up and, after moving, puts it down; Escape cancels; W places or heals a wound
in a backpack slot; Delete drops a card on the ground; the Menu key or Shift+F10 opens the same
context menu as a right-click, whose "Move to" lists every place with the reason a place is closed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, QPoint, QPointF, QSize, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QDrag,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QApplication, QMenu, QSizePolicy, QToolTip, QWidget

from refkit.gui.inventory.board_keyboard import BoardKeyboard
from refkit.gui.inventory.board_layout import (
    BoardLayout,
    BoardMetrics,
    Place,
    compute_layout,
    minimum_width,
)
from refkit.gui.inventory.board_menu import build_board_menu
from refkit.gui.inventory.board_moves import CardHit, card_hits
from refkit.gui.inventory.board_painter import BoardScene, paint_board
from refkit.gui.inventory.drag import (
    CarriedItemDrag,
    CatalogueDrag,
    carried_item_mime,
    read_drag,
)
from refkit.gui.inventory.item_card_widget import (
    card_pixmap,
)
from refkit.gui.inventory.lighting import ItemLighter
from refkit.present import CardFace
from refkit.present.board_moves import (
    Carry,
    DropKind,
    describe_verdict,
    entries_at,
    judge,
    judge_everywhere,
    not_moved,
    place_of,
    plan_drop,
    refusal_reason,
    target_for,
    wound_box_tooltip,
)
from refkit.present.usage_text import usage_roll_line
from refkit.rules.character.model import Character
from refkit.rules.character.slot_traits import inventory_rules
from refkit.rules.inventory.model import (
    BACKPACK,
    BELT,
    GROUND,
    SLOT_AREAS,
    InventoryRules,
    Item,
)
from refkit.rules.inventory.moves import MoveRefused, Verdict
from refkit.rules.usage_dice import UsageDiceRoll


class InventoryEditing(Protocol):
    """What the board asks for; each call makes one undoable command or raises with a reason."""

    def move_item(self, item_id: str, area: str, at: int | str | None) -> None: ...

    def add_catalogue_item(self, name: str, area: str, at: int | str | None) -> None: ...

    def catalogue_item(self, name: str) -> Item: ...

    def split_stack(self, item_id: str, count: int) -> None: ...

    def set_worn(self, item_id: str, worn: bool) -> None: ...

    def place_wound(self, slot: int) -> None: ...

    def heal_wound(self, slot: int) -> None: ...

    def remove_item(self, item_id: str) -> None: ...

    def use_item(self, item_id: str) -> UsageDiceRoll: ...

    def refuel(self, item_id: str, fuel_id: str) -> None: ...

    def mark_damaged(self, item_id: str, damaged: bool) -> None: ...

    def mark_useless(self, item_id: str, useless: bool) -> None: ...


class InventoryBoard(BoardKeyboard):
    """The slot board of one crow."""

    hint_changed = Signal(str)
    selection_changed = Signal(str)
    draw_requested = Signal(str)
    split_requested = Signal(str)
    pack_requested = Signal(str, str)
    """An item (id) to put on a pet (name): the sheet's pets' packs make the move."""

    def __init__(self, editing: InventoryEditing | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("inventory_board")
        self.setAccessibleName("Inventory board")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAcceptDrops(True)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._editing = editing
        self._rules = InventoryRules()
        self._character: Character | None = None
        self._layout = self._compute(self.width())
        self._hits: list[CardHit] = []
        self._selected: str | None = None
        self._cursor: Place = Place("hand", 1)
        self._cursor_entry = 0
        self._carry: Carry | None = None
        self._carry_verdicts: dict[Place, Verdict] = {}
        self._hover: Place | None = None
        self._hover_verdict: Verdict | None = None
        self._press: tuple[QPointF, CardHit] | None = None
        self._hint = ""
        self._wounds_to_place = 0
        self.lighter: ItemLighter | None = None
        """Offers "Light it" on a crow's torch or lantern (the DT side, handed in by main)."""

    # -- what it shows ------------------------------------------------------------------------

    def set_editing(self, editing: InventoryEditing) -> None:
        self._editing = editing

    def set_rules(self, rules: InventoryRules) -> None:
        self._rules = rules

    def rules(self) -> InventoryRules:
        return self._rules

    def character(self) -> Character | None:
        return self._character

    def set_character(self, character: Character | None) -> None:
        """Show ``character`` (None: an empty board), keeping the selection if it is still there."""
        self._character = character
        if character is None or (self._selected and self._selected not in character.items.ids()):
            self._selected = None
        self._carry = None if self._carry and not self._carry.from_catalogue else self._carry
        self._carry_verdicts = {}
        self._relayout()
        self.update()

    def selected_item(self) -> Item | None:
        if self._character is None or self._selected is None:
            return None
        try:
            return self._character.items.find(self._selected)
        except KeyError:
            return None

    def select(self, item_id: str | None) -> None:
        self._selected = item_id
        if item_id is not None and self._character is not None:
            item = self._character.items.find(item_id)
            self._cursor = self._place_of(item)
            self._cursor_entry = self._entry_index(item)
        self.selection_changed.emit(item_id or "")
        self._announce_cursor()
        self.update()

    def hint(self) -> str:
        """The line under the board: what the pointer or cursor is over, or why a move failed."""
        return self._hint

    def wounds_to_place(self) -> int:
        return self._wounds_to_place

    def set_wounds_to_place(self, count: int) -> None:
        """Ask the player to click ``count`` free wound boxes (after damage went past Stamina)."""
        self._wounds_to_place = max(0, count)
        if self._wounds_to_place:
            plural = "wound" if count == 1 else "wounds"
            self._set_hint(
                f"Place {count} {plural}: click the wound box of the backpack slot that takes "
                "each one (or move the cursor there and press W)"
            )
        self.update()

    def board_layout(self) -> BoardLayout:
        return self._layout

    # -- geometry -----------------------------------------------------------------------------

    def _metrics(self) -> BoardMetrics:
        return BoardMetrics.from_line_height(QFontMetricsF(self.font()).height())

    def _compute(self, width: float) -> BoardLayout:
        ground = self._character.items.ground if self._character is not None else ()
        return compute_layout(
            width, self._metrics(), [item.slots for item in ground], self._belt_slots()
        )

    def _belt_slots(self) -> int:
        """The crow's belt slots: four, five with a trait's extra slot."""
        if self._character is None:
            return SLOT_AREAS[BELT]
        return inventory_rules(self._character, self._rules).size(BELT)

    def _relayout(self) -> None:
        self._layout = self._compute(self.width())
        height = round(self._layout.size.height())
        if self.minimumHeight() != height:
            self.setMinimumHeight(height)
        self._hits = self._card_hits()

    def sizeHint(self) -> QSize:
        metrics = self._metrics()
        width = 2 * metrics.margin + 8 * (metrics.slot_min_width * 1.15 + metrics.gap)
        layout = compute_layout(width, metrics, [])
        return QSize(round(width), round(layout.size.height()))

    def minimumSizeHint(self) -> QSize:
        return QSize(round(minimum_width(self._metrics())), round(self._layout.size.height()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._relayout()
            self.updateGeometry()

    def place_center(self, place: Place) -> QPoint:
        """The middle of a slot's card area (or of the ground tray), for tests and menus."""
        if place.area == GROUND:
            tray = self._layout.frames[GROUND].frame
            return tray.center().toPoint()
        return self._layout.card_area(place).center().toPoint()

    def wound_box_center(self, slot: int) -> QPoint:
        return self._layout.wound_box(slot).center().toPoint()

    def _place_of(self, item: Item) -> Place:
        assert self._character is not None
        return place_of(self._character, item)

    def _entries(self, place: Place) -> list[Item]:
        return entries_at(self._character, place)

    def _entry_index(self, item: Item) -> int:
        entries = self._entries(self._place_of(item))
        ids = [entry.id for entry in entries]
        return ids.index(item.id) if item.id in ids else 0

    def _card_hits(self) -> list[CardHit]:
        return card_hits(self._shown(), self._layout)

    def _shown(self) -> Character | None:
        """The crow as the board draws it: its items as its traits shape them (Second Skin's
        worn armour one slot shorter)."""
        crow = self._character
        if crow is None:
            return None
        shaping = inventory_rules(crow, self._rules).shaping
        return crow if not shaping else crow.with_items(shaping.inventory(crow.items))

    def card_at(self, point: QPointF) -> tuple[Item, int] | None:
        """The item whose card is under ``point`` and which of its slots the point is on."""
        if self._character is None:
            return None
        for hit in reversed(self._hits):
            if hit.rect.contains(point):
                item = self._character.items.find(hit.item_id)
                step = self._layout.slot_width + (
                    self._layout.metrics.gap if self._layout.metrics else 0
                )
                within = int((point.x() - hit.rect.left()) // step) if item.slots > 1 else 0
                return item, min(item.slots - 1, hit.first_index + within)
        return None

    # -- checking a move ----------------------------------------------------------------------

    target_for = staticmethod(target_for)
    describe_verdict = staticmethod(describe_verdict)

    def verdict(self, carry: Carry, place: Place) -> Verdict:
        """Whether ``carry`` may be let go over ``place``, and if not, why."""
        return judge(self._character, self._rules, carry, place)

    # -- doing a move -------------------------------------------------------------------------

    def drop_carry(self, carry: Carry, place: Place) -> bool:
        """Let ``carry`` go over ``place``: the move is made if legal; True when it was made."""
        drop = plan_drop(self._character, self._rules, carry, place)
        if drop.refused:
            self._set_hint(drop.refused)
            return False
        if self._editing is None or drop.kind is DropKind.NOTHING:
            return False
        try:
            if drop.kind is DropKind.ADD:
                self._editing.add_catalogue_item(carry.item.name, drop.area, drop.at)
            else:
                self._editing.move_item(carry.item.id, drop.area, drop.at)
        except (MoveRefused, ValueError, KeyError) as error:
            self._set_hint(not_moved(refusal_reason(error)))
            return False
        self._set_hint(drop.done)
        return True

    def drop_item(self, item_id: str, place: Place, grab_index: int = 0) -> bool:
        """Move the carried item ``item_id`` as a drop over ``place`` would (tests, keyboard)."""
        if self._character is None:
            return False
        item = self._character.items.find(item_id)
        return self.drop_carry(Carry(item, grab_index), place)

    def toggle_wound(self, slot: int) -> bool:
        """Place a wound in backpack ``slot``, or heal the one there; True if something changed."""
        if self._character is None or self._editing is None:
            return False
        wounded = slot in self._character.wound_slots
        waiting = self._wounds_to_place  # the edit may refresh the count from the store
        try:
            if wounded:
                self._editing.heal_wound(slot)
            else:
                self._editing.place_wound(slot)
        except (ValueError, KeyError) as error:
            self._set_hint(f"✗ {refusal_reason(error)}")
            return False
        if wounded:
            self._set_hint(f"Healed the wound in backpack slot {slot}")
        else:
            self._wounds_to_place = max(0, waiting - 1)
            left = self._wounds_to_place
            more = f" — {left} more to place" if left else ""
            self._set_hint(f"Wound placed in backpack slot {slot}{more}")
        return True

    def _run(self, action: Callable[[], None], done: str) -> None:
        try:
            action()
        except (MoveRefused, ValueError, KeyError) as error:
            self._set_hint(f"✗ {refusal_reason(error)}")
            return
        self._set_hint(done)

    # -- painting -----------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            paint_board(painter, self._scene())
        finally:
            painter.end()

    def _scene(self) -> BoardScene:
        return BoardScene(
            layout=self._layout,
            character=self._shown(),
            hits=self._hits,
            entries=self._entries,
            palette=self.palette(),
            font=self.font(),
            selected=self._selected,
            carry=self._carry,
            verdicts=self._carry_verdicts,
            hover=self._hover,
            hover_verdict=self._hover_verdict,
            wounds_to_place=self._wounds_to_place,
            has_focus=self.hasFocus(),
            cursor_rect=self._cursor_rect() if self.hasFocus() else None,
        )

    # -- hints --------------------------------------------------------------------------------

    def _set_hint(self, text: str) -> None:
        if text != self._hint:
            self._hint = text
            self.hint_changed.emit(text)

    # -- mouse --------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        wound_slot = self._layout.wound_slot_at(point)
        if wound_slot is not None:
            self._cursor = Place(BACKPACK, wound_slot)
            self.toggle_wound(wound_slot)
            return
        found = self.card_at(point)
        if found is None:
            place = self._layout.place_at(point)
            if place is not None:
                self._cursor = place if place.area != GROUND else Place(GROUND, None)
                self._cursor_entry = 0
            self._selected = None
            self.selection_changed.emit("")
            self._press = None
            self.update()
            return
        item = found[0]
        hit = next(h for h in self._hits if h.item_id == item.id and h.rect.contains(point))
        self._press = (point, hit)
        self.select(item.id)
        self._cursor = hit.place
        self._cursor_entry = self._entry_index(item)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            self._hover_tooltip(event.position())
            return
        start, hit = self._press
        if (event.position() - start).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        self._start_drag(hit, start)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press = None
        super().mouseReleaseEvent(event)

    def _hover_tooltip(self, point: QPointF) -> None:
        found = self.card_at(point)
        if found is not None:
            self.setToolTip(CardFace.from_item(found[0]).tooltip())
            return
        slot = self._layout.wound_slot_at(point)
        self.setToolTip("" if slot is None else wound_box_tooltip(self._character, slot))

    def _start_drag(self, hit: CardHit, start: QPointF) -> None:
        assert self._character is not None
        item = self._character.items.find(hit.item_id)
        found = self.card_at(start)
        grab = found[1] if found is not None else 0
        carry = Carry(item, grab)
        self._begin_carry(carry)
        drag = QDrag(self)
        drag.setMimeData(carried_item_mime(CarriedItemDrag(self._character.name, item.id, grab)))
        size = hit.rect.size().toSize()
        drag.setPixmap(
            card_pixmap(
                CardFace.from_item(item),
                size,
                self.palette(),
                self.font(),
                self.devicePixelRatioF(),
            )
        )
        drag.setHotSpot((start - hit.rect.topLeft()).toPoint())
        drag.exec(Qt.DropAction.MoveAction)
        self._end_carry()

    # -- drag and drop ------------------------------------------------------------------------

    def _carry_from(self, mime_drag: CarriedItemDrag | CatalogueDrag | None) -> Carry | None:
        if self._character is None or mime_drag is None:
            return None
        if isinstance(mime_drag, CatalogueDrag):
            if self._editing is None:
                return None
            try:
                item = self._editing.catalogue_item(mime_drag.name)
            except KeyError:
                return None
            return Carry(item, 0, from_catalogue=True)
        if mime_drag.character != self._character.name:
            return None
        try:
            item = self._character.items.find(mime_drag.item_id)
        except KeyError:
            return None
        return Carry(item, mime_drag.grab_index)

    def _begin_carry(self, carry: Carry) -> None:
        self._carry = carry
        self._carry_verdicts = judge_everywhere(self._character, self._rules, carry)
        self.update()

    def _end_carry(self) -> None:
        self._carry = None
        self._carry_verdicts = {}
        self._hover = None
        self._hover_verdict = None
        self.update()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        carry = self._carry_from(read_drag(event.mimeData()))
        if carry is None:
            event.ignore()
            return
        if self._carry is None or self._carry.item.id != carry.item.id:
            self._begin_carry(carry)
        event.setDropAction(
            Qt.DropAction.MoveAction if not carry.from_catalogue else Qt.DropAction.CopyAction
        )
        event.accept()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        carry = self._carry or self._carry_from(read_drag(event.mimeData()))
        if carry is None:
            event.ignore()
            return
        place = self._layout.place_at(event.position())
        if place is None:
            self._hover, self._hover_verdict = None, None
            self.update()
            event.ignore()
            return
        verdict = self.verdict(carry, place)
        self._hover, self._hover_verdict = place, verdict
        message = self.describe_verdict(carry, place, verdict)
        self._set_hint(message)
        QToolTip.showText(self.mapToGlobal(event.position().toPoint()), message, self)
        self.update()
        if verdict.ok:
            event.setDropAction(
                Qt.DropAction.MoveAction if not carry.from_catalogue else Qt.DropAction.CopyAction
            )
            event.accept()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._hover, self._hover_verdict = None, None
        if self._carry is not None and self._carry.from_catalogue:
            self._end_carry()
        QToolTip.hideText()
        self.update()
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        carry = self._carry or self._carry_from(read_drag(event.mimeData()))
        place = self._layout.place_at(event.position())
        QToolTip.hideText()
        if carry is None or place is None:
            event.ignore()
            self._end_carry()
            return
        made = self.drop_carry(carry, place)
        if made:
            event.setDropAction(
                Qt.DropAction.MoveAction if not carry.from_catalogue else Qt.DropAction.CopyAction
            )
            event.accept()
        else:
            event.ignore()
        self._end_carry()

    # -- context menu -------------------------------------------------------------------------

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        point = QPointF(event.pos())
        found = self.card_at(point)
        place = self._layout.place_at(point)
        if found is not None:
            self.select(found[0].id)
        if place is not None:
            self._cursor = place if place.area != GROUND else Place(GROUND, None)
        self.open_menu(event.pos(), found[0] if found else None, place)

    def build_menu(self, item: Item | None, place: Place | None) -> QMenu:
        """The context menu for ``item`` (or the empty ``place``); not shown."""
        return build_board_menu(self, item, place)

    def set_worn(self, item_id: str, worn: bool) -> None:
        """Wear the suit ``item_id`` (taking off any other), or take it off."""
        if self._editing is None or self._character is None:
            return
        name = self._character.items.find(item_id).name
        editing = self._editing
        done = f"Now wearing {name}" if worn else f"Took off {name}"
        self._run(lambda: editing.set_worn(item_id, worn), done)

    def refuel_item(self, item_id: str, fuel_id: str) -> None:
        """Spend one carried ``fuel_id`` to give ``item_id`` its usage dice back (L398)."""
        if self._editing is None or self._character is None:
            return
        items = self._character.items
        name, fuel = items.find(item_id).name, items.find(fuel_id).name
        editing = self._editing
        self._run(lambda: editing.refuel(item_id, fuel_id), f"Refuelled {name} with {fuel}")

    def set_damaged(self, item_id: str, damaged: bool) -> None:
        """Mark armour, a shield or a tool damaged (a bane on tests made with it until it is
        repaired at a rest), or repaired; the hint says what was done or why it was refused."""
        if self._editing is None or self._character is None:
            return
        name = self._character.items.find(item_id).name
        editing = self._editing
        done = (
            f"Marked {name} damaged: a bane on tests made with it until it is repaired"
            if damaged
            else f"Marked {name} repaired"
        )
        self._run(lambda: editing.mark_damaged(item_id, damaged), done)

    def set_useless(self, item_id: str, useless: bool) -> None:
        """Mark a stabbing weapon useless until fixed (Bury the Point), or fixed."""
        if self._editing is None or self._character is None:
            return
        name = self._character.items.find(item_id).name
        editing = self._editing
        done = f"Marked {name} useless until fixed" if useless else f"Marked {name} fixed"
        self._run(lambda: editing.mark_useless(item_id, useless), done)

    def use_item(self, item_id: str) -> None:
        """Use an Activate item: its usage dice are rolled (L400), the roll lands in the roll log
        (the editing side does that, as one undo step) and the hint says it in the log's words."""
        if self._editing is None or self._character is None:
            return
        name = self._character.items.find(item_id).name
        try:
            roll = self._editing.use_item(item_id)
        except (MoveRefused, ValueError, KeyError) as error:
            self._set_hint(f"✗ {refusal_reason(error)}")
            return
        self._set_hint(f"Used {usage_roll_line(name, roll)}")

    def remove(self, item: Item) -> None:
        """Take ``item`` out of the inventory (undoable)."""
        if self._editing is None:
            return
        editing = self._editing
        self._run(
            lambda: editing.remove_item(item.id),
            f"Removed {item.name} (Edit → Undo brings it back)",
        )

    def open_menu(self, point: QPoint, item: Item | None, place: Place | None) -> None:
        menu = self.build_menu(item, place)
        if menu.isEmpty():
            menu.deleteLater()
            return
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(self.mapToGlobal(point))
