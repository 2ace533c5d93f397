"""Roll log: every roll made in the app or the CLI.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "roll_log",
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
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("roll_log") as batch:
        batch.create_index("ix_roll_log_rolled_at", ["rolled_at"])
        batch.create_index("ix_roll_log_kind", ["kind"])


def downgrade() -> None:
    with op.batch_alter_table("roll_log") as batch:
        batch.drop_index("ix_roll_log_kind")
        batch.drop_index("ix_roll_log_rolled_at")
    op.drop_table("roll_log")
