"""The travel day's rest has Prepare Campsite beside Seclude Camp (issue 26): checked, the rest EN
shown is raised when it is 5 or lower, the rest's rows want the crow with the trait doing it, and
the rest step is made with it; unchecked, a crow choosing the trait is refused."""

from __future__ import annotations

from dataclasses import replace

from refkit.rules.character.rest_activities import Activity, ActivityChoice
from refkit.rules.common.pace import Pace
from refkit.rules.inventory.model import BACKPACK, Item
from tests.gui.travel.test_travel_rest_activities import BRANNOC, panel, to_the_rest

__all__ = ["panel"]  # the fixture, shared

CAMP = ActivityChoice(Activity.TRAIT, trait="Prepare Campsite")


def give_the_trait(services) -> None:
    crow = services.characters.get(BRANNOC)
    kit = crow.items.with_item(Item("Journal", area=BACKPACK, at=9, id="camp-journal"))
    kit = kit.with_item(Item("Quill and inkpot", area=BACKPACK, at=10, id="camp-quill"))
    services.characters.save(replace(crow, items=kit, traits=("Camping: Prepare Campsite",)))


def test_the_campsite_box_raises_a_low_rest_en_and_wants_the_camper(qtbot, panel, services):
    give_the_trait(services)
    panel.pace.setCurrentIndex(panel.pace.findData(Pace.FAST))
    panel.road.setChecked(True)
    assert "rest EN 5" in panel.preview.text()
    panel.campsite.setChecked(True)
    assert "rest EN 6" in panel.preview.text()
    panel.reload()
    to_the_rest(panel)
    box = panel.steps_box
    rows = box.rest_choices
    assert rows is not None
    assert not box.next_button.isEnabled()
    assert "made with Prepare Campsite" in rows.message.text()
    rows.choose(BRANNOC, CAMP)
    assert box.next_button.isEnabled(), rows.message.text()
    box.next_button.click()
    assert panel.problem.isHidden(), panel.problem.text()
    progress = box.progress
    assert progress is not None and progress.rest_check is not None
    assert progress.rest_check.en == 6


def test_without_the_box_no_crow_prepares_the_campsite(qtbot, panel, services):
    give_the_trait(services)
    panel.reload()
    rows = panel.day_rest
    assert rows is not None
    rows.choose(BRANNOC, CAMP)
    assert "made without Prepare Campsite" in rows.message.text()
    assert not panel.travel_button.isEnabled()
    panel.rest.setChecked(False)
    assert not panel.campsite.isEnabled()
