"""Wound prompts: one versioned row per crow instead of one JSON object in ``app_meta``.

The JSON object (``party_wound_prompts``, by name key) was read, changed and written back whole,
so two programs adding wounds at once lost one another's. Its entries move into the new table
(entries naming a crow that no longer exists are dropped, as the app ignored them).

Revision ID: 0004
Revises: 0003
Create Date: 2025-01-04
"""

from __future__ import annotations

import json
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

PROMPTS_KEY = "party_wound_prompts"


def _name_key(name: str) -> str:
    # A copy of refkit.store.character_store.name_key: a migration must not change with the app.
    return unicodedata.normalize("NFC", name.strip()).casefold()


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def upgrade() -> None:
    op.create_table(
        "wound_prompt",
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("to_place", sa.Integer(), nullable=False),
        sa.Column("to_heal", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["character_id"],
            ["character.id"],
            name="fk_wound_prompt_character",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("character_id"),
    )
    connection = op.get_bind()
    stored = connection.execute(
        sa.text("SELECT value FROM app_meta WHERE key = :key"), {"key": PROMPTS_KEY}
    ).scalar()
    if stored is None:
        return
    try:
        entries = json.loads(stored)
    except ValueError:
        entries = {}  # unreadable: the app refused to read it too; the players are asked afresh
    ids = {
        _name_key(str(name)): crow_id
        for crow_id, name in connection.execute(sa.text("SELECT id, name FROM character"))
    }
    for key, entry in entries.items() if isinstance(entries, dict) else ():
        crow_id = ids.get(_name_key(str(key)))
        if crow_id is None or not isinstance(entry, dict):
            continue
        to_place, to_heal = _count(entry.get("to_place")), _count(entry.get("to_heal"))
        if to_place or to_heal:
            connection.execute(
                sa.text(
                    "INSERT INTO wound_prompt (character_id, to_place, to_heal, revision)"
                    " VALUES (:id, :place, :heal, 1)"
                ),
                {"id": crow_id, "place": to_place, "heal": to_heal},
            )
    connection.execute(sa.text("DELETE FROM app_meta WHERE key = :key"), {"key": PROMPTS_KEY})


def downgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(
        sa.text(
            "SELECT character.name, to_place, to_heal FROM wound_prompt"
            " JOIN character ON character.id = wound_prompt.character_id"
            " WHERE to_place > 0 OR to_heal > 0"
        )
    ).all()
    if rows:
        data = {
            _name_key(name): {"name": name, "to_place": place, "to_heal": heal}
            for name, place, heal in rows
        }
        # Delete then insert: an upsert is spelt differently in each dialect.
        connection.execute(sa.text("DELETE FROM app_meta WHERE key = :key"), {"key": PROMPTS_KEY})
        connection.execute(
            sa.text("INSERT INTO app_meta (key, value) VALUES (:key, :value)"),
            {"key": PROMPTS_KEY, "value": json.dumps(data, sort_keys=True, ensure_ascii=False)},
        )
    op.drop_table("wound_prompt")
