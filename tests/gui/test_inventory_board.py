"""The inventory board: drag and drop, stacks, wounds and the keyboard, as a player uses them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QUndoStack
from PySide6.QtWidgets import QApplication, QToolTip

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.characters.session import CharacterSession
from refkit.gui.inventory.board import InventoryBoard
from refkit.gui.inventory.board_layout import GROUND_PLACE, Place
from refkit.gui.inventory.drag import (
    CarriedItemDrag,
    CatalogueDrag,
    carried_item_mime,
    catalogue_mime,
)
from refkit.present.board_moves import Carry
from refkit.rules.character.file_format import dump_character_json
from refkit.rules.inventory.model import BACKPACK, BELT, GROUND, HAND, MAGIC
from refkit.store import CharacterRepository, Database
from tests.gui.crow_fixtures import shown_board

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"
WREN = "Wren Ashdown"


@pytest.fixture(autouse=True)
def tooltips(monkeypatch) -> list[str]:
    """The tooltips the board shows during a drag (the offscreen platform cannot raise them)."""
    shown: list[str] = []
    monkeypatch.setattr(QToolTip, "showText", lambda _pos, text, *_rest: shown.append(text))
    monkeypatch.setattr(QToolTip, "hideText", lambda: None)
    return shown


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(db_path)) as opened:
        yield opened


@pytest.fixture
def session(service: CharacterService, stack: QUndoStack) -> Iterator[CharacterSession]:
    opened = CharacterSession(service, stack)
    yield opened
    opened.shutdown()


@pytest.fixture
def board(qtbot, session: CharacterSession) -> InventoryBoard:
    return shown_board(qtbot, session)


def open_crow(session: CharacterSession, board: InventoryBoard, name: str) -> None:
    session.open(name)
    assert board.character() is not None and board.character().name == name


def stored(db_path: Path, name: str) -> str:
    """What another connection (the app after a crash) reads back."""
    with Database.open(str(db_path)) as db:
        return dump_character_json(CharacterRepository(db).get(name))


def drag_and_drop(
    board: InventoryBoard, mime: QMimeData, point: QPoint
) -> tuple[QDragMoveEvent, QDropEvent]:
    """Deliver a real enter → move → drop sequence to the board, as Qt does during a drag."""
    buttons = Qt.MouseButton.LeftButton
    modifiers = Qt.KeyboardModifier.NoModifier
    action = Qt.DropAction.MoveAction | Qt.DropAction.CopyAction
    enter = QDragEnterEvent(QPoint(point), action, mime, buttons, modifiers)
    QApplication.sendEvent(board, enter)
    move = QDragMoveEvent(QPoint(point), action, mime, buttons, modifiers)
    QApplication.sendEvent(board, move)
    drop = QDropEvent(QPointF(point), action, mime, buttons, modifiers)
    QApplication.sendEvent(board, drop)
    return move, drop


def carried(name: str, item_id: str, grab: int = 0) -> QMimeData:
    return carried_item_mime(CarriedItemDrag(name, item_id, grab))


def test_dragging_a_card_into_a_free_slot_moves_it_and_undo_restores(
    board: InventoryBoard, session: CharacterSession, stack: QUndoStack, db_path: Path
) -> None:
    open_crow(session, board, HESPER)
    before = stored(db_path, HESPER)
    move, drop = drag_and_drop(
        board, carried(HESPER, "rope-1"), board.place_center(Place(BACKPACK, 9))
    )
    assert move.isAccepted()
    assert drop.isAccepted()
    assert board.hint().startswith("Done")
    rope = session.character().items.find("rope-1")
    assert (rope.area, rope.at) == (BACKPACK, 9)
    assert board.character().items.find("rope-1").at == 9
    assert '"at": 9' in stored(db_path, HESPER)  # saved at once
    assert stack.count() == 1
    stack.undo()
    assert session.character().items.find("rope-1").at == 4
    assert board.character().items.find("rope-1").at == 4
    assert stored(db_path, HESPER) == before


def test_a_two_slot_card_lands_where_the_pointer_holds_it(
    board: InventoryBoard, session: CharacterSession
) -> None:
    open_crow(session, board, BRANNOC)
    session.move_item("crowbar-1", GROUND, None)
    session.move_item("rope-1", GROUND, None)
    # Grabbed by its second slot and let go over backpack 4: the suit covers slots 3–5.
    drag_and_drop(
        board, carried(BRANNOC, "medium-armor-1", grab=1), board.place_center(Place(BACKPACK, 4))
    )
    shirt = session.character().items.find("medium-armor-1")
    assert (shirt.at, shirt.worn) == (3, True)


def test_an_illegal_drop_is_refused_changes_nothing_and_says_why(
    board: InventoryBoard,
    session: CharacterSession,
    stack: QUndoStack,
    db_path: Path,
    tooltips: list[str],
) -> None:
    open_crow(session, board, BRANNOC)
    before = stored(db_path, BRANNOC)
    move, drop = drag_and_drop(
        board, carried(BRANNOC, "rope-1"), board.place_center(Place(HAND, 1))
    )
    assert not move.isAccepted()
    assert not drop.isAccepted()
    assert "Hand slot 1 already holds Axe" in board.hint()
    assert tooltips[-1] == "✗ Hand slot 1 already holds Axe; a hand holds one item"
    assert board.hint().startswith("✗")
    assert stack.count() == 0
    assert stored(db_path, BRANNOC) == before
    assert session.character().items.find("rope-1").at == 5


def test_live_highlighting_marks_legal_and_illegal_places(
    board: InventoryBoard, session: CharacterSession
) -> None:
    open_crow(session, board, HESPER)
    mime = carried(HESPER, "rope-1")
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    action = Qt.DropAction.MoveAction
    free = QPoint(board.place_center(Place(BACKPACK, 9)))
    QApplication.sendEvent(board, QDragEnterEvent(free, action, mime, buttons, modifiers))
    over_free = QDragMoveEvent(free, action, mime, buttons, modifiers)
    QApplication.sendEvent(board, over_free)
    assert over_free.isAccepted()
    assert board.hint().startswith("✓ Rope fits in Backpack 9")
    hand = QPoint(board.place_center(Place(HAND, 1)))
    over_lantern = QDragMoveEvent(hand, action, mime, buttons, modifiers)
    QApplication.sendEvent(board, over_lantern)
    assert not over_lantern.isAccepted()
    assert "Hand slot 1 already holds Lantern; a hand holds one item" in board.hint()
    verdicts = board._carry_verdicts  # what the board paints green and red
    assert verdicts[Place(BACKPACK, 10)].ok and verdicts[GROUND_PLACE].ok
    assert not verdicts[Place(BELT, 1)].ok
    board.grab()  # paints the highlighted board without error


def test_a_stack_dropped_on_a_matching_stack_merges_up_to_the_limit(
    board: InventoryBoard, session: CharacterSession, stack: QUndoStack
) -> None:
    open_crow(session, board, HESPER)
    piece = session.split_stack("ration-1", 2)  # backpack 5 now holds 4 + 2 rations
    session.move_item(piece, BACKPACK, 9)  # ... and the 2 go to slot 9: slot 5 holds 4
    session.add_catalogue_item("Ration", BACKPACK, 5)  # a seventh ration: slot 5 holds 5
    steps = stack.count()
    drag_and_drop(board, carried(HESPER, "ration-2"), board.place_center(Place(BACKPACK, 5)))
    items = session.character().items
    assert items.find("ration-1").count == 6  # the limit
    assert items.find("ration-2").count == 1  # the rest stays where it came from
    assert items.find("ration-2").at == 9
    assert "1 of 2 Ration join the stack in Backpack 5; 1 stay" in board.hint()
    assert stack.count() == steps + 1
    stack.undo()
    assert session.character().items.find("ration-2").count == 2


def test_a_full_stack_refuses_more(board: InventoryBoard, session: CharacterSession) -> None:
    open_crow(session, board, HESPER)
    session.move_item(session.split_stack("ration-1", 1), BACKPACK, 9)
    session.add_catalogue_item("Ration", BACKPACK, 5)  # slot 5 holds 6 again: full
    carry = Carry(session.character().items.find("ration-2"))
    verdict = board.verdict(carry, Place(BACKPACK, 5))
    assert not verdict.ok
    assert verdict.reason == "Backpack slot 5 already holds a full stack of ration (6 of 6)"
    assert not board.drop_carry(carry, Place(BACKPACK, 5))


def test_a_catalogue_item_dropped_on_a_slot_is_added_there(
    board: InventoryBoard, session: CharacterSession, stack: QUndoStack
) -> None:
    open_crow(session, board, HESPER)
    _move, drop = drag_and_drop(
        board, catalogue_mime(CatalogueDrag("Crowbar")), board.place_center(Place(BELT, 4))
    )
    assert drop.isAccepted()
    added = session.character().items.occupants(BELT, 4)
    assert [item.name for item in added] == ["Crowbar"]
    stack.undo()
    assert session.character().items.occupants(BELT, 4) == ()


def test_clicking_wound_boxes_places_and_heals_wounds_and_changes_speed(
    qtbot, board: InventoryBoard, session: CharacterSession, stack: QUndoStack
) -> None:
    open_crow(session, board, HESPER)
    assert session.character().speed == 5
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.wound_box_center(3))
    assert session.character().wound_slots == {3}
    assert session.character().speed == 4  # slot 3 holds the journal
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.wound_box_center(10))
    assert session.character().wound_slots == {3, 10}
    assert session.character().speed == 4  # slot 10 is empty: no speed lost
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.wound_box_center(3))
    assert session.character().wound_slots == {10}
    assert session.character().speed == 5
    assert "Healed the wound in backpack slot 3" in board.hint()
    stack.undo()
    assert session.character().wound_slots == {3, 10}


def test_all_ten_wounds_kill_the_crow(board: InventoryBoard, session: CharacterSession) -> None:
    open_crow(session, board, WREN)
    for slot in range(1, 11):
        board.toggle_wound(slot)
    assert session.character().dead
    assert session.character().speed == 0
    board.grab()  # the DEAD band is painted over the backpack


def test_the_keyboard_picks_up_moves_and_puts_down_a_card(
    qtbot, board: InventoryBoard, session: CharacterSession, stack: QUndoStack
) -> None:
    open_crow(session, board, HESPER)
    board.setFocus()
    board.set_cursor(Place(BACKPACK, 3))
    qtbot.keyClick(board, Qt.Key.Key_Space)
    assert "Journal" in board.hint() and "Space to put it here" in board.hint()
    for _ in range(2):
        qtbot.keyClick(board, Qt.Key.Key_Right)
    assert board.cursor_place() == Place(BACKPACK, 5)
    qtbot.keyClick(board, Qt.Key.Key_Down)
    assert board.cursor_place() == Place(BACKPACK, 10)
    assert board.hint().startswith("Backpack 10: ✓ Journal fits")
    qtbot.keyClick(board, Qt.Key.Key_Space)
    assert session.character().items.find("journal-1").at == 10
    assert stack.count() == 1


def test_the_keyboard_refuses_an_illegal_place_with_the_reason(
    qtbot, board: InventoryBoard, session: CharacterSession, stack: QUndoStack
) -> None:
    open_crow(session, board, HESPER)
    board.setFocus()
    board.set_cursor(Place(BACKPACK, 3))
    qtbot.keyClick(board, Qt.Key.Key_Space)
    board.set_cursor(Place(BACKPACK, 2))
    qtbot.keyClick(board, Qt.Key.Key_Space)
    assert "Backpack slot 2 already holds Light armor" in board.hint()
    assert stack.count() == 0
    qtbot.keyClick(board, Qt.Key.Key_Escape)
    assert board.hint() == "Move cancelled; nothing changed"


def test_w_toggles_a_wound_and_delete_drops_to_the_ground(
    qtbot, board: InventoryBoard, session: CharacterSession
) -> None:
    open_crow(session, board, HESPER)
    board.setFocus()
    board.set_cursor(Place(BACKPACK, 3))
    qtbot.keyClick(board, Qt.Key.Key_W)
    assert session.character().wound_slots == {3}
    qtbot.keyClick(board, Qt.Key.Key_Delete)
    assert session.character().items.on_ground("journal-1")


def test_the_move_to_menu_lists_closed_places_with_their_reasons(
    board: InventoryBoard, session: CharacterSession
) -> None:
    open_crow(session, board, HESPER)
    rope = session.character().items.find("rope-1")
    menu = board.build_menu(rope, Place(BACKPACK, 4))
    move_menu = next(a.menu() for a in menu.actions() if a.menu() is not None)
    actions = {a.objectName(): a for a in move_menu.actions()}
    hand = actions["move_to_hand_1"]
    assert not hand.isEnabled()
    assert "a hand holds one item" in hand.toolTip()
    free = actions["move_to_backpack_9"]
    assert free.isEnabled()
    free.trigger()
    assert session.character().items.find("rope-1").at == 9


def test_wearing_armour_from_the_menu(board: InventoryBoard, session: CharacterSession) -> None:
    open_crow(session, board, WREN)

    def armour_action(text: str) -> None:
        jacket = session.character().items.find("light-armor-1")
        menu = board.build_menu(jacket, Place(BACKPACK, 1))
        action = next(a for a in menu.actions() if a.objectName() == "worn_action")
        assert action.text() == text
        action.trigger()

    assert session.character().armor_defense == 5
    armour_action("Take this armour off")
    assert not session.character().items.find("light-armor-1").worn
    assert session.character().armor_defense == 0
    armour_action("Wear this armour")
    assert session.character().items.find("light-armor-1").worn
    assert session.character().armor_defense == 5


def test_a_drag_from_another_crow_is_not_accepted(
    board: InventoryBoard, session: CharacterSession
) -> None:
    open_crow(session, board, HESPER)
    mime = carried(BRANNOC, "rope-1")  # kept alive: the event only points at it
    enter = QDragEnterEvent(
        QPoint(board.place_center(Place(BACKPACK, 9))),
        Qt.DropAction.MoveAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(board, enter)
    assert not enter.isAccepted()


def test_shared_slots_and_magic_items_are_drawn(
    board: InventoryBoard, session: CharacterSession
) -> None:
    open_crow(session, board, HESPER)  # belt 2 holds a stiletto and a knife
    hits = [hit for hit in board._card_hits() if hit.place == Place(BELT, 2)]
    assert len(hits) == 2 and hits[0].rect.bottom() <= hits[1].rect.top() + 0.5
    session.add_catalogue_item(add_magic_item(session, "Amulet of the owl"), MAGIC, "neck")
    assert board.character().items.occupants(MAGIC, "neck")
    board.grab()


def test_the_board_reflows_for_a_narrow_panel(
    board: InventoryBoard, session: CharacterSession
) -> None:
    open_crow(session, board, WREN)
    assert board.board_layout().wide
    board.resize(board.minimumSizeHint().width(), 900)
    QApplication.processEvents()
    layout = board.board_layout()
    assert not layout.wide
    for place in (Place(HAND, 1), Place(BACKPACK, 10), Place(MAGIC, "feet")):
        assert layout.slots[place].right() <= board.width()


def add_magic_item(session: CharacterSession, name: str) -> str:
    """A player's own worn magic item (the catalogue holds only mundane gear)."""
    from dataclasses import replace

    from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue

    rope = find_catalogue_item(load_item_catalogue(), "Rope")
    session.service.add_custom_item(replace(rope, name=name, tags=("magic",), notes=""))
    return name


def test_a_holster_trait_gives_the_board_a_fifth_belt_slot_for_its_weapons(
    board: InventoryBoard, session: CharacterSession, db_path: Path
) -> None:
    from dataclasses import replace

    from refkit.rules.character.model import Character, Characteristics, Stamina
    from refkit.rules.inventory.model import Inventory, Item

    spear = Item("Spear", area=BACKPACK, at=1, keywords=("stabbing",), id="spear-1")
    rope = Item("Rope", area=BACKPACK, at=2, id="rope-1")
    holder = Character("Ilse Varr", Characteristics(0, 1, 2), Stamina(9, 9))
    holder = replace(
        holder, traits=("Stabbing: Stabbing Holster",), items=Inventory((spear, rope), ())
    )
    session.create(holder)
    open_crow(session, board, "Ilse Varr")
    extra = Place(BELT, 5)
    assert extra in board.board_layout().slots
    refused = board.verdict(Carry(rope, 0), extra)
    assert not refused.ok and "stabbing weapons only" in refused.reason
    drag_and_drop(board, carried("Ilse Varr", "spear-1"), board.place_center(extra))
    assert session.character().items.find("spear-1").location == "belt 5"
    assert '"at": 5' in stored(db_path, "Ilse Varr")
    open_crow(session, board, HESPER)
    assert extra not in board.board_layout().slots


def test_second_skin_draws_the_worn_armour_one_slot_shorter_and_frees_the_next(
    board: InventoryBoard, session: CharacterSession
) -> None:
    from dataclasses import replace

    from refkit.rules.character.model import Character, Characteristics, Stamina
    from refkit.rules.inventory.model import Armor, Inventory, Item

    suit = Item("Light armor", area=BACKPACK, at=1, slots=2, armor=Armor(5, 5, True), id="a-1")
    rope = Item("Rope", area=BACKPACK, at=4, id="rope-1")
    wearer = Character("Oda Fenn", Characteristics(0, 1, 2), Stamina(9, 9))
    wearer = replace(wearer, traits=("Armor: Second Skin",), items=Inventory((suit, rope), ()))
    session.create(wearer)
    open_crow(session, board, "Oda Fenn")
    second = Place(BACKPACK, 2)
    assert board.verdict(Carry(rope, 0), second).ok
    assert board.card_at(board.place_center(second)) is None
    drag_and_drop(board, carried("Oda Fenn", "rope-1"), board.place_center(second))
    assert session.character().items.find("rope-1").location == "backpack 2"
