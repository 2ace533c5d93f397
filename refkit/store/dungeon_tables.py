"""SQLModel tables of the dungeon turn: the clock, tracked effects, session log, rollable tables.

Only ``refkit.store`` imports these; other layers use the repositories in
:mod:`refkit.store.dungeon_turn_store`, :mod:`refkit.store.session_log` and
:mod:`refkit.store.table_store`. Migration ``0003_dungeon_turn`` builds exactly these tables.
Settings live in ``app_state`` (versioned, see :mod:`refkit.store.state_tables`); flags such as
"default tables seeded" in ``app_meta``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from refkit.store.tables import UTCDateTime, version_column

_TABLE_VERSION = version_column()

CLOCK_ROW_ID = 1
"""The clock is a single row with this id."""


class DungeonClockRow(SQLModel, table=True):
    """The one DT clock: ``DungeonTurnClock.to_dict()`` as JSON, and a version for safe writes.

    ``version`` goes up by one at every write of the dungeon-turn state (clock and effects), so a
    writer that read an older version knows someone else wrote in between.
    """

    __tablename__ = "dungeon_clock"

    id: int | None = Field(default=None, primary_key=True)
    state: str = Field(sa_type=Text, description="DungeonTurnClock.to_dict() as JSON")
    version: int
    updated_at: datetime = Field(sa_type=UTCDateTime)


class TrackedEffectRow(SQLModel, table=True):
    """One tracked effect (a light, a spell's duration...), in the referee's list order."""

    __tablename__ = "tracked_effect"
    __table_args__ = (UniqueConstraint("effect_id", name="uq_tracked_effect_effect_id"),)

    id: int | None = Field(default=None, primary_key=True)
    effect_id: str = Field(sa_type=Text, description="TrackedEffect.id, e.g. 'e3'")
    position: int
    name: str = Field(sa_type=Text)
    kind: str
    usage_dice: int
    max_usage_dice: int
    modes: str = Field(sa_type=Text, description="JSON list of usage-dice mode names")
    spent: bool
    lit: bool
    ends_at_dt_end: bool
    refuel_with: str = Field(sa_type=Text)
    owner: str = Field(sa_type=Text)
    crow: str = Field(default="", sa_type=Text, description="the crow carrying the item, or ''")
    item_id: str = Field(default="", sa_type=Text, description="its item's id, or '' (unbound)")
    ends_at_rest: bool = Field(default=False, description="lasts until the next rest")


class SessionLogRow(SQLModel, table=True):
    """One entry of the session log: a DT end, a usage-dice roll, an encounter check..."""

    __tablename__ = "session_log"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(sa_type=UTCDateTime, index=True)
    kind: str = Field(index=True)
    dt: int
    text: str = Field(sa_type=Text)
    detail: str = Field(sa_type=Text, description="JSON object with the entry's particulars")
    undone: bool = Field(default=False, description="true while the step is undone")


class RollableTableRow(SQLModel, table=True):
    """A rollable table: its dice, where it came from, and its rows as JSON."""

    __tablename__ = "rollable_table"
    __table_args__ = (UniqueConstraint("name_key", name="uq_rollable_table_name_key"),)
    __mapper_args__ = {"version_id_col": _TABLE_VERSION, "version_id_generator": False}

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text)
    name_key: str = Field(sa_type=Text)
    dice: str
    source: str
    description: str = Field(sa_type=Text)
    max_modifier: int | None = Field(default=None, description="largest modifier; NULL: no limit")
    modifier_name: str
    rows: str = Field(sa_type=Text, description="JSON list of TableRow.to_dict()")
    updated_at: datetime = Field(sa_type=UTCDateTime)
    version: int = Field(
        sa_column=_TABLE_VERSION, description="1 when first stored, +1 at every save"
    )
