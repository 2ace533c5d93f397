"""The table chosen for a use (the backlash table…) read with nothing but ``sqlite3`` and ``os``.

``refkit cast`` reads one stored table: opening the file through
:func:`refkit.store.sqlite.quick.open_quick` for it imported some ten store modules and with them
``dataclasses``, ``typing`` and ``pathlib``. :func:`chosen_table_row` makes the checks of the
roll's lean path (:func:`refkit.store.sqlite.roll_append.checked_connection`: the newest
revision, sound pages, a file and folder it could write, no other program's database) and reads
what :meth:`~refkit.store.sqlite.quick.QuickDatabase.active_table_choices` and
:meth:`~refkit.store.sqlite.quick.QuickDatabase.stored_table` read. Whenever a check or a read
does not plainly pass (no file yet, tables still to be seeded, choices it cannot read, a lock,
a damaged or foreign file) it answers None and the caller takes the quick path, which seeds,
refuses or reports exactly as before. It never writes.
"""

from __future__ import annotations

import json
import os
import sqlite3

from refkit.store.row_values import ACTIVE_TABLES_STATE as ACTIVE_TABLES_KEY
from refkit.store.row_values import TABLES_SEEDED_KEY as TABLES_SEEDED_KEY
from refkit.store.row_values import table_key as table_key
from refkit.store.sqlite.roll_append import checked_connection, roll_file

TYPE_CHECKING = False  # as typing's: the cast's path leaves typing unimported
if TYPE_CHECKING:
    from collections.abc import Callable

    from refkit.rules.tables.model import RollableTable

TABLE_COLUMNS = "name, dice, rows, source, description, max_modifier, modifier_name"
"""The stored table's columns, in the order :func:`table_from_row` takes them."""


def table_from_row(row: tuple[object, ...]) -> RollableTable:
    """A stored table's row (:data:`TABLE_COLUMNS`) as ``TableStore.get`` reads it."""
    from refkit.rules.tables.model import RollableTable, TableRow, TableSource

    stored, dice, rows, source, description, max_modifier, modifier_name = row
    return RollableTable(
        name=str(stored),
        dice=str(dice),
        rows=tuple(TableRow.from_dict(item) for item in json.loads(str(rows))),
        source=TableSource(str(source)),
        description=str(description),
        max_modifier=None if max_modifier is None else int(str(max_modifier)),
        modifier_name=str(modifier_name),
    )


def chosen_table_row(
    url: str | None,
    use: str,
    default_name: str,
    *,
    keep: Callable[[str, sqlite3.Connection], None] | None = None,
) -> tuple[tuple[object, ...] | None] | None:
    """The stored row of the table chosen for ``use`` (``default_name`` when none is chosen),
    as a one-item tuple: ``(row,)``, or ``(None,)`` when no table of that name is stored (the
    shipped one is rolled). None, having read nothing it keeps, when the quick path must tell.

    With ``keep``, the checked connection is handed to it (with the file's path) instead of
    closed, no statement left open: the cast logs its roll on it
    (:func:`~refkit.store.sqlite.roll_append.append_roll`'s ``checked``), without checking and
    opening the file twice.
    """
    path = roll_file(url)
    if path is None or not os.path.isfile(path):
        return None
    if not os.access(path, os.W_OK) or not os.access(os.path.dirname(path), os.W_OK | os.X_OK):
        return None  # as the quick path: the full open says which of the two is read-only
    connection = checked_connection(path)
    if connection is None:
        return None
    try:
        row = _chosen_row(connection, use, default_name)
    except (sqlite3.Error, ValueError, LookupError):
        connection.close()
        return None
    except BaseException:
        connection.close()
        raise
    if keep is None:
        connection.close()
    else:
        keep(path, connection)
    return (row,)


def chosen_table(
    url: str | None,
    use: str,
    default_name: str,
    *,
    keep: Callable[[str, sqlite3.Connection], None] | None = None,
) -> RollableTable | None:
    """The table :func:`chosen_table_row` finds: the stored one, or Refkit's shipped
    ``default_name`` when none of that name is stored; None when the quick path must tell."""
    read = chosen_table_row(url, use, default_name, keep=keep)
    if read is None:
        return None
    if read[0] is None:
        from refkit.rules.tables.defaults import default_table

        return default_table(default_name)
    return table_from_row(read[0])


def _chosen_row(
    connection: sqlite3.Connection, use: str, default_name: str
) -> tuple[object, ...] | None:
    """The row (None: no such table stored); LookupError when the quick path must tell. Every
    statement is read to its end (fetchall), so none holds the connection's read open."""
    if not connection.execute(
        "SELECT value FROM app_meta WHERE key = ?", (TABLES_SEEDED_KEY,)
    ).fetchall():
        raise LookupError(TABLES_SEEDED_KEY)  # the store seeds the shipped tables first
    state = connection.execute(
        "SELECT payload FROM app_state WHERE key = ?", (ACTIVE_TABLES_KEY,)
    ).fetchall()
    chosen = {} if not state else json.loads(str(state[0][0]))
    if not isinstance(chosen, dict):
        raise LookupError(ACTIVE_TABLES_KEY)  # the quick path says what is wrong with it
    chosen = {str(key): str(value) for key, value in chosen.items()}  # as the quick path
    name = chosen.get(use) or default_name
    if not name.strip():
        return None
    rows = connection.execute(
        f"SELECT {TABLE_COLUMNS} FROM rollable_table WHERE name_key = ?", (table_key(name),)
    ).fetchall()
    return tuple(rows[0]) if rows else None
