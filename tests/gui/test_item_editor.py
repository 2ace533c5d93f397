"""The own-item editor: a copy keeps the card's print; what cannot be read is said in the form."""

from __future__ import annotations

import pytest

from refkit.gui.inventory.item_editor import ItemEditorDialog
from refkit.rules.inventory.catalogue import find_catalogue_item, load_item_catalogue
from refkit.rules.inventory.model import Crafting, Price


@pytest.fixture
def catalogue():
    return load_item_catalogue()


def _made(qtbot, dialog: ItemEditorDialog) -> list[object]:
    made: list[object] = []
    dialog.item_made.connect(made.append)
    qtbot.addWidget(dialog)
    return made


def test_a_copy_of_a_weapon_keeps_keywords_range_price_and_crafting(qtbot, catalogue) -> None:
    dialog = ItemEditorDialog(find_catalogue_item(catalogue, "Sword"))
    made = _made(qtbot, dialog)
    assert dialog.keywords.text() == "slashing, disengage, parry 4"
    assert dialog.range.text() == "melee 1"
    assert dialog.price.text() == "12"
    assert dialog.crafting.text() == "Blacksmithing 1 | 1 iron bar | 10"
    dialog.buttons.accepted.emit()
    assert dialog.message.text() == ""
    (item,) = made
    assert item.name == "Sword (own)"
    assert item.keywords == ("slashing", "disengage", "parry 4")
    assert (item.attack_range, item.price) == ("melee 1", Price(gc=12))
    assert item.crafting == Crafting("blacksmithing", 1, "1 iron bar", 10)
    assert item.damage.card_text == "3+S / 6+S"


def test_a_copy_keeps_fine_and_masterwork_prices(qtbot, catalogue) -> None:
    dialog = ItemEditorDialog(find_catalogue_item(catalogue, "Compass"))
    made = _made(qtbot, dialog)
    assert dialog.price.text() == "10 / 1000 / 2000"
    dialog.price.setText("12 / 1,100 / 2,200")
    dialog.buttons.accepted.emit()
    assert made[0].price == Price(gc=12, fine=1100, masterwork=2200)


def test_a_copy_of_a_lantern_keeps_its_fuel(qtbot, catalogue) -> None:
    # The fuel is a shipped item, not one of the single entry the form makes.
    dialog = ItemEditorDialog(find_catalogue_item(catalogue, "Lantern"))
    made = _made(qtbot, dialog)
    dialog.buttons.accepted.emit()
    assert dialog.message.text() == ""
    assert made[0].usage_dice.refuel_with == "Oil flask"


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        ("price", "a lot", "Price must be gold crowns such as 25"),
        ("crafting", "Blacksmithing | iron", "Crafting must read as a card prints it"),
        ("crafting", "Alchemy 0 | 1 monster part (any) | 5", "crafting.uses must be 1 or more"),
    ],
)
def test_what_cannot_be_read_is_said_in_the_form(
    qtbot, field: str, text: str, message: str
) -> None:
    dialog = ItemEditorDialog()
    made = _made(qtbot, dialog)
    dialog.name.setText("Odd thing")
    getattr(dialog, field).setText(text)
    dialog.buttons.accepted.emit()
    assert message in dialog.message.text()
    assert made == []
