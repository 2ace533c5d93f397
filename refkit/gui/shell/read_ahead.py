"""What the worker thread that opens the database also does, so the GUI thread never has to.

Importing the ORM and the odds engine (SQLAlchemy, SQLModel, Alembic, pydantic, icepool) takes
0.6–1.4 s, and decoding a thousand stored crows for the character list about as long; done on the
GUI thread right after the first paint, either freezes the window. :func:`read_ahead` runs in the
worker (no Qt here): it imports every module the panels will need and reads the character list
once, which fills the store's summary cache, so building the panels afterwards only asks for
what changed since.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from refkit.store.database import Database

MODULES = (
    "refkit.rules.checks.odds",  # icepool
    "refkit.app.character_service",
    "refkit.app.dungeon_turn_service",
    "refkit.app.dungeon_turn_commands",
    "refkit.app.party_bridge",
    "refkit.app.table_service",
    "refkit.store.character_store",
    "refkit.store.dungeon_turn_store",
    "refkit.store.session_log",
    "refkit.store.table_store",
)
"""The Qt-free modules the panels import once the database is open."""


def read_ahead(database: Database) -> None:
    """Import the panels' Qt-free modules and read the character list (worker thread)."""
    for name in MODULES:
        importlib.import_module(name)
    from refkit.store.character_store import CharacterRepository

    CharacterRepository(database).list_summaries()
