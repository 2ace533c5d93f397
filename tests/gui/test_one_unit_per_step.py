"""The window's undo stack runs each step's do and undo in one unit of work (issue 22).

Whatever a step writes is committed once, when the step is over, or not at all: a step that
fails half-way keeps none of its writes, even ones its command would not have put back itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.compose import open_character_service
from refkit.gui.shell.undo_adapter import RefkitUndoStack, push_command

WREN = "Wren Ashdown"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(tmp_path / "refkit.sqlite3")) as opened:
        yield opened


class HalfDone:
    """Saves the crow's notes, then fails: a command with no undo of its own half."""

    text = "Half a step"

    def __init__(self, service: CharacterService) -> None:
        self.service = service

    def do(self) -> None:
        crow = self.service.get(WREN)
        self.service.put(WREN, replace(crow, notes="half"))
        raise RuntimeError("the second half of the step failed")

    def undo(self) -> None:
        raise AssertionError("never done")


def test_a_step_failing_half_way_keeps_none_of_its_writes(qapp, service: CharacterService) -> None:
    stack = RefkitUndoStack()
    stack.write_with(None, service.repository.database.unit_of_work)
    before = service.get(WREN).notes
    with pytest.raises(RuntimeError, match="second half"):
        push_command(stack, HalfDone(service))
    assert service.get(WREN).notes == before
    assert stack.count() == 0


def test_without_the_stacks_unit_the_half_would_stay(qapp, service: CharacterService) -> None:
    """The control: the same step on a stack that opens no unit keeps its first write, so the
    test above sees the unit of work and not the command."""
    stack = RefkitUndoStack()
    with pytest.raises(RuntimeError):
        push_command(stack, HalfDone(service))
    assert service.get(WREN).notes == "half"


def test_listeners_hear_of_a_step_once_it_is_committed(qapp, service: CharacterService) -> None:
    stack = RefkitUndoStack()
    database = service.repository.database
    stack.write_with(None, database.unit_of_work)
    heard: list[bool] = []
    service.add_listener(lambda _change: heard.append(database.in_unit_of_work()))

    from refkit.app import character_commands

    push_command(stack, character_commands.edit_notes(service, WREN, "told after"))
    assert heard == [False]
