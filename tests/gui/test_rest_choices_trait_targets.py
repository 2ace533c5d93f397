"""The rest rows' targets for the traits of issue 26: Bury the Point offers the crow's weapons that
are useless until fixed (refused with the reason when none is, or when two are and none is named),
and Burned in the Brain the spellbooks it carries (a book of another discipline refused)."""

from __future__ import annotations

from dataclasses import replace

from refkit.gui.common.rest_choices import RestChoices
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from refkit.rules.inventory.model import BACKPACK, HAND, Inventory, Item, TierDamage

FIX = ActivityChoice(Activity.TRAIT, "", "Bury the Point")


def stabber(*useless: bool) -> Character:
    names = ("Spear", "Stiletto")
    items = tuple(
        Item(names[n], area=HAND, at=n + 1, damage=TierDamage(3, 7), keywords=("stabbing",),
             useless=broken)
        for n, broken in enumerate(useless)
    )  # fmt: skip
    base = Character("Tamsin Reed", Characteristics(0, 1, 2), Stamina(7, 7), items=Inventory(items))
    return replace(base, traits=("Stabbing: Bury the Point",))


def test_the_row_offers_the_useless_weapons_to_fix(qtbot) -> None:
    choices = RestChoices([stabber(True, True)])
    qtbot.addWidget(choices)
    choices.choose("Tamsin Reed", FIX)
    (row,) = choices.rows
    offered = [row.target.itemText(i) for i in range(row.target.count())]
    assert offered == ["Spear", "Stiletto"] and row.target.isEnabled()
    row.target.setCurrentIndex(1)
    assert choices.problem() == ""
    assert choices.choices()["Tamsin Reed"].target == "Stiletto"
    row.target.setEditText("")
    assert "name the weapon to fix" in choices.problem()


def test_with_nothing_useless_the_choice_says_why(qtbot) -> None:
    choices = RestChoices([stabber(False)])
    qtbot.addWidget(choices)
    choices.choose("Tamsin Reed", FIX)
    assert "carries no weapon that is useless until fixed" in choices.problem()
    one = RestChoices([stabber(True, False)])
    qtbot.addWidget(one)
    one.choose("Tamsin Reed", FIX)
    assert one.problem() == ""  # the only useless one: no need to name it


def test_burned_in_the_brain_offers_the_carried_spellbooks(qtbot) -> None:
    books = tuple(
        Item(name, area=BACKPACK, at=n + 1, tags=("spellbook", "book"))
        for n, name in enumerate(("Fire lance book", "Group healing book"))
    )
    base = Character("Ysolde Marr", Characteristics(0, 2, 1), Stamina(7, 7), items=Inventory(books))
    mage = replace(base, traits=("Elemental: Burned in the Brain",))
    choices = RestChoices([mage])
    qtbot.addWidget(choices)
    choices.choose("Ysolde Marr", ActivityChoice(Activity.TRAIT, "", "Burned in the Brain"))
    (row,) = choices.rows
    offered = [row.target.itemText(i) for i in range(row.target.count())]
    assert offered == ["Fire lance book", "Group healing book"]
    assert choices.problem() == ""  # the first, an elemental book
    row.target.setCurrentIndex(1)
    assert "only an elemental spellbook" in choices.problem()
