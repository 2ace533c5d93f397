"""The open database: an engine with Refkit's settings for its dialect (an SQLite file, see
:mod:`refkit.store.sqlite`, or a PostgreSQL server, see :mod:`refkit.store.postgresql`), migrated at
start-up, and sessions.

Sessions are short and keep their objects usable after commit (``expire_on_commit=False``), so
repositories can hand plain values back to the app layer.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, event
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlmodel import Session

from refkit.store.change_feed import (
    ChangeWatch,
    NoticeListener,
    StatusListener,
    track_written_tables,
)
from refkit.store.errors import DatabaseError, DatabaseFileGoneError, DatabaseWriteError
from refkit.store.failures import DRIVER_ERROR, database_failure
from refkit.store.location import database_path, is_server_url, resolve_database_url, shown_url
from refkit.store.migration import MigrationOutcome, SchemaChange, bring_up_to_date
from refkit.store.migrations import SCRIPT_LOCATION
from refkit.store.sqlite.checked_pages import note_sound
from refkit.store.sqlite.engine import (
    BUSY_TIMEOUT_MS,
    ConnectionHook,
    create_sqlite_engine,
    require_writable,
    schema_change,
    take_write_lock,
)
from refkit.store.sqlite.file_watch import (
    Anchor,
    file_identity,
    gone_reason,
    open_anchor,
    save_copy,
)
from refkit.store.sqlite.files import FileState, read_file_state
from refkit.store.unit_of_work import (
    ActiveUnits,
    NestedUnitOfWorkError,
    UnitOfWork,
    WriteOutsideUnitError,
)

if TYPE_CHECKING:
    from refkit.store.sqlite.change_poll import FileChangePoll

log = logging.getLogger(__name__)


def utc_now() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


class DatabaseClosedError(RuntimeError):
    """A session or unit of work asked of a database after :meth:`Database.close`: a programming
    error (the engine would quietly open a connection that nothing closes)."""


class Database:
    """An open, migrated Refkit database: made by :meth:`open`, ended by :meth:`close`."""

    def __init__(
        self,
        engine: Engine,
        url: str,
        path: Path | None,
        outcome: MigrationOutcome,
        *,
        server: bool = False,
    ):
        self._engine = engine
        self.url = shown_url(url)
        """The resolved SQLAlchemy URL, its password (if any) masked: safe to show or log."""
        self.path = path
        """The database file, or None for an in-memory database or a server."""
        self.server = server
        """True for a database on a PostgreSQL server (no file, no backup copies beside it)."""
        self.backup_path = outcome.backup
        """The copy made before migrating at this start-up, or None if none was needed."""
        self.migrated = outcome.migrated
        """True if this start-up changed the schema."""
        self._units = ActiveUnits()
        self.commits = 0
        """Transactions that changed something, committed through this object: a step refused
        by a conflict after none wrote nothing, so running it again on a fresh read is safe."""
        self._units_only = False
        self._role: str | None = None
        self._login: str | None = None
        self._closed = False
        self._sound_at_open = False
        """The file's pages were sound at open: closing notes it as sound as it is then, so
        the next open need not read every page again (refkit.store.sqlite.checked_pages)."""
        self._identity = file_identity(path) if path is not None else None
        self._anchor: Anchor | None = None
        self._engine_options: dict[str, Any] = {"busy_timeout_ms": BUSY_TIMEOUT_MS, "hook": None}
        self._hooks: list[ConnectionHook] = []
        self._change_poll: FileChangePoll | None = None
        self._wrote_in_thread = threading.local()  # this thread's last commit wrote
        self.client_id = uuid.uuid4().hex
        """This client among those sharing the database: its commits are no news to it."""
        self._listen(engine)

    def _listen(self, engine: Engine) -> None:
        _count_writing_commits(engine, self)
        event.listen(engine, "before_cursor_execute", self._check_in_unit)

    # -- the file it was opened from -------------------------------------------------------------

    def file_gone(self) -> str | None:
        """Why the path no longer leads to the file this database was opened from (deleted,
        moved away or replaced by another file), or None while it does."""
        return None if self.path is None else gone_reason(self.path, self._identity)

    def check_file(self) -> None:
        """DatabaseFileGoneError if the file was deleted or replaced since it was opened. Every
        session and unit of work checks first: a new connection to the path would make a new,
        empty database there and the edit would look saved."""
        if self._closed:
            raise DatabaseClosedError(
                f"{self.shown} was used after it was closed: what reads or writes it must do so "
                "before the database is closed (a new connection would never be closed)"
            )
        reason = self.file_gone()
        if reason is not None:
            raise DatabaseFileGoneError(self.shown, reason)

    def keep_file_open(self) -> None:
        """Hold one connection to the file for as long as the database is open, so that what it
        holds can still be saved to a new file (:meth:`save_copy`) after it is deleted."""
        if self.path is not None and self._anchor is None:
            self.check_file()
            self._anchor = open_anchor(self.path)

    def save_copy(self, target: Path) -> Path:
        """Copy the database as this process last saw it into the new file ``target`` — after
        the file was deleted or replaced too, if :meth:`keep_file_open` was called at start.

        DatabaseWriteError if it cannot be written (``target`` exists, the folder is read-only,
        the disk is full; nothing is left behind), DatabaseFileGoneError if the file is gone and
        no connection held it."""
        if self.path is None:
            raise DatabaseError("the in-memory database has no file to copy")
        if self._anchor is None:
            self.check_file()
        source = self._anchor or open_anchor(self.path)
        try:
            return save_copy(source, target)
        except FileExistsError as exc:
            raise DatabaseWriteError(str(target), "a file of that name exists already") from exc
        except OSError as exc:
            raise DatabaseWriteError(str(target), exc.strerror or str(exc)) from exc
        except DRIVER_ERROR as exc:
            raise database_failure(str(target), exc) from exc
        finally:
            if source is not self._anchor:
                source.close()

    def move_to(self, target: Path) -> None:
        """Go on with the database file ``target`` (a copy :meth:`save_copy` made) instead of
        the one that was deleted or replaced: every later session and unit of work uses it."""
        if self.in_unit_of_work():
            raise NestedUnitOfWorkError("the database cannot move to another file inside a step")
        url = f"sqlite:///{target}"
        engine = create_sqlite_engine(url, in_memory=False, **self._engine_options)
        for hook in self._hooks:
            event.listen(engine, "connect", partial(_run_hook, hook))
        self._listen(engine)
        old, self._engine = self._engine, engine
        old.dispose()
        if self._anchor is not None:
            self._anchor.close()
            self._anchor = None
        self.url, self.path = url, target
        self._identity = file_identity(target)
        self.keep_file_open()

    def watch_changes(
        self, on_notice: NoticeListener, on_status: StatusListener | None = None
    ) -> ChangeWatch:
        """Call ``on_notice`` (on a thread of the watch's own) whenever another client commits
        to this database, until the watch is stopped: a server's notifications, or a poll of an
        SQLite file; an in-memory database has no other client. ``on_status`` hears that the
        server connection was lost (why) and that it is back (None)."""
        if self.server:
            from refkit.store.postgresql.notices import ServerNotices

            return ServerNotices(self._engine, self.client_id, on_notice, on_status).start()
        if self.path is not None:
            from refkit.store.sqlite.change_poll import FileChangePoll

            poll = FileChangePoll(self.path, on_notice).start()
            self._change_poll = poll
            return _StopsPoll(self, poll)
        return _NoWatch()

    def _own_commit_done(self) -> None:
        """A session of this thread committed: if it wrote, the file's poll takes its change in
        (it is no news to this client); a session that only read changes nothing."""
        if getattr(self._wrote_in_thread, "value", False):
            self._wrote_in_thread.value = False
            poll = self._change_poll
            if poll is not None:
                poll.own_commit_done()

    def _own_write_ended(self) -> None:
        """A session of this thread failed (its commit among what can fail): whatever it began
        to write is not in the file, so the file's poll looks again."""
        self._wrote_in_thread.value = False
        if self._change_poll is not None:
            self._change_poll.own_write_ended()

    def writes_only_in_units(self) -> None:
        """From now on refuse (WriteOutsideUnitError) any write made outside a unit of work: the
        window and the command line write only through the runner of a step, so a write that
        would commit on its own is a path around it. Reads stay free."""
        self._units_only = True

    def _check_in_unit(self, _conn: Any, _cursor: Any, statement: str, *_rest: object) -> None:
        if (
            self._units_only
            and self._units.current is None
            and not statement.lstrip().upper().startswith(_READS)
        ):
            verb = statement.lstrip().split(None, 1)[0].upper() if statement.strip() else "?"
            raise WriteOutsideUnitError(
                f"a write ({verb}) outside a unit of work on {self.shown}: every write of the "
                "window and the command line goes through the runner of a step"
            )

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        clock: Callable[[], datetime] = utc_now,
        script_location: Path = SCRIPT_LOCATION,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        on_connect: ConnectionHook | None = None,
    ) -> Database:
        """Open (creating if needed) and migrate the database at ``url``.

        ``url`` is a ``sqlite:///`` URL, a bare file path or a ``postgresql://`` URL (see
        :meth:`_open_server`); None means the default location
        (see :func:`refkit.store.location.resolve_database_url`). Before the schema is changed,
        an existing file is copied beside itself (see :mod:`refkit.store.sqlite.backups`). ``clock``
        stamps backup names; ``script_location`` is for tests of the migration machinery.
        ``busy_timeout_ms`` is how long a write waits for another program's lock before it
        fails with DatabaseLockedError: the CLI waits 5 s, the app much less, so a lock never
        freezes its window. ``on_connect`` runs on every new connection (a test hook).

        Raises UnsupportedDatabaseError (neither SQLite nor PostgreSQL, or psycopg missing),
        NotADatabaseError (not a Refkit database, or a folder), DatabaseUnreachableError (a
        server that cannot be reached or refuses the login), DamagedDatabaseError
        (``PRAGMA quick_check`` found damage),
        DatabaseTooNewError (written by a newer Refkit), ReadOnlyDatabaseError, MigrationError,
        or another DatabaseError; in every refusal the file is left untouched.
        """
        if busy_timeout_ms < 0:
            raise ValueError(f"busy_timeout_ms must be 0 or more, got {busy_timeout_ms}")
        resolved = resolve_database_url(url)
        if is_server_url(resolved):
            return cls._open_server(resolved, clock, script_location, busy_timeout_ms, on_connect)
        path = database_path(resolved)
        if path is None:
            state = FileState(has_data=False, revisions=())
        else:
            # The default data folder is created by data_dir(); a folder the user named for
            # --db must already exist, so a mistyped path is reported, not quietly created.
            if not path.parent.is_dir():
                raise DatabaseError(f"the folder {path.parent} for the database does not exist")
            state = read_file_state(path)
            require_writable(path)
        engine = create_sqlite_engine(
            resolved, in_memory=path is None, busy_timeout_ms=busy_timeout_ms, hook=on_connect
        )
        shown = str(path) if path is not None else "the in-memory database"
        try:
            outcome = bring_up_to_date(engine, path, state, clock, script_location, schema_change)
        except DBAPIError as exc:
            engine.dispose()
            raise database_failure(shown, exc) from exc.orig
        except BaseException:
            engine.dispose()
            raise
        database = cls(engine, resolved, path, outcome)
        database._sound_at_open = state.pages_sound
        database._engine_options = {"busy_timeout_ms": busy_timeout_ms, "hook": on_connect}
        return database

    @classmethod
    def _open_server(
        cls,
        resolved: str,
        clock: Callable[[], datetime],
        script_location: Path,
        lock_timeout_ms: int,
        on_connect: ConnectionHook | None,
    ) -> Database:
        """Open and migrate a campaign on a PostgreSQL server: ``lock_timeout`` takes the busy
        timeout's part; no backup copy is made (the migration is one transaction, see
        :mod:`refkit.store.postgresql`). Errors never show the password."""
        from refkit.store.postgresql.opening import require_driver

        require_driver()
        from refkit.store.postgresql.engine import server_schema_change
        from refkit.store.postgresql.opening import open_server

        shown = shown_url(resolved)
        engine, state = open_server(
            resolved, shown, lock_timeout_ms=lock_timeout_ms, hook=on_connect
        )
        change: SchemaChange = server_schema_change
        try:
            outcome = bring_up_to_date(engine, None, state, clock, script_location, change, shown)
        except DBAPIError as exc:
            engine.dispose()
            raise database_failure(shown, exc) from None
        except BaseException:
            engine.dispose()
            raise
        database = cls(engine, resolved, None, outcome, server=True)
        try:
            database.role  # noqa: B018  # read once, at open: the window decides what to show
        except BaseException:
            database.close()
            raise
        return database

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (for instruments such as a test's statement listener)."""
        return self._engine

    @property
    def shown(self) -> str:
        """The database as messages name it: its file, its server URL (password masked), or
        "the in-memory database"."""
        if self.server:
            return self.url
        return str(self.path) if self.path is not None else "the in-memory database"

    @property
    def role(self) -> str:
        """Who the login is in this campaign: ``"player"`` (a player's login on a server, which
        the server lets change only its own crows and add rolls) or ``"referee"`` (every other
        login, and the user of an SQLite file). Read from the server at open."""
        if self._role is None:
            from refkit.store.players import login_role

            self._role, self._login = login_role(self)
        return self._role

    @property
    def is_player(self) -> bool:
        """True for a player's login (see :attr:`role`)."""
        return self.role == "player"

    @property
    def login(self) -> str | None:
        """The server login's name (None for an SQLite file)."""
        return self._login if self.server and self.role else None

    @property
    def in_memory(self) -> bool:
        """True for an in-memory SQLite database (one connection, no other thread may use it)."""
        return self.path is None and not self.server

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A short session: committed when the block ends, rolled back if it raises.

        Driver failures (locked, disk full, read-only, damaged, a lost server) leave it as
        DatabaseError subclasses whose message names the database and the cause, never the SQL; an
        IntegrityError passes through unchanged, since repositories turn it into their own
        errors (a name already taken, a concurrent change).

        Inside a :meth:`unit_of_work` of this thread the block joins its session instead: it
        only flushes, and the unit of work commits.
        """
        unit = self._units.current
        if unit is not None:
            with unit.joined() as session:
                yield session
            return
        self.check_file()
        try:
            with Session(self._engine, expire_on_commit=False) as session:
                if self.server:  # each aggregate written goes into the commit's notice
                    event.listen(session, "after_flush", _note_rows)
                try:
                    yield session
                    session.commit()
                    self._own_commit_done()
                except BaseException:
                    _roll_back_quietly(session)
                    self._own_write_ended()
                    raise
        except IntegrityError:
            raise
        except DBAPIError as exc:
            raise database_failure(self.shown, exc) from exc.orig
        except DRIVER_ERROR as exc:
            raise database_failure(self.shown, exc) from exc

    @property
    def current_unit_of_work(self) -> UnitOfWork | None:
        """The unit of work open in this thread, if any."""
        return self._units.current

    @contextmanager
    def unit_of_work(self, *, take_lock: bool = False) -> Iterator[UnitOfWork]:
        """One session shared by every repository on this database in this thread until the
        block ends: committed once at the end, rolled back (nothing kept) if the block raises.
        Driver failures become DatabaseError subclasses as in :meth:`session`.

        NestedUnitOfWorkError when this thread has one open already: a step has exactly one,
        opened by the runner of the step, never by the commands it runs.

        With ``take_lock`` the unit holds the write lock from its start (waiting the busy
        timeout for it), so nothing another program commits can come between what it reads and
        what it writes: for start-up seeding, which looks whether a database is new first."""
        if self._units.current is not None:
            raise NestedUnitOfWorkError(
                "a unit of work is open in this thread already: the runner of a step opens the "
                "one unit its commands write in, and they open none of their own"
            )
        unit: UnitOfWork | None = None
        self.check_file()
        try:
            with Session(self._engine, expire_on_commit=False) as session:
                if self.server:  # each aggregate written goes into the commit's notice
                    event.listen(session, "after_flush", _note_rows)
                unit = UnitOfWork(session, self.shown, partial(_repository, self))
                self._units.set(unit)
                try:
                    if take_lock:
                        take_write_lock(session.connection())
                    yield unit
                    unit.check_not_failed()
                    self.check_file()  # deleted while the step ran: keep nothing, say so
                    session.commit()
                    self._own_commit_done()
                except BaseException:
                    _roll_back_quietly(session)
                    self._own_write_ended()
                    raise
                finally:
                    self._units.set(None)
        except IntegrityError:
            raise
        except DBAPIError as exc:
            raise database_failure(self.shown, exc) from exc.orig
        except DRIVER_ERROR as exc:
            raise database_failure(self.shown, exc) from exc
        if unit is not None:
            unit.committed()  # outside the block: a listener's error is no database failure

    def add_connection_hook(self, hook: ConnectionHook) -> None:
        """Run ``hook`` on every connection from now on (pooled ones are closed first so it
        applies at once): a fault hook for tests, such as a cap on the file's size."""
        self._engine.dispose()
        self._hooks.append(hook)
        event.listen(self._engine, "connect", partial(_run_hook, hook))

    def in_unit_of_work(self) -> bool:
        """Whether this thread has a unit of work open on this database."""
        return self._units.current is not None

    @property
    def closed(self) -> bool:
        """True after :meth:`close`: nothing may read or write it any more."""
        return self._closed

    def close(self) -> None:
        """Close every pooled connection (SQLite then folds the WAL back into the file; a server
        ends those sessions)."""
        self._closed = True
        self._engine.dispose()
        if self._anchor is not None:
            self._anchor.close()
            self._anchor = None
        if self._sound_at_open and self.path is not None:
            self._sound_at_open = False
            note_sound(self.path)

    def __enter__(self) -> Database:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Database({self.url!r})"


def _repository(db: Database, which: str) -> object:
    # Imported here: the repositories' modules import this one.
    if which == "characters":
        from refkit.store.character_store import CharacterRepository

        return CharacterRepository(db)
    if which == "dungeon":
        from refkit.store.dungeon_turn_store import DungeonTurnStore

        return DungeonTurnStore(db)
    from refkit.store.session_log import SessionLogRepository

    return SessionLogRepository(db)


_READS = ("SELECT", "PRAGMA", "WITH")


def _count_writing_commits(engine: Engine, db: Database) -> None:
    """Count on ``db.commits`` every commit of a transaction that ran a statement other than a
    read (an INSERT, UPDATE or DELETE, through the ORM or as text)."""

    def executed(conn: Any, _cursor: Any, statement: str, parameters: Any, *_rest: object) -> None:
        if not statement.lstrip().upper().startswith(_READS):
            poll = db._change_poll
            if poll is not None and not conn.info.get("wrote"):
                poll.write_started()  # the write lock is held from here to the commit
            conn.info["wrote"] = True
            track_written_tables(conn.info, statement, parameters)

    def committed(conn: Any) -> None:
        written = conn.info.pop("written", None)
        rows = conn.info.pop("rows", ())
        if conn.info.pop("wrote", False):
            db.commits += 1
            db._wrote_in_thread.value = True
            if db.server and written:  # sent by the server only if this commit succeeds
                from refkit.store.postgresql.notices import notify_commit

                notify_commit(conn.connection.dbapi_connection, db.client_id, written, rows)

    def rolled_back(conn: Any) -> None:
        if conn.info.pop("wrote", False) and db._change_poll is not None:
            db._change_poll.own_write_ended()
        conn.info.pop("written", None)
        conn.info.pop("rows", None)

    event.listen(engine, "after_cursor_execute", executed)
    event.listen(engine, "commit", committed)
    event.listen(engine, "rollback", rolled_back)


class _StopsPoll:
    """A file's change poll, which the database tells of its own writes until it is stopped."""

    def __init__(self, db: Database, poll: FileChangePoll) -> None:
        self._db, self._poll = db, poll

    def stop(self) -> None:
        if self._db._change_poll is self._poll:
            self._db._change_poll = None
        self._poll.stop()


class _NoWatch:
    def stop(self) -> None:
        """Nothing to stop: an in-memory database has no other client."""


def _note_rows(session: Session, _flush_context: object) -> None:
    """Keep, on the connection, each ORM row the flush wrote (its table, key and version) for
    the notice sent when the transaction commits (on a server)."""
    from sqlalchemy import inspect

    from refkit.store.change_feed import row_of

    rows = session.connection().info.setdefault("rows", [])
    for written in (*session.new, *session.dirty, *session.deleted):
        state = inspect(written)
        table = getattr(state.mapper.local_table, "name", None)
        if table is None:
            continue
        key = state.mapper.primary_key_from_instance(written)
        version = getattr(written, "version", getattr(written, "revision", None))
        rows.append(row_of(str(table), tuple(key), version))


def _run_hook(hook: ConnectionHook, connection: Any, _record: object) -> None:
    hook(connection)


def _roll_back_quietly(session: Session) -> None:
    # A rollback after a failed write can fail the same way (disk I/O); the first error is
    # the one worth reporting, and SQLite rolls back an unfinished transaction by itself.
    try:
        session.rollback()
    except DBAPIError:
        log.debug("rollback after a failed write also failed", exc_info=True)
