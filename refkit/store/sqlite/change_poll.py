"""Live refresh on an SQLite file: SQLite sends no notifications, so a thread asks a connection
of its own for ``PRAGMA data_version`` every :data:`EVERY_S` — a number that changes when any
other connection has committed to the file since that connection last asked (a read of one page
header, no table read).

The number does not say who committed, so this process's own commits are accounted for as they
happen: when one of its transactions makes its first write (it holds the file's write lock from
then until it commits, so nobody else can commit meanwhile) the poll's connection looks first —
a change then is another program's — and right after the commit it looks again, taking in the
process's own change. What is left at the next look is another program's: another window, the
command line. (A commit by another program in the microseconds between this process's commit
and that second look is taken in with it; the next change shows it.) The poll does not look
while one of the process's own writes is open: a look between its commit and the second look
would take the process's own change for another program's and have every open view read again.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path
from typing import Final

from refkit.store.change_feed import EVERYTHING, ChangeNotice, NoticeListener

log = logging.getLogger(__name__)

EVERY_S: Final = 0.4
"""How often the poll looks. Once a second left another client's edit unseen for up to a second
before the window even began to read it: the three-client evening (tests/bench/
bench_three_clients.py) measured a p95 of 1.36 s from commit to repaint against a goal of 1 s,
where the server's notifications made it in 0.48 s. A look costs one page-header read."""

OWN_WRITE_HOLDS_S: Final = 2.0
"""How long an own write left open keeps the poll from looking: a step's transaction is done in
well under that; one that never said it ended (a connection lost mid-commit, a write outside a
unit of work) stops holding it, and the poll then reports the change as before."""


class FileChangePoll:
    """Looks at ``path``'s ``data_version`` every ``every_s`` until :meth:`stop`, and hears of
    this process's own writes through :meth:`write_started` and :meth:`own_commit_done`."""

    def __init__(self, path: Path, on_notice: NoticeListener, every_s: float = EVERY_S) -> None:
        self._path = path
        self._on_notice = on_notice
        self._every_s = every_s
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._last: int | None = None
        self._theirs = False  # another program committed, seen between two looks of the poll
        self._own_since: float | None = None  # when this process's open write began
        self._thread = threading.Thread(target=self._run, name="refkit-change-poll", daemon=True)

    def start(self) -> FileChangePoll:
        try:
            self._connection = sqlite3.connect(
                f"{self._path.as_uri()}?mode=ro", uri=True, check_same_thread=False
            )
        except sqlite3.Error:
            log.debug("no change poll on %s", self._path, exc_info=True)
            return self
        self._last = self._look()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        with self._lock:
            connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    def write_started(self) -> None:
        """This process's transaction made its first write: what changed before is not ours."""
        with self._lock:
            now = self._look()
            if now is not None and self._last is not None and now != self._last:
                self._theirs = True
            if now is not None:
                self._last = now
            self._own_since = time.monotonic()

    def own_commit_done(self) -> None:
        """This process committed: take its own change in, so it is no news."""
        with self._lock:
            now = self._look()
            if now is not None:
                self._last = now
            self._own_since = None

    def own_write_ended(self) -> None:
        """This process's write was rolled back (or its commit failed): nothing of its own
        changed, so the poll looks again as before."""
        with self._lock:
            self._own_since = None

    def _own_write_open(self) -> bool:
        since = self._own_since
        return since is not None and time.monotonic() - since < OWN_WRITE_HOLDS_S

    def _run(self) -> None:
        while not self._stopping.wait(self._every_s):
            with self._lock:
                if self._own_write_open():  # its commit may land before it is taken in
                    continue
                now = self._look()
                theirs = self._theirs or (
                    now is not None and self._last is not None and now != self._last
                )
                self._theirs = False
                if now is not None:
                    self._last = now
            if theirs:
                self._on_notice(ChangeNotice(EVERYTHING))

    def _look(self) -> int | None:
        """The file's data version as the poll's connection sees it (None while it cannot be
        read: a lock, the file gone — the file watch says that). Called holding the lock."""
        if self._connection is None:
            return None
        try:
            row = self._connection.execute("PRAGMA data_version").fetchone()
        except sqlite3.Error:
            return None
        return int(row[0]) if row else None
