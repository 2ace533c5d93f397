"""The SQLModel table of the referee's own spells; migration ``0009`` builds it.

Only ``refkit.store`` imports this; other layers use :mod:`refkit.store.spell_store`. A spell is
kept as a spell file of one (the TOML :mod:`refkit.rules.magic.spell_file` reads and checks), so a
stored spell goes through the same checks as an imported one; ``name_key`` keeps names unique
ignoring case and spacing.
"""

from __future__ import annotations

from sqlalchemy import Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from refkit.store.tables import version_column

_SPELL_VERSION = version_column()


class SpellRow(SQLModel, table=True):
    """One spell the referee wrote or imported."""

    __tablename__ = "spell"
    __table_args__ = (UniqueConstraint("name_key", name="uq_spell_name_key"),)
    __mapper_args__ = {"version_id_col": _SPELL_VERSION, "version_id_generator": False}

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text)
    name_key: str = Field(sa_type=Text)
    payload: str = Field(sa_type=Text, description="the spell as a spell file (TOML)")
    version: int = Field(
        sa_column=_SPELL_VERSION, description="1 when first stored, +1 at every save"
    )
