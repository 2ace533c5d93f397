"""A unit of work: one session and one commit for every repository a step of play touches.

``with db.unit_of_work() as uow:`` opens one SQLAlchemy session and makes it the session every
repository on ``db`` uses in this thread until the block ends (their ``Database.session()`` blocks
join it instead of committing on their own), so the repositories keep their API and End DT or a
rest writes the DT clock, the crows, the wound prompts and the session log in one transaction:
committed once when the block ends, rolled back if anything in it raises. The version checks
stay where they are (``DungeonTurnStore.save(expected_version=)``, ``CharacterRepository.save(
expected_revision=)``) and now run inside that transaction, so a conflict aborts the whole step.

Units of work do not nest: only the runner of a user's step opens one (the window's undo stack,
the command line's ``Services.do``; start-up seeding), and the commands it runs never do — opening
one inside another is a programming error (:class:`NestedUnitOfWorkError`). A database failure
inside the block is never committed even if the code in the block catches it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlmodel import Session

from refkit.store.errors import DatabaseWriteError
from refkit.store.failures import DRIVER_ERROR, database_failure

if TYPE_CHECKING:
    from refkit.store.character_store import CharacterRepository
    from refkit.store.dungeon_turn_store import DungeonTurnStore
    from refkit.store.session_log import SessionLogRepository


class NestedUnitOfWorkError(RuntimeError):
    """A unit of work opened while this thread has one open: a command opened its own instead of
    writing in its runner's."""


class WriteOutsideUnitError(RuntimeError):
    """A write on a database that takes writes only inside a unit of work
    (:meth:`~refkit.store.database.Database.writes_only_in_units`), made outside one."""


class UnitOfWork:
    """The open unit of work of one thread on one database (made by ``Database.unit_of_work``).

    ``session`` is the shared session; ``characters``, ``dungeon`` and ``session_log`` are
    repositories on the same database, which write through it while the block is open.
    """

    def __init__(self, session: Session, db_shown: str, make: Callable[[str], object]) -> None:
        self.session = session
        self._shown = db_shown
        self._make = make
        self.failed: BaseException | None = None
        """The first database failure inside the block (then nothing is committed)."""
        self._after_commit: list[Callable[[], None]] = []

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the block has committed, in the order asked; never if it rolls
        back. For news of a change (a sheet to redraw), which must not run ahead of the file."""
        self._after_commit.append(callback)

    def committed(self) -> None:
        """Run the callbacks asked for by :meth:`after_commit` (the commit has happened)."""
        callbacks, self._after_commit = self._after_commit, []
        for callback in callbacks:
            callback()

    @property
    def characters(self) -> CharacterRepository:
        return self._make("characters")  # type: ignore[return-value]

    @property
    def dungeon(self) -> DungeonTurnStore:
        return self._make("dungeon")  # type: ignore[return-value]

    @property
    def session_log(self) -> SessionLogRepository:
        return self._make("session_log")  # type: ignore[return-value]

    @contextmanager
    def joined(self) -> Iterator[Session]:
        """A repository's ``Database.session()`` block inside the unit of work: no commit of its
        own, only a flush, so errors surface where the repository can name them."""
        try:
            yield self.session
            self.session.flush()
        except (SQLAlchemyError, DRIVER_ERROR) as exc:
            if self.failed is None:
                self.failed = exc
            if isinstance(exc, IntegrityError):
                raise  # the repository names it (a name taken, a concurrent change)
            if isinstance(exc, DBAPIError | DRIVER_ERROR):
                raise database_failure(self._shown, exc) from getattr(exc, "orig", exc)
            # Using the session after a failed write (SQLAlchemy's text would show the SQL).
            raise DatabaseWriteError(
                self._shown, "a write in this step failed earlier; nothing was kept"
            ) from None

    def check_not_failed(self) -> None:
        """Refuse to commit after a database failure that the block caught and went on from."""
        if self.failed is not None:
            what = self.failed.__class__.__name__
            raise DatabaseWriteError(
                self._shown, f"a write in this step failed earlier ({what}); nothing was kept"
            ) from None

    def __repr__(self) -> str:
        return f"UnitOfWork({self._shown})"


class ActiveUnits:
    """Which unit of work, if any, each thread has open on one database."""

    def __init__(self) -> None:
        self._local = threading.local()

    @property
    def current(self) -> UnitOfWork | None:
        return getattr(self._local, "unit", None)

    def set(self, unit: UnitOfWork | None) -> None:
        self._local.unit = unit
