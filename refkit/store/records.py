"""The store's plain value types: what a repository hands the app, as frozen dataclasses.

No SQLAlchemy or SQLModel here, so the app may name these types without pulling in the
database layer; the repositories (``character_store``, ``session_log``...) re-export them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final

from refkit.rules.dungeon.clock import DungeonTurnClock
from refkit.rules.dungeon.effects import TrackedEffect
from refkit.rules.tables.model import TableSource


@dataclass(frozen=True)
class CharacterSummary:
    """One line of the character list: who, and the state a referee glances at."""

    name: str
    player: str
    speed: int
    dead: bool
    stamina: int
    stamina_max: int
    wounds: int
    revision: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class Party:
    """A named group of characters, members in their party order."""

    name: str
    members: tuple[str, ...]


@dataclass(frozen=True)
class StoredWoundPrompt:
    """A crow's stored prompt: its name, wounds to place and to heal, and the row's revision
    (0: no row yet)."""

    name: str
    to_place: int = 0
    to_heal: int = 0
    revision: int = 0


SESSION_LOG_KINDS: Final = (
    "dt_start",
    "dt_end",
    "usage_dice",
    "encounter",
    "adjust",
    "pause",
    "resume",
    "rest",
    "effect",
    "table_roll",
    "cast",
    "fight",
    "craft",
    "settings",
    "note",
)
"""The kinds of entry, in the order a filter offers them."""


@dataclass(frozen=True)
class SessionLogEntry:
    """One entry. ``id`` is None until it is stored; ``detail`` holds JSON-ready particulars."""

    kind: str
    dt: int
    text: str
    at: datetime
    detail: Mapping[str, Any] = field(default_factory=dict)
    id: int | None = None
    undone: bool = False


@dataclass(frozen=True)
class TableSummary:
    """One line of the table list."""

    name: str
    dice: str
    rows: int
    source: TableSource
    description: str


@dataclass(frozen=True)
class DungeonTurnSnapshot:
    """The dungeon-turn state as read: the clock, the effects in order, and the version read.

    ``version`` 0 means nothing has been written yet (a fresh, stopped clock).
    """

    clock: DungeonTurnClock
    effects: tuple[TrackedEffect, ...]
    version: int


@dataclass(frozen=True)
class SavedDungeonTurn:
    """What a save wrote: the new version and the ids of the session-log entries added."""

    version: int
    log_ids: tuple[int, ...] = field(default=())


@dataclass(frozen=True)
class VersionedText:
    """A stored value as read: its text (None: never written) and its version (0: never)."""

    text: str | None
    version: int


@dataclass(frozen=True)
class StoredDocument:
    """A named document as read: its name as first saved, its text and its version."""

    name: str
    text: str
    version: int


@dataclass(frozen=True)
class PlayerLogin:
    """A player of a campaign on a server: the login's name and the crows it may change."""

    name: str
    crows: tuple[str, ...]
