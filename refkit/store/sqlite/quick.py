"""The quick path: an up-to-date database file read (and a roll logged) with plain ``sqlite3``.

A headless command such as ``refkit dt status`` spent most of a second importing SQLAlchemy and
SQLModel for one small query, and bots call such commands in loops. When the file already exists
at the newest schema, :func:`open_quick` opens it with the standard library after the checks
:meth:`refkit.store.database.Database.open` makes (``PRAGMA quick_check``, the recorded revision,
a folder and file this user can write) and with the same busy timeout and connection pragmas.
Whenever it cannot tell — no file yet, an older schema that needs migrating, a URL it does not read
itself, a flag saying defaults are still to be seeded — it answers None and the caller opens the
full :class:`~refkit.store.database.Database`, which creates, migrates and backs up.

Rows are written in exactly the form the SQLModel tables use (:mod:`refkit.store.tables`), so a
roll logged here reads back through :class:`~refkit.store.roll_log.RollLogRepository`.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Final, NamedTuple

from refkit.dice.records import RollRecord
from refkit.store.crow_summaries import (
    KEEP_LINE_IF_CURRENT,
    SUMMARY_PREFIX,
    SUMMARY_RANGE,
    CrowLine,
    fresh_line,
    summary_key,
    summary_text,
)
from refkit.store.location import DATABASE_FILE_NAME, data_dir, environment_url
from refkit.store.row_forms import ROLL_SOURCES, SAMPLES_SEEDED_KEY, TABLES_SEEDED_KEY
from refkit.store.row_values import ACTIVE_TABLES_STATE, SCHEMA_HEADS
from refkit.store.sqlite.checked_pages import note_sound
from refkit.store.sqlite.failures import database_failure
from refkit.store.sqlite.files import read_file_state
from refkit.store.sqlite.settings import BUSY_TIMEOUT_MS, CONNECTION_PRAGMAS

if TYPE_CHECKING:
    from refkit.dice.records import LoggedRoll
    from refkit.rules.dungeon.clock import DungeonTurnClock
    from refkit.rules.dungeon.effects import TrackedEffect
    from refkit.rules.inventory.model import Item
    from refkit.rules.tables.model import RollableTable
    from refkit.store.dungeon_settings import DungeonSettings

QUICK_BUSY_TIMEOUT_MS: Final = BUSY_TIMEOUT_MS
"""The command line's wait for another program's lock (the engine's, from one place)."""
QUICK_PRAGMAS: Final = CONNECTION_PRAGMAS
"""The pragmas every Refkit connection runs (the engine's, from one place)."""
QUICK_ACTIVE_TABLES_KEY: Final = ACTIVE_TABLES_STATE
"""The ``app_state`` key of the tables chosen per use (``versioned_state.ACTIVE_TABLES_STATE``,
from :mod:`refkit.store.row_values`: that module loads the ORM)."""
QUICK_ROLL_SOURCES: Final = ROLL_SOURCES
"""Who may log a roll (the store's one set, :mod:`refkit.store.row_forms`)."""

_SQLITE_PREFIX = "sqlite:///"


class QuickTableLine(NamedTuple):
    """One line of the table list, as stored (the store's ``TableSummary`` without its enum; a
    named tuple: one is made per table listed)."""

    name: str
    dice: str
    rows: int
    source: str
    description: str


class QuickCharacterLine(NamedTuple):
    """One line of the character list (the store's ``CharacterSummary`` without bookkeeping; a
    named tuple, as :class:`~refkit.store.crow_summaries.CrowLine`: one is made per crow)."""

    name: str
    player: str
    speed: int
    dead: bool
    stamina: int
    stamina_max: int
    wounds: int


@dataclass(frozen=True)
class WaitingWounds:
    """The wounds a crow still has to place and to heal (a stored wound prompt)."""

    to_place: int
    to_heal: int


@dataclass(frozen=True)
class QuickDungeonTurn:
    """The stored dungeon turn as ``DungeonTurnStore.load`` and ``settings`` read it."""

    clock: DungeonTurnClock
    effects: tuple[TrackedEffect, ...]
    settings: DungeonSettings
    version: int


@dataclass(frozen=True)
class QuickParty:
    """A party and its members' names, in their party order."""

    name: str
    members: tuple[str, ...]


def quick_path(url: str | None) -> Path | None:
    """The database file ``url`` names, when that is plain to see without SQLAlchemy.

    None for an in-memory database and for any URL with more than a file path in it (query
    strings, escapes, other drivers): the full open resolves (or refuses) those itself.
    """
    if url is None:
        url = environment_url()
    if url is None:
        return data_dir() / DATABASE_FILE_NAME
    text = url.strip()
    if not text:
        return None
    if "://" not in text:
        return Path(text).expanduser().resolve()
    if not text.startswith(_SQLITE_PREFIX):
        return None
    rest = text[len(_SQLITE_PREFIX) :]
    if not rest or rest == ":memory:" or any(mark in rest for mark in "?#%"):
        return None
    return Path(rest).expanduser().resolve()


def open_quick(
    url: str | None, *, busy_timeout_ms: int = QUICK_BUSY_TIMEOUT_MS, check_pages: bool = True
) -> QuickDatabase | None:
    """The file of ``url`` opened with plain sqlite3, or None when the full open is needed.

    Raises what the full open raises for a file it must refuse: NotADatabaseError,
    DamagedDatabaseError (``quick_check``), DatabaseError. Only a caller that just reads, with
    the full open (which checks every page) to follow before anything is written, may leave
    that check out (``check_pages=False``: the window's first look at the stored state).
    """
    path = quick_path(url)
    if path is None or not path.is_file():
        return None
    # quick_check, another program's file: refused as at open
    state = read_file_state(path, check_pages=check_pages)
    if not state.revisions or set(state.revisions) != SCHEMA_HEADS:
        return None  # missing, older or newer schema: the full open migrates or refuses
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK | os.X_OK):
        return None  # the full open says which of the two is read-only
    try:
        connection = sqlite3.connect(
            str(path), timeout=busy_timeout_ms / 1000, isolation_level=None
        )
    except sqlite3.Error as exc:
        raise database_failure(str(path), exc) from exc
    quick = QuickDatabase(
        connection, path, sound_at_open=state.pages_sound, busy_timeout_ms=busy_timeout_ms
    )
    try:
        connection.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        for pragma in QUICK_PRAGMAS:
            connection.execute(pragma)
    except sqlite3.Error as exc:
        quick.close()
        raise database_failure(str(path), exc) from exc
    except BaseException:
        quick.close()
        raise
    return quick


class QuickDatabase:
    """An up-to-date Refkit file on one plain sqlite3 connection (see :func:`open_quick`)."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        *,
        sound_at_open: bool = False,
        busy_timeout_ms: int = QUICK_BUSY_TIMEOUT_MS,
    ) -> None:
        self._connection = connection
        self.path = path
        self._busy_timeout_ms = busy_timeout_ms
        self._sound_at_open = sound_at_open
        """Every page was sound at open: closing notes the file as sound as it is then."""

    # -- reading ------------------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        """The ``app_meta`` flag ``key``, or None."""
        row = self._one("SELECT value FROM app_meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    def state(self, key: str) -> str | None:
        """The versioned value ``key`` (``app_state``: the party at the table, the dungeon-turn
        settings…) as ``refkit.store.versioned_state`` reads it, or None."""
        row = self._one("SELECT payload FROM app_state WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    def dungeon_clock(self) -> DungeonTurnClock:
        """The stored DT clock (a new stopped one at the settings' length if none is stored),
        as ``DungeonTurnStore.load`` reads it. Raises ValueError for a clock it cannot read."""
        return self._clock_and_version(None)[0]

    def dungeon_turn(self) -> QuickDungeonTurn:
        """The stored clock (a new stopped one at version 0 if none is stored), the tracked
        effects in order and the settings. Raises ValueError for a state it cannot read."""
        from refkit.store.dungeon_settings import SETTINGS_KEY, settings_from_json
        from refkit.store.row_forms import EFFECT_COLUMNS, tracked_effect

        settings = settings_from_json(self.state(SETTINGS_KEY))
        clock, version = self._clock_and_version(settings)
        rows = self._all(
            f"SELECT {', '.join(EFFECT_COLUMNS)} FROM tracked_effect ORDER BY position", ()
        )
        effects = tuple(tracked_effect(*row) for row in rows)  # type: ignore[arg-type]
        return QuickDungeonTurn(clock, effects, settings, version)

    def _clock_and_version(self, settings: DungeonSettings | None) -> tuple[DungeonTurnClock, int]:
        """The stored clock and its version; with none stored, a new stopped one at version 0
        and the length of ``settings`` (read only then when not given)."""
        # Imported here: a command that only logs a roll has no use for the clock's rules.
        from refkit.rules.dungeon.clock import DungeonTurnClock
        from refkit.store.dungeon_settings import SETTINGS_KEY, clock_from_json, settings_from_json

        row = self._one("SELECT state, version FROM dungeon_clock WHERE id = 1", ())
        if row is not None:
            return clock_from_json(str(row[0])), int(str(row[1]))
        if settings is None:
            settings = settings_from_json(self.state(SETTINGS_KEY))
        return DungeonTurnClock.new(settings.dt_minutes), 0

    def carried_item(self, crow: str, item_id: str) -> Item | None:
        """``crow``'s item ``item_id`` as stored (the crow looked up as the store does, ignoring
        case); None when the crow or the item is not there, or the stored crow cannot be read."""
        from refkit.rules.character.file_format import CharacterFileError
        from refkit.store.row_forms import name_key, stored_character

        row = self._one("SELECT payload FROM character WHERE name_key = ?", (name_key(crow),))
        if row is None:
            return None
        try:
            return stored_character(str(row[0]), crow).items.find(item_id)
        except (ValueError, KeyError, CharacterFileError):
            return None

    def party_names(self) -> list[str]:
        """Every party's name, sorted as the character service lists them."""
        return [str(row[0]) for row in self._all("SELECT name FROM party ORDER BY name_key", ())]

    def recent_rolls(self, limit: int) -> list[LoggedRoll]:
        """The newest ``limit`` logged rolls, newest first (``RollLogRepository.recent``)."""
        from refkit.store.row_forms import ROLL_COLUMNS, logged_roll

        rows = self._all(
            f"SELECT {', '.join(ROLL_COLUMNS)} FROM roll_log"
            " ORDER BY rolled_at DESC, id DESC LIMIT ?",
            (limit,),
        )
        at = ROLL_COLUMNS.index("rolled_at")  # stored naive UTC; the ORM reads it aware
        rolls = []
        for row in rows:
            values = list(row)
            values[at] = datetime.fromisoformat(str(values[at])).replace(tzinfo=UTC)
            rolls.append(logged_roll(*values))  # type: ignore[arg-type]
        return rolls

    def table_lines(self) -> list[QuickTableLine] | None:
        """Every rollable table, sorted by name ignoring case; None while the shipped defaults
        are still to be seeded (then the store's ``TableStore.summaries`` seeds and lists)."""
        if self.meta(TABLES_SEEDED_KEY) is None:
            return None
        rows = self._all(  # the rows counted by SQLite: no table's rows decoded
            "SELECT name, dice, json_array_length(rows), source, description FROM rollable_table"
            " ORDER BY name_key",
            (),
        )
        return [
            QuickTableLine(str(name), str(dice), int(str(count)), str(source), str(about))
            for name, dice, count, source, about in rows
        ]

    def waiting_wounds(self) -> dict[str, WaitingWounds]:
        """Every crow with wounds still to place or heal, by name, as
        ``WoundPromptRepository.pending`` reads them."""
        return {
            str(name): WaitingWounds(int(str(to_place)), int(str(to_heal)))
            for name, to_place, to_heal in self._all(
                "SELECT c.name, w.to_place, w.to_heal FROM wound_prompt AS w JOIN character AS c"
                " ON c.id = w.character_id WHERE w.to_place > 0 OR w.to_heal > 0"
                " ORDER BY c.name_key",
                (),
            )
        }

    def active_table_choices(self) -> dict[str, str] | None:
        """The table chosen for each use (``backlash``, ``miasma``) as
        ``TableStore.active_tables`` reads it; None while the shipped tables are still to be
        seeded (then the store seeds them first). ValueError for choices it cannot read."""
        if self.meta(TABLES_SEEDED_KEY) is None:
            return None
        text = self.state(QUICK_ACTIVE_TABLES_KEY)
        data = {} if text is None else json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("the stored active-table choices are not a JSON object")
        return {str(use): str(name) for use, name in data.items()}

    def stored_table(self, name: str) -> RollableTable | None:
        """The stored table called ``name`` (ignoring case and spacing) as ``TableStore.get``
        reads it, or None when there is none."""
        from refkit.store.row_forms import table_key
        from refkit.store.sqlite.table_read import TABLE_COLUMNS, table_from_row

        if not name.strip():
            return None
        row = self._one(
            f"SELECT {TABLE_COLUMNS} FROM rollable_table WHERE name_key = ?", (table_key(name),)
        )
        return None if row is None else table_from_row(tuple(row))

    def character_lines(
        self, party: str | None = None
    ) -> tuple[list[QuickCharacterLine], list[QuickParty]] | None:
        """Every crow (by name, ignoring case) and every party (the same), as the character
        service lists them; with ``party``, only that party's crows and that party. None while
        the sample party is still to be put in, when a stored crow cannot be read or there is
        no such party (the store then names it)."""
        if self.meta(SAMPLES_SEEDED_KEY) is None:
            return None
        if party is not None:
            return self._party_lines(party)
        # Two index range reads, no crow's row: the crows' bookkeeping from ix_character_list
        # (their documents, a page and more each, are never walked through) and their kept lines.
        kept: dict[object, object] = {
            key: payload
            for key, payload in self._all(
                "SELECT key, payload FROM app_state WHERE key >= ? AND key < ?", SUMMARY_RANGE
            )
        }
        heads = self._all(
            "SELECT name, player, name_key, revision, updated_at, id FROM character"
            " ORDER BY name_key",
            (),
        )
        lines = self._lines(heads, kept)
        if lines is None:
            return None
        members: dict[int, list[str]] = {}
        for party_id, name in self._all(
            "SELECT m.party_id, c.name FROM party_member AS m JOIN character AS c"
            " ON c.id = m.character_id ORDER BY m.party_id, m.position",
            (),
        ):
            members.setdefault(int(str(party_id)), []).append(str(name))
        parties = [
            QuickParty(str(name), tuple(members.get(int(str(party_id)), ())))
            for party_id, name in self._all("SELECT id, name FROM party ORDER BY name_key", ())
        ]
        return lines, parties

    def _party_lines(self, party: str) -> tuple[list[QuickCharacterLine], list[QuickParty]] | None:
        """The crows of ``party`` (found as the store finds it, ignoring case) and the party:
        its members' rows and lines alone, however many crows the file holds."""
        from refkit.store.row_forms import name_key

        found = self._one("SELECT id, name FROM party WHERE name_key = ?", (name_key(party),))
        if found is None:
            return None
        party_id, party_name = found
        rows = self._all(
            "SELECT c.name, c.player, c.name_key, c.revision, c.updated_at, c.id, s.payload"
            " FROM party_member AS m JOIN character AS c ON c.id = m.character_id"
            " LEFT JOIN app_state AS s ON s.key = ? || c.id"
            " WHERE m.party_id = ? ORDER BY m.position",
            (SUMMARY_PREFIX, party_id),
        )
        members = tuple(str(row[0]) for row in rows)
        kept: dict[object, object] = {
            f"{SUMMARY_PREFIX}{row[5]}": row[6] for row in rows if row[6] is not None
        }
        heads = sorted((row[:6] for row in rows), key=lambda row: str(row[2]))
        lines = self._lines(heads, kept)
        if lines is None:
            return None
        return lines, [QuickParty(str(party_name), members)]

    def _lines(
        self, heads: list[tuple[object, ...]], kept: dict[object, object]
    ) -> list[QuickCharacterLine] | None:
        """The list line of each crow in ``heads`` (name, player, name key, revision,
        ``updated_at``, row id): its kept line (``kept``, by summary key) while current, else
        decoded from its document and kept for the next list. None when a crow cannot be
        read."""
        lines = []
        decoded: list[tuple[int, int, str]] = []  # row id, revision, line to keep
        for name, player, key, revision, updated, row_id in heads:
            line_text = kept.get(f"{SUMMARY_PREFIX}{row_id}")
            line = fresh_line(
                None if line_text is None else str(line_text),
                str(key),
                int(str(revision)),
                str(updated),
            )
            if line is None:  # no line kept for this crow's revision: decode it
                line = self._decoded_line(int(str(row_id)), str(name))
                if line is None:
                    return None
                revision_now = int(str(revision))
                text = summary_text(line, str(key), revision_now, str(updated))
                decoded.append((int(str(row_id)), revision_now, text))
            lines.append(
                QuickCharacterLine(
                    name=str(name),
                    player=str(player),
                    speed=line.speed,
                    dead=line.dead,
                    stamina=line.stamina,
                    stamina_max=line.stamina_max,
                    wounds=line.wounds,
                )
            )
        self._keep_lines(decoded)
        return lines

    def _keep_lines(self, decoded: list[tuple[int, int, str]]) -> None:
        """Keep the list lines just decoded (crows last saved by an older Refkit), so the next
        list reads them instead (:mod:`refkit.store.crow_line_fill` does the same through the
        full open). Each is written only while its crow still has the revision it was made
        from. Never waits for another program's lock: the listing is right without them, and
        they are kept by a later list or open."""
        if not decoded:
            return
        connection = self._connection
        try:
            connection.execute("PRAGMA busy_timeout=0")
            try:
                connection.execute("BEGIN IMMEDIATE")
                try:
                    connection.executemany(
                        KEEP_LINE_IF_CURRENT,
                        [
                            {
                                "key": summary_key(row_id),
                                "payload": text,
                                "id": row_id,
                                "revision": revision,
                            }
                            for row_id, revision, text in decoded
                        ],
                    )
                    connection.execute("COMMIT")
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
            finally:
                connection.execute(f"PRAGMA busy_timeout={int(self._busy_timeout_ms)}")
        except sqlite3.OperationalError:  # locked by another program, or a read-only file
            return

    def _decoded_line(self, row_id: int, name: str) -> CrowLine | None:
        """The list line of the crow in row ``row_id``, from its whole document; None when it
        cannot be read (the store then names it)."""
        from refkit.rules.character.file_format import CharacterFileError
        from refkit.store.row_forms import stored_character

        row = self._one("SELECT payload FROM character WHERE id = ?", (row_id,))
        if row is None:
            return None
        try:
            crow = stored_character(str(row[0]), name)
        except (ValueError, CharacterFileError):
            return None
        return CrowLine(
            speed=crow.speed,
            dead=crow.dead,
            stamina=crow.stamina.current,
            stamina_max=crow.stamina.max,
            wounds=len(crow.wound_slots),
        )

    # -- writing ------------------------------------------------------------------------------

    def add_roll(self, record: RollRecord, source: str) -> int:
        """Store ``record`` in the roll log as ``RollLogRepository.add`` does; returns its id.
        The row and its INSERT are the lean path's (:mod:`refkit.store.sqlite.roll_append`)."""
        from refkit.store.sqlite.roll_append import INSERT_ROLL, roll_row

        values = roll_row(record, source)
        try:
            cursor = self._connection.execute(INSERT_ROLL, values)
        except sqlite3.Error as exc:
            raise database_failure(str(self.path), exc) from exc
        assert cursor.lastrowid is not None
        return int(cursor.lastrowid)

    # -- the connection -----------------------------------------------------------------------

    def _one(self, sql: str, parameters: tuple[object, ...]) -> tuple[object, ...] | None:
        rows = self._all(sql, parameters)
        return rows[0] if rows else None

    def _all(self, sql: str, parameters: tuple[object, ...]) -> list[tuple[object, ...]]:
        try:
            return list(self._connection.execute(sql, parameters).fetchall())
        except sqlite3.Error as exc:
            raise database_failure(str(self.path), exc) from exc

    def close(self) -> None:
        self._connection.close()
        if self._sound_at_open:
            self._sound_at_open = False
            note_sound(self.path)

    def __enter__(self) -> QuickDatabase:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
