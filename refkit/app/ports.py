"""What the app needs of the store, as Protocols the app owns and the store's classes fit.

The app's services are typed against these, never against the store's concrete repositories;
the composition root (:mod:`refkit.compose`) builds the concrete ones and hands them in. The
values passed through (``SessionLogEntry``, ``DungeonTurnSnapshot``...) are the store's plain
records from :mod:`refkit.store.records`, which import no SQL. The versioned values of the
character repository are in :mod:`refkit.app.versioned`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from refkit.app.versioned import VersionedMeta

if TYPE_CHECKING:
    from refkit.rules.character.model import Character
    from refkit.rules.crafting.tracker import CraftingProject
    from refkit.rules.dungeon.clock import DungeonTurnClock
    from refkit.rules.dungeon.effects import TrackedEffect
    from refkit.rules.inventory.catalogue import CatalogueItem
    from refkit.rules.inventory.model import Item
    from refkit.rules.magic.spell import Spell
    from refkit.rules.tables.model import RollableTable
    from refkit.store.dungeon_settings import DungeonSettings
    from refkit.store.records import (
        CharacterSummary,
        DungeonTurnSnapshot,
        Party,
        SavedDungeonTurn,
        SessionLogEntry,
        StoredWoundPrompt,
        TableSummary,
    )


class OpenUnit(Protocol):
    """The unit of work open in this thread: what failed in it, and what to run once it commits."""

    @property
    def failed(self) -> BaseException | None: ...

    def after_commit(self, callback: Callable[[], None]) -> None: ...


class UnitsOfWork(Protocol):
    """A database whose writes run in units of work (``refkit.store.database.Database`` fits).
    The app only asks which unit is open in this thread (to run news of a change after it
    commits): it never opens one — the runner of the user's step does (the window's undo
    stack, the command line's ``Services``)."""

    @property
    def current_unit_of_work(self) -> OpenUnit | None: ...


class SessionLogReads(Protocol):
    """What a reader of the session log needs of it (the window's session-log panel)."""

    def entries(
        self,
        *,
        kinds: Iterable[str] | None = None,
        text: str | None = None,
        include_undone: bool = False,
        limit: int | None = None,
        newest_first: bool = False,
        after_id: int | None = None,
        ids: Iterable[int] | None = None,
        stored_order: bool = False,
    ) -> list[SessionLogEntry]: ...

    def newest_id(self) -> int: ...

    def undone_ids(self, *, from_id: int = 0) -> set[int]: ...


class SessionLog(SessionLogReads, Protocol):
    """The session log (``refkit.store.session_log.SessionLogRepository`` fits)."""

    def add(self, entry: SessionLogEntry) -> int: ...

    def add_all(self, entries: Sequence[SessionLogEntry]) -> tuple[int, ...]: ...

    def count(self, *, include_undone: bool = False) -> int: ...

    def set_undone(self, ids: Iterable[int], undone: bool = True) -> int: ...

    def clear(self) -> int: ...


class DungeonTurnStorage(Protocol):
    """The stored dungeon turn and its settings
    (``refkit.store.dungeon_turn_store.DungeonTurnStore`` fits)."""

    @property
    def database(self) -> UnitsOfWork: ...

    @property
    def session_log(self) -> SessionLog: ...

    def load(self) -> DungeonTurnSnapshot: ...

    def version(self) -> int: ...

    def save(
        self,
        clock: DungeonTurnClock,
        effects: Sequence[TrackedEffect],
        *,
        expected_version: int,
        log: Sequence[SessionLogEntry] = (),
        mark_undone: Sequence[int] = (),
        mark_done: Sequence[int] = (),
    ) -> SavedDungeonTurn: ...

    def settings(self) -> DungeonSettings: ...

    def settings_versioned(self) -> tuple[DungeonSettings, int]: ...

    def save_settings(
        self, settings: DungeonSettings, *, expected_version: int | None = None
    ) -> int: ...


class SpellStorage(Protocol):
    """The referee's own spells (``refkit.store.spell_store.SpellRepository`` fits)."""

    def spells(self) -> list[Spell]: ...

    def spells_read(self) -> list[tuple[Spell, int]]: ...

    def read(self, name: str) -> tuple[Spell, int] | None: ...

    def add(self, spell: Spell) -> None: ...

    def replace(self, name: str, spell: Spell, expected_version: int | None = None) -> int: ...

    def delete(self, name: str, expected_version: int | None = None) -> Spell: ...


class SampleContentShelf(Protocol):
    """What seeding the sample party needs of the character repository."""

    def count(self) -> int: ...

    def save_all(
        self,
        characters: Sequence[Character],
        *,
        replace_existing: bool,
        parties: Sequence[Party] = (),
    ) -> None: ...

    def get_meta(self, key: str, default: str | None = None) -> str | None: ...

    def set_meta(self, key: str, value: str) -> None: ...


class StoredDungeonTurn(Protocol):
    """The dungeon turn as the quick ``sqlite3`` path reads it."""

    @property
    def clock(self) -> DungeonTurnClock: ...

    @property
    def effects(self) -> tuple[TrackedEffect, ...]: ...

    @property
    def settings(self) -> DungeonSettings: ...

    @property
    def version(self) -> int: ...


class QuickReads(Protocol):
    """The reads made before the ORM is imported (``refkit.store.sqlite.quick.QuickDatabase``
    fits)."""

    def dungeon_turn(self) -> StoredDungeonTurn: ...

    def carried_item(self, crow: str, item_id: str) -> Item | None: ...

    def state(self, key: str) -> str | None: ...

    def party_names(self) -> list[str]: ...


class CraftingProjects(Protocol):
    """The crafting projects with their revisions
    (``refkit.store.crafting_store.CraftingProjectRepository`` fits)."""

    def projects(self) -> list[tuple[CraftingProject, int]]: ...

    def get(self, name: str) -> tuple[CraftingProject, int]: ...

    def save(self, project: CraftingProject, expected_revision: int | None) -> int: ...

    def delete(self, name: str, expected_revision: int) -> None: ...


class WoundPromptStorage(Protocol):
    """The crows' stored wound prompts
    (``refkit.store.wound_prompt_store.WoundPromptRepository`` fits)."""

    def get(self, name: str) -> StoredWoundPrompt | None: ...

    def pending(self) -> list[StoredWoundPrompt]: ...

    def add(
        self, name: str, *, to_place: int = 0, to_heal: int = 0
    ) -> StoredWoundPrompt | None: ...


class PromptedCrows(Protocol):
    """The crows' database and their wound prompts in it
    (``refkit.store.character_store.CharacterRepository`` fits)."""

    @property
    def database(self) -> UnitsOfWork: ...

    @property
    def wound_prompts(self) -> WoundPromptStorage: ...


class CharacterRows(VersionedMeta, Protocol):
    """The crows, parties, custom items and state values of one database, as the character
    service uses them (``refkit.store.character_store.CharacterRepository`` fits)."""

    @property
    def database(self) -> UnitsOfWork: ...

    @property
    def wound_prompts(self) -> WoundPromptStorage: ...

    def count(self) -> int: ...

    def names(self) -> list[str]: ...

    def exists(self, name: str) -> bool: ...

    def get(self, name: str) -> Character: ...

    def read(self, name: str) -> tuple[Character, int]: ...

    def revision(self, name: str) -> int: ...

    def list_summaries(self) -> list[CharacterSummary]: ...

    def summary(self, name: str) -> CharacterSummary | None: ...

    def create(self, character: Character) -> int: ...

    def save(
        self,
        character: Character,
        *,
        stored_name: str | None = None,
        expected_revision: int | None = None,
    ) -> int: ...

    def save_all(
        self,
        characters: Sequence[Character],
        *,
        replace_existing: bool,
        parties: Sequence[Party] = (),
    ) -> None: ...

    def rename(self, old: str, new: str) -> Character: ...

    def delete(self, name: str) -> None: ...

    def list_parties(self) -> list[Party]: ...

    def get_party(self, name: str) -> Party: ...

    def parties_of(self, character: str) -> list[str]: ...

    def create_party(self, name: str, members: Iterable[str] = ()) -> Party: ...

    def party_version(self, name: str) -> int: ...

    def rename_party(self, old: str, new: str, expected_version: int | None = None) -> Party: ...

    def delete_party(self, name: str) -> None: ...

    def add_member(self, party: str, character: str, position: int | None = None) -> Party: ...

    def remove_member(self, party: str, character: str) -> Party: ...

    def set_members(
        self, party: str, characters: Sequence[str], expected_version: int | None = None
    ) -> Party: ...

    def list_custom_items(self) -> list[CatalogueItem]: ...

    def get_custom_item(self, name: str) -> CatalogueItem: ...

    def read_custom_item(self, name: str) -> tuple[CatalogueItem, int]: ...

    def add_custom_item(self, item: CatalogueItem) -> None: ...

    def edit_custom_item(
        self, name: str, item: CatalogueItem, expected_version: int | None = None
    ) -> int: ...

    def delete_custom_item(self, name: str, expected_version: int | None = None) -> None: ...


class TableRows(Protocol):
    """The rollable tables of one database and which one each use rolls on
    (``refkit.store.table_store.TableStore`` fits)."""

    def tables(self) -> list[RollableTable]: ...

    def summaries(self) -> list[TableSummary]: ...

    def names(self) -> list[str]: ...

    def exists(self, name: str) -> bool: ...

    def get(self, name: str) -> RollableTable: ...

    def read(self, name: str) -> tuple[RollableTable, int] | None: ...

    def add(self, table: RollableTable, *, replace: bool = False) -> RollableTable: ...

    def save(
        self,
        table: RollableTable,
        *,
        previous_name: str | None = None,
        expected_version: int | None = None,
    ) -> RollableTable: ...

    def delete(self, name: str, expected_version: int | None = None) -> RollableTable: ...

    def restore_defaults(self, *, overwrite: bool = False) -> tuple[str, ...]: ...

    def active_tables(self) -> dict[str, str]: ...

    def set_active_table(self, use: str, table: str | None) -> str | None: ...

    def encounter_tables(self) -> dict[str, str]: ...

    def encounter_table_for(self, dungeon: str) -> str | None: ...

    def set_encounter_table(self, dungeon: str, table: str | None) -> str | None: ...
