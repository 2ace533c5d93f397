"""Bury the Point in the rest rows (issue 26): the crow's trait is offered as its rest activity,
the target list holds its weapons that are useless until fixed, and the choice is refused with
the reason when none is useless or when two are and none is named."""

from __future__ import annotations

from dataclasses import replace

from refkit.gui.common.rest_choices import RestChoices
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from refkit.rules.inventory.model import HAND, Inventory, Item, TierDamage

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
