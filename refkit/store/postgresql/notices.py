"""Live refresh on a server: each commit that wrote sends ``NOTIFY`` on Refkit's channel, and
each client listens on a connection of its own, in a thread of its own.

PostgreSQL delivers a notification only when the transaction that sent it commits, so a step
rolled back is never news. The listening connection is separate from the pool (it sits idle in
``LISTEN`` for the whole evening); when the server drops it, the watch says so, tries again on
a growing delay (0.5 s up to 8 s), and once back tells the window to read everything again (what
was committed meanwhile was not heard).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any, Final

from sqlalchemy import Engine

from refkit.store.change_feed import (
    CHANNEL,
    EVERYTHING,
    ChangedRow,
    ChangeNotice,
    NoticeListener,
    StatusListener,
    notice_payload,
    read_payload,
)

log = logging.getLogger(__name__)

RETRY_DELAYS_S: Final = (0.5, 1.0, 2.0, 4.0, 8.0)
WAIT_S: Final = 0.25
"""How long the thread waits for a notification before it looks whether it should stop."""


def notify_commit(
    dbapi_connection: Any, client: str, tables: set[str], rows: Sequence[ChangedRow] = ()
) -> None:
    """Queue the notice of the transaction about to commit on ``dbapi_connection`` (psycopg)."""
    payload = notice_payload(client, tables, rows)
    dbapi_connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))


class ServerNotices:
    """Listens for other clients' commits on the server of ``engine`` until :meth:`stop`."""

    def __init__(
        self,
        engine: Engine,
        client: str,
        on_notice: NoticeListener,
        on_status: StatusListener | None = None,
    ) -> None:
        args, params = engine.dialect.create_connect_args(engine.url)
        self._connect_args = (tuple(args), dict(params))
        self._client = client
        self._on_notice = on_notice
        self._on_status = on_status
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="refkit-notices", daemon=True)
        self._connection: Any = None

    def start(self) -> ServerNotices:
        self._connection = self._connect()  # the first failure is the opener's to say
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        self._close()

    def _connect(self) -> Any:
        import psycopg

        args, params = self._connect_args
        connection = psycopg.connect(*args, **params, autocommit=True)
        try:
            connection.execute(f"LISTEN {CHANNEL}")
        except BaseException:
            connection.close()
            raise
        return connection

    def _close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.close()
            except Exception:  # a dropped connection may fail to close
                log.debug("closing the notice connection failed", exc_info=True)

    def _run(self) -> None:
        import psycopg

        failures = 0
        while not self._stopping.is_set():
            try:
                if self._connection is None:
                    self._connection = self._connect()
                    failures = 0
                    self._tell_status(None)
                    self._on_notice(ChangeNotice(EVERYTHING))  # what was missed while away
                for notice in self._connection.notifies(timeout=WAIT_S):
                    heard = read_payload(notice.payload)
                    if heard.client != self._client:
                        self._on_notice(heard)
            except psycopg.Error as error:
                self._close()
                if failures == 0:
                    self._tell_status(_said(error))
                delay = RETRY_DELAYS_S[min(failures, len(RETRY_DELAYS_S) - 1)]
                failures += 1
                self._stopping.wait(delay)

    def _tell_status(self, lost: str | None) -> None:
        if self._on_status is not None:
            self._on_status(lost)


def _said(error: Exception) -> str:
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return f"the connection to the server was lost ({text})"
