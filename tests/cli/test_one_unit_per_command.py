"""A command is one step of the user's: everything it writes is one unit of work, committed
once at its end or not at all (``command_services`` → ``Services(one_step=True)``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from refkit.store.character_store import CharacterRepository
from refkit.store.combat_store import FightRepository
from refkit.store.database import Database
from refkit.store.errors import DatabaseWriteError


@pytest.fixture
def units(monkeypatch: pytest.MonkeyPatch) -> list[Database]:
    """Every unit of work opened in this process, by database."""
    opened: list[Database] = []
    original = Database.unit_of_work

    @contextmanager
    def counting(self: Database) -> Iterator[Any]:
        opened.append(self)
        with original(self) as unit:
            yield unit

    monkeypatch.setattr(Database, "unit_of_work", counting)
    return opened


@pytest.mark.parametrize(
    "commands",
    [
        [("character", "list")],  # a fresh database: the sample party and tables seeded
        [("dt", "start", "--dungeon", "Crypt"), ("dt", "end", "--die", "4")],
        [("fight", "crows", "Wren Ashdown"), ("fight", "damage", "Wren Ashdown", "2")],
    ],
)
def test_each_command_opens_exactly_one_unit(
    cli, tmp_path: Path, units: list[Database], commands: list[tuple[str, ...]]
) -> None:
    db = str(tmp_path / "refkit.sqlite3")
    for command in commands:
        before = len(units)
        done = cli("--db", db, *command)
        assert done.code == 0, done.err
        assert len(units) - before == 1, f"{command}: {len(units) - before} units"


def test_a_command_that_fails_after_writing_keeps_nothing_of_it(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "refkit.sqlite3")
    assert cli("--db", db, "fight", "crows", "Wren Ashdown").code == 0
    before = cli("--db", db, "character", "show", "Wren Ashdown", "--json").out

    def full(*_args: object, **_kwargs: object) -> None:
        raise DatabaseWriteError(db, "the disk is full")

    # Damage saves the crow first and the fight after it: the fight's save fails.
    monkeypatch.setattr(FightRepository, "save", full)
    failed = cli("--db", db, "fight", "damage", "Wren Ashdown", "2")
    assert failed.code != 0 and "the disk is full" in failed.err
    monkeypatch.undo()
    assert cli("--db", db, "character", "show", "Wren Ashdown", "--json").out == before


def test_a_fresh_database_seeded_halfway_keeps_none_of_the_seeding(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sample party and the flag that says it was seeded are written together: a command
    that fails between them leaves no sample crows behind (a separate commit once did)."""
    db = str(tmp_path / "refkit.sqlite3")

    def full(*_args: object, **_kwargs: object) -> None:
        raise DatabaseWriteError(db, "the disk is full")

    monkeypatch.setattr(CharacterRepository, "set_meta", full)
    failed = cli("--db", db, "character", "list")
    assert failed.code != 0 and "the disk is full" in failed.err
    monkeypatch.undo()
    with Database.open(db) as database:
        assert CharacterRepository(database).count() == 0
