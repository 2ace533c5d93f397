"""The pets' packs on the sheet (issue 26 item 4): a row of slots per pet under the inventory
board; the board's menu puts an item on a pet (closed with the reason when it does not fit), a
card dropped on a pet's row lands in that slot, and a packed item's menu takes it back — each one
undo step, saved at once. A crow without pets shows no row."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.sheet_panel import CharacterSheetPanel
from refkit.gui.inventory.board_layout import Place
from refkit.gui.inventory.drag import CarriedItemDrag, carried_item_mime
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.pet_moves import pack_of
from refkit.rules.inventory.model import BACKPACK, Inventory, Item

CROW = "Ada Fenn"


def crow(*pets: str) -> Character:
    return Character(
        CROW,
        Characteristics(0, 1, 2),
        Stamina(5, 5),
        items=Inventory(
            (
                Item("Rope", area=BACKPACK, at=1, id="rope-1"),
                Item("Tent", area=BACKPACK, at=2, slots=2, id="tent-1"),
            )
        ),
        pets=pets,
    )


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3"), seed_samples=False) as opened:
        opened.create(crow("Rex the Dog", "Goat"))
        opened.create(replace(crow(), name="Wren"))
        yield opened


@pytest.fixture
def sheet(qtbot, service: CharacterService) -> Iterator[CharacterSheetPanel]:
    session = CharacterSession(service, RefkitUndoStack(), rng=random.Random(7))
    panel = CharacterSheetPanel(session)
    qtbot.addWidget(panel)
    panel.destroyed.connect(session.shutdown)
    panel.resize(900, 700)
    panel.show()
    session.open(CROW)
    yield panel


def texts(sheet: CharacterSheetPanel, pet: str) -> list[str]:
    return [button.text() for button in sheet.pet_packs.row(pet).cells]


def test_each_pet_has_a_row_of_its_slots_under_the_board(sheet: CharacterSheetPanel) -> None:
    strip = sheet.pet_packs
    assert strip.isVisible()
    assert strip.minimumSizeHint().width() <= sheet.board.minimumSizeHint().width()
    assert [row.pet for row in strip.rows] == ["Rex the Dog", "Goat"]
    assert texts(sheet, "Rex the Dog") == ["1"] and texts(sheet, "Goat") == ["1", "2"]
    sheet._session.open("Wren")
    assert not strip.isVisible() and strip.rows == []


def test_the_board_menu_puts_an_item_on_a_pet_as_one_undo_step(
    sheet: CharacterSheetPanel, service: CharacterService
) -> None:
    board = sheet.board
    tent = service.get(CROW).items.find("tent-1")
    menu = board.build_menu(tent, Place(BACKPACK, 2))
    pets = next(
        a.menu() for a in menu.actions() if a.menu() and a.menu().objectName() == "pets_menu"
    )
    on_rex, on_goat = pets.actions()
    assert not on_rex.isEnabled() and "no room" in on_rex.toolTip()
    assert on_goat.isEnabled()
    on_goat.trigger()
    assert [i.name for i in pack_of(service.get(CROW), "Goat").items] == ["Tent"]
    assert texts(sheet, "Goat") == ["Tent", "…"]
    assert sheet._session.undo_stack.undoText() == "Put Tent on Goat"
    sheet._session.undo_stack.undo()
    assert service.get(CROW).items.find("tent-1").location == "backpack 2–3"
    assert texts(sheet, "Goat") == ["1", "2"]


def test_a_card_dropped_on_a_pets_slot_lands_there(
    qtbot, sheet: CharacterSheetPanel, service: CharacterService
) -> None:
    row = sheet.pet_packs.row("Goat")
    target = row.cells[1].geometry().center()
    mime = carried_item_mime(CarriedItemDrag(CROW, "rope-1"))
    drop = QDropEvent(
        QPointF(target), Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )  # fmt: skip
    row.dropEvent(drop)
    rope = pack_of(service.get(CROW), "Goat").items.find("rope-1")
    assert rope.at == 2
    assert texts(sheet, "Goat") == ["1", "Rope"]


def test_a_packed_items_menu_takes_it_back_and_says_what_is_closed(
    sheet: CharacterSheetPanel, service: CharacterService
) -> None:
    sheet.pet_packs.put("rope-1", "Rex the Dog")
    menu = sheet.pet_packs.menu_for("rope-1")
    actions = {action.text(): action for action in menu.actions()}
    assert set(actions) >= {"Take back to the backpack", "Drop on the ground", "Put on Goat"}
    actions["Take back to the belt"].trigger()
    assert service.get(CROW).items.find("rope-1").location == "belt 1"
    assert texts(sheet, "Rex the Dog") == ["1"]
    assert "Take back to the belt" in sheet.hint.text()


def test_a_refused_drop_says_why_and_changes_nothing(
    sheet: CharacterSheetPanel, service: CharacterService
) -> None:
    before = service.get(CROW)
    sheet.pet_packs.put("tent-1", "Rex the Dog")
    assert sheet.hint.text().startswith("✗ Rex the Dog's pack:")
    assert service.get(CROW) == before
    assert isinstance(sheet.pet_packs.row("Rex the Dog").slot_at(QPoint(-5, -5)), type(None))


def test_a_riding_horses_row_is_no_wider_than_the_board(
    sheet: CharacterSheetPanel, service: CharacterService
) -> None:
    horse = ("Riding Horse", "Rex the Dog", "Goat")
    service.save(replace(service.get(CROW), pets=horse, burden_pet="Riding Horse"))
    sheet._session.reload()
    assert len(sheet.pet_packs.row("Riding Horse").cells) == 12
    assert sheet.pet_packs.minimumSizeHint().width() <= sheet.board.minimumSizeHint().width()


def test_things_on_a_pet_no_longer_listed_can_still_be_taken_back(
    sheet: CharacterSheetPanel, service: CharacterService
) -> None:
    sheet.pet_packs.put("rope-1", "Goat")
    service.save(replace(service.get(CROW), pets=("Rex the Dog",)))
    sheet._session.reload()
    row = sheet.pet_packs.row("Goat")
    assert [button.text() for button in row.cells] == ["Rope"]
    menu = sheet.pet_packs.menu_for("rope-1")
    next(a for a in menu.actions() if a.text() == "Take back to the backpack").trigger()
    assert service.get(CROW).pet_packs == ()
    assert [row.pet for row in sheet.pet_packs.rows] == ["Rex the Dog"]
