"""SQLModel tables of the versioned documents that once were ``app_meta`` values; ``0010`` builds
them.

Only ``refkit.store`` imports these; other layers use :mod:`refkit.store.versioned_state`.
Journeys and hex maps are named documents, one row each, in the order they were first saved
(``position``), unique by ``name_key`` (the name trimmed, spaces made single, case-folded). The
values the app keeps once (the party at the table, the rest records, the dungeon-turn settings,
the tables chosen for uses and dungeons, the journey last used) are one ``app_state`` row each.
Every row carries a ``version``: 1 at its first write, +1 at each save, which is made only if the
row is still at the version read, so a second window or the command line never silently
overwrites.
"""

from __future__ import annotations

from sqlalchemy import Text, UniqueConstraint
from sqlmodel import Field, SQLModel


class JourneyRow(SQLModel, table=True):
    """One journey: its JSON document as the travel feature writes it."""

    __tablename__ = "journey"
    __table_args__ = (UniqueConstraint("name_key", name="uq_journey_name_key"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text)
    name_key: str = Field(sa_type=Text)
    payload: str = Field(sa_type=Text, description="the journey's JSON object")
    position: int = Field(description="the order journeys were started in (0 first)")
    version: int = Field(description="1 when first written, +1 at every save")


class HexMapRow(SQLModel, table=True):
    """One stored hex map: its ``*.map.json`` text."""

    __tablename__ = "hex_map"
    __table_args__ = (UniqueConstraint("name_key", name="uq_hex_map_name_key"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text)
    name_key: str = Field(sa_type=Text)
    payload: str = Field(sa_type=Text, description="the map as a *.map.json text")
    position: int = Field(description="the order maps were first saved in (0 first)")
    version: int = Field(description="1 when first written, +1 at every save")


class AppStateRow(SQLModel, table=True):
    """One value the app keeps once, as text (JSON but for the journey last used's name)."""

    __tablename__ = "app_state"

    key: str = Field(sa_type=Text, primary_key=True)
    payload: str = Field(sa_type=Text)
    version: int = Field(description="1 when first written, +1 at every save")
