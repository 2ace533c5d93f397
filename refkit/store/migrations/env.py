"""Alembic run-time environment: uses the connection handed over by ``Database``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine
from sqlmodel import SQLModel

# Importing the table modules registers every table on SQLModel.metadata, which autogenerate and
# the drift test compare with the migrations (refkit.store itself loads its names lazily).
import refkit.store.character_tables
import refkit.store.combat_tables
import refkit.store.crafting_tables
import refkit.store.dungeon_tables
import refkit.store.player_tables
import refkit.store.spell_tables
import refkit.store.state_tables
import refkit.store.tables  # noqa: F401

config = context.config
target_metadata = SQLModel.metadata


def _configure(*, connection: Connection | None = None, url: str | None = None) -> None:
    context.configure(
        connection=connection,
        url=url,
        literal_binds=connection is None,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )


def _url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("no sqlalchemy.url for Alembic: Refkit hands its connection over")
    return url


def run_migrations_offline() -> None:
    _configure(url=_url())
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection=connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(_url())
    try:
        with engine.begin() as own_connection:
            _configure(connection=own_connection)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
