"""Damage, healing, rest and drawing from the pack, from the dialogs to the board."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from refkit.app.character_service import CharacterService
from refkit.gui.characters.damage_dialog import DamageDialog, DamageRequest, describe_damage
from refkit.gui.characters.rest_dialog import RestDialog
from refkit.gui.characters.session import CharacterSession
from refkit.gui.characters.sheet_panel import CharacterSheetPanel
from refkit.gui.inventory.draw_dialog import DrawFromPackDialog
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from refkit.rules.inventory.model import HAND, MAGIC

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"


@pytest.fixture
def session(service: CharacterService, stack: QUndoStack) -> Iterator[CharacterSession]:
    opened = CharacterSession(service, stack, rng=random.Random(7))
    yield opened
    opened.shutdown()


@pytest.fixture
def sheet(qtbot, session: CharacterSession) -> CharacterSheetPanel:
    panel = CharacterSheetPanel(session)
    qtbot.addWidget(panel)
    panel.resize(1200, 800)
    return panel


def test_the_preview_follows_the_chosen_armour_order(qtbot, service: CharacterService) -> None:
    brannoc = service.get(BRANNOC)  # medium armor AD 10 (worn), shield AD 5 (in hand)
    dialog = DamageDialog(brannoc)
    qtbot.addWidget(dialog)
    dialog.amount.setValue(12)
    assert dialog.armour_order() == ("medium-armor-1", "shield-1")
    assert dialog.preview_text().startswith("Armour soaks 12 (Medium armor AD 10→0, Shield AD 5→3)")
    dialog.armour_list.setCurrentRow(1)
    dialog.move_armour(-1)
    assert dialog.armour_order() == ("shield-1", "medium-armor-1")
    assert "Shield AD 5→0, Medium armor AD 10→3" in dialog.preview_text()
    assert "Stamina 9→9 of 9" in dialog.preview_text()


def test_piercing_damage_ignores_armour(qtbot, service: CharacterService) -> None:
    dialog = DamageDialog(service.get(BRANNOC))
    qtbot.addWidget(dialog)
    dialog.amount.setValue(11)
    dialog.piercing.setChecked(True)
    text = dialog.preview_text()
    assert "Piercing: armour is ignored" in text
    assert "Stamina 9→0 of 9" in text
    assert "2 wounds: place each on the board" in text


def test_describe_damage_warns_of_death(service: CharacterService) -> None:
    hesper = service.get(HESPER)
    text = describe_damage(hesper, DamageRequest(amount=40, piercing=True))
    assert "☠ that fills every backpack slot: the crow dies" in text


def test_damage_past_stamina_asks_for_wounds_on_the_board(
    qtbot, sheet: CharacterSheetPanel, session: CharacterSession, stack: QUndoStack
) -> None:
    session.open(HESPER)  # light armor AD 5, Stamina 5
    dialog = sheet.open_damage_dialog()
    assert dialog is not None
    dialog.amount.setValue(12)
    with qtbot.waitSignal(dialog.damage_chosen):
        dialog.buttons.accepted.emit()
    crow = session.character()
    assert crow.stamina.current == 0 and crow.armor_defense == 0
    board = sheet.board
    assert board.wounds_to_place() == 2
    assert "Place 2 wounds" in sheet.hint.text()
    sheet.show()
    qtbot.waitExposed(sheet)
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.wound_box_center(9))
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.wound_box_center(2))
    assert session.character().wound_slots == {2, 9}
    assert board.wounds_to_place() == 0
    assert session.character().speed == 4  # only slot 2 holds an item
    assert sheet.tiles["speed"].value.text() == "4"
    assert stack.count() == 3  # the hit, then each wound
    stack.undo()
    stack.undo()
    stack.undo()
    assert session.character() == session.service.get(HESPER)
    assert session.character().stamina.current == 5


def test_healing_stamina(qtbot, sheet: CharacterSheetPanel, session: CharacterSession) -> None:
    session.open(HESPER)
    session.damage(3, piercing=True)
    dialog = sheet.open_damage_dialog(heal=True)
    assert dialog is not None and dialog.is_heal()
    dialog.amount.setValue(3)
    assert dialog.preview_text().startswith("Stamina 2→5 of 5")
    with qtbot.waitSignal(dialog.heal_chosen):
        dialog.buttons.accepted.emit()
    assert session.character().stamina.current == 5


def test_a_dead_crow_shows_dead_in_words(
    sheet: CharacterSheetPanel, session: CharacterSession
) -> None:
    session.open(HESPER)
    for slot in range(1, 11):
        session.place_wound(slot)
    assert sheet.dead_banner.isVisibleTo(sheet)
    assert "DEAD" in sheet.dead_banner.text()
    assert sheet.tiles["speed"].value.text() == "DEAD"
    assert not sheet.damage_button.isEnabled()


def test_rest_heals_the_chosen_wound(
    qtbot, session: CharacterSession, sheet: CharacterSheetPanel
) -> None:
    session.open(HESPER)
    session.damage(5, piercing=True)
    session.place_wound(3)
    session.place_wound(9)
    dialog = sheet.open_rest_dialog()
    assert isinstance(dialog, RestDialog)
    assert dialog.chosen_slots() == [3]  # the wound that costs speed is offered first
    with qtbot.waitSignal(dialog.rest_chosen):
        dialog.buttons.accepted.emit()
    crow = session.character()
    assert crow.wound_slots == {9} and crow.stamina.current == 5


def test_rest_is_refused_with_a_doubled_magic_slot(qtbot, session: CharacterSession) -> None:
    session.open(HESPER)
    session.add_catalogue_item(add_magic_item(session, "Amulet of the owl"), MAGIC, "neck")
    session.add_catalogue_item(add_magic_item(session, "Cloak of ash"), MAGIC, "neck")
    dialog = RestDialog(session.character())
    qtbot.addWidget(dialog)
    assert "cannot rest while two magic items share the neck slot" in dialog.problem()
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_rest_with_tend_wounds_needs_two_choices(qtbot, session: CharacterSession) -> None:
    session.open(HESPER)
    for slot in (1, 4, 7):
        session.place_wound(slot)
    party, companions = session.rest_companions()
    dialog = RestDialog(session.character(), companions=companions, party=party)
    qtbot.addWidget(dialog)
    dialog.together.setChecked(True)  # a companion resting with Hesper tends her wounds
    dialog.choose(companions[0].name, ActivityChoice(Activity.TEND_WOUNDS, HESPER))
    assert dialog.problem() == "Tick 2 wounds to heal (ticked: 1)"
    dialog.wounds.item(2).setCheckState(Qt.CheckState.Checked)
    assert dialog.problem() == ""


def test_draw_from_pack_shows_the_chance_and_rolls(
    qtbot, session: CharacterSession, stack: QUndoStack
) -> None:
    session.open(HESPER)
    rolls = iter([2, 9])
    dialog = DrawFromPackDialog(
        session.character(),
        lambda item, hand, room: session.draw_from_pack(
            item, roll=next(rolls), hand=hand, make_room=room
        ),
        "rope-1",
    )
    qtbot.addWidget(dialog)
    assert dialog.chance_text() == "Needs 4 or more: 70% (7 in 10)"
    dialog.roll()
    assert dialog.result_text().startswith("Rolled 2 (needed 4): ✗ not drawn")
    assert stack.count() == 0
    dialog.roll_button.setEnabled(True)
    dialog.hand2.setChecked(True)
    dialog.roll()
    assert "✓ Rope is in hand 2" in dialog.result_text()
    crow = session.character()
    assert [i.name for i in crow.items.occupants(HAND, 2)] == ["Rope"]
    assert [i.name for i in crow.items.occupants("backpack", 4)] == ["Fire lance book"]  # swapped
    stack.undo()
    assert session.character().items.find("rope-1").area == "backpack"


def add_magic_item(session: CharacterSession, name: str) -> str:
    """A player's own worn magic item (the catalogue holds only mundane gear)."""
    from dataclasses import replace

    from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue

    rope = find_catalogue_item(load_item_catalogue(), "Rope")
    session.service.add_custom_item(replace(rope, name=name, tags=("magic",), notes=""))
    return name
