"""News of what another client committed, so every open view of it can be read again.

Each commit that wrote says which tables it wrote (:func:`track_written_tables`, on every
engine). On a server the commit carries a ``NOTIFY`` with those kinds and the writing client's id,
sent by PostgreSQL only if the transaction commits, and each client ``LISTEN``s on a connection
of its own (:mod:`refkit.store.postgresql.notices`). SQLite has no notifications: a cheap poll
of ``PRAGMA data_version`` on a connection of its own says that another connection committed
(:mod:`refkit.store.sqlite.change_poll`), without saying what.

A watch calls ``on_notice`` on its own thread; the window relays it to the GUI thread. Its own
commits are never news to a client.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

CHANNEL: Final = "refkit_changes"
"""The PostgreSQL channel every Refkit client notifies and listens on."""

KINDS: Final = {
    "character": "characters",
    "party": "parties",
    "party_member": "parties",
    "custom_item": "characters",
    "wound_prompt": "characters",
    "creature": "bestiary",
    "fight": "fight",
    "crafting_project": "crafting",
    "dungeon_clock": "dungeon",
    "tracked_effect": "dungeon",
    "session_log": "session_log",
    "rollable_table": "tables",
    "spell": "spells",
    "journey": "travel",
    "hex_map": "travel",
    "app_state": "state",
    "app_meta": "state",
    "roll_log": "rolls",
    "roll_log_cleared": "rolls",
}
"""The aggregate kind each table's rows belong to, as a view asks for it."""

EVERYTHING: Final = frozenset(KINDS.values())
"""What a notice that cannot say what changed stands for (SQLite's poll, a reconnection)."""

_WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
_MOST_BYTES: Final = 7000  # PostgreSQL refuses a payload of 8000 bytes or more


@dataclass(frozen=True)
class ChangedRow:
    """One aggregate a commit wrote through the ORM: its kind, its id and its new version (None
    for rows without one)."""

    kind: str
    id: str
    version: int | None = None


@dataclass(frozen=True)
class ChangeNotice:
    """Another client committed: ``kinds`` it wrote (:data:`EVERYTHING` when not known) and,
    on a server, each aggregate it wrote through the ORM (``rows``; empty when not said)."""

    kinds: frozenset[str]
    client: str | None = None
    rows: tuple[ChangedRow, ...] = ()


class ChangeWatch(Protocol):
    """A running watch; :meth:`stop` ends it and waits for its thread."""

    def stop(self) -> None: ...


NoticeListener = Callable[[ChangeNotice], None]
StatusListener = Callable[[str | None], None]
"""Called with why the watch lost its server (a sentence), and with None once it is back."""


def written_table(statement: str) -> str | None:
    """The table an INSERT, UPDATE or DELETE writes (None for any other statement)."""
    found = _WRITE.match(statement)
    return found.group(1).lower() if found else None


_LINES_OF_CROWS = "crow_summary:"
"""The ``app_state`` rows that are a crow's list line: news of the crow, not of the state."""


def track_written_tables(conn_info: dict[str, Any], statement: str, parameters: Any = None) -> None:
    """Add the table ``statement`` writes to the connection's set for this transaction (a crow's
    list line, kept in ``app_state``, counts as the crow's)."""
    table = written_table(statement)
    if table == "app_state" and _names_a_crow_line(parameters):
        table = "character"
    if table is not None:
        conn_info.setdefault("written", set()).add(table)


def _names_a_crow_line(parameters: Any) -> bool:
    if isinstance(parameters, str):
        return parameters.startswith(_LINES_OF_CROWS)
    if isinstance(parameters, dict):
        parameters = list(parameters.values())
    if isinstance(parameters, list | tuple):
        return any(_names_a_crow_line(value) for value in parameters)
    return False


def row_of(table: str, identity: tuple[Any, ...] | None, version: Any) -> ChangedRow:
    """The :class:`ChangedRow` of an ORM row of ``table`` (its primary key, its version)."""
    shown = "/".join(str(part) for part in identity or ())
    return ChangedRow(
        KINDS.get(table, "state"), shown, version if isinstance(version, int) else None
    )


def notice_payload(client: str, tables: set[str], rows: Sequence[ChangedRow] = ()) -> str:
    """The ``NOTIFY`` payload of a commit: the writing client, the kinds it wrote and each
    aggregate with its new version (left out when they would not fit a notification)."""
    kinds = sorted({KINDS.get(table, "state") for table in tables} | {row.kind for row in rows})
    listed = [[row.kind, row.id, row.version] for row in dict.fromkeys(rows)]
    text = json.dumps({"client": client, "kinds": kinds, "rows": listed}, separators=(",", ":"))
    if len(text.encode()) > _MOST_BYTES:  # a step that wrote hundreds of rows: the kinds say it
        text = json.dumps({"client": client, "kinds": kinds}, separators=(",", ":"))
    return text


def read_payload(payload: str) -> ChangeNotice:
    """The notice a ``NOTIFY`` payload carries; anything unreadable means "read everything"."""
    try:
        data = json.loads(payload)
        client = data.get("client")
        kinds = frozenset(str(kind) for kind in data["kinds"])
        rows = tuple(
            ChangedRow(str(kind), str(key), version if isinstance(version, int) else None)
            for kind, key, version in data.get("rows", ())
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        return ChangeNotice(EVERYTHING)
    return ChangeNotice(kinds & EVERYTHING or EVERYTHING, str(client) if client else None, rows)
