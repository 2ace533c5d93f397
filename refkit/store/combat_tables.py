"""SQLModel tables for fights: the referee's own creatures and the fight being run.

Only ``refkit.store`` imports these; other layers use :mod:`refkit.store.combat_store`.
Migration ``0007_creatures_and_fight`` builds them. A creature is kept as a bestiary file of one
(the format :mod:`refkit.rules.combat.bestiary_file` reads and checks), under a unique
``name_key``; the fight is one row whose ``revision`` goes up at every save.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Integer, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from refkit.store.tables import UTCDateTime, version_column

_CREATURE_VERSION = version_column()
_FIGHT_REVISION = Column("revision", Integer, nullable=False)


class CreatureRow(SQLModel, table=True):
    """One creature the referee wrote or imported."""

    __tablename__ = "creature"
    __table_args__ = (UniqueConstraint("name_key", name="uq_creature_name_key"),)
    __mapper_args__ = {"version_id_col": _CREATURE_VERSION, "version_id_generator": False}

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text)
    name_key: str = Field(sa_type=Text)
    payload: str = Field(sa_type=Text, description="the creature as a bestiary file of one")
    version: int = Field(
        sa_column=_CREATURE_VERSION, description="1 when first stored, +1 at every save"
    )


class FightRow(SQLModel, table=True):
    """The fight at the table (one row, id 1): its state as JSON."""

    __tablename__ = "fight"
    __mapper_args__ = {"version_id_col": _FIGHT_REVISION, "version_id_generator": False}

    id: int | None = Field(default=None, primary_key=True)
    payload: str = Field(sa_type=Text)
    revision: int = Field(
        sa_column=_FIGHT_REVISION, description="1 when first saved, +1 at every save"
    )
    updated_at: datetime = Field(sa_type=UTCDateTime)
