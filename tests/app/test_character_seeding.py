"""First-start seeding of the sample party is one transaction: all of it or none of it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from refkit.app.sample_content import SAMPLE_PARTY_NAME, SEEDED_FLAG, seed_sample_content
from refkit.compose import open_character_service
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from refkit.store.errors import DatabaseError


def _refuse_party_members(connection: sqlite3.Connection) -> None:
    """A fault in the middle of seeding: the crows go in, the party's member rows cannot."""

    def authorize(action: int, table: str | None, *_rest: object) -> int:
        if action == sqlite3.SQLITE_INSERT and table == "party_member":
            return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK

    connection.set_authorizer(authorize)


def test_a_failure_midway_through_seeding_leaves_no_crows_and_no_party(tmp_path: Path) -> None:
    path = str(tmp_path / "refkit.sqlite3")
    Database.open(path).close()
    with Database.open(path, on_connect=_refuse_party_members) as database:
        repo = CharacterRepository(database)
        with pytest.raises(DatabaseError):
            seed_sample_content(repo)
    with Database.open(path) as database:
        repo = CharacterRepository(database)
        assert repo.count() == 0
        assert repo.list_parties() == []
        assert repo.get_meta(SEEDED_FLAG) is None  # so the next start offers the party again


def test_after_a_failed_seeding_the_next_start_seeds_the_whole_party(tmp_path: Path) -> None:
    path = str(tmp_path / "refkit.sqlite3")
    Database.open(path).close()
    with (
        Database.open(path, on_connect=_refuse_party_members) as database,
        pytest.raises(DatabaseError),
    ):
        seed_sample_content(CharacterRepository(database))
    with open_character_service(path) as service:
        party = service.get_party(SAMPLE_PARTY_NAME)
        assert party.members == tuple(service.names())
        assert len(party.members) == 3
