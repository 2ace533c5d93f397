"""Players on their own laptops: which server login plays which crow.

A new table ``player_crow`` (``role_name``, ``character_id``), one row per crow a player's login
may change, gone with its crow. It is built the same way on SQLite and PostgreSQL; SQLite leaves it
empty (``refkit campaign player add`` refuses a campaign that is not on a server). The grants and
row policies that read it are set by that command, not here: they name the campaign's players'
role, which only a login that may create roles can make. Downgrade drops the table.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-20
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_crow",
        sa.Column("role_name", sa.Text(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["character_id"],
            ["character.id"],
            name="fk_player_crow_character",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("role_name", "character_id"),
    )


def downgrade() -> None:
    op.drop_table("player_crow")
