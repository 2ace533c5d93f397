"""The cast's lean read of its backlash table (refkit.store.sqlite.table_read): on an up-to-date,
seeded file it reads the very table the quick path reads; on anything else it reads nothing and
hands over (None), writing nothing, so the quick path seeds, refuses or reports as before."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from refkit.app.table_uses import USE_SPECS, active_table_in
from refkit.rules.tables.defaults import BACKLASH_TABLE, default_table
from refkit.store import row_forms
from refkit.store.sqlite import quick as quick_module
from refkit.store.sqlite import table_read
from refkit.store.sqlite.quick import open_quick
from refkit.store.sqlite.table_read import chosen_table_row, table_from_row
from tests.cli.test_active_tables_cli import own_copy

pytestmark = pytest.mark.sqlite_only

CAST = ["cast", "--mind", "5", "--rank", "0", "--book-ud", "1", "--dice", "1,1", "--ud-dice",
        "6", "--backlash-dice", "10,1", "--seed", "3"]  # fmt: skip
"""A cast that fails with doubles: a backlash, read on the 10-1 row of the table in use."""


@pytest.fixture
def seeded(cli, refkit_data_dir: Path) -> Path:
    assert cli("table", "list").code == 0  # the data folder's file, made, migrated, tables seeded
    return refkit_data_dir / "refkit.sqlite3"


def _quick_paths_table(path: Path, use: str = "backlash"):
    quick = open_quick(str(path))
    assert quick is not None
    with quick:
        chosen = quick.active_table_choices()
        assert chosen is not None
        return active_table_in(chosen, use, quick.stored_table)  # type: ignore[arg-type]


def _lean_table(path: Path, use: str = "backlash"):
    read = chosen_table_row(str(path), use, USE_SPECS[use].default_name)  # type: ignore[index]
    assert read is not None, "handed over"
    (row,) = read
    return default_table(USE_SPECS[use].default_name) if row is None else table_from_row(row)  # type: ignore[index]


def _execute(path: Path, sql: str, *parameters: object) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute(sql, parameters)
    connection.close()


def _choose(path: Path, payload: str) -> None:
    """The stored choices per use, as written (a new row or the stored one replaced)."""
    _execute(
        path,
        "INSERT INTO app_state (key, payload, version) VALUES ('active_tables', ?, 1)"
        " ON CONFLICT (key) DO UPDATE SET payload = excluded.payload",
        payload,
    )


def test_the_names_it_spells_out_are_the_stores() -> None:
    assert table_read.TABLES_SEEDED_KEY == row_forms.TABLES_SEEDED_KEY
    assert table_read.ACTIVE_TABLES_KEY == quick_module.QUICK_ACTIVE_TABLES_KEY
    for name in ("Official  Backlashes", " café\u0301 ", "ÉTÉ", "\tx  y\n"):
        assert table_read.table_key(name) == row_forms.table_key(name)


def test_refkits_default_table_is_the_quick_paths(seeded: Path) -> None:
    table = _lean_table(seeded)
    assert table.name == BACKLASH_TABLE
    assert table == _quick_paths_table(seeded)
    assert _lean_table(seeded, "miasma") == _quick_paths_table(seeded, "miasma")


def test_the_chosen_table_is_the_quick_paths(cli, seeded: Path, tmp_path: Path) -> None:
    own_copy(cli, tmp_path, "backlash.toml", "Official backlashes", "Sparks fly from the page.")
    assert cli("table", "use", "official backlashes", "--as", "backlash").code == 0

    table = _lean_table(seeded)

    assert table.name == "Official backlashes"
    assert table.rows[0].text == "Sparks fly from the page."
    assert table == _quick_paths_table(seeded)


@pytest.mark.parametrize("chosen", ['{"backlash": "gone"}', '{"backlash": "   "}', "{}"])
def test_a_choice_with_no_stored_table_rolls_the_shipped_one(seeded: Path, chosen: str) -> None:
    _choose(seeded, chosen)
    _execute(seeded, "DELETE FROM rollable_table WHERE name_key = ?", BACKLASH_TABLE.casefold())
    assert chosen_table_row(str(seeded), "backlash", BACKLASH_TABLE) == (None,)
    assert _lean_table(seeded) == _quick_paths_table(seeded) == default_table(BACKLASH_TABLE)


def test_a_choice_that_is_not_text_is_read_as_the_quick_path_reads_it(seeded: Path) -> None:
    _choose(seeded, '{"backlash": 0}')
    assert _lean_table(seeded) == _quick_paths_table(seeded)  # "0": no such table, the shipped one


def _handed_over_untouched(path: Path) -> None:
    before = path.read_bytes()
    assert chosen_table_row(str(path), "backlash", BACKLASH_TABLE) is None
    assert path.read_bytes() == before


def test_no_file_yet_is_handed_over_and_not_made(tmp_path: Path) -> None:
    assert chosen_table_row(str(tmp_path / "new.sqlite3"), "backlash", BACKLASH_TABLE) is None
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE alembic_version SET version_num = '0011'",  # an older schema: migrated first
        "DELETE FROM app_meta WHERE key = 'rollable_tables_seeded'",  # seeded first
        "UPDATE app_state SET payload = '[1, 2]' WHERE key = 'active_tables'",  # said
        "UPDATE app_state SET payload = '{not json' WHERE key = 'active_tables'",  # said
        "DROP TABLE rollable_table",  # a read that fails
    ],
)
def test_what_the_quick_path_must_tell_is_handed_over(seeded: Path, sql: str) -> None:
    _choose(seeded, "{}")
    _execute(seeded, sql)
    _handed_over_untouched(seeded)


def test_choices_that_are_not_an_object_are_said_as_before(cli, seeded: Path) -> None:
    _choose(seeded, "[1, 2]")
    run = cli(*CAST)
    assert run.code == 2
    assert run.err == "error: the stored active-table choices are not a JSON object\n"


def test_another_programs_database_is_handed_over_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    _execute(path, "CREATE TABLE t (x)")
    _handed_over_untouched(path)


@pytest.mark.parametrize("content", [b"", b"hello, not a database\n"])
def test_an_empty_or_text_file_is_handed_over_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(content)
    _handed_over_untouched(path)


def test_a_damaged_file_is_handed_over(seeded: Path) -> None:
    with seeded.open("r+b") as handle:  # a write by another program: checked again
        handle.seek(4096)
        handle.write(b"\xde\xad\xbe\xef" * 1024)
    _handed_over_untouched(seeded)


def test_a_folder_it_cannot_write_is_handed_over(seeded: Path, monkeypatch) -> None:
    folder = str(seeded.parent)
    real_access = os.access
    monkeypatch.setattr(
        table_read.os,
        "access",
        lambda path, mode: False if str(path) == folder else real_access(path, mode),
    )
    _handed_over_untouched(seeded)


def test_a_lock_while_checking_hands_over_at_once(seeded: Path) -> None:
    holder = sqlite3.connect(seeded, isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("INSERT INTO app_meta (key, value) VALUES ('held', '1')")
        assert chosen_table_row(str(seeded), "backlash", BACKLASH_TABLE) is None
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_cast_reads_its_table_without_the_quick_path(cli, seeded: Path, monkeypatch) -> None:
    def no_quick(*args: object, **kwargs: object) -> None:
        raise AssertionError("the quick path was opened")

    monkeypatch.setattr(quick_module, "open_quick", no_quick)
    run = cli(*CAST, "--json")
    assert run.code == 0, run.err
    assert run.json["backlash_detail"]["table"] == BACKLASH_TABLE


def test_the_checked_connection_is_kept_for_the_roll_and_closed_by_it(seeded: Path) -> None:
    from refkit.store.sqlite.roll_append import append_roll
    from tests.store.test_roll_append import RECORD

    kept: list[tuple[str, sqlite3.Connection]] = []
    read = chosen_table_row(str(seeded), "backlash", BACKLASH_TABLE, keep=lambda *a: kept.append(a))
    assert read is not None and read[0] is not None
    ((path, connection),) = kept
    assert path == str(seeded)
    assert not connection.in_transaction  # no statement left holding a read open
    _execute(seeded, "INSERT INTO app_meta (key, value) VALUES ('meanwhile', '1')")  # not blocked

    logged = append_roll(None, RECORD, "cli", checked=(path, connection))

    assert logged is not None
    with pytest.raises(sqlite3.ProgrammingError):
        connection.execute("SELECT 1")  # closed by the append
    with sqlite3.connect(seeded) as reader:
        assert reader.execute("SELECT max(id) FROM roll_log").fetchone() == (logged,)
    reader.close()


def test_nothing_is_kept_when_it_hands_over(seeded: Path) -> None:
    _execute(seeded, "DELETE FROM app_meta WHERE key = 'rollable_tables_seeded'")
    kept: list[object] = []
    assert (
        chosen_table_row(str(seeded), "backlash", BACKLASH_TABLE, keep=lambda *a: kept.append(a))
        is None
    )
    assert kept == []
