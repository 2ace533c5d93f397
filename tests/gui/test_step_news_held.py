"""A crow saved by a step is shown from what was read with the step, however long the step's
reads take: the news of the save, told to the GUI thread while the step is still being saved,
waits until the step is shown (issue 30: the sheet and the crow list took it at once, before the
step's riders had read the crow, and each read it again — two more waits on the worker behind
the step, the attack roll's slowest presses in the soak)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from refkit.app.character_service import CharacterService
from refkit.gui.characters.step_reads import StepReads
from refkit.gui.shell.panel_registry import PanelId
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.gui.shell.worker import Worker
from tests.gui.combat.fight_setup import has_fight

CROW = "Brannoc Tull"
RIDE_S = 0.15
"""How long the step's reads take here: long enough that the GUI thread, turning its event loop
while it waits on the step, takes every news the step posted before they are done."""


class Counted:
    def __init__(self) -> None:
        self.waits = 0
        self.reads: list[str] = []
        self.stacks: list[str] = []


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counted:
    counter = Counted()
    wait_for, get, summary = Worker.wait_for, CharacterService.get, CharacterService.summary
    ride = StepReads.ride

    def counting_wait(self: Worker, function: Callable[..., Any], *args: Any) -> Any:
        if self._waits_here():
            counter.waits += 1
            import traceback

            counter.stacks.append("".join(traceback.format_stack(limit=14)[:-1]))
        return wait_for(self, function, *args)

    def counting_get(self: CharacterService, name: str) -> Any:
        counter.reads.append(f"sheet {name}")
        return get(self, name)

    def counting_summary(self: CharacterService, name: str) -> Any:
        counter.reads.append(f"line {name}")
        return summary(self, name)

    def slow_ride(self: StepReads) -> None:
        time.sleep(RIDE_S)
        ride(self)

    monkeypatch.setattr(Worker, "wait_for", counting_wait)
    monkeypatch.setattr(CharacterService, "get", counting_get)
    monkeypatch.setattr(CharacterService, "summary", counting_summary)
    monkeypatch.setattr(StepReads, "ride", slow_ride)  # before the window binds it
    return counter


def test_a_step_that_saves_the_open_crow_shows_it_from_its_own_reads(
    qtbot, start_app, tmp_path: Path, counted: Counted
) -> None:
    app = start_app(tmp_path / "refkit.sqlite3")
    qtbot.waitUntil(lambda: has_fight(app), timeout=30_000)  # every feature has joined
    app.panels.widget(PanelId.CHARACTERS)  # the crow list and the sheet, as at the table
    app.panels.widget(PanelId.CHARACTER_SHEET)
    crows = app.character_panels.session
    crows.open(CROW)
    qtbot.wait(50)
    before = crows.character()
    assert before is not None
    counted.waits, counted.reads, counted.stacks = 0, [], []
    # Pressed in the running window: the GUI thread turns its event loop while the step is saved.
    QTimer.singleShot(0, lambda: crows.edit_notes("The party argued about the map"))
    qtbot.waitUntil(lambda: counted.waits >= 2)
    qtbot.wait(int(RIDE_S * 1000) + 100)  # anything posted late is taken
    # Two waits: the edit made from the stored crow, then its step — none of the window's own.
    assert counted.waits == 2, "\n".join(counted.stacks)
    # The crow read to make the edit, then by the step's reads: the open crow and its line.
    assert counted.reads == [f"sheet {CROW}", f"line {CROW}", f"sheet {CROW}"], counted.reads
    shown = crows.character()
    assert shown is not None and shown.notes == "The party argued about the map"
    assert app.services.characters.get(CROW) == shown
    model = app.character_panels.list_panel.model
    line = model.summary(model.row_of(CROW))
    assert line == app.services.characters.summary(CROW)  # the list's line is the saved one


def test_news_told_by_a_step_that_fails_is_still_taken(qtbot) -> None:
    """The stack settles after a step that raised too: nothing held is left behind."""
    from refkit.app.undo import FunctionCommand
    from refkit.gui.characters.step_reads import HeldDuringStep
    from refkit.gui.shell.undo_adapter import push_command

    stack = RefkitUndoStack()
    taken: list[str] = []
    held = HeldDuringStep(stack.is_running)
    stack.settled.connect(held.release)
    told = held.wrap(taken.append)

    def fails() -> None:
        told("saved Brannoc")
        assert taken == []  # held while the step runs
        raise ValueError("refused")

    with pytest.raises(ValueError):
        push_command(stack, FunctionCommand("Refused", fails, lambda: None))
    assert taken == ["saved Brannoc"]
    told("later")
    assert taken == ["saved Brannoc", "later"]  # no step: taken at once
