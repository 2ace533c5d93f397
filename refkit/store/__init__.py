"""Persistence: SQLModel on SQLite with Alembic migrations."""
