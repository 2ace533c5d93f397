"""Two starts meeting on a new database, made to meet at the worst moment on purpose (the
separate-process test in ``test_fault_injection.py`` meets them by chance; CI caught both of
these there, now and then).

- A file still in rollback-journal mode while another program writes it: SQLite refuses the
  switch to WAL at once, without waiting the busy timeout (waiting could deadlock), so the
  second start failed with "database is locked" though the lock was gone a moment later.
- The sample party seeded by two starts at once: the second looked (no flag, no crows) before the
  first wrote, then met the first's crows and flag, and stopped on a UNIQUE constraint.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

import refkit.app.sample_content as sample_content
from refkit.compose import Services
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database


def test_a_new_file_opens_after_a_write_that_kept_it_out_of_wal(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # what a second start's first moment can look like
    other.execute("CREATE TABLE early (x)")
    other.execute("DROP TABLE early")
    threading.Timer(0.4, lambda: other.execute("COMMIT")).start()
    with Database.open(str(path), busy_timeout_ms=3000) as opened:
        assert opened.path == path
    other.close()


def test_nothing_comes_between_a_start_looking_at_a_new_database_and_seeding_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "new.sqlite3"
    Database.open(str(path)).close()  # the schema is there; nothing is seeded yet
    crows = sample_content.sample_characters
    tried: list[str] = []

    def crows_while_another_start_tries_to_write() -> list:
        # The start has looked (no flag, no crows) and is about to write the sample party: a
        # second start's seeding, or any other write, must wait until this one has committed.
        other = sqlite3.connect(path, isolation_level=None, timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            tried.append("written in between")
        except sqlite3.OperationalError as refused:
            tried.append(str(refused))
        finally:
            other.close()
        return crows()

    looking = crows_while_another_start_tries_to_write
    monkeypatch.setattr(sample_content, "sample_characters", looking)
    with Services(db_url=str(path)) as services:
        names = sorted(crow.name for crow in services.characters.list_characters())
    assert tried == ["database is locked"]
    assert names == ["Brannoc Tull", "Hesper Quill", "Wren Ashdown"]
    with Database.open(str(path)) as opened:
        assert [party.name for party in CharacterRepository(opened).list_parties()] == [
            "The Sample Party"
        ]
