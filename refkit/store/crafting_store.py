"""Crafting projects in the database, by name (unique ignoring case), each with a revision.

A save names the revision it read (None for a new project) and is refused, writing nothing, if
the project moved on since (another window, the command line), so undo never overwrites a roll
made elsewhere. The write itself is an ``UPDATE``/``DELETE … WHERE revision = ?`` (the mapper's
version column), so a save landing between the check and the write is refused too. Inside
``db.unit_of_work()`` the writes join its transaction.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session, col, select

from refkit.rules.crafting.tracker import CraftingProject
from refkit.store.character_store import name_key
from refkit.store.crafting_tables import CraftingProjectRow
from refkit.store.database import Database
from refkit.store.errors import ProjectChangedError as ProjectChangedError
from refkit.store.errors import ProjectNameTakenError as ProjectNameTakenError
from refkit.store.errors import ProjectNotFoundError as ProjectNotFoundError


class CraftingProjectRepository:
    """The crafting projects of one database."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def projects(self) -> list[tuple[CraftingProject, int]]:
        """Every project with its revision, by name."""
        with self._db.session() as session:
            rows = session.exec(
                select(CraftingProjectRow).order_by(col(CraftingProjectRow.name_key))
            ).all()
            return [(_project(row), row.revision) for row in rows]

    def get(self, name: str) -> tuple[CraftingProject, int]:
        """The project called ``name`` (any letter case) and its revision."""
        with self._db.session() as session:
            row = self._row(session, name)
            if row is None:
                raise ProjectNotFoundError(f"no crafting project called {name!r}")
            return _project(row), row.revision

    @staticmethod
    def _row(session: Session, name: str) -> CraftingProjectRow | None:
        return session.exec(
            select(CraftingProjectRow)
            .where(CraftingProjectRow.name_key == name_key(name))
            .execution_options(populate_existing=True)
        ).first()

    def save(self, project: CraftingProject, expected_revision: int | None) -> int:
        """Store ``project`` if it is still at ``expected_revision`` (None: a new one); returns
        the new revision. ProjectNameTakenError / ProjectChangedError write nothing."""
        with self._db.session() as session:
            row = self._row(session, project.name)
            found = None if row is None else row.revision
            if found != expected_revision:
                if expected_revision is None:
                    raise ProjectNameTakenError(
                        f"a crafting project called {project.name!r} exists already"
                    )
                raise _changed(project.name)
            now = datetime.now(UTC)
            payload = json.dumps(project.to_dict(), ensure_ascii=False, sort_keys=True)
            if row is None:
                row = CraftingProjectRow(
                    name=project.name,
                    name_key=name_key(project.name),
                    payload=payload,
                    revision=1,
                    updated_at=now,
                )
            else:
                row.name, row.payload = project.name, payload
                row.revision, row.updated_at = row.revision + 1, now
            session.add(row)
            try:
                session.flush()
            except StaleDataError:
                raise _changed(project.name) from None
            return row.revision

    def delete(self, name: str, expected_revision: int) -> None:
        """Forget the project if it is still at ``expected_revision`` (undoing its start)."""
        with self._db.session() as session:
            row = self._row(session, name)
            if row is None or row.revision != expected_revision:
                raise ProjectChangedError(
                    f"the crafting project {name!r} was changed since; nothing was removed"
                )
            session.delete(row)
            try:
                session.flush()
            except StaleDataError:
                raise _changed(name, "removed") from None


def _changed(name: str, done: str = "saved") -> ProjectChangedError:
    return ProjectChangedError(
        f"the crafting project {name!r} was changed since (in another window or the command "
        f"line); nothing was {done}"
    )


def _project(row: CraftingProjectRow) -> CraftingProject:
    return CraftingProject.from_dict(json.loads(row.payload))
