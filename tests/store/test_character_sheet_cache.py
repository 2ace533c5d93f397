"""A crow's sheet is decoded once per revision in a process (issue 30: a fight reads its crows'
sheets after every step, and decoding them was half of an attack's work in the worker). A sheet
read again is the stored one: any save — this repository's, another repository's, another
program's — moves the revision and the time, and the sheet is decoded anew; the kept sheets
are bounded."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from refkit.store import CharacterRepository, Database, character_store
from refkit.store.character_store import SHEETS_KEPT
from tests.store.test_crow_summaries import crow


@pytest.fixture
def decoded(monkeypatch) -> list[str]:
    """The names of the sheets decoded from their stored documents."""
    names: list[str] = []
    real = character_store.decode_character

    def counted(payload: str, name: str):
        names.append(name)
        return real(payload, name)

    monkeypatch.setattr(character_store, "decode_character", counted)
    return names


def test_an_unchanged_sheet_is_decoded_once(tmp_path: Path, decoded: list[str]) -> None:
    with Database.open(str(tmp_path / "crows.sqlite3")) as db:
        repo = CharacterRepository(db)
        repo.save(crow(current=4))
        first, second = repo.get("Mara Vell"), CharacterRepository(db).get("mara vell")
    assert first == second and first.stamina.current == 4
    assert decoded == ["Mara Vell"]


def test_a_save_is_read_as_saved(tmp_path: Path, decoded: list[str]) -> None:
    with Database.open(str(tmp_path / "crows.sqlite3")) as db:
        repo = CharacterRepository(db)
        repo.save(crow(current=4))
        before, revision = repo.read("Mara Vell")
        repo.save(
            replace(before, stamina=replace(before.stamina, current=2)), expected_revision=revision
        )
        after, _ = repo.read("Mara Vell")
    assert after.stamina.current == 2
    assert decoded == ["Mara Vell", "Mara Vell"]


def test_another_programs_save_is_read_as_saved(tmp_path: Path) -> None:
    path = str(tmp_path / "crows.sqlite3")
    with Database.open(path) as db:
        repo = CharacterRepository(db)
        repo.save(crow(current=4))
        assert repo.get("Mara Vell").stamina.current == 4
        with Database.open(path) as other:  # another connection, its own repository
            theirs = CharacterRepository(other)
            sheet, revision = theirs.read("Mara Vell")
            theirs.save(
                replace(sheet, stamina=replace(sheet.stamina, current=1)),
                expected_revision=revision,
            )
        assert repo.get("Mara Vell").stamina.current == 1


def test_the_sheets_kept_are_bounded(tmp_path: Path, decoded: list[str]) -> None:
    with Database.open(str(tmp_path / "crows.sqlite3")) as db:
        repo = CharacterRepository(db)
        names = [f"Crow {n:03d}" for n in range(SHEETS_KEPT + 1)]
        for name in names:
            repo.save(crow(name))
        for name in names:
            repo.get(name)
        decoded.clear()
        repo.get(names[-1])  # the newest is kept
        repo.get(names[0])  # the oldest went when one more came
        assert decoded == [names[0]]
        assert len(character_store._summary_cache(db).sheets) == SHEETS_KEPT


def test_a_deleted_crows_sheet_is_not_read_for_the_crow_given_its_row(tmp_path: Path) -> None:
    """SQLite gives a deleted crow's row id to the next new one: with the same revision and time
    (a clock that does not move), the kept sheet of the deleted crow must not stand for it."""
    from datetime import UTC, datetime

    now = datetime(2026, 12, 7, 20, 0, tzinfo=UTC)
    with Database.open(str(tmp_path / "crows.sqlite3")) as db:
        repo = CharacterRepository(db, clock=lambda: now)
        repo.save(crow(current=4))
        assert repo.get("Mara Vell").stamina.current == 4  # kept
        repo.delete("Mara Vell")
        repo.save(replace(crow(current=2), name="Odo Fenn"))
        assert repo.get("Odo Fenn").name == "Odo Fenn"
        assert repo.get("Odo Fenn").stamina.current == 2
