"""SQLModel tables for characters, parties, custom items, wound prompts and application flags.

Only ``refkit.store`` imports these; other layers use :class:`~refkit.store.character_store.
CharacterRepository`. Migration ``0002_characters`` builds these tables, ``0004_wound_prompts``
the wound prompts.

Names are unique ignoring case: each named row keeps a ``name_key`` (see
:func:`refkit.store.character_store.name_key`) under a unique constraint, and the ``name`` as typed.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, ForeignKey, Index, Integer, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from refkit.store.tables import UTCDateTime, version_column

_CHARACTER_REVISION = Column("revision", Integer, nullable=False)
CHARACTER_LIST_COLUMNS = (
    "name_key",
    "name",
    "player",
    "revision",
    "updated_at",
    "created_at",
    "id",
)
"""The columns of ``ix_character_list`` (migration 0013), the list's order first."""
_PARTY_VERSION = version_column()
_CUSTOM_ITEM_VERSION = version_column()


class CharacterRow(SQLModel, table=True):
    """One crow: its ``*.crow.json`` document (compact JSON) and bookkeeping.

    ``revision`` is the row's version: every UPDATE or DELETE the ORM makes of a crow names the
    revision it read (``WHERE revision = ?``), so a write landing in between makes it fail with
    StaleDataError instead of overwriting (the repository says so as CharacterChangedError).
    The repository sets the new revision itself (``version_id_generator=False``).
    """

    __tablename__ = "character"
    __table_args__ = (
        UniqueConstraint("name_key", name="uq_character_name_key"),
        # Every column the crow list reads, in its order: the list reads this index alone, never
        # a crow's row and its document's overflow pages (migration 0013).
        Index("ix_character_list", *CHARACTER_LIST_COLUMNS),
    )
    __mapper_args__ = {
        "version_id_col": _CHARACTER_REVISION,
        "version_id_generator": False,
    }

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text)
    name_key: str = Field(sa_type=Text)
    player: str = Field(sa_type=Text)
    payload: str = Field(sa_type=Text, description="the character file's JSON object")
    created_at: datetime = Field(sa_type=UTCDateTime)
    updated_at: datetime = Field(sa_type=UTCDateTime)
    revision: int = Field(
        sa_column=_CHARACTER_REVISION, description="1 when created, +1 at every save"
    )


class PartyRow(SQLModel, table=True):
    """A named group of characters; ``version`` goes up at every change of its name or members
    (its ``party_member`` rows are part of it)."""

    __tablename__ = "party"
    __table_args__ = (UniqueConstraint("name_key", name="uq_party_name_key"),)
    __mapper_args__ = {"version_id_col": _PARTY_VERSION, "version_id_generator": False}

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text)
    name_key: str = Field(sa_type=Text)
    version: int = Field(
        sa_column=_PARTY_VERSION, description="1 when first stored, +1 at every save"
    )


class PartyMemberRow(SQLModel, table=True):
    """A character in a party, at a position (0 first); gone when either side is deleted."""

    __tablename__ = "party_member"
    __table_args__ = (Index("ix_party_member_character_id", "character_id"),)

    party_id: int = Field(
        sa_column=Column(
            Integer,
            ForeignKey("party.id", name="fk_party_member_party", ondelete="CASCADE"),
            primary_key=True,
            nullable=False,
        )
    )
    character_id: int = Field(
        sa_column=Column(
            Integer,
            ForeignKey("character.id", name="fk_party_member_character", ondelete="CASCADE"),
            primary_key=True,
            nullable=False,
        )
    )
    position: int


class CustomItemRow(SQLModel, table=True):
    """A player's own item: a JSON object with the keys of a ``resources/items.toml`` entry."""

    __tablename__ = "custom_item"
    __table_args__ = (UniqueConstraint("name_key", name="uq_custom_item_name_key"),)
    __mapper_args__ = {"version_id_col": _CUSTOM_ITEM_VERSION, "version_id_generator": False}

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_type=Text)
    name_key: str = Field(sa_type=Text)
    payload: str = Field(sa_type=Text)
    version: int = Field(
        sa_column=_CUSTOM_ITEM_VERSION, description="1 when first stored, +1 at every save"
    )


class WoundPromptRow(SQLModel, table=True):
    """What a crow's player still has to choose after End DT or a rest: wounds to place, to heal.

    One row per crow, gone with the crow. ``revision`` goes up at every write, which is made only
    if the row is still at the revision it was read at, so two programs adding wounds at once
    cannot lose one another's.
    """

    __tablename__ = "wound_prompt"

    character_id: int = Field(
        sa_column=Column(
            Integer,
            ForeignKey("character.id", name="fk_wound_prompt_character", ondelete="CASCADE"),
            primary_key=True,
            nullable=False,
        )
    )
    to_place: int
    to_heal: int
    revision: int = Field(description="1 when first written, +1 at every write")


class AppMetaRow(SQLModel, table=True):
    """A small application flag, such as ``sample_content_seeded``."""

    __tablename__ = "app_meta"

    key: str = Field(primary_key=True)
    value: str = Field(sa_type=Text)
