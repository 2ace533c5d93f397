"""The dungeon-turn state in the database: the DT clock, the tracked effects, and their settings.

The clock is one row holding ``DungeonTurnClock.to_dict()`` as JSON and a ``version`` that goes up
at every write of the clock or the effects. A writer says which version it read
(``expected_version``); if another process (the command line, a second window) wrote since, the
write is refused with :class:`ConcurrentChangeError` and nothing is changed, so nobody silently
overwrites anybody. Clock, effects and the session-log entries of one step are written in one
transaction.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from refkit.rules.dungeon.clock import DungeonTurnClock
from refkit.rules.dungeon.effects import TrackedEffect
from refkit.store.database import Database, utc_now
from refkit.store.dungeon_settings import DungeonSettings, settings_from_json
from refkit.store.dungeon_settings import clock_from_json as _clock_from_json
from refkit.store.dungeon_tables import CLOCK_ROW_ID, DungeonClockRow, TrackedEffectRow
from refkit.store.errors import ConcurrentChangeError as ConcurrentChangeError
from refkit.store.records import DungeonTurnSnapshot as DungeonTurnSnapshot
from refkit.store.records import SavedDungeonTurn as SavedDungeonTurn
from refkit.store.row_forms import EFFECT_COLUMNS, tracked_effect
from refkit.store.session_log import (
    SessionLogEntry,
    SessionLogRepository,
    append_entries,
    check_entry,
    set_undone_in,
)
from refkit.store.versioned_state import DUNGEON_SETTINGS_STATE, read_state, write_state


class DungeonTurnStore:
    """Reads and writes the dungeon-turn state and settings. Each call is one short session."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self.session_log = SessionLogRepository(db)

    @property
    def database(self) -> Database:
        return self._db

    # -- state -------------------------------------------------------------------------------

    def load(self) -> DungeonTurnSnapshot:
        """The stored state; a new stopped clock (at the default length) if none is stored.

        Raises ValueError if the stored state cannot be read back (naming what is wrong).
        """
        with self._db.session() as session:
            # Fresh from the file even inside a unit of work that read them before: a step
            # worked out again after losing a race must see what the other writer left.
            row = session.get(DungeonClockRow, CLOCK_ROW_ID, populate_existing=True)
            effect_rows = session.exec(
                select(TrackedEffectRow)
                .order_by(col(TrackedEffectRow.position))
                .execution_options(populate_existing=True)
            ).all()
            settings = _read_settings(session)
        if row is None:
            clock = DungeonTurnClock.new(settings.dt_minutes)
            version = 0
        else:
            clock = _clock_from_json(row.state)
            version = row.version
        effects = tuple(_to_effect(effect_row) for effect_row in effect_rows)
        return DungeonTurnSnapshot(clock=clock, effects=effects, version=version)

    def version(self) -> int:
        """The version of the stored state (0 before the first write)."""
        with self._db.session() as session:
            row = session.get(DungeonClockRow, CLOCK_ROW_ID, populate_existing=True)
            return 0 if row is None else row.version

    def save(
        self,
        clock: DungeonTurnClock,
        effects: Sequence[TrackedEffect],
        *,
        expected_version: int,
        log: Sequence[SessionLogEntry] = (),
        mark_undone: Sequence[int] = (),
        mark_done: Sequence[int] = (),
    ) -> SavedDungeonTurn:
        """Write the clock and the effects (in this order), add ``log`` entries, and mark earlier
        entries undone / done again, all in one transaction.

        Raises ConcurrentChangeError (nothing written) when the stored version is not
        ``expected_version``, and ValueError for effects with duplicate ids or a bad log entry.
        """
        effects = tuple(effects)
        ids = [effect.id for effect in effects]
        duplicates = sorted({effect_id for effect_id in ids if ids.count(effect_id) > 1})
        if duplicates:
            raise ValueError(f"two tracked effects share the id {duplicates[0]!r}")
        for entry in log:
            check_entry(entry)
        state = json.dumps(clock.to_dict(), sort_keys=True, allow_nan=False)
        now = utc_now()
        try:
            with self._db.session() as session:
                new_version = _write_clock(session, state, expected_version, now)
                session.exec(delete(TrackedEffectRow))
                session.flush()
                session.add_all(
                    _to_row(effect, position) for position, effect in enumerate(effects)
                )
                log_ids = append_entries(session, log)
                set_undone_in(session, list(mark_undone), True)
                set_undone_in(session, list(mark_done), False)
        except IntegrityError:
            # Another writer created the clock row between our read and our insert.
            raise ConcurrentChangeError(expected_version, self.version()) from None
        return SavedDungeonTurn(version=new_version, log_ids=log_ids)

    # -- settings ----------------------------------------------------------------------------

    def settings(self) -> DungeonSettings:
        return self.settings_versioned()[0]

    def settings_versioned(self) -> tuple[DungeonSettings, int]:
        """The stored settings (the defaults when none are) and their version (0: none)."""
        with self._db.session() as session:
            stored = read_state(session, DUNGEON_SETTINGS_STATE)
        return settings_from_json(stored.text), stored.version

    def save_settings(
        self, settings: DungeonSettings, *, expected_version: int | None = None
    ) -> int:
        """Save the settings if they are still at ``expected_version`` (read with
        :meth:`settings_versioned`; 0: none stored); returns the new version. StaleWriteError,
        nothing saved, otherwise. None: on whatever version is stored (a change made in the same
        unit of work as its read)."""
        value = json.dumps(settings.to_dict(), sort_keys=True)
        with self._db.session() as session:
            if expected_version is None:
                expected_version = read_state(session, DUNGEON_SETTINGS_STATE).version
            return write_state(session, DUNGEON_SETTINGS_STATE, value, expected_version)


def _write_clock(session: Session, state: str, expected: int, now: datetime) -> int:
    if expected == 0:
        existing = session.get(DungeonClockRow, CLOCK_ROW_ID)
        if existing is not None:
            raise ConcurrentChangeError(expected, existing.version)
        session.add(DungeonClockRow(id=CLOCK_ROW_ID, state=state, version=1, updated_at=now))
        session.flush()
        return 1
    statement = (
        update(DungeonClockRow)
        .where(col(DungeonClockRow.id) == CLOCK_ROW_ID, col(DungeonClockRow.version) == expected)
        .values(state=state, version=expected + 1, updated_at=now)
    )
    result = session.exec(statement)
    if result.rowcount != 1:
        row = session.get(DungeonClockRow, CLOCK_ROW_ID)
        raise ConcurrentChangeError(expected, 0 if row is None else row.version)
    return expected + 1


def _read_settings(session: Session) -> DungeonSettings:
    return settings_from_json(read_state(session, DUNGEON_SETTINGS_STATE).text)


def _to_row(effect: TrackedEffect, position: int) -> TrackedEffectRow:
    return TrackedEffectRow(
        effect_id=effect.id,
        position=position,
        name=effect.name,
        kind=effect.kind.value,
        usage_dice=effect.usage_dice,
        max_usage_dice=effect.max_usage_dice,
        modes=json.dumps(sorted(mode.value for mode in effect.modes)),
        spent=effect.spent,
        lit=effect.lit,
        ends_at_dt_end=effect.ends_at_dt_end,
        refuel_with=effect.refuel_with,
        owner=effect.owner,
        crow=effect.crow,
        item_id=effect.item_id,
        ends_at_rest=effect.ends_at_rest,
    )


def _to_effect(row: TrackedEffectRow) -> TrackedEffect:
    return tracked_effect(*(getattr(row, column) for column in EFFECT_COLUMNS))
