"""The travel day panel shows a step from a read made in the step's own worker job (issue 30:
after each step it waited on a read of its own, 9 ms an attack roll with the party travelling):
only for the inputs the panel has when the step is shown, only while it is seen, and not after
the panel is gone."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QObject

from refkit.app.travel.wiring import TravelDesk
from refkit.app.undo import FunctionCommand
from refkit.gui.shell.undo_adapter import RefkitUndoStack, ThroughWorker, push_command
from refkit.gui.travel import day_backend, day_panel
from refkit.gui.travel.day_backend import RidingRead, ride_along
from refkit.gui.travel.day_panel import TravelDayPanel
from tests.gui.travel.journey_setup import panel_on_a_journey


@pytest.fixture
def desk(services) -> TravelDesk:
    return TravelDesk(services)


@pytest.fixture
def panel(qtbot, desk):
    stack = RefkitUndoStack()
    return panel_on_a_journey(qtbot, stack, ThroughWorker(desk, stack))


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """Each read of the day: "ride" made with a step, "own" made by the panel itself."""
    made: list[str] = []
    real = day_backend.read_day

    def riding(*args):
        made.append("ride")
        return real(*args)

    def own(*args):
        made.append("own")
        return real(*args)

    monkeypatch.setattr(day_backend, "read_day", riding)
    monkeypatch.setattr(day_panel, "read_day", own)
    return made


def _elsewhere() -> FunctionCommand:
    return FunctionCommand("Elsewhere", lambda: None, lambda: None)


def _step(panel, command=None) -> None:
    push_command(panel.undo_stack, command or _elsewhere())


def test_a_step_is_shown_from_the_read_made_with_it(panel, reads) -> None:
    _step(panel)
    assert reads == ["ride"]
    panel.undo_stack.undo()
    panel.undo_stack.redo()
    assert reads == ["ride", "ride", "ride"]


class UntickedMeanwhile(FunctionCommand):
    """A step during whose saving the referee unticks "Rest outdoors" (the window takes input
    while a step is saved): after the read riding with it, before it is shown."""

    def __init__(self, panel) -> None:
        super().__init__("Elsewhere", lambda: None, lambda: None)
        object.__setattr__(self, "panel", panel)

    def ride_after_step(self) -> None:
        self.panel.rest.setChecked(False)


def test_a_read_made_for_other_inputs_is_not_shown(panel, reads) -> None:
    _step(panel, UntickedMeanwhile(panel))
    assert reads == ["ride", "own"]  # the read with the step was for a resting day
    assert panel.day_rest is None and panel.day_rest_holder.isHidden()


def test_a_hidden_panel_has_nothing_read_for_it_until_it_is_shown(qtbot, panel, reads) -> None:
    panel.hide()
    _step(panel)
    assert reads == []
    panel.show()
    qtbot.waitUntil(lambda: reads == ["own"])


def test_a_read_no_move_took_is_forgotten_once_the_step_settles(desk) -> None:
    stack, owner = RefkitUndoStack(), QObject()
    riding = RidingRead(stack)
    riding.backend, riding.args = desk, (None, "The Ashen Marches", True)
    ride_along(stack, owner, riding)
    riding.ride()
    stack.settled.emit()
    assert riding.take((None, "The Ashen Marches", True)) is None
    riding.ride()
    assert riding.take((None, "The Ashen Marches", False)) is None  # made for other inputs
    riding.ride()
    read = riding.take((None, "The Ashen Marches", True))
    assert read is not None and "The Ashen Marches" in read[1]
    assert riding.take((None, "The Ashen Marches", True)) is None  # taken once


def test_nothing_rides_with_the_steps_once_the_panel_is_gone(qtbot, desk, reads) -> None:
    stack = RefkitUndoStack()
    panel = TravelDayPanel(stack, ThroughWorker(desk, stack))
    panel.show()
    qtbot.waitExposed(panel)
    reads.clear()
    panel.deleteLater()  # as the window tears its panels down, shown
    qtbot.waitUntil(lambda: not shiboken6.isValid(panel))
    push_command(stack, _elsewhere())
    assert reads == []
