"""SQLModel table classes. Only ``refkit.store`` imports these; other layers use the repositories.

Every change here needs a hand-written migration in ``refkit/store/migrations/versions``.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Column, DateTime, Integer, Text, text
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel


def version_column() -> Column[int]:
    """A row's ``version`` (migration ``0011``): 1 when first stored, +1 at every save.

    Used as the mapper's ``version_id_col``: every UPDATE or DELETE the ORM makes of the row
    names the version it read (``WHERE version = ?``), so a save landing in between makes it fail
    with StaleDataError instead of being overwritten (the repositories say so as a
    :class:`~refkit.errors.ConflictError`). Each table needs its own column object.
    """
    return Column("version", Integer, nullable=False, server_default=text("1"))


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime, stored as a naive UTC timestamp (SQLite keeps no time zone).

    Naive datetimes are refused on the way in, so local times can never sneak into the log.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"refusing to store a naive datetime ({value.isoformat()}); use UTC")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC)


class RollLogRow(SQLModel, table=True):
    """One roll in the persistent roll log: the stored form of a ``RollRecord``."""

    __tablename__ = "roll_log"

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(index=True)
    expression: str
    faces: str = Field(sa_type=Text, description="JSON list of the faces rolled")
    total: int
    seed: str | None = Field(
        default=None,
        sa_type=Text,
        description="decimal seed; text so seeds wider than 64 bits survive",
    )
    rolled_at: datetime = Field(sa_type=UTCDateTime, index=True)
    summary: str = Field(sa_type=Text)
    detail: str = Field(sa_type=Text, description="JSON object with the roll's particulars")
    source: str = Field(description="'app' or 'cli'")


class ClearedRollRow(SQLModel, table=True):
    """A roll the undoable "Clear roll log" took out of ``roll_log`` (migration ``0014``), kept
    under its clear's ``batch`` until that clear is undone (the rolls go back) or is a day old
    (forgotten at the next open). Copied and put back by SQL alone: a campaign's million rolls
    never become Python objects (held in the undo step, they took 1.2 GB and minutes)."""

    __tablename__ = "roll_log_cleared"

    batch: str = Field(primary_key=True, description="the clear's key: its UTC time, then a nonce")
    id: int = Field(primary_key=True, description="the roll's id in roll_log")
    kind: str
    expression: str
    faces: str = Field(sa_type=Text)
    total: int
    seed: str | None = Field(default=None, sa_type=Text)
    rolled_at: datetime = Field(sa_type=UTCDateTime)
    summary: str = Field(sa_type=Text)
    detail: str = Field(sa_type=Text)
    source: str
