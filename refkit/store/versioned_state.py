"""Versioned documents: the journeys, the hex maps and the values the app keeps once.

Each is read with its version and saved only if the stored version is still the one read
(``UPDATE … WHERE … AND version = ?``, the row count checked; a first save, version 0, only if
no row is there yet). A stale save raises :class:`~refkit.errors.StaleWriteError` naming what
changed, and writes nothing, so a second window or the command line never silently overwrites.
Every call is one short session, joined to the unit of work open on the database, if any.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import ColumnElement, func, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from refkit.errors import StaleWriteError
from refkit.store import row_values
from refkit.store.database import Database
from refkit.store.records import StoredDocument as StoredDocument
from refkit.store.records import VersionedText as VersionedText
from refkit.store.state_tables import AppStateRow, HexMapRow, JourneyRow

PARTY_STATE: Final = "party_at_table"
REST_RECORDS_STATE: Final = "rest_records"
DUNGEON_SETTINGS_STATE: Final = "dungeon_settings"
ENCOUNTER_TABLES_STATE: Final = "encounter_tables"
ACTIVE_TABLES_STATE: Final = row_values.ACTIVE_TABLES_STATE
CURRENT_JOURNEY_STATE: Final = "current_journey"

STATE_WHAT: Final = {
    PARTY_STATE: "the party at the table",
    REST_RECORDS_STATE: "the rest records (starvation wounds, prepared tasks)",
    DUNGEON_SETTINGS_STATE: "the dungeon-turn settings",
    ENCOUNTER_TABLES_STATE: "the encounter tables chosen for the dungeons",
    ACTIVE_TABLES_STATE: "the tables chosen for backlash and the Miasma",
    CURRENT_JOURNEY_STATE: "the journey last used",
    "travel_day_meals": "the meals kept of the travel days",
    "game_tracker:warcrow": "the Warcrow Adventures tracker",
    "game_tracker:widowers-wood": "the Widower's Wood tracker",
    "game_tracker:warriors-of-krynn": "the Warriors of Krynn tracker",
    "game_tracker:stworze": "the Stworze tracker",
}
"""Each ``app_state`` key and what it is called in a conflict's message."""
_PLURAL: Final = frozenset(
    {REST_RECORDS_STATE, DUNGEON_SETTINGS_STATE, ENCOUNTER_TABLES_STATE, ACTIVE_TABLES_STATE}
)

DOCUMENT_KINDS: Final[dict[str, type[JourneyRow] | type[HexMapRow]]] = {
    "journey": JourneyRow,
    "map": HexMapRow,
}
"""The named documents: ``journey`` (table ``journey``) and ``map`` (table ``hex_map``)."""


def read_state(session: Session, key: str) -> VersionedText:
    row = session.get(AppStateRow, key)
    return VersionedText(None, 0) if row is None else VersionedText(row.payload, row.version)


def write_state(session: Session, key: str, text: str, expected_version: int) -> int:
    """Save ``text`` under ``key`` if it is still at ``expected_version``; the version now."""
    what = STATE_WHAT.get(key, f"the stored value {key!r}")
    stale = StaleWriteError(what, plural=key in _PLURAL)
    if expected_version == 0:
        if session.get(AppStateRow, key) is not None:
            raise stale
        session.add(AppStateRow(key=key, payload=text, version=1))
        _flush_first(session, stale)
        return 1
    return _next_version(
        session, col(AppStateRow.key) == key, AppStateRow, text, expected_version, stale
    )


def _next_version(
    session: Session,
    which: ColumnElement[bool],
    row: type[AppStateRow] | type[JourneyRow] | type[HexMapRow],
    text: str,
    expected_version: int,
    stale: StaleWriteError,
) -> int:
    """The row ``which`` picks gets ``text`` and the next version, only if it is still at
    ``expected_version`` (one conditional UPDATE, its row count checked); StaleWriteError, nothing
    written, otherwise."""
    statement = (
        update(row)
        .where(which, col(row.version) == expected_version)
        .values(payload=text, version=expected_version + 1)
    )
    if session.exec(statement).rowcount != 1:
        raise stale
    return expected_version + 1


def _flush_first(session: Session, stale: StaleWriteError) -> None:
    """Write a first version: another program that wrote one since the read breaks the unique
    key, a stale save like any other (the unit of work then keeps nothing)."""
    try:
        session.flush()
    except IntegrityError:
        raise stale from None


class VersionedValues:
    """The ``app_state`` values of one database (keys: the ``*_STATE`` names above)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def read(self, key: str) -> VersionedText:
        with self._db.session() as session:
            return read_state(session, key)

    def write(self, key: str, text: str, expected_version: int) -> int:
        """Save ``text`` if the stored version is still ``expected_version`` (0: none stored);
        returns the new version. StaleWriteError, nothing saved, otherwise."""
        with self._db.session() as session:
            return write_state(session, key, text, expected_version)


class DocumentShelf:
    """The named documents of one kind (``journey`` or ``map``), keyed by their folded name
    (the caller folds: the key is its ``name_key``)."""

    def __init__(self, db: Database, kind: str) -> None:
        if kind not in DOCUMENT_KINDS:
            raise ValueError(f"no stored documents of the kind {kind!r}")
        self._db = db
        self._kind = kind
        self._row = DOCUMENT_KINDS[kind]

    def names(self) -> list[str]:
        """Every document's name, in the order they were first saved."""
        row = self._row
        with self._db.session() as session:
            return list(session.exec(select(row.name).order_by(col(row.position), col(row.id))))

    def read(self, name_key: str) -> StoredDocument | None:
        row = self._row
        with self._db.session() as session:
            found = session.exec(
                select(row.name, row.payload, row.version).where(col(row.name_key) == name_key)
            ).first()
            if found is None:
                return None
            name, payload, version = found
            return StoredDocument(name, payload, version)

    def write(self, name: str, name_key: str, text: str, expected_version: int) -> int:
        """Save the document ``name`` (its key ``name_key``) if the stored version is still
        ``expected_version`` (0: a new document, after the others); returns the new version.
        StaleWriteError, nothing saved, otherwise. A stored document keeps its first name."""
        row = self._row
        stale = StaleWriteError(f"the {self._kind} {name!r}")
        with self._db.session() as session:
            if expected_version == 0:
                if session.exec(select(row.id).where(col(row.name_key) == name_key)).first():
                    raise stale
                last = session.exec(select(func.max(row.position))).one()
                position = 0 if last is None else int(last) + 1
                session.add(
                    row(name=name, name_key=name_key, payload=text, position=position, version=1)
                )
                _flush_first(session, stale)
                return 1
            return _next_version(
                session, col(row.name_key) == name_key, row, text, expected_version, stale
            )
