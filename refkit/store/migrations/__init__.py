"""Alembic environment for the Refkit database, shipped inside the package.

Migrations are written by hand (explicit ``op`` calls, batch mode for SQLite) and run
programmatically by :class:`refkit.store.database.Database`; no ``alembic.ini`` is needed.

Adding a migration: copy the newest file in ``versions/``, give it the next number as
``revision`` and the previous number as ``down_revision`` (both as plain string literals: start-up
reads them without Alembic to see whether a file is already up to date), and write
``upgrade``/``downgrade`` with ``op`` calls.
"""

from __future__ import annotations

from pathlib import Path

from refkit.store.schema_heads import declared_heads

SCRIPT_LOCATION = Path(__file__).resolve().parent

__all__ = ["SCRIPT_LOCATION", "declared_heads"]
