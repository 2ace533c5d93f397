"""The referee's creatures and the fight being run, in the database.

Creatures are kept as bestiary files of one, read back through the same checks as any file
(:mod:`refkit.rules.combat.bestiary_file`), each with a version. The fight is one row of JSON
written only if it is still at the revision it was read at, so two windows cannot overwrite one
another's steps. Every write is a conditional ``UPDATE``/``DELETE … WHERE version = ?`` (the
fight's ``revision``): a save landing in between refuses it instead of being overwritten.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session, col, select

from refkit.rules.combat.bestiary_file import bestiary_text, read_bestiary_text
from refkit.rules.combat.creature import Creature
from refkit.store.character_store import name_key
from refkit.store.combat_tables import CreatureRow, FightRow
from refkit.store.database import Database
from refkit.store.errors import CreatureNameTakenError as CreatureNameTakenError
from refkit.store.errors import FightChangedError as FightChangedError
from refkit.store.versions import delete_versioned, flush_versioned, next_version, require_version

FIGHT_ROW_ID = 1


class BestiaryRepository:
    """The referee's own creatures, by name (unique ignoring case)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def creatures(self) -> list[Creature]:
        return [creature for creature, _version in self.creatures_read()]

    def creatures_read(self) -> list[tuple[Creature, int]]:
        """Every creature with the version it was read at, by name."""
        with self._db.session() as session:
            rows = session.exec(select(CreatureRow).order_by(col(CreatureRow.name_key))).all()
            return [(_creature(row), row.version) for row in rows]

    def put_all(
        self,
        creatures: Sequence[Creature],
        *,
        replace: bool = False,
        expected_versions: dict[str, int] | None = None,
    ) -> None:
        """Store ``creatures`` in one transaction: all or none. A stored name is refused unless
        ``replace``; a name twice among them always is. ``expected_versions`` (by creature name)
        are the versions an editor read: a creature saved or deleted since is refused with
        StaleWriteError, and nothing is stored."""
        keys = [name_key(c.name) for c in creatures]
        if len(set(keys)) != len(keys):
            raise CreatureNameTakenError("a creature's name appears twice among those to store")
        with self._db.session() as session:
            stored = {
                row.name_key: row
                for row in session.exec(
                    select(CreatureRow)
                    .where(col(CreatureRow.name_key).in_(keys))
                    .execution_options(populate_existing=True)
                ).all()
            }
            if stored and not replace:
                names = ", ".join(row.name for row in stored.values())
                raise CreatureNameTakenError(
                    f"the bestiary already has {names}; nothing was stored"
                )
            for name, version in (expected_versions or {}).items():
                require_version(stored.get(name_key(name)), version, _what(name))
            for key, creature in zip(keys, creatures, strict=True):
                row = stored.get(key)
                if row is None:
                    row = CreatureRow(name=creature.name, name_key=key, payload="", version=1)
                else:
                    next_version(row)
                row.name = creature.name
                row.payload = bestiary_text([creature])
                session.add(row)
            flush_versioned(session, _what(*(c.name for c in creatures[:1])))

    def save_one(
        self, creature: Creature, *, was: str | None = None, expected_version: int | None = None
    ) -> int:
        """Store ``creature`` as a new creature, or in place of ``was`` (perhaps renamed), in one
        transaction; returns its version now. ``expected_version``: the version ``was`` was read
        at — StaleWriteError, nothing written, if it was saved or deleted since. A name another
        creature has is refused (CreatureNameTakenError)."""
        key = name_key(creature.name)
        with self._db.session() as session:
            old = None if was is None else _creature_row(session, name_key(was))
            if was is not None:
                require_version(old, expected_version, _what(was))
            taken = _creature_row(session, key)
            if taken is not None and (old is None or taken.id != old.id):
                raise CreatureNameTakenError(f"the bestiary already has {taken.name}")
            if old is None:
                old = CreatureRow(name=creature.name, name_key=key, payload="", version=1)
            else:
                next_version(old)
            old.name, old.name_key, old.payload = creature.name, key, bestiary_text([creature])
            session.add(old)
            flush_versioned(session, _what(was or creature.name))
            return old.version

    def delete(self, name: str, expected_version: int | None = None) -> bool:
        """Forget the creature called ``name``; False if there was none. With
        ``expected_version``, StaleWriteError if it was saved or deleted since it was read."""
        with self._db.session() as session:
            row = session.exec(
                select(CreatureRow)
                .where(CreatureRow.name_key == name_key(name))
                .execution_options(populate_existing=True)
            ).first()
            require_version(row, expected_version, _what(name))
            if row is None:
                return False
            delete_versioned(session, row, _what(name))
            return True


def _creature_row(session: Session, key: str) -> CreatureRow | None:
    statement = select(CreatureRow).where(CreatureRow.name_key == key)
    return session.exec(statement.execution_options(populate_existing=True)).first()


def _what(name: str = "") -> str:
    return f"the creature \u201c{name}\u201d" if name else "the bestiary"


def _creature(row: CreatureRow) -> Creature:
    (creature,) = read_bestiary_text(row.payload, f"the stored creature {row.name!r}")
    return creature


class FightRepository:
    """The one fight at the table, as JSON with a revision."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def load(self) -> tuple[str, int] | None:
        """The stored fight's JSON and revision, or None when none was saved."""
        with self._db.session() as session:
            row = session.get(FightRow, FIGHT_ROW_ID)
            return None if row is None else (row.payload, row.revision)

    def save(self, payload: str, expected_revision: int | None) -> int:
        """Store ``payload`` if the fight is still at ``expected_revision`` (None: never saved);
        returns the new revision. FightChangedError otherwise, and nothing is written."""
        with self._db.session() as session:
            row = session.get(FightRow, FIGHT_ROW_ID, populate_existing=True)
            found = None if row is None else row.revision
            if found != expected_revision:
                raise _fight_changed()
            now = datetime.now(UTC)
            if row is None:
                row = FightRow(id=FIGHT_ROW_ID, payload=payload, revision=1, updated_at=now)
            else:
                row.payload, row.revision, row.updated_at = payload, row.revision + 1, now
            session.add(row)
            try:  # UPDATE … WHERE revision = the one read (the mapper's version_id_col)
                session.flush()
            except StaleDataError:
                raise _fight_changed() from None
            return row.revision


def _fight_changed() -> FightChangedError:
    return FightChangedError(
        "the fight was changed since (in another window or the command line); nothing was saved"
    )
