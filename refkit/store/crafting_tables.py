"""SQLModel table for crafting projects: one row per project, its state as JSON.

Only ``refkit.store`` imports this; other layers use :mod:`refkit.store.crafting_store`.
Migration ``0008_crafting_projects`` builds it. ``name_key`` (the project's name trimmed and
case-folded) is unique; ``revision`` goes up at every save, so a stale window cannot overwrite.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Integer, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from refkit.store.tables import UTCDateTime

_PROJECT_REVISION = Column("revision", Integer, nullable=False)


class CraftingProjectRow(SQLModel, table=True):
    """One crafting project: the item, its crafters, the points gathered and the rolls made."""

    __tablename__ = "crafting_project"
    __table_args__ = (UniqueConstraint("name_key", name="uq_crafting_project_name_key"),)
    __mapper_args__ = {"version_id_col": _PROJECT_REVISION, "version_id_generator": False}

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text)
    name_key: str = Field(sa_type=Text)
    payload: str = Field(sa_type=Text, description="the project as JSON (CraftingProject.to_dict)")
    revision: int = Field(
        sa_column=_PROJECT_REVISION, description="1 when first saved, +1 at every save"
    )
    updated_at: datetime = Field(sa_type=UTCDateTime)
