"""How often a step outside combat makes the GUI thread wait on the database worker (issue 30:
each wait holds the press back two to three times its job's own time). What the window shows
after a step rides in the step's own worker job: the dungeon turn, the open crow, its wounds to
place, its held blessings and its line in the crow list."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from refkit.app.party.blessings import held_blessings
from refkit.gui.shell.worker import Worker
from tests.gui.app_readiness import OPEN_TIMEOUT_MS

MOST_WAITS_PER_END_DT = 1
"""The step (its dungeon turn and the open crow's prompt and held blessings read again in
the same job); there were three."""
MOST_WAITS_PER_CROW_EDIT = 2
"""The crow read for the step to be worked out from, and the step (the crow again, its wound
prompt, its held blessings and its list line read in the same job); there were eight: the
crow read again, its prompt, its list line, its blessings and the dungeon turn each waited
after the step."""


class Waits:
    def __init__(self) -> None:
        self.count = 0


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> Waits:
    """Counts the GUI thread's waits on the worker (a job run here instead is no wait)."""
    counter = Waits()
    wait_for = Worker.wait_for

    def counting(self: Worker, function: Callable[..., Any], *args: Any) -> Any:
        if self._waits_here():
            counter.count += 1
        return wait_for(self, function, *args)

    monkeypatch.setattr(Worker, "wait_for", counting)
    return counter


def _started(qtbot: Any, start_app: Any, path: Path) -> Any:
    app = start_app(path)
    qtbot.waitUntil(lambda: app.dungeon is not None, timeout=OPEN_TIMEOUT_MS)
    return app


def test_end_dt_waits_on_the_worker_once(
    qtbot: Any, start_app: Any, tmp_path: Path, waits: Waits
) -> None:
    app = _started(qtbot, start_app, tmp_path / "evening.sqlite3")
    session = app.dungeon.session
    assert session.start_turn(dungeon="The Drowned Crypt") == 1
    for number in (2, 3, 4):
        qtbot.wait(50)  # the catch-ups the last step started are done
        waits.count = 0
        session.end_turn()
        assert waits.count <= MOST_WAITS_PER_END_DT, waits.count
        view = session.view()
        assert view is not None and view.clock.dt == number  # shown when run() returns


def test_a_crow_edit_waits_on_the_worker_once_and_shows_the_edit(
    qtbot: Any, start_app: Any, tmp_path: Path, waits: Waits
) -> None:
    app = _started(qtbot, start_app, tmp_path / "evening.sqlite3")
    crows = app.character_panels.session
    crows.open("Brannoc Tull")
    qtbot.wait(50)
    service = crows.service
    model = app.character_panels.list_panel.model
    for _ in range(3):
        before = crows.character()
        waits.count = 0
        crows.damage(1, piercing=True)
        assert waits.count <= MOST_WAITS_PER_CROW_EDIT, waits.count
        saved = service.get("Brannoc Tull")
        assert saved != before and crows.character() == saved  # the sheet shows the saved crow
        assert model.summary(model.row_of("Brannoc Tull")).stamina == saved.stamina.current
        qtbot.wait(50)


class _Note:
    text = "Note"

    def __init__(self) -> None:
        self.done = 0

    def do(self) -> None:
        self.done += 1

    def undo(self) -> None:
        self.done -= 1


def test_a_read_riding_with_a_step_runs_after_each_do_and_undo_and_cannot_undo_the_step(
    qtbot: Any, caplog: pytest.LogCaptureFixture
) -> None:
    from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command

    stack = RefkitUndoStack()
    note = _Note()
    seen: list[int] = []
    stack.add_rider(lambda: seen.append(note.done))  # the step's effect is there to read

    def broken() -> None:
        raise RuntimeError("the riding read failed")

    stack.add_rider(broken)
    push_command(stack, note)
    assert seen == [1] and note.done == 1 and stack.index() == 1  # the step stands
    assert "a read riding with a step failed" in caplog.text
    stack.undo()
    assert seen == [1, 0] and stack.index() == 0
    stack.remove_rider(broken)
    stack.redo()
    assert seen == [1, 0, 1]


MOST_WAITS_PER_OPEN_CROW = 1
"""Opening a crow: the crow, its wound prompt and its held blessings read in one job; there
were three (the sheet read the prompt and the blessings after the crow, a wait each)."""


def test_opening_a_crow_waits_on_the_worker_once_and_shows_it(
    qtbot: Any, start_app: Any, tmp_path: Path, waits: Waits
) -> None:
    app = _started(qtbot, start_app, tmp_path / "evening.sqlite3")
    crows = app.character_panels.session
    service = crows.service
    names = service.names()
    assert len(names) >= 2
    sheet = app.character_panels.sheet
    for name in (names[1], names[0], names[1]):
        qtbot.wait(50)
        waits.count = 0
        crows.open(name)
        assert waits.count <= MOST_WAITS_PER_OPEN_CROW, (name, waits.count)
        crow = crows.character()
        assert crow == service.get(name)  # shown as stored, with its prompt and blessings
        held = held_blessings(service.repository, name)
        assert sheet.blessing_button.isVisibleTo(sheet) == (held > 0)
        prompts = app.dungeon.party.prompts
        assert crows.wound_prompt() == prompts.get(name).within(crow)
        qtbot.wait(20)
