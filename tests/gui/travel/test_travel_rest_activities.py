"""The travel day's rest asks each resting crow's rest activity in the rows the other rests use:
step by step when the rest is next, and for "Travel the day" when the day rests. The chosen
activities reach the one rest procedure (a crow tending another heals two wounds there), a refused
choice keeps the button off and says why, and the step with its rest is one undo step."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.app.travel.wiring import TravelDesk
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.gui.travel.day_panel import TravelDayPanel
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from refkit.rules.travel.day_steps import REST
from tests.gui.travel.journey_setup import panel_on_a_journey

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"


@pytest.fixture
def panel(qtbot, services):
    hesper = services.characters.get(HESPER)
    services.characters.save(replace(hesper, wounds=(2, 5)))
    widget = panel_on_a_journey(qtbot, RefkitUndoStack(), TravelDesk(services))
    widget.in_miasma.setChecked(False)
    return widget


def to_the_rest(panel: TravelDayPanel) -> None:
    box = panel.steps_box
    box.begin_button.click()
    assert panel.problem.isHidden(), panel.problem.text()
    box.next_button.click()  # no route: the encounter check comes first
    assert box.next_button.text().startswith("Rest outdoors")


def test_the_rest_step_asks_each_crow_and_a_tended_crow_heals_two_wounds(
    qtbot, panel, services
) -> None:
    to_the_rest(panel)
    box = panel.steps_box
    rows = box.rest_choices
    assert rows is not None and rows.isVisible()
    assert {row.crow.name for row in rows.rows} == {BRANNOC, HESPER, "Wren Ashdown"}  # not Ivo
    rows.choose(BRANNOC, ActivityChoice(Activity.TEND_WOUNDS, HESPER))
    assert box.next_button.isEnabled()
    undo = panel.undo_stack.count()
    box.next_button.click()
    assert panel.problem.isHidden(), panel.problem.text()
    assert services.characters.get(HESPER).wounds == ()  # 2 healed: 1, and 1 more tended
    assert panel.undo_stack.count() == undo + 1
    assert box.rest_choices is None  # the rest is taken: no rows asked any more
    panel.undo_stack.undo()
    assert services.characters.get(HESPER).wounds == (2, 5)
    assert panel.journey is not None and panel.steps_box.progress is not None
    assert panel.steps_box.progress.rest_check is None
    assert box.next_button.text().startswith("Rest outdoors")
    again = box.rest_choices
    assert again is not None  # read anew after the undo, the choice kept
    assert again.choices()[BRANNOC] == ActivityChoice(Activity.TEND_WOUNDS, HESPER)


def test_untended_the_rest_leaves_one_wound_of_two_to_choose(qtbot, panel, services) -> None:
    to_the_rest(panel)
    panel.steps_box.next_button.click()
    assert panel.problem.isHidden(), panel.problem.text()
    # One of two heals: the player picks which, so none is healed by the rest itself.
    assert services.characters.get(HESPER).wounds == (2, 5)


def test_a_refused_choice_keeps_the_rest_step_off_and_says_why(qtbot, panel, services) -> None:
    to_the_rest(panel)  # the day's plan has no Seclude Camp: its rest EN is rolled already
    box = panel.steps_box
    rows = box.rest_choices
    assert rows is not None
    rows.choose(HESPER, ActivityChoice(Activity.SECLUDE_CAMP))
    assert not box.next_button.isEnabled()
    assert "made without Seclude Camp" in rows.message.text() and rows.message.isVisible()
    assert "made without Seclude Camp" in box.next_button.toolTip()
    assert not box.take(REST)  # refused even when asked directly
    assert "made without Seclude Camp" in panel.problem.text()
    assert panel.steps_box.progress is not None and panel.steps_box.progress.rest_check is None
    assert services.characters.get(HESPER).wounds == (2, 5)
    rows.choose(HESPER, ActivityChoice(Activity.PREPARE, "the ford"))
    assert box.next_button.isEnabled()


def test_travel_the_day_passes_the_rest_activities(qtbot, panel, services) -> None:
    rows = panel.day_rest
    assert rows is not None and rows.isVisible()
    rows.choose(BRANNOC, ActivityChoice(Activity.TEND_WOUNDS, HESPER))
    undo = panel.undo_stack.count()
    assert panel.travel()
    assert panel.problem.isHidden(), panel.problem.text()
    assert services.characters.get(HESPER).wounds == ()
    assert panel.undo_stack.count() == undo + 1
    panel.undo_stack.undo()
    assert services.characters.get(HESPER).wounds == (2, 5)


def test_travel_the_day_is_off_while_a_choice_is_refused(qtbot, panel) -> None:
    rows = panel.day_rest
    assert rows is not None
    rows.choose(HESPER, ActivityChoice(Activity.SECLUDE_CAMP))
    assert not panel.travel_button.isEnabled()
    assert "made without Seclude Camp" in panel.travel_button.toolTip()
    panel.seclude.setChecked(True)  # now the check is made with it: her choice stands
    assert panel.day_rest is not None
    assert panel.day_rest.choices()[HESPER] == ActivityChoice(Activity.SECLUDE_CAMP)
    assert panel.travel_button.isEnabled()
    panel.rest.setChecked(False)  # no rest today: no rows asked
    assert panel.day_rest is None and panel.day_rest_holder.isHidden()
    assert panel.travel_button.isEnabled()
