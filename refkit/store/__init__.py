"""Persistence: SQLModel on SQLite (or a PostgreSQL server) with Alembic migrations.

The names below are loaded on first use (PEP 562), so importing a light module such as
``refkit.store.errors`` or ``refkit.store.location`` does not pull in SQLAlchemy and SQLModel.
"""

from __future__ import annotations

from refkit.lazy_exports import lazy_getattr

TYPE_CHECKING = False  # as typing's: a roll or test imports this package without typing

_EXPORTS: dict[str, str] = {
    "BACKUPS_KEPT": "refkit.store.sqlite.backups",
    "CharacterNotFoundError": "refkit.store.character_store",
    "CharacterRepository": "refkit.store.character_store",
    "CharacterStoreError": "refkit.store.character_store",
    "CharacterSummary": "refkit.store.character_store",
    "ConcurrentChangeError": "refkit.store.dungeon_turn_store",
    "Database": "refkit.store.database",
    "DatabaseError": "refkit.store.errors",
    "DatabaseTooNewError": "refkit.store.errors",
    "DungeonSettings": "refkit.store.dungeon_settings",
    "DungeonTurnSnapshot": "refkit.store.dungeon_turn_store",
    "DungeonTurnStore": "refkit.store.dungeon_turn_store",
    "LoggedRoll": "refkit.store.roll_log",
    "MigrationError": "refkit.store.errors",
    "NameTakenError": "refkit.store.character_store",
    "NotADatabaseError": "refkit.store.errors",
    "Party": "refkit.store.character_store",
    "ROLL_SOURCES": "refkit.store.roll_log",
    "RollLogRepository": "refkit.store.roll_log",
    "SESSION_LOG_KINDS": "refkit.store.session_log",
    "SessionLogEntry": "refkit.store.session_log",
    "SessionLogRepository": "refkit.store.session_log",
    "TableStore": "refkit.store.table_store",
    "TableSummary": "refkit.store.table_store",
    "UnitOfWork": "refkit.store.unit_of_work",
    "UnsupportedDatabaseError": "refkit.store.errors",
    "data_dir": "refkit.store.location",
    "default_database_url": "refkit.store.location",
    "list_backups": "refkit.store.sqlite.backups",
    "resolve_database_url": "refkit.store.location",
}

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
    "UnitOfWork",
    "UnsupportedDatabaseError",
    "data_dir",
    "default_database_url",
    "list_backups",
    "resolve_database_url",
]


__getattr__ = lazy_getattr(globals(), _EXPORTS)


if TYPE_CHECKING:
    from refkit.store.character_store import (
        CharacterNotFoundError,
        CharacterRepository,
        CharacterStoreError,
        CharacterSummary,
        NameTakenError,
        Party,
    )
    from refkit.store.database import (
        Database,
    )
    from refkit.store.dungeon_settings import (
        DungeonSettings,
    )
    from refkit.store.dungeon_turn_store import (
        ConcurrentChangeError,
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
    from refkit.store.location import (
        data_dir,
        default_database_url,
        resolve_database_url,
    )
    from refkit.store.roll_log import (
        ROLL_SOURCES,
        LoggedRoll,
        RollLogRepository,
    )
    from refkit.store.session_log import (
        SESSION_LOG_KINDS,
        SessionLogEntry,
        SessionLogRepository,
    )
    from refkit.store.sqlite.backups import (
        BACKUPS_KEPT,
        list_backups,
    )
    from refkit.store.table_store import (
        TableStore,
        TableSummary,
    )
    from refkit.store.unit_of_work import (
        UnitOfWork,
    )
