"""Dungeon turn: the DT clock, tracked effects, the session log and rollable tables.

Revision ID: 0003
Revises: 0002
Create Date: 2025-01-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "dungeon_clock",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "tracked_effect",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("effect_id", sa.Text(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("usage_dice", sa.Integer(), nullable=False),
        sa.Column("max_usage_dice", sa.Integer(), nullable=False),
        sa.Column("modes", sa.Text(), nullable=False),
        sa.Column("spent", sa.Boolean(), nullable=False),
        sa.Column("lit", sa.Boolean(), nullable=False),
        sa.Column("ends_at_dt_end", sa.Boolean(), nullable=False),
        sa.Column("refuel_with", sa.Text(), nullable=False),
        sa.Column("owner", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("effect_id", name="uq_tracked_effect_effect_id"),
    )
    op.create_table(
        "session_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("dt", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("session_log") as batch:
        batch.create_index("ix_session_log_at", ["at"])
        batch.create_index("ix_session_log_kind", ["kind"])
    op.create_table(
        "rollable_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("name_key", sa.Text(), nullable=False),
        sa.Column("dice", sa.String(), nullable=False),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("max_modifier", sa.Integer(), nullable=True),
        sa.Column("modifier_name", sa.String(), nullable=False),
        sa.Column("rows", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key", name="uq_rollable_table_name_key"),
    )


def downgrade() -> None:
    op.drop_table("rollable_table")
    with op.batch_alter_table("session_log") as batch:
        batch.drop_index("ix_session_log_kind")
        batch.drop_index("ix_session_log_at")
    op.drop_table("session_log")
    op.drop_table("tracked_effect")
    op.drop_table("dungeon_clock")
