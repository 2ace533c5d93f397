"""SQLModel table for the players of a campaign on a server: which login plays which crow.

Only ``refkit.store`` imports this. Migration ``0012_player_crows`` builds it on both dialects
(SQLite keeps it empty: players are for a campaign on a server). A row ties a PostgreSQL login
role (``role_name``) to one crow; the server's row policies (:mod:`refkit.store.postgresql.roles`)
read it to decide which crows that login may change. A deleted crow takes its rows with it.
"""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Integer, Text
from sqlmodel import Field, SQLModel


class PlayerCrowRow(SQLModel, table=True):
    """One crow a player's login may change."""

    __tablename__ = "player_crow"

    role_name: str = Field(sa_column=Column(Text, primary_key=True, nullable=False))
    character_id: int = Field(
        sa_column=Column(
            Integer,
            ForeignKey("character.id", name="fk_player_crow_character", ondelete="CASCADE"),
            primary_key=True,
            nullable=False,
        )
    )
