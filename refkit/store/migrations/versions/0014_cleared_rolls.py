"""The rolls an undoable "Clear roll log" took out: ``roll_log_cleared``.

Clearing the roll log kept every roll it removed in the undo step, as Python objects, and its
undo stored them again one by one: on a ten-year campaign's million rolls the clear held 1.2 GB
and took half a minute, its undo seven minutes. The clear now copies the rolls into this table
under its batch key in one statement and deletes them from ``roll_log``; its undo copies them
back and deletes the batch. A new table only (``roll_log`` is not changed); downgrade drops it.
The same on SQLite and PostgreSQL.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "roll_log_cleared",
        sa.Column("batch", sa.String(), nullable=False),
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("expression", sa.String(), nullable=False),
        sa.Column("faces", sa.Text(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Text(), nullable=True),
        sa.Column("rolled_at", sa.DateTime(), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("source", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("batch", "id"),
    )


def downgrade() -> None:
    op.drop_table("roll_log_cleared")
