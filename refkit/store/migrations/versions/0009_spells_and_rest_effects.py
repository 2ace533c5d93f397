"""The referee's own spells, and tracked effects that end with a rest.

A ``spell`` table holds each spell the referee wrote or imported as a spell file of one (the TOML
:mod:`refkit.rules.magic.spell_file` reads and checks), under a unique ``name_key`` (its name with
case and spacing folded). ``tracked_effect`` gains ``ends_at_rest`` (false for every effect stored
before): a backlash lasting "until a rest" is ended by the next rest, not by the DT.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "spell",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("name_key", sa.Text(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name_key", name="uq_spell_name_key"),
    )
    with op.batch_alter_table("tracked_effect") as batch:
        batch.add_column(
            sa.Column("ends_at_rest", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("tracked_effect") as batch:
        batch.drop_column("ends_at_rest")
    op.drop_table("spell")
