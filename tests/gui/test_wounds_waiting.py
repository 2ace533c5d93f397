"""The sheet and the board on issue 9's "Damage and wounds": wounds to place stay with the crow
(another crow opened and back, a restart), undoing a placement gives the wound back to place,
a hit that fills the backpack kills at once, vulnerable adds nothing to 0 damage, speed follows
conditions, and Repair Armor is a rest choice."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.characters.damage_dialog import DamageDialog
from refkit.gui.characters.rest_dialog import RestDialog
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.sheet_panel import CharacterSheetPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from tests.wound_crows import BRAM, IDA, wound_service


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Iterator[CharacterService]:
    with wound_service(db_path) as opened:
        yield opened


@pytest.fixture
def stack(qapp) -> QUndoStack:
    return RefkitUndoStack()


def make_sheet(qtbot, service: CharacterService, stack: QUndoStack) -> CharacterSheetPanel:
    session = CharacterSession(service, stack, rng=random.Random(7))
    panel = CharacterSheetPanel(session)
    qtbot.addWidget(panel)
    panel.destroyed.connect(session.shutdown)
    panel.resize(1200, 800)
    return panel


@pytest.fixture
def sheet(qtbot, service: CharacterService, stack: QUndoStack) -> CharacterSheetPanel:
    return make_sheet(qtbot, service, stack)


def session_of(sheet: CharacterSheetPanel) -> CharacterSession:
    return sheet._session


def hurt_ida(qtbot, sheet: CharacterSheetPanel, amount: int = 9) -> None:
    """Damage through the dialog: AD 2 and Stamina 5 soak 7, the rest are wounds."""
    session_of(sheet).open(IDA)
    dialog = sheet.open_damage_dialog()
    assert dialog is not None
    dialog.amount.setValue(amount)
    with qtbot.waitSignal(dialog.damage_chosen):
        dialog.buttons.accepted.emit()


def click_wound(qtbot, sheet: CharacterSheetPanel, slot: int) -> None:
    board = sheet.board
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.wound_box_center(slot))


def test_wounds_to_place_survive_opening_another_crow(qtbot, sheet: CharacterSheetPanel) -> None:
    hurt_ida(qtbot, sheet)
    assert sheet.board.wounds_to_place() == 2
    session_of(sheet).open(BRAM)
    assert sheet.board.wounds_to_place() == 0
    assert not sheet.prompt_label.isVisibleTo(sheet)
    session_of(sheet).open(IDA)
    assert sheet.board.wounds_to_place() == 2
    assert sheet.prompt_label.isVisibleTo(sheet)
    assert "place 2 wounds" in sheet.prompt_label.text()


def test_wounds_to_place_survive_a_restart(
    qtbot, sheet: CharacterSheetPanel, stack: QUndoStack, db_path: Path
) -> None:
    hurt_ida(qtbot, sheet)
    with open_character_service(str(db_path), seed_samples=False) as restarted:
        again = make_sheet(qtbot, restarted, RefkitUndoStack())
        session_of(again).open(IDA)
        assert again.board.wounds_to_place() == 2
        assert "place 2 wounds" in again.prompt_label.text()
        again.close()
        again.deleteLater()
        qtbot.wait(1)


def test_placing_the_wounds_clears_the_prompt_and_it_stays_clear(
    qtbot, sheet: CharacterSheetPanel
) -> None:
    hurt_ida(qtbot, sheet)
    sheet.show()
    qtbot.waitExposed(sheet)
    click_wound(qtbot, sheet, 9)
    click_wound(qtbot, sheet, 2)
    assert session_of(sheet).character().wound_slots == {2, 9}
    session_of(sheet).open(BRAM)
    session_of(sheet).open(IDA)
    assert sheet.board.wounds_to_place() == 0
    assert not sheet.prompt_label.isVisibleTo(sheet)


def test_undoing_a_placement_returns_the_wound_to_place(
    qtbot, sheet: CharacterSheetPanel, stack: QUndoStack
) -> None:
    hurt_ida(qtbot, sheet)
    sheet.show()
    qtbot.waitExposed(sheet)
    click_wound(qtbot, sheet, 9)
    assert sheet.board.wounds_to_place() == 1
    stack.undo()
    crow = session_of(sheet).character()
    assert crow.wound_slots == frozenset()
    assert crow.stamina.current == 0  # the hit stands; only the placement was undone
    assert sheet.board.wounds_to_place() == 2
    assert "place 2 wounds" in sheet.prompt_label.text()
    stack.undo()  # the hit itself: nothing is left to place
    assert sheet.board.wounds_to_place() == 0
    assert not sheet.prompt_label.isVisibleTo(sheet)


def test_a_hit_that_fills_every_free_slot_kills_at_once(
    qtbot, sheet: CharacterSheetPanel, service: CharacterService
) -> None:
    service.put(IDA, service.get(IDA).place_wounds(range(1, 9)))
    hurt_ida(qtbot, sheet, amount=10)  # 3 wounds, 2 free slots
    crow = session_of(sheet).character()
    assert crow.dead
    assert sheet.dead_banner.isVisibleTo(sheet)
    assert sheet.board.wounds_to_place() == 0
    assert not sheet.prompt_label.isVisibleTo(sheet)


def test_vulnerable_adds_nothing_to_no_damage(qtbot, service: CharacterService) -> None:
    vulnerable = service.get(IDA).with_condition("vulnerable")
    dialog = DamageDialog(vulnerable)
    qtbot.addWidget(dialog)
    dialog.vulnerable.setValue(4)
    dialog.amount.setValue(0)
    assert "vulnerable" not in dialog.preview_text()
    assert "Stamina 5→5 of 5" in dialog.preview_text()
    dialog.amount.setValue(1)
    assert "1 + 4 (vulnerable) = 5 damage" in dialog.preview_text()


def test_the_speed_tile_follows_conditions(qtbot, sheet: CharacterSheetPanel) -> None:
    session_of(sheet).open(IDA)
    sheet.condition_buttons["prone"].setChecked(True)
    assert sheet.tiles["speed"].value.text() == "2"
    assert "prone" in sheet.tiles["speed"].detail.text()
    sheet.condition_buttons["grabbed"].setChecked(True)
    assert sheet.tiles["speed"].value.text() == "0"
    assert "grabbed" in sheet.tiles["speed"].detail.text()


def test_repair_armor_is_a_rest_choice(
    qtbot, sheet: CharacterSheetPanel, service: CharacterService
) -> None:
    session = session_of(sheet)
    session.open(BRAM)
    session.damage(5, armour_order=["shirt", "shield"])  # chain shirt AD 4→0, shield AD 2→1
    dialog = sheet.open_rest_dialog()
    assert isinstance(dialog, RestDialog)
    dialog.choose(BRAM, ActivityChoice(Activity.REPAIR_ARMOR))
    (row,) = dialog.choices.rows
    texts = [row.target.itemText(i) for i in range(row.target.count())]
    assert texts == ["Chain shirt (AD 0/4)", "Wooden shield (AD 1/2)"]
    dialog.choose_repair("shirt")
    with qtbot.waitSignal(dialog.rest_chosen):
        dialog.buttons.accepted.emit()
    crow = service.get(BRAM)
    assert crow.items.find("shirt").armor.ad == 4
    assert crow.items.find("shield").armor.ad == 1  # one item per rest


def test_no_repair_armor_choice_without_damaged_armour(qtbot, sheet: CharacterSheetPanel) -> None:
    session_of(sheet).open(IDA)
    dialog = sheet.open_rest_dialog()
    assert isinstance(dialog, RestDialog)
    dialog.choose(IDA, ActivityChoice(Activity.REPAIR_ARMOR))
    assert "Ida Fenwick carries no damaged armour or shield" in dialog.problem()
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_escape_on_the_board_does_not_drop_the_wounds_to_place(
    qtbot, sheet: CharacterSheetPanel
) -> None:
    hurt_ida(qtbot, sheet)
    sheet.show()
    qtbot.waitExposed(sheet)
    sheet.board.setFocus()
    qtbot.keyClick(sheet.board, Qt.Key.Key_Escape)
    assert sheet.board.wounds_to_place() == 2
    assert "2 wounds still to place" in sheet.board.hint()
    assert "place 2 wounds" in sheet.prompt_label.text()
