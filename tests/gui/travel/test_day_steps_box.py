"""The travel day step by step on the day panel: one press per step in the rulebook's order, the
next role test's odds shown, the encounter check when the referee wants it, each hex of the route
walked, the journal entry at the end, and each step undone alone from Edit ▸ Undo."""

from __future__ import annotations

import pytest

from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.gui.travel.day_panel import TravelDayPanel
from refkit.rules.travel.hexes import HexDirection
from refkit.rules.travel.roles import Task


@pytest.fixture
def panel(qtbot, desk):
    widget = TravelDayPanel(RefkitUndoStack(), desk)
    qtbot.addWidget(widget)
    widget.resize(1300, 800)
    widget.show()
    widget.with_party.setChecked(False)
    widget.new_journey.setText("Marches")
    widget.hirelings.setText("Mara=1,2,0; Bo=2,0,1")
    widget.start_button.click()
    for name, task in (("Mara", Task.NORMAL_ROUTE), ("Bo", Task.SCOUT_FOR_DANGER)):
        row = widget.role_row(name)
        row.task.setCurrentIndex(row.task.findData(task))
    return widget


def test_the_day_goes_one_press_per_step_and_ends_in_the_journal(qtbot, panel):
    box = panel.steps_box
    assert box.next_button.isHidden() and box.begin_button.isVisible()
    panel.add_step(HexDirection.SE)
    box.begin_button.click()
    assert panel.problem.isHidden(), panel.problem.text()
    assert not panel.travel_button.isEnabled()  # the whole-day button waits for this day
    assert box.next_button.text() == "Roll Mara's Follow Normal Route (mind)"
    assert box.next_odds.text().startswith("Odds for Mara: T3 ")
    assert not panel.roles_box.isEnabled()  # the plan is fixed once begun
    box.next_button.click()
    assert "✓ Mara, Follow Normal Route" in box.done.toPlainText()
    assert box.next_button.text().startswith("Roll Bo's Scout for Danger")
    box.next_button.click()
    # Roles done: the referee may check for an encounter now, or walk the route first.
    assert box.next_button.text().startswith("Walk SE (hex 1 of")
    assert box.encounter_button.isVisible()
    box.next_button.click()
    assert "✓ Walked SE" in box.done.toPlainText()
    assert panel.scene.believed_mark.isVisible()
    box.encounter_button.click()
    assert "✓ Travel encounter after 1 hex:" in box.done.toPlainText()
    assert box.next_button.text().startswith("Rest outdoors (rest EN ")
    box.next_button.click()
    assert box.next_button.text() == "The Miasma: each human's resistance test"
    box.next_button.click()
    assert box.next_button.text() == "Write the day's journal entry"
    box.next_button.click()
    assert panel.problem.isHidden(), panel.problem.text()
    assert panel.journey.state.day == 1 and panel.journey.pending is None
    assert panel.entry.toPlainText().startswith("Day 1")
    assert box.begin_button.isVisible() and panel.travel_button.isEnabled()
    assert panel.route == []


def test_each_step_is_undone_alone_and_a_step_is_taken_back(qtbot, panel):
    box = panel.steps_box
    stack = panel.undo_stack
    box.begin_button.click()
    box.next_button.click()
    box.next_button.click()
    assert len(panel.journey.pending.steps) == 2
    assert stack.undoText() == "Day 1: Bo's Scout for Danger"
    stack.undo()
    assert len(panel.journey.pending.steps) == 1
    assert box.next_button.text().startswith("Roll Bo's")
    stack.redo()
    assert len(panel.journey.pending.steps) == 2
    box.undo_button.click()  # take back the last step, itself one undo step
    assert len(panel.journey.pending.steps) == 1
    stack.undo()
    assert len(panel.journey.pending.steps) == 2


def test_a_step_that_cannot_be_taken_is_said_in_the_panel(qtbot, panel):
    row = panel.role_row("Mara")
    row.task.setCurrentIndex(row.task.findData(Task.BACK_ON_TRACK))
    panel.steps_box.begin_button.click()
    assert "not lost" in panel.problem.text() and not panel.problem.isHidden()
    assert panel.journey.pending is None
