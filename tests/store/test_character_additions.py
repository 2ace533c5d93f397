"""The store keeps a crow's version 2 keys: it stores the character file's document."""

from __future__ import annotations

from pathlib import Path

from refkit.store import CharacterRepository, Database
from tests.rules.test_character_file_v2 import grown


def test_the_database_keeps_the_additions(tmp_path: Path, clock) -> None:
    with Database.open(str(tmp_path / "crows.sqlite3"), clock=clock) as database:
        repository = CharacterRepository(database, clock=clock)
        repository.save(grown())
        assert repository.get("Tilly Marsh") == grown()
