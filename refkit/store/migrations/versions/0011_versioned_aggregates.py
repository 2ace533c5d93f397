"""Every aggregate the referee edits gets a version, so a stale save is refused, not kept.

``party``, ``custom_item``, ``creature``, ``spell`` and ``rollable_table`` gain a ``version``
column: 1 for every row stored before (its first version), +1 at every save from now on, each save
and delete made only while the row is still at the version its writer read. Every stored value is
kept as it was; only the new column is added (through batch operations, which SQLite runs as a
table copy and other databases as a plain ``ALTER TABLE``). ``party_member`` rows belong to their
party (a change of members is a save of the party); ``tracked_effect`` rows belong to the
dungeon-turn state, already versioned by ``dungeon_clock.version``; ``fight`` and
``crafting_project`` already carry a ``revision``. Downgrade drops the columns again.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

VERSIONED = ("party", "custom_item", "creature", "spell", "rollable_table")
"""The tables that gain a ``version`` column (a copy: a migration must not change with the app)."""


def upgrade() -> None:
    for table in VERSIONED:
        with op.batch_alter_table(table) as batch:
            batch.add_column(
                sa.Column("version", sa.Integer(), nullable=False, server_default=sa.text("1"))
            )


def downgrade() -> None:
    for table in reversed(VERSIONED):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("version")
