"""A step elsewhere (an attack roll, a d100, another crow's edit) does not rebuild the travel
day's rest rows while the panel is on screen: they are built again only when what they show
changed — a resting crow's sheet, its starvation, Seclude Camp or Prepare Campsite — and the
panel's reads after a step are one trip to where the window writes (issue 30: every attack roll
rebuilt the rows, 20–30 ms, with the party travelling)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from refkit.app.travel.wiring import TravelDesk
from refkit.app.undo import FunctionCommand
from refkit.gui.shell import undo_adapter
from refkit.gui.shell.undo_adapter import RefkitUndoStack, ThroughWorker, push_command
from refkit.gui.travel.day_panel import TravelDayPanel
from refkit.rules.character.rest_activities import Activity, ActivityChoice
from tests.gui.travel.journey_setup import panel_on_a_journey
from tests.gui.travel.test_travel_rest_activities import to_the_rest

BRANNOC = "Brannoc Tull"
HESPER = "Hesper Quill"
WREN = "Wren Ashdown"


@pytest.fixture
def panel(qtbot, services):
    stack = RefkitUndoStack()
    widget = panel_on_a_journey(qtbot, stack, ThroughWorker(TravelDesk(services), stack))
    assert widget.day_rest is not None
    return widget


def _step(panel: TravelDayPanel, apply=lambda: None, revert=lambda: None) -> None:
    push_command(panel.undo_stack, FunctionCommand("Something elsewhere", apply, revert))


def test_a_step_that_changes_nothing_shown_keeps_the_rest_rows(panel) -> None:
    rows = panel.day_rest
    rows.choose(HESPER, ActivityChoice(Activity.REPAIR_ARMOR))
    _step(panel)
    assert panel.day_rest is rows  # the same rows, the choice as it was
    assert panel.day_rest.choices()[HESPER].activity is Activity.REPAIR_ARMOR
    panel.undo_stack.undo()
    panel.undo_stack.redo()
    assert panel.day_rest is rows


def test_a_step_that_changes_a_resting_crow_shows_the_new_sheet_in_the_same_rows(
    panel, services
) -> None:
    rows = panel.day_rest
    tend = ActivityChoice(Activity.TEND_WOUNDS, HESPER)
    with pytest.raises(KeyError):  # Hesper has no wound to tend yet
        rows.choose(BRANNOC, tend)
    harvest = ActivityChoice(Activity.HARVEST, "large")
    rows.choose(WREN, harvest)
    preview = {row.crow.name: row.preview.text() for row in rows.rows}
    hesper = services.characters.get(HESPER)
    hurt = replace(hesper, wounds=(2, 5))
    _step(panel, lambda: services.characters.save(hurt), lambda: services.characters.save(hesper))
    assert panel.day_rest is rows  # the same rows, showing her sheet as it is now
    shown = {row.crow.name: row for row in rows.rows}
    assert shown[HESPER].crow.wounds == (2, 5)
    assert shown[HESPER].preview.text() != preview[HESPER]  # her rest heals a wound now
    rows.choose(BRANNOC, tend)  # and she is offered to tend, with her two wounds
    assert "2 wounds" in shown[BRANNOC].target.currentText()
    assert rows.choices()[WREN] == harvest  # the other choices kept
    panel.undo_stack.undo()
    assert panel.day_rest is rows
    assert shown[HESPER].crow.wounds == ()
    assert shown[HESPER].preview.text() == preview[HESPER]
    assert rows.choices()[BRANNOC].activity is Activity.TEND_WOUNDS
    assert rows.choices()[BRANNOC].target == ""  # nobody to tend any more
    assert rows.problem()  # and the rows say so


def test_rows_for_other_crows_are_built_anew(panel, services) -> None:
    rows = panel.day_rest
    crows = [row.crow for row in rows.rows]
    renamed = [replace(crows[0], name="Someone Else"), *crows[1:]]
    assert not rows.show_crows(renamed)  # a new row is wanted: nothing changed here
    assert [row.crow for row in rows.rows] == crows
    assert not rows.show_crows(crows[1:])


def test_seclude_camp_still_rebuilds_the_rows(panel) -> None:
    rows = panel.day_rest
    panel.seclude.setChecked(True)
    assert panel.day_rest is not rows  # checked now with Seclude Camp


def test_the_panels_reads_after_a_step_are_one_trip(panel, monkeypatch) -> None:
    trips: list[str] = []
    inside: list[bool] = []
    real = undo_adapter.write_through

    def counted(stack, function, *args):
        if inside:  # a read made in the trip itself: no trip of its own
            return real(stack, function, *args)
        trips.append(getattr(function, "__name__", repr(function)))
        inside.append(True)
        try:
            return real(stack, function, *args)
        finally:
            inside.pop()

    for module in ("refkit.gui.travel.day_panel", "refkit.gui.travel.day_steps_box"):
        monkeypatch.setattr(f"{module}.write_through", counted, raising=False)
    monkeypatch.setattr(undo_adapter, "write_through", counted)
    _step(panel)
    assert len(trips) == 1, trips


def test_the_rest_step_keeps_its_rows_and_shows_newer_sheets_in_them(panel, services) -> None:
    """The same for the day rolled step by step, when the rest is next (a fight at the camp)."""
    panel.in_miasma.setChecked(False)
    to_the_rest(panel)
    box = panel.steps_box
    rows = box.rest_choices
    assert rows is not None
    harvest = ActivityChoice(Activity.HARVEST, "large")
    rows.choose(WREN, harvest)
    _step(panel)
    assert box.rest_choices is rows
    hesper = services.characters.get(HESPER)
    hurt = replace(hesper, wounds=(2, 5))
    _step(panel, lambda: services.characters.save(hurt), lambda: services.characters.save(hesper))
    assert box.rest_choices is rows
    assert {row.crow.name: row.crow for row in rows.rows}[HESPER].wounds == (2, 5)
    assert rows.choices()[WREN] == harvest
    assert box.next_button.isEnabled()
