"""Crows last saved by an older Refkit get their list lines filled in once (issue 30 item 3), so
``character list`` and the crow list stop decoding every crow of an old database.

The window fills them at start-up, a batch per unit of work opened by its runner
(:meth:`refkit.compose.Services.crow_line_steps`); the command line's quick list keeps the lines
it had to decode. Neither writes under a player's login, nor where there is no ``app_state``.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from refkit.compose import Services
from refkit.store import CharacterRepository, Database, crow_line_fill
from refkit.store.row_forms import SAMPLES_SEEDED_KEY
from refkit.store.sqlite.quick import QUICK_BUSY_TIMEOUT_MS, open_quick
from tests.store.store_helpers import sqlite_rows
from tests.store.test_crow_summaries import _swap_document, crow

NAMES = ("Ash", "Bryn", "Cole", "Dara", "Eske")


def _old_style_database(path: Path) -> None:
    """Five crows (stamina 1..5) as an older Refkit left them: documents, no list lines."""
    with Database.open(str(path)) as db:
        repo = CharacterRepository(db)
        for stamina, name in enumerate(NAMES, start=1):
            repo.save(crow(name, current=stamina))
        repo.set_meta(SAMPLES_SEEDED_KEY, "1")  # the quick path lists only a seeded file
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM app_state WHERE key LIKE 'crow_summary:%'")
    connection.close()


def _lines_kept(path: Path) -> int:
    query = "SELECT count(*) FROM app_state WHERE key LIKE 'crow_summary:%'"
    return int(str(sqlite_rows(path, query)[0][0]))


def _quick_stamina(path: Path) -> list[int]:
    quick = open_quick(str(path))
    assert quick is not None
    with quick:
        listed = quick.character_lines()
    assert listed is not None
    return [line.stamina for line in listed[0]]


def test_the_window_start_fills_every_missing_line_a_batch_per_unit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.sqlite3"
    _old_style_database(path)
    monkeypatch.setattr(crow_line_fill, "FILL_BATCH", 2)
    with Services(db_url=str(path)) as services:
        commits = services.database.commits
        written = list(services.crow_line_steps())
        assert written == [2, 2, 1]
        assert services.database.commits - commits == 3, "one unit of work per batch"
        assert list(services.crow_line_steps()) == [], "filled once: nothing left to do"
    assert _lines_kept(path) == 5
    _swap_document(path, "Cole", crow("Cole", current=9))  # the list now reads the kept line
    assert _quick_stamina(path) == [1, 2, 3, 4, 5]


def test_a_crow_whose_copy_cannot_be_read_is_left_for_the_list_to_name(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _old_style_database(path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE character SET payload = '{broken' WHERE name = 'Bryn'")
    connection.close()
    with Services(db_url=str(path)) as services:
        assert list(services.crow_line_steps()) == [4]
    assert _lines_kept(path) == 4


def test_nothing_is_written_under_a_players_login(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _old_style_database(path)
    with Database.open(str(path)) as db:
        db._role, db._login = "player", "pat"  # as a server tells a player's login at open
        with Services.for_database(db) as services:
            assert list(services.crow_line_steps()) == []
        assert CharacterRepository(db).crows_without_lines() == []
        assert db.commits == 0
    assert _lines_kept(path) == 0


def test_nothing_is_written_where_there_is_no_app_state(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _old_style_database(path)
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE app_state")
    connection.close()
    with Database.open(str(path)) as db, Services.for_database(db) as services:
        assert list(services.crow_line_steps()) == []
        assert db.commits == 0


def test_the_quick_list_keeps_the_lines_it_decoded(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _old_style_database(path)
    assert _quick_stamina(path) == [1, 2, 3, 4, 5]
    assert _lines_kept(path) == 5
    _swap_document(path, "Ash", crow("Ash", current=9))
    assert _quick_stamina(path)[0] == 1, "the second list reads the kept line"


def test_the_quick_list_does_not_wait_for_another_programs_lock(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _old_style_database(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another program writing
        started = time.monotonic()
        assert _quick_stamina(path) == [1, 2, 3, 4, 5]
        assert time.monotonic() - started < QUICK_BUSY_TIMEOUT_MS / 2000, "no wait for the lock"
        other.execute("ROLLBACK")
    finally:
        other.close()
    assert _lines_kept(path) == 0, "left for a later list"
