"""Character undo and redo refuse, changing nothing, when the crow was changed since (issue 8)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from refkit.app import character_commands as cmd
from refkit.app.character_service import CharacterService
from refkit.app.undo import UndoConflictError
from refkit.compose import open_character_service
from refkit.store import CharacterRepository, Database
from refkit.store.character_store import CharacterChangedError

BRANNOC = "Brannoc Tull"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "refkit.sqlite3"


@pytest.fixture
def service(db_path: Path) -> Iterator[CharacterService]:
    with open_character_service(str(db_path)) as opened:
        yield opened


def change_elsewhere(db_path: Path, name: str, change) -> None:  # type: ignore[no-untyped-def]
    """Save the crow through a second connection, as another process or the CLI would."""
    with Database.open(str(db_path)) as db:
        repo = CharacterRepository(db)
        repo.save(change(repo.get(name)))


def blessed(crow):  # type: ignore[no-untyped-def]
    return crow.with_condition("blessed")


def test_undo_of_a_notes_edit_keeps_a_condition_added_elsewhere_and_refuses(
    service: CharacterService, db_path: Path
) -> None:
    command = cmd.edit_notes(service, BRANNOC, "Owes the ferryman two coins")
    command.do()
    change_elsewhere(db_path, BRANNOC, blessed)
    with pytest.raises(UndoConflictError, match=BRANNOC):
        command.undo()
    stored = service.get(BRANNOC)
    assert "blessed" in stored.conditions
    assert stored.notes == "Owes the ferryman two coins"


def test_redo_refuses_when_the_crow_changed_after_the_undo(
    service: CharacterService, db_path: Path
) -> None:
    command = cmd.edit_notes(service, BRANNOC, "Owes the ferryman two coins")
    command.do()
    command.undo()
    before = service.get(BRANNOC)
    change_elsewhere(db_path, BRANNOC, blessed)
    with pytest.raises(UndoConflictError, match=BRANNOC):
        command.do()
    stored = service.get(BRANNOC)
    assert stored.notes == before.notes
    assert "blessed" in stored.conditions


def test_undo_refuses_when_the_crow_was_deleted_since(service: CharacterService) -> None:
    command = cmd.edit_notes(service, BRANNOC, "Gone soon")
    command.do()
    service.delete(BRANNOC)
    with pytest.raises(UndoConflictError, match=BRANNOC):
        command.undo()
    assert not service.exists(BRANNOC)


def test_undo_and_redo_still_work_when_nothing_changed_in_between(
    service: CharacterService,
) -> None:
    original = service.get(BRANNOC)
    command = cmd.edit_notes(service, BRANNOC, "First")
    command.do()
    command.undo()
    assert service.get(BRANNOC) == original
    command.do()
    assert service.get(BRANNOC).notes == "First"
    command.undo()
    assert service.get(BRANNOC) == original


def test_a_save_that_leaves_the_crow_exactly_as_the_edit_left_it_does_not_block_undo(
    service: CharacterService,
) -> None:
    # End DT's condition moves save a crow again without changing what the edit left; losing
    # nothing, the undo goes ahead.
    original = service.get(BRANNOC)
    command = cmd.edit_notes(service, BRANNOC, "First")
    command.do()
    service.save(service.get(BRANNOC))
    command.undo()
    assert service.get(BRANNOC) == original


def test_undo_of_a_rename_checks_the_crow_under_its_new_name(
    service: CharacterService, db_path: Path
) -> None:
    command = cmd.edit_details(service, BRANNOC, new_name="Brannoc the Grey")
    command.do()
    change_elsewhere(db_path, "Brannoc the Grey", lambda c: replace(c, notes="elsewhere"))
    with pytest.raises(UndoConflictError, match="Brannoc the Grey"):
        command.undo()
    assert service.get("Brannoc the Grey").notes == "elsewhere"
    assert not service.exists(BRANNOC)


def test_the_store_saves_only_at_the_expected_revision(
    service: CharacterService, db_path: Path
) -> None:
    with Database.open(str(db_path)) as db:
        repo = CharacterRepository(db)
        crow = repo.get(BRANNOC)
        revision = repo.revision(BRANNOC)
        with pytest.raises(CharacterChangedError, match=BRANNOC):
            repo.save(replace(crow, notes="late"), expected_revision=revision - 1)
        assert repo.get(BRANNOC) == crow and repo.revision(BRANNOC) == revision
        assert repo.save(replace(crow, notes="on time"), expected_revision=revision) == revision + 1


def test_a_save_elsewhere_between_the_check_and_the_write_refuses_the_undo(
    service: CharacterService, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = cmd.edit_notes(service, BRANNOC, "Owes the ferryman two coins")
    command.do()
    read_revision = service.revision

    def revision_then_a_save_elsewhere(name: str) -> int:
        revision = read_revision(name)
        change_elsewhere(db_path, name, blessed)  # lands after the check, before the write
        return revision

    monkeypatch.setattr(service, "revision", revision_then_a_save_elsewhere)
    with pytest.raises(UndoConflictError, match=f"{BRANNOC} was changed"):
        command.undo()
    monkeypatch.undo()
    stored = service.get(BRANNOC)
    assert "blessed" in stored.conditions and stored.notes == "Owes the ferryman two coins"


def test_an_edit_worked_out_before_a_save_elsewhere_is_refused_not_written_over_it(
    service: CharacterService, db_path: Path
) -> None:
    """Issue 22's lost update: the edit was worked out from the crow as read; another program
    saved the crow before the edit was done. Doing it must not silently drop that save."""
    command = cmd.edit_notes(service, BRANNOC, "Owes the ferryman two coins")
    change_elsewhere(db_path, BRANNOC, blessed)
    with pytest.raises(CharacterChangedError, match=BRANNOC):
        command.do()
    stored = service.get(BRANNOC)
    assert "blessed" in stored.conditions
    assert stored.notes != "Owes the ferryman two coins"


def test_an_edit_from_a_crow_not_read_through_the_service_compares_the_crow_itself(
    service: CharacterService, db_path: Path
) -> None:
    before = replace(service.get(BRANNOC))  # a copy: the service cannot vouch for its revision
    command = cmd.CharacterEdit(service, BRANNOC, before, replace(before, notes="mine"), "Notes")
    assert command.read_revision is None
    change_elsewhere(db_path, BRANNOC, blessed)
    with pytest.raises(CharacterChangedError):
        command.do()
    assert "blessed" in service.get(BRANNOC).conditions
    command = cmd.CharacterEdit(
        service, BRANNOC, service.get(BRANNOC), replace(service.get(BRANNOC), notes="mine"), "N"
    )
    command.do()
    assert service.get(BRANNOC).notes == "mine"


def test_the_service_remembers_only_its_latest_reads_and_an_older_one_is_compared(
    service: CharacterService, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refkit.app import character_service

    monkeypatch.setattr(character_service, "READS_REMEMBERED", 1)
    brannoc = service.get(BRANNOC)
    assert service.revision_read(brannoc) is not None
    service.get("Wren Ashdown")  # pushes Brannoc's read out
    assert service.revision_read(brannoc) is None
    command = cmd.CharacterEdit(service, BRANNOC, brannoc, replace(brannoc, notes="x"), "Notes")
    change_elsewhere(db_path, BRANNOC, blessed)
    with pytest.raises(CharacterChangedError):
        command.do()
    assert "blessed" in service.get(BRANNOC).conditions
