"""The wounds each crow's player still has to place or heal, kept one versioned row per crow.

A change is a read followed by a write made only if the row is still at the revision read (an
``UPDATE … WHERE revision = ?``, or an insert that does nothing when another program inserted
first); when another program wrote in between, the row is read again and the change applied to
what it wrote. So two windows, or the app and ``refkit dt end``, adding wounds at once both count.
Inside a unit of work the write joins its transaction. A row goes with its crow (renaming the crow
keeps it, since it points at the crow's row, not its name).
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import Insert, update
from sqlmodel import Session, col, select

from refkit.store.character_tables import CharacterRow, WoundPromptRow
from refkit.store.database import Database
from refkit.store.errors import WoundPromptBusyError as WoundPromptBusyError
from refkit.store.records import StoredWoundPrompt as StoredWoundPrompt
from refkit.store.row_forms import name_key

ATTEMPTS: Final = 50
"""Reads and writes tried before giving up: each retry means another program wrote meanwhile."""


class WoundPromptRepository:
    """The wound prompts of one Refkit database."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @property
    def database(self) -> Database:
        return self._db

    def get(self, name: str) -> StoredWoundPrompt | None:
        """The crow's prompt (all zeros when nothing waits); None if there is no such crow."""
        with self._db.session() as session:
            crow = _crow(session, name)
            if crow is None:
                return None
            return _read(session, *crow)

    def pending(self) -> list[StoredWoundPrompt]:
        """Every crow with something to place or heal, ordered by name ignoring case."""
        statement = (
            select(
                CharacterRow.name,
                WoundPromptRow.to_place,
                WoundPromptRow.to_heal,
                WoundPromptRow.revision,
            )
            .join(CharacterRow, col(CharacterRow.id) == col(WoundPromptRow.character_id))
            .where((col(WoundPromptRow.to_place) > 0) | (col(WoundPromptRow.to_heal) > 0))
            .order_by(col(CharacterRow.name_key))
        )
        with self._db.session() as session:
            rows = session.exec(statement).all()
        return [StoredWoundPrompt(*row) for row in rows]

    def add(self, name: str, *, to_place: int = 0, to_heal: int = 0) -> StoredWoundPrompt | None:
        """Add (negative: take away, never below 0) wounds to place and to heal; returns the
        prompt as written, or None when there is no such crow (deleted since: nothing to ask)."""
        for _attempt in range(ATTEMPTS):
            with self._db.session() as session:
                crow = _crow(session, name)
                if crow is None:
                    return None
                seen = _read(session, *crow)
                wanted = StoredWoundPrompt(
                    seen.name,
                    max(0, seen.to_place + to_place),
                    max(0, seen.to_heal + to_heal),
                    seen.revision + 1,
                )
                if _write(session, crow[0], seen, wanted):
                    return wanted
        raise WoundPromptBusyError(
            f"the wounds {name!r} has to place or heal kept changing in another program; "
            "nothing was changed, try again"
        )


def _crow(session: Session, name: str) -> tuple[int, str] | None:
    row = session.exec(
        select(CharacterRow.id, CharacterRow.name).where(CharacterRow.name_key == name_key(name))
    ).first()
    if row is None or row[0] is None:
        return None
    return row[0], row[1]


def _read(session: Session, crow_id: int, name: str) -> StoredWoundPrompt:
    # Columns, not the row object: a retry in a shared session must not see a cached copy.
    row = session.exec(
        select(WoundPromptRow.to_place, WoundPromptRow.to_heal, WoundPromptRow.revision).where(
            WoundPromptRow.character_id == crow_id
        )
    ).first()
    if row is None:
        return StoredWoundPrompt(name)
    return StoredWoundPrompt(name, *row)


def _write(
    session: Session, crow_id: int, seen: StoredWoundPrompt, wanted: StoredWoundPrompt
) -> bool:
    """Write ``wanted`` if the row is still as ``seen``; False when another program wrote first."""
    values = {"to_place": wanted.to_place, "to_heal": wanted.to_heal, "revision": wanted.revision}
    if seen.revision == 0:
        # "Insert unless there": both dialects spell it ON CONFLICT DO NOTHING. Whether it
        # inserted is told by the row RETURNING gives back (psycopg reports no row count for it).
        # The dialect's own insert, imported only when used: SQLAlchemy's PostgreSQL dialect
        # (some 50 ms of imports) has no place in opening an SQLite file.
        inserting: Insert
        if session.connection().dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as server_insert

            inserting = server_insert(WoundPromptRow).on_conflict_do_nothing(
                index_elements=["character_id"]
            )
        else:
            from sqlalchemy.dialects.sqlite import insert as file_insert

            inserting = file_insert(WoundPromptRow).on_conflict_do_nothing(
                index_elements=["character_id"]
            )
        returning = inserting.values(character_id=crow_id, **values).returning(
            col(WoundPromptRow.character_id)
        )
        return session.connection().execute(returning).first() is not None
    updating = (
        update(WoundPromptRow)
        .where(col(WoundPromptRow.character_id) == crow_id)
        .where(col(WoundPromptRow.revision) == seen.revision)
        .values(**values)
    )
    return bool(session.connection().execute(updating).rowcount == 1)
