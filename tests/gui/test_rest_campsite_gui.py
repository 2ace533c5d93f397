"""The DT panel's rest box has Prepare Campsite beside Seclude Camp and its Rest check says both;
the Finish rest rows then want the crow with the trait to have done it (and refuse it when the
check was made without)."""

from __future__ import annotations

from dataclasses import replace

from refkit.gui.common.rest_choices import RestChoices
from refkit.gui.dungeon.rest_box import RestBox
from refkit.rules.character.model import Character, Characteristics, Stamina
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from refkit.rules.dungeon.clock import ClockState, DungeonTurnClock
from refkit.rules.inventory.model import BACKPACK, Inventory, Item, StackInfo


def camper() -> Character:
    items = (
        Item("Ration", area=BACKPACK, at=9, count=2, stack=StackInfo("ration", 6), id="r"),
        Item("Journal", area=BACKPACK, at=3, id="j"),
        Item("Quill and inkpot", area=BACKPACK, at=4, id="q"),
    )
    made = Character("Oda", Characteristics(0, 1, 2), Stamina(5, 5), items=Inventory(items, ()))
    return replace(made, traits=("Camping: Prepare Campsite",))


def test_the_rest_check_carries_prepare_campsite(qtbot) -> None:
    box = RestBox()
    qtbot.addWidget(box)
    box.show_state(DungeonTurnClock(state=ClockState.RESTING), ())
    assert box.campsite_check.isEnabled()
    box.campsite_check.setChecked(True)
    with qtbot.waitSignal(box.check_clicked) as fired:
        box.check_button.click()
    assert fired.args == [False, True]


def test_the_finish_rows_follow_the_campsite_check(qtbot) -> None:
    made_with = RestChoices([camper()], check_campsite=True)
    qtbot.addWidget(made_with)
    assert "made with Prepare Campsite" in made_with.problem()
    made_with.choose("Oda", ActivityChoice(Activity.TRAIT, trait="Prepare Campsite"))
    assert made_with.problem() == ""
    without = RestChoices([camper()], check_campsite=False)
    qtbot.addWidget(without)
    without.choose("Oda", ActivityChoice(Activity.TRAIT, trait="Prepare Campsite"))
    assert "made without Prepare Campsite" in without.problem()
