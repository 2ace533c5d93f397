"""Tracked effects bound to a crow's item: a light lit from Wren's inventory burns Wren's torch.

Two text columns on ``tracked_effect``, empty for every effect stored before (free-standing, as
they were): ``crow`` names the crow carrying the item and ``item_id`` the item whose usage dice the
effect rolls.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tracked_effect") as batch:
        batch.add_column(sa.Column("crow", sa.Text(), nullable=False, server_default=""))
        batch.add_column(sa.Column("item_id", sa.Text(), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("tracked_effect") as batch:
        batch.drop_column("item_id")
        batch.drop_column("crow")
