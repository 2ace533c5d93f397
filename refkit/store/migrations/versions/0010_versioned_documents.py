"""Journeys, hex maps and the values kept once: versioned rows instead of ``app_meta`` values.

They were JSON values of ``app_meta`` written with no version, so a second window or the command
line silently overwrote the first one's save. Each journey (``travel_journey:<name>``) and each
map (``travel_map:<name>``) becomes a row of ``journey`` / ``hex_map``, its text kept as it was
(an unreadable one too: the app says so when it reads it), its name as the index typed it and its
place in the index as ``position``. An index that cannot be read, or that names a document not
stored, stays in ``app_meta`` as it was (nothing reads it any more). The party at the table, the
rest records, the dungeon-turn settings, the tables chosen for the dungeons and for uses and the
journey last used become ``app_state`` rows, their text as it was. Every row starts at version 1.
Downgrade writes them all back as ``app_meta`` values.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

# Copies of the app's keys and folding: a migration must not change with the app.
STATE_KEYS = {
    "dungeon_party": "party_at_table",
    "rest_records": "rest_records",
    "dungeon_turn_settings": "dungeon_settings",
    "encounter_table_by_dungeon": "encounter_tables",
    "active_tables": "active_tables",
    "travel_current_journey": "current_journey",
}
DOCUMENTS = (
    ("journey", "travel_journey:", "travel_journeys"),
    ("hex_map", "travel_map:", "travel_maps"),
)
_SPACES = re.compile(r"\s+")


def _fold(name: str) -> str:
    return _SPACES.sub(" ", name.strip()).casefold()


def _create_tables() -> None:
    for table in ("journey", "hex_map"):
        op.create_table(
            table,
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("name", sa.Text(), nullable=False),
            sa.Column("name_key", sa.Text(), nullable=False),
            sa.Column("payload", sa.Text(), nullable=False),
            sa.Column("position", sa.Integer(), nullable=False),
            sa.Column("version", sa.Integer(), nullable=False),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("name_key", name=f"uq_{table}_name_key"),
        )
    op.create_table(
        "app_state",
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )


def _index_names(text: str | None) -> list[str] | None:
    """The names an index lists, or None when it is not a JSON list of names."""
    if text is None:
        return []
    try:
        names = json.loads(text)
    except ValueError:
        return None
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        return None
    return names


def _move_documents(meta: dict[str, str], table: str, prefix: str, index_key: str) -> list[str]:
    """Write the documents of one kind into ``table``; the ``app_meta`` keys moved."""
    stored = {key[len(prefix) :]: key for key in meta if key.startswith(prefix)}
    listed = _index_names(meta.get(index_key))
    names: dict[str, str] = {}
    for name in listed or []:
        names.setdefault(_fold(name), name)
    order = [key for key in names if key in stored]
    order += sorted(key for key in stored if key not in names)
    connection = op.get_bind()
    for position, name_key in enumerate(order):
        connection.execute(
            sa.text(
                f"INSERT INTO {table} (name, name_key, payload, position, version)"
                " VALUES (:name, :key, :payload, :position, 1)"
            ),
            {
                "name": names.get(name_key, name_key),
                "key": name_key,
                "payload": meta[stored[name_key]],
                "position": position,
            },
        )
    moved = list(stored.values())
    if index_key in meta and listed is not None and all(key in stored for key in names):
        moved.append(index_key)  # else kept as it was: it says more than the rows do
    return moved


def upgrade() -> None:
    _create_tables()
    connection = op.get_bind()
    meta = {
        str(key): str(value)
        for key, value in connection.execute(sa.text("SELECT key, value FROM app_meta"))
    }
    moved: list[str] = []
    for old, new in STATE_KEYS.items():
        if old in meta:
            connection.execute(
                sa.text("INSERT INTO app_state (key, payload, version) VALUES (:key, :value, 1)"),
                {"key": new, "value": meta[old]},
            )
            moved.append(old)
    for table, prefix, index_key in DOCUMENTS:
        moved += _move_documents(meta, table, prefix, index_key)
    for key in moved:
        connection.execute(sa.text("DELETE FROM app_meta WHERE key = :key"), {"key": key})


def downgrade() -> None:
    connection = op.get_bind()
    insert = sa.text("INSERT INTO app_meta (key, value) VALUES (:key, :value)")

    def put_back(key: str, value: str) -> None:  # over a value left behind (an old index)
        connection.execute(sa.text("DELETE FROM app_meta WHERE key = :key"), {"key": key})
        connection.execute(insert, {"key": key, "value": value})

    states: dict[str, str] = {
        str(key): str(payload)
        for key, payload in connection.execute(sa.text("SELECT key, payload FROM app_state"))
    }
    for old, new in STATE_KEYS.items():
        if new in states:
            put_back(old, states[new])
    for table, prefix, index_key in DOCUMENTS:
        rows = connection.execute(
            sa.text(f"SELECT name, name_key, payload FROM {table} ORDER BY position, id")
        ).all()
        for _name, name_key, payload in rows:
            put_back(prefix + name_key, payload)
        if rows:
            put_back(index_key, json.dumps([name for name, _key, _payload in rows]))
    op.drop_table("app_state")
    op.drop_table("hex_map")
    op.drop_table("journey")
