"""Rollable tables in the database, seeded from Refkit's shipped defaults on first use.

Seeding happens once: a flag in ``app_meta`` records it, so a default table the referee deleted does
not come back by itself (:meth:`TableStore.restore_defaults` brings defaults back on request).
Names are unique ignoring case and spacing. The encounter table chosen for each dungeon and the
tables chosen for uses are kept here too, as versioned values (a choice saved on a stale read is
worked out again on a fresh one), and follow their table when it is renamed or deleted. Each
table has a version: a save or delete naming the version an editor read is refused with
StaleWriteError if the table was saved or deleted since, and every write is an ``UPDATE``/
``DELETE … WHERE version = ?``.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from sqlalchemy import JSON, ColumnElement, Table, cast, func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from refkit.errors import StaleWriteError
from refkit.rules.tables.defaults import load_default_tables
from refkit.rules.tables.model import (
    RollableTable,
    TableRow,
    TableSource,
    check_table,
)
from refkit.store.character_tables import AppMetaRow
from refkit.store.database import Database, utc_now
from refkit.store.dungeon_tables import RollableTableRow
from refkit.store.records import TableSummary as TableSummary
from refkit.store.row_forms import TABLES_SEEDED_KEY
from refkit.store.row_forms import table_key as table_key
from refkit.store.sqlite.engine import take_write_lock
from refkit.store.versioned_state import (
    ACTIVE_TABLES_STATE,
    ENCOUNTER_TABLES_STATE,
    read_state,
    write_state,
)
from refkit.store.versions import delete_versioned, flush_versioned, next_version, require_version

SEEDED_KEY: Final = TABLES_SEEDED_KEY
"""The ``app_meta`` flag: the shipped defaults were put in once."""
SEEDING_LOCK_WAIT_S: Final = 5.0
"""How long seeding waits for another program's write lock (another window seeding the same new
database) on top of the busy timeout."""
ENCOUNTER_TABLES_KEY: Final = ENCOUNTER_TABLES_STATE
"""The versioned value of the encounter table chosen for each dungeon."""
ACTIVE_TABLES_KEY: Final = ACTIVE_TABLES_STATE
"""The versioned value of the tables chosen for a use (``backlash``, ``miasma``): use → name."""

DefaultTables = Callable[[], Sequence[RollableTable]]
_TABLE: Final[Table] = RollableTableRow.__table__  # type: ignore[attr-defined]
"""The stored tables' columns, for the list's read of a few of them."""
CHOICE_ATTEMPTS: Final = 3
"""How often a choice of tables is worked out again when another program saved in between."""


def _clean_name(name: str, what: str = "table") -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a {what} needs a name, got {name!r}")
    return " ".join(unicodedata.normalize("NFC", name).split())


class TableStore:
    """Lists, reads, adds, replaces and deletes rollable tables. Each call is one short session.

    ``defaults`` gives the tables to seed with (Refkit's shipped ones unless a test says otherwise).
    """

    def __init__(self, db: Database, *, defaults: DefaultTables = load_default_tables) -> None:
        self._db = db
        self._defaults = defaults

    # -- reading -----------------------------------------------------------------------------

    def summaries(self) -> list[TableSummary]:
        """Every table, sorted by name (ignoring case).

        Only the list's columns are read, and each table's number of rows is counted by the
        database (``json_array_length``): no table's rows are decoded here, so the tables panel's
        list costs a few milliseconds whether the campaign holds 30 tables or 3,000."""
        with self._db.session() as session:
            self._seed_once(session)
            connection = session.connection()
            columns = _TABLE.c
            found = connection.execute(
                sa_select(
                    columns.name,
                    columns.name_key,
                    columns.dice,
                    columns.source,
                    columns.description,
                    _row_count(connection.dialect.name),
                )
            ).all()
        return [
            TableSummary(
                name=name,
                dice=dice,
                rows=rows if isinstance(rows, int) else len(json.loads(rows)),
                source=TableSource(source),
                description=description,
            )
            for name, _key, dice, source, description, rows in sorted(
                found, key=lambda line: line[1]
            )
        ]

    def ensure_seeded(self) -> None:
        """Put the shipped tables in once, if that was not done yet (reads no table)."""
        with self._db.session() as session:
            self._seed_once(session)

    def names(self) -> list[str]:
        """Every table's name, sorted as :meth:`summaries` sorts them, without reading their
        rows (a chooser of tables needs no more)."""
        with self._db.session() as session:
            self._seed_once(session)
            found = session.exec(
                select(RollableTableRow.name, RollableTableRow.name_key).order_by(
                    col(RollableTableRow.name_key)
                )
            ).all()
        return [name for name, _key in found]

    def tables(self) -> list[RollableTable]:
        with self._db.session() as session:
            self._seed_once(session)
            rows = session.exec(select(RollableTableRow)).all()
        return [_to_table(row) for row in sorted(rows, key=lambda row: row.name_key)]

    def get(self, name: str) -> RollableTable:
        """The table called ``name`` (ignoring case and spacing); ValueError naming the choices."""
        with self._db.session() as session:
            self._seed_once(session)
            row = _find(session, name)
            if row is None:
                names = [r.name for r in session.exec(select(RollableTableRow)).all()]
        if row is None:
            known = ", ".join(repr(n) for n in sorted(names, key=str.casefold)) or "none"
            raise ValueError(f"no table called {name!r} (tables: {known})")
        return _to_table(row)

    def read(self, name: str) -> tuple[RollableTable, int] | None:
        """The table called ``name`` and its version; None if there is none."""
        with self._db.session() as session:
            self._seed_once(session)
            row = _find(session, name)
            return None if row is None else (_to_table(row), row.version)

    def exists(self, name: str) -> bool:
        with self._db.session() as session:
            self._seed_once(session)
            return _find(session, name) is not None

    # -- writing -----------------------------------------------------------------------------

    def add(self, table: RollableTable, *, replace: bool = False) -> RollableTable:
        """Store a new table (checked first); with ``replace`` a same-named table is replaced.

        Raises TableError (a ValueError) listing the table's problems, or ValueError if the name
        is taken and ``replace`` is false; nothing is written then.
        """
        table = _checked(table)
        with self._db.session() as session:
            self._seed_once(session)
            existing = _find(session, table.name)
            if existing is not None and not replace:
                raise ValueError(
                    f"a table called {existing.name!r} already exists; choose another name "
                    "or replace it"
                )
            _write(session, table, existing)
        return table

    def save(
        self,
        table: RollableTable,
        *,
        previous_name: str | None = None,
        expected_version: int | None = None,
    ) -> RollableTable:
        """Save an edited table: ``previous_name`` is the table it was (for a rename), and
        ``expected_version`` the version the editor read it at (StaleWriteError, nothing
        written, if it was saved or deleted since; 0: a new table).

        Without ``previous_name`` the table with the same name is updated, or a new one added.
        Raises TableError for a table with problems and ValueError if a rename would take the
        name of another table or ``previous_name`` does not exist; nothing is written then.
        """
        table = _checked(table)
        with self._db.session() as session:
            self._seed_once(session)
            target = _find(session, table.name)
            if expected_version is not None:
                was = _find(session, previous_name or table.name)
                require_version(was, expected_version or None, _what(previous_name or table.name))
                if expected_version == 0 and was is not None:
                    raise StaleWriteError(_what(table.name))
            if previous_name is not None:
                original = _find(session, previous_name)
                if original is None:
                    raise ValueError(f"no table called {previous_name!r} to save over")
                if target is not None and target.id != original.id:
                    raise ValueError(
                        f"cannot rename {original.name!r} to {table.name!r}: "
                        "a table with that name already exists"
                    )
                old_name = original.name
                _write(session, table, original)
                if table_key(old_name) != table_key(table.name):
                    _retarget_encounter_tables(session, old_name, table.name)
                    _retarget_active_tables(session, old_name, table.name)
            else:
                _write(session, table, target)
        return table

    def delete(self, name: str, expected_version: int | None = None) -> RollableTable:
        """Delete the table called ``name``; returns it as it was (so it can be put back). With
        ``expected_version``, StaleWriteError if it was saved or deleted since it was read.

        Dungeons that used it as their encounter table no longer have one.
        """
        with self._db.session() as session:
            self._seed_once(session)
            row = _find(session, name)
            require_version(row, expected_version, _what(name))
            if row is None:
                raise ValueError(f"no table called {name!r} to delete")
            table = _to_table(row)
            delete_versioned(session, row, _what(row.name))
            _retarget_encounter_tables(session, row.name, None)
            _retarget_active_tables(session, row.name, None)
        return table

    def restore_defaults(self, *, overwrite: bool = False) -> tuple[str, ...]:
        """Put back every shipped default table that is missing; with ``overwrite``, also reset
        defaults that were edited. Returns the names written."""
        written: list[str] = []
        with self._db.session() as session:
            self._seed_once(session)
            for table in self._defaults():
                existing = _find(session, table.name)
                if existing is not None and not overwrite:
                    continue
                _write(session, table, existing)
                written.append(table.name)
        return tuple(written)

    # -- encounter table per dungeon ---------------------------------------------------------

    def encounter_tables(self) -> dict[str, str]:
        """The chosen encounter table of each dungeon: dungeon name → table name."""
        with self._db.session() as session:
            return {
                choice["dungeon"]: choice["table"] for choice in _read_choices(session)[0].values()
            }

    def encounter_table_for(self, dungeon: str) -> str | None:
        key = table_key(_clean_name(dungeon, "dungeon"))
        with self._db.session() as session:
            choice = _read_choices(session)[0].get(key)
        return None if choice is None else choice["table"]

    def set_encounter_table(self, dungeon: str, table: str | None) -> str | None:
        """Choose ``table`` (None: none) as ``dungeon``'s encounter table; returns the table's
        stored name. ValueError if there is no such table."""
        dungeon = _clean_name(dungeon, "dungeon")
        return _again_on_stale(lambda: self._set_encounter_table(dungeon, table))

    def _set_encounter_table(self, dungeon: str, table: str | None) -> str | None:
        with self._db.session() as session:
            self._seed_once(session)
            choices, version = _read_choices(session)
            chosen: str | None = None
            if table is None:
                choices.pop(table_key(dungeon), None)
            else:
                row = _find(session, table)
                if row is None:
                    raise ValueError(f"no table called {table!r} to use for {dungeon}")
                chosen = row.name
                choices[table_key(dungeon)] = {"dungeon": dungeon, "table": row.name}
            _save(session, ENCOUNTER_TABLES_KEY, choices, version)
        return chosen

    # -- the table chosen for a use (the backlash table, the Miasma table) ---------------------

    def active_tables(self) -> dict[str, str]:
        """The table chosen for each use (``backlash``, ``miasma``): use → table name."""
        with self._db.session() as session:
            return _read_active(session)[0]

    def set_active_table(self, use: str, table: str | None) -> str | None:
        """Choose ``table`` (None: back to Refkit's default) for ``use``; returns the table's
        stored name. ValueError if there is no such table."""
        return _again_on_stale(lambda: self._set_active_table(use, table))

    def _set_active_table(self, use: str, table: str | None) -> str | None:
        with self._db.session() as session:
            self._seed_once(session)
            chosen, version = _read_active(session)
            name: str | None = None
            if table is None:
                chosen.pop(use, None)
            else:
                row = _find(session, table)
                if row is None:
                    raise ValueError(f"no table called {table!r} to use as the {use} table")
                name = chosen[use] = row.name
            _save(session, ACTIVE_TABLES_KEY, chosen, version)
        return name

    # -- seeding -----------------------------------------------------------------------------

    def _seed_once(self, session: Session) -> None:
        if session.get(AppMetaRow, SEEDED_KEY) is not None:
            return
        # Not seeded yet: hold the write lock, then look again — another window starting on the
        # same new database may have seeded it meanwhile, and must not be seeded over.
        take_write_lock(session.connection(), SEEDING_LOCK_WAIT_S)
        if session.get(AppMetaRow, SEEDED_KEY) is not None:
            return
        for table in self._defaults():
            if _find(session, table.name) is None:
                _write(session, _checked(table), None)
        _write_meta(session, SEEDED_KEY, "true")
        session.flush()


def _row_count(dialect: str) -> ColumnElement[Any]:
    """A table row's number of rows as the database counts them from its JSON, for the
    dialects that can; elsewhere the JSON itself (decoded by the caller)."""
    rows: ColumnElement[Any] = _TABLE.c.rows
    if dialect == "sqlite":
        return func.json_array_length(rows)
    if dialect == "postgresql":
        return func.json_array_length(cast(rows, JSON))
    return rows


def _again_on_stale(choose: Callable[[], str | None]) -> str | None:
    """A choice is worked out on the choices stored: when another program saved them between
    the read and the save (StaleWriteError, nothing saved), it is read and worked out again, a
    few times at most."""
    for _ in range(CHOICE_ATTEMPTS - 1):
        try:
            return choose()
        except StaleWriteError:
            continue
    return choose()


def _checked(table: RollableTable) -> RollableTable:
    name = _clean_name(table.name)
    if name != table.name:
        table = RollableTable(
            name=name,
            dice=table.dice,
            rows=table.rows,
            source=table.source,
            description=table.description,
            max_modifier=table.max_modifier,
            modifier_name=table.modifier_name,
        )
    check_table(table)
    return table


def _find(session: Session, name: str) -> RollableTableRow | None:
    if not isinstance(name, str) or not name.strip():
        return None
    statement = select(RollableTableRow).where(col(RollableTableRow.name_key) == table_key(name))
    return session.exec(statement.execution_options(populate_existing=True)).first()


def _what(name: str) -> str:
    return f"the table \u201c{name}\u201d"


def _write(session: Session, table: RollableTable, row: RollableTableRow | None) -> None:
    rows = json.dumps([table_row.to_dict() for table_row in table.rows], ensure_ascii=False)
    if row is None:
        row = RollableTableRow(
            name=table.name,
            name_key=table_key(table.name),
            dice=table.dice,
            source=table.source.value,
            description=table.description,
            max_modifier=table.max_modifier,
            modifier_name=table.modifier_name,
            rows=rows,
            updated_at=utc_now(),
            version=1,
        )
    else:
        what = _what(row.name)
        next_version(row)
        row.name = table.name
        row.name_key = table_key(table.name)
        row.dice = table.dice
        row.source = table.source.value
        row.description = table.description
        row.max_modifier = table.max_modifier
        row.modifier_name = table.modifier_name
        row.rows = rows
        row.updated_at = utc_now()
        session.add(row)
        flush_versioned(session, what)
        return
    session.add(row)
    session.flush()


def _to_table(row: RollableTableRow) -> RollableTable:
    return RollableTable(
        name=row.name,
        dice=row.dice,
        rows=tuple(TableRow.from_dict(item) for item in json.loads(row.rows)),
        source=TableSource(row.source),
        description=row.description,
        max_modifier=row.max_modifier,
        modifier_name=row.modifier_name,
    )


def _read_choices(session: Session) -> tuple[dict[str, dict[str, str]], int]:
    """The encounter table chosen for each dungeon (by its key), and the version read."""
    stored = read_state(session, ENCOUNTER_TABLES_KEY)
    data = {} if stored.text is None else json.loads(stored.text)
    if not isinstance(data, dict):
        raise ValueError("the stored encounter-table choices are not a JSON object")
    return data, stored.version


def _retarget_encounter_tables(session: Session, old_name: str, new_name: str | None) -> None:
    choices, version = _read_choices(session)
    changed = False
    for key, choice in list(choices.items()):
        if table_key(choice["table"]) != table_key(old_name):
            continue
        changed = True
        if new_name is None:
            del choices[key]
        else:
            choice["table"] = new_name
    if changed:
        _save(session, ENCOUNTER_TABLES_KEY, choices, version)


def _read_active(session: Session) -> tuple[dict[str, str], int]:
    """The table chosen for each use, and the version read."""
    stored = read_state(session, ACTIVE_TABLES_KEY)
    data = {} if stored.text is None else json.loads(stored.text)
    if not isinstance(data, dict):
        raise ValueError("the stored active-table choices are not a JSON object")
    return {str(use): str(name) for use, name in data.items()}, stored.version


def _retarget_active_tables(session: Session, old_name: str, new_name: str | None) -> None:
    """A renamed active table stays active; a deleted one leaves Refkit's default in its place."""
    chosen, version = _read_active(session)
    changed = {use for use, name in chosen.items() if table_key(name) == table_key(old_name)}
    if not changed:
        return
    for use in changed:
        if new_name is None:
            del chosen[use]
        else:
            chosen[use] = new_name
    _save(session, ACTIVE_TABLES_KEY, chosen, version)


def _save(session: Session, key: str, data: Mapping[str, object], version: int) -> None:
    """Save the choices ``data`` on the version read (StaleWriteError, nothing saved, when
    another window or the command line saved them in between)."""
    write_state(session, key, json.dumps(data, sort_keys=True), version)


def _write_meta(session: Session, key: str, value: str) -> None:
    row = session.get(AppMetaRow, key)
    if row is None:
        session.add(AppMetaRow(key=key, value=value))
    else:
        row.value = value
        session.add(row)
