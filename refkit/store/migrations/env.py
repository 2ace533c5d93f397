"""Alembic run-time environment: uses the connection handed over by ``Database``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlmodel import SQLModel

# Importing the table modules registers every table on SQLModel.metadata, which autogenerate and
# the drift test compare with the migrations (refkit.store itself loads its names lazily).
import refkit.store.character_tables
import refkit.store.combat_tables
import refkit.store.crafting_tables
import refkit.store.dungeon_tables
import refkit.store.spell_tables
import refkit.store.state_tables
import refkit.store.tables  # noqa: F401

config = context.config
target_metadata = SQLModel.metadata


def _configure(**kwargs: object) -> None:
    context.configure(
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
        **kwargs,
    )


def run_migrations_offline() -> None:
    _configure(url=config.get_main_option("sqlalchemy.url"), literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection=connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url"))
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
