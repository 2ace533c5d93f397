"""Each crow's list line, kept beside its document so a list need not decode every crow.

A crow's list line (speed, dead, Stamina, wounds) is worked out from its whole document, and
decoding ten thousand documents took seconds. So whenever the repository writes a crow it also
writes that line, as a small JSON object, to the ``app_state`` row ``crow_summary:<row id>``
(no new table, no migration). The object names the crow's name key, revision and
``updated_at`` (as stored) it was made from; a reader uses it only when all three still match
the crow's row, and decodes the document otherwise (a crow saved by an older Refkit, a row
restored from elsewhere), so a stale line is never shown.

No SQLAlchemy here: the quick command-line path (:mod:`refkit.store.sqlite.quick`) reads these
too.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Final, NamedTuple

from refkit.store.row_values import STORED_TIME_FORMAT as STORED_TIME_FORMAT

SUMMARY_PREFIX: Final = "crow_summary:"
"""The ``app_state`` key of a crow's line is this and the crow's row id."""
SUMMARY_RANGE: Final = (SUMMARY_PREFIX, "crow_summary;")
"""Every such key sorts in ``[first, last)`` (``;`` follows ``:``): one index range read."""
KEEP_LINE_IF_CURRENT: Final = (
    "INSERT INTO app_state (key, payload, version)"
    " SELECT :key, :payload, 1 WHERE EXISTS"
    " (SELECT 1 FROM character WHERE id = :id AND revision = :revision)"
    " ON CONFLICT (key) DO UPDATE SET payload = excluded.payload,"
    " version = app_state.version + 1"
)
"""A crow's list line (``:key``, ``:payload``) written only while the crow's row (``:id``)
still has the revision it was made from (``:revision``): a crow saved by another program in
between keeps the line that save wrote. Plain SQL, one text for the store's fill
(:mod:`refkit.store.crow_line_fill`) and the quick path's plain sqlite3 (both take named
parameters)."""
_DECODER: Final = json.JSONDecoder()
"""Decodes a kept line with ``raw_decode``: the C scanner alone, no whitespace pass (a line with
whitespace around it is not one Refkit wrote, and its crow is decoded instead)."""


class CrowLine(NamedTuple):
    """What the crow list shows of a crow beyond its name and player (a named tuple: one is made
    per crow listed, and a frozen dataclass took three times as long to make)."""

    speed: int
    dead: bool
    stamina: int
    stamina_max: int
    wounds: int


def summary_key(row_id: int) -> str:
    """The ``app_state`` key of the line of the crow whose row id is ``row_id``."""
    return f"{SUMMARY_PREFIX}{row_id}"


def row_id_of(key: str) -> int | None:
    """The crow row id a summary key names (None: not such a key)."""
    if not key.startswith(SUMMARY_PREFIX):
        return None
    rest = key[len(SUMMARY_PREFIX) :]
    return int(rest) if rest.isdigit() else None


def stamp(value: datetime | str) -> str:
    """A row's ``updated_at`` as one comparable text: SQLite hands back the stored text, the
    ORM and PostgreSQL a datetime (aware, or naive UTC)."""
    if isinstance(value, str):
        return value
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value.strftime(STORED_TIME_FORMAT)


def summary_text(line: CrowLine, key: str, revision: int, updated_at: datetime | str) -> str:
    """The stored form of ``line`` for the crow with name key ``key`` at ``revision``."""
    return json.dumps(
        {
            "key": key,
            "revision": revision,
            "updated_at": stamp(updated_at),
            "speed": line.speed,
            "dead": line.dead,
            "stamina": line.stamina,
            "stamina_max": line.stamina_max,
            "wounds": line.wounds,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def fresh_line(
    text: str | None, key: str, revision: int, updated_at: datetime | str
) -> CrowLine | None:
    """The line stored in ``text`` if it was made from the crow's row as it is now (name key,
    revision and ``updated_at`` all match); None when there is none, it is stale or unreadable
    (then the crow's document is decoded instead).

    Run once per crow listed (ten thousand times for a big campaign's list), so it stays lean:
    one C-level JSON decode of the whole text (the lines are written compactly, without
    whitespace around them) and exact type checks (``type(n) is int`` also refuses a bool)."""
    if text is None:
        return None
    try:
        data, end = _DECODER.raw_decode(text)
    except ValueError:
        return None
    if end != len(text) or type(data) is not dict:
        return None
    if (
        data.get("key") != key
        or data.get("revision") != revision
        or data.get("updated_at") != (updated_at if type(updated_at) is str else stamp(updated_at))
    ):
        return None
    speed = data.get("speed")
    dead = data.get("dead")
    stamina = data.get("stamina")
    stamina_max = data.get("stamina_max")
    wounds = data.get("wounds")
    if (
        type(dead) is not bool
        or type(speed) is not int
        or type(stamina) is not int
        or type(stamina_max) is not int
        or type(wounds) is not int
    ):
        return None
    return CrowLine(speed, dead, stamina, stamina_max, wounds)
