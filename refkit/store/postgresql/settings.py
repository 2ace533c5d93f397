"""The server settings every connection to a campaign's server uses, kept free of SQLAlchemy so
that the quick path (:mod:`refkit.store.postgresql.quick`) shares them with the engine."""

from __future__ import annotations

from typing import Final

STATEMENT_TIMEOUT_MS: Final = 30_000
"""How long one statement may run on the server before it is stopped."""
VERSION_TABLE: Final = "alembic_version"
"""Where Alembic records the schema revision(s) in the campaign's database."""
