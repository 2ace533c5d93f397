"""The rest dialogs' rows offer Study a Lore Book with the lore of the books the crow carries,
say how Cram and Shared Knowledge change it, and show what the study will give; Craft tells a
crow with Double Duty it may name a second project."""

from __future__ import annotations

from dataclasses import replace

from refkit.gui.common.rest_choices import RestChoices
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo


def crow(name: str, *traits: str) -> Character:
    rations = Item("Ration", area=BACKPACK, at=9, count=2, stack=StackInfo("ration", 6), id="r")
    books = (
        Item("Lore book", area=BACKPACK, at=2, notes="(Monster Lore)", id="b1"),
        Item("Lore book", area=BACKPACK, at=3, notes="(Nature Lore)", id="b2"),
    )
    made = Character(
        name, Characteristics(0, 1, 2), Stamina(5, 5), items=Inventory((rations, *books), ())
    )
    return replace(made, traits=traits)


def test_study_offers_the_books_and_says_what_the_traits_allow(qtbot) -> None:
    sage = crow("Ada", "Knowledge: Cram", "Knowledge: Shared Knowledge")
    wren = crow("Wren")
    choices = RestChoices([sage, wren])
    qtbot.addWidget(choices)
    choices.choose("Ada", ActivityChoice(Activity.STUDY))
    ada = choices.rows[0]
    offered = [ada.target.itemText(i) for i in range(ada.target.count())]
    assert offered == ["Monster Lore", "Nature Lore"]
    assert "two with Cram" in ada.target.toolTip()
    assert "Shared Knowledge" in ada.target.toolTip()
    choices.choose("Ada", ActivityChoice(Activity.STUDY, "Monster Lore, Nature Lore>Wren"))
    assert choices.problem() == ""
    assert ada.preview.text().endswith(
        "studied lore: +1 Monster Lore use and +1 Nature Lore use until the next rest "
        "(read aloud: Wren gains the same)"
    )
    choices.choose("Wren", ActivityChoice(Activity.STUDY, "Monster Lore, Nature Lore"))
    assert choices.problem() == "Wren studies 1 lore book at a rest, not 2 (Cram covers two)"
    assert "Cram" not in choices.rows[1].target.toolTip()


def test_craft_says_the_second_roll_to_a_crow_with_double_duty(qtbot) -> None:
    smith = crow("Bren", "Blacksmithing: Double Duty")
    choices = RestChoices([smith])
    qtbot.addWidget(choices)
    choices.choose("Bren", ActivityChoice(Activity.CRAFT, "Knife"))
    (row,) = choices.rows
    assert "second roll" in row.target.toolTip()
    assert row.preview.text().endswith(
        "one crafting roll for Knife (Double Duty: a second on a blacksmithing item)"
    )
