"""Issue 23 §4, live refresh: a client hears another client's commits (a server's NOTIFY, an
SQLite file's data_version poll), never its own, never a rolled-back step; on a server a dropped
listening connection is said, comes back, and asks for everything to be read again.

On a plain run these use an SQLite file; with ``--postgresql`` the same file is a server
database, so each test runs on both dialects."""

from __future__ import annotations

import dataclasses
import queue
import time
from pathlib import Path

import pytest

from refkit.app.character_service import CharacterService
from refkit.store.change_feed import (
    EVERYTHING,
    ChangedRow,
    ChangeNotice,
    notice_payload,
    read_payload,
    written_table,
)
from refkit.store.character_store import CharacterRepository
from refkit.store.database import Database
from tests.postgresql_run import ServerForTests

CROW = "Wren Ashdown"
HEARD_WITHIN_S = 4.0


def _edit(database: Database, notes: str) -> None:
    service = CharacterService(CharacterRepository(database), seed_samples=False)
    with database.unit_of_work():
        service.save(dataclasses.replace(service.get(CROW), notes=notes))


def _next(heard: queue.Queue[ChangeNotice], within: float = HEARD_WITHIN_S) -> ChangeNotice | None:
    try:
        return heard.get(timeout=within)
    except queue.Empty:
        return None


def test_another_clients_commit_is_heard_and_a_clients_own_is_not(database_file: Path) -> None:
    with Database.open(str(database_file)) as mine, Database.open(str(database_file)) as theirs:
        heard: queue.Queue[ChangeNotice] = queue.Queue()
        watch = mine.watch_changes(heard.put)
        try:
            time.sleep(0.3)  # the watch has taken its first look
            _edit(mine, "my own edit")
            assert _next(heard, 2.5) is None  # a client's own commit is no news to it
            _edit(theirs, "their edit")
            notice = _next(heard)
            assert notice is not None, "the other client's commit was not heard"
            assert "characters" in notice.kinds
            if mine.server:
                assert notice.client == theirs.client_id
                assert notice.kinds == frozenset({"characters"})
                revision = CharacterRepository(mine).read(CROW)[1]
                [row] = [row for row in notice.rows if row.kind == "characters"]
                assert row.version == revision  # which crow, at which revision
                assert row.id
        finally:
            watch.stop()


@pytest.mark.parametrize("theirs_first", [True, False])
def test_another_clients_commit_is_heard_beside_one_of_ones_own(
    database_file: Path, theirs_first: bool
) -> None:
    # Both within one look of the poll: on SQLite the file's number moved once for the two.
    with Database.open(str(database_file)) as mine, Database.open(str(database_file)) as theirs:
        heard: queue.Queue[ChangeNotice] = queue.Queue()
        watch = mine.watch_changes(heard.put)
        try:
            time.sleep(0.3)
            order = [(theirs, "theirs"), (mine, "mine")]
            for database, notes in order if theirs_first else order[::-1]:
                _edit(database, notes)
            assert _next(heard) is not None, "the other client's commit was lost beside ours"
            assert _next(heard, 2.5) is None  # and heard once
        finally:
            watch.stop()


def test_a_step_rolled_back_is_no_news(database_file: Path) -> None:
    with Database.open(str(database_file)) as mine, Database.open(str(database_file)) as theirs:
        heard: queue.Queue[ChangeNotice] = queue.Queue()
        watch = mine.watch_changes(heard.put)
        try:
            time.sleep(0.3)
            service = CharacterService(CharacterRepository(theirs), seed_samples=False)
            with pytest.raises(RuntimeError), theirs.unit_of_work():
                service.save(dataclasses.replace(service.get(CROW), notes="never kept"))
                raise RuntimeError("the step failed after its write")
            assert _next(heard, 2.5) is None
        finally:
            watch.stop()


def test_a_stopped_watch_hears_nothing_more(database_file: Path) -> None:
    with Database.open(str(database_file)) as mine, Database.open(str(database_file)) as theirs:
        heard: queue.Queue[ChangeNotice] = queue.Queue()
        mine.watch_changes(heard.put).stop()
        _edit(theirs, "after the watch")
        assert _next(heard, 2.0) is None


def test_a_lost_server_connection_is_said_and_everything_read_again_once_back(
    database_file: Path, test_server: ServerForTests | None
) -> None:
    if test_server is None:
        pytest.skip("needs a PostgreSQL server: pytest --postgresql URL")
    with Database.open(str(database_file)) as mine, Database.open(str(database_file)) as theirs:
        heard: queue.Queue[ChangeNotice] = queue.Queue()
        said: queue.Queue[str | None] = queue.Queue()
        watch = mine.watch_changes(heard.put, said.put)
        try:
            test_server.drop_connections_to(mine.engine.url.render_as_string(False))
            lost = said.get(timeout=HEARD_WITHIN_S)
            assert lost is not None and "lost" in lost
            assert "secret" not in lost and str(mine.engine.url.password) not in lost
            assert said.get(timeout=10) is None  # back
            assert _next(heard, 2.0) == ChangeNotice(EVERYTHING)
            _edit(theirs, "after the drop")
            notice = _next(heard)
            assert notice is not None and notice.client == theirs.client_id
        finally:
            watch.stop()


@pytest.mark.parametrize(
    ("statement", "table"),
    [
        ('INSERT INTO "character" (name) VALUES (?)', "character"),
        ("UPDATE fight SET state=? WHERE id = ?", "fight"),
        ("  delete from roll_log where id < 5", "roll_log"),
        ("SELECT * FROM character", None),
        ("PRAGMA data_version", None),
    ],
)
def test_the_table_a_statement_writes(statement: str, table: str | None) -> None:
    assert written_table(statement) == table


def test_a_payload_round_trips_and_a_bad_one_asks_for_everything() -> None:
    notice = read_payload(notice_payload("abc", {"character", "party_member", "roll_log"}))
    assert notice == ChangeNotice(frozenset({"characters", "parties", "rolls"}), "abc")
    row = ChangedRow("characters", "7", 3)
    assert read_payload(notice_payload("abc", {"character"}, [row, row])).rows == (row,)
    many = [ChangedRow("rolls", str(n), None) for n in range(2000)]  # past a notice's size
    crowded = read_payload(notice_payload("abc", {"roll_log"}, many))
    assert crowded.kinds == frozenset({"rolls"}) and crowded.rows == ()
    assert read_payload("not json") == ChangeNotice(EVERYTHING)
    assert read_payload('{"kinds": ["nonsense"]}') == ChangeNotice(EVERYTHING)


def test_a_crows_list_line_is_news_of_the_crow_not_of_the_state() -> None:
    from refkit.store.change_feed import track_written_tables

    info: dict = {}
    track_written_tables(
        info, "INSERT INTO app_state (key, value) VALUES (?, ?)", ("crow_summary:7", "{}")
    )
    track_written_tables(
        info, "UPDATE app_state SET value = :value WHERE key = :key", {"key": "town_day"}
    )
    assert info["written"] == {"character", "app_state"}
