"""The crow list read from one index: ``ix_character_list`` on ``character``.

Listing the crows (``refkit character list``, the crow panel) reads each crow's name, player and
bookkeeping in name order. Those columns sit in the row beside the crow's whole document (some
4.6 KB, more than a page), and ``revision`` and ``updated_at`` come after it, so each crow listed
cost a walk to its row and along the document's overflow pages: ten thousand crows, over ten
thousand pages read. The index holds every column the list reads, in the list's order (name key
first), so a list reads the index alone. An index only: no table or row changes; downgrade drops
it. Built the same way on SQLite and PostgreSQL.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07
"""

from __future__ import annotations

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_character_list",
        "character",
        ["name_key", "name", "player", "revision", "updated_at", "created_at", "id"],
    )


def downgrade() -> None:
    op.drop_index("ix_character_list", table_name="character")
