"""Persistence: SQLModel on SQLite with Alembic migrations."""

from refkit.store.backups import BACKUPS_KEPT, list_backups
from refkit.store.character_store import (
    CharacterNotFoundError,
    CharacterRepository,
    CharacterStoreError,
    CharacterSummary,
    NameTakenError,
    Party,
)
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import (
    ConcurrentChangeError,
    DungeonSettings,
    DungeonTurnSnapshot,
    DungeonTurnStore,
)
from refkit.store.errors import (
    DatabaseError,
    DatabaseTooNewError,
    MigrationError,
    NotADatabaseError,
    UnsupportedDatabaseError,
)
from refkit.store.location import data_dir, default_database_url, resolve_database_url
from refkit.store.roll_log import ROLL_SOURCES, LoggedRoll, RollLogRepository
from refkit.store.session_log import SESSION_LOG_KINDS, SessionLogEntry, SessionLogRepository
from refkit.store.table_store import TableStore, TableSummary

__all__ = [
    "BACKUPS_KEPT",
    "ROLL_SOURCES",
    "SESSION_LOG_KINDS",
    "CharacterNotFoundError",
    "CharacterRepository",
    "CharacterStoreError",
    "CharacterSummary",
    "ConcurrentChangeError",
    "Database",
    "DatabaseError",
    "DatabaseTooNewError",
    "DungeonSettings",
    "DungeonTurnSnapshot",
    "DungeonTurnStore",
    "LoggedRoll",
    "MigrationError",
    "NameTakenError",
    "NotADatabaseError",
    "Party",
    "RollLogRepository",
    "SessionLogEntry",
    "SessionLogRepository",
    "TableStore",
    "TableSummary",
    "UnsupportedDatabaseError",
    "data_dir",
    "default_database_url",
    "list_backups",
    "resolve_database_url",
]
