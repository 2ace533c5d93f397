"""The referee's creatures and the fight being run, in the database.

Creatures are kept as bestiary files of one, read back through the same checks as any file
(:mod:`refkit.rules.combat.bestiary_file`). The fight is one row of JSON written only if it is
still at the revision it was read at, so two windows cannot overwrite one another's steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlmodel import col, select

from refkit.rules.combat.bestiary_file import bestiary_text, read_bestiary_text
from refkit.rules.combat.creature import Creature
from refkit.store.character_store import name_key
from refkit.store.combat_tables import CreatureRow, FightRow
from refkit.store.database import Database
from refkit.store.errors import CreatureNameTakenError as CreatureNameTakenError
from refkit.store.errors import FightChangedError as FightChangedError

FIGHT_ROW_ID = 1


class BestiaryRepository:
    """The referee's own creatures, by name (unique ignoring case)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def creatures(self) -> list[Creature]:
        with self._db.session() as session:
            rows = session.exec(select(CreatureRow).order_by(col(CreatureRow.name_key))).all()
            return [_creature(row) for row in rows]

    def put_all(self, creatures: Sequence[Creature], *, replace: bool = False) -> None:
        """Store ``creatures`` in one transaction: all or none. A stored name is refused unless
        ``replace``; a name twice among them always is."""
        keys = [name_key(c.name) for c in creatures]
        if len(set(keys)) != len(keys):
            raise CreatureNameTakenError("a creature's name appears twice among those to store")
        with self._db.session() as session:
            stored = {
                row.name_key: row
                for row in session.exec(
                    select(CreatureRow).where(col(CreatureRow.name_key).in_(keys))
                ).all()
            }
            if stored and not replace:
                names = ", ".join(row.name for row in stored.values())
                raise CreatureNameTakenError(
                    f"the bestiary already has {names}; nothing was stored"
                )
            for key, creature in zip(keys, creatures, strict=True):
                row = stored.get(key) or CreatureRow(name=creature.name, name_key=key, payload="")
                row.name = creature.name
                row.payload = bestiary_text([creature])
                session.add(row)

    def delete(self, name: str) -> bool:
        """Forget the creature called ``name``; False if there was none."""
        with self._db.session() as session:
            row = session.exec(
                select(CreatureRow).where(CreatureRow.name_key == name_key(name))
            ).first()
            if row is None:
                return False
            session.delete(row)
            return True


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
            row = session.get(FightRow, FIGHT_ROW_ID)
            found = None if row is None else row.revision
            if found != expected_revision:
                raise FightChangedError(
                    "the fight was changed since (in another window or the command line); "
                    "nothing was saved"
                )
            now = datetime.now(UTC)
            if row is None:
                row = FightRow(id=FIGHT_ROW_ID, payload=payload, revision=1, updated_at=now)
            else:
                row.payload, row.revision, row.updated_at = payload, row.revision + 1, now
            session.add(row)
            session.flush()
            return row.revision
