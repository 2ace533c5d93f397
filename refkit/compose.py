"""The composition root: the one place that opens the database and builds every service.

The app and the command line both build their services here, wired the same way: the dice
service over the roll log, the dungeon turn acting on the party at the table (End DT and rests
reach the crows through the party bridge), the crows, the tables logging to the session log.
Nothing is imported or built before it is used (a ``refkit roll`` never imports the character
rules; ``refkit dt status`` builds no service when :mod:`refkit.store.sqlite.quick` can read the
file) and nothing twice: each property makes its service once and keeps it. The database opens
on first use (or comes open from the app's worker); :meth:`Services.close` closes it if so.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from functools import partial
from types import TracebackType

from refkit.dice.rng import make_rng
from refkit.store.sqlite.settings import BUSY_TIMEOUT_MS

# typing and the quick path's module (its dataclasses, pathlib and ten store modules) are
# imported only where used: a roll logs through refkit.store.sqlite.roll_append without them.
TYPE_CHECKING = False  # as typing's
if TYPE_CHECKING:
    from typing import Any, TypeVar

    from refkit.app.character_service import CharacterService
    from refkit.app.combat.bestiary import Bestiary
    from refkit.app.combat.fight_session import FightSession
    from refkit.app.crafting.service import CraftingService
    from refkit.app.dice_service import DiceService, RollLog
    from refkit.app.dungeon_turn_service import DungeonTurnService
    from refkit.app.magic.spell_library import SpellLibrary
    from refkit.app.party.bridge import PartyBridge
    from refkit.app.party.wound_prompts import WoundPrompts
    from refkit.app.table_service import TableService
    from refkit.app.table_uses import TableUse
    from refkit.app.undo import Command
    from refkit.dice.records import RollRecord
    from refkit.rules.tables.model import RollableTable
    from refkit.store.character_store import CharacterRepository
    from refkit.store.database import Database
    from refkit.store.roll_log import LoggedRoll, RollLogRepository
    from refkit.store.session_log import SessionLogRepository
    from refkit.store.sqlite.quick import (
        QuickCharacterLine,
        QuickDatabase,
        QuickParty,
        QuickTableLine,
        WaitingWounds,
    )
    from refkit.store.sqlite.roll_append import CheckedFile

    T = TypeVar("T")

Clock = Callable[[], float]
"""UTC epoch seconds now (``time.time``); injected so tests can fix the time."""
RngFactory = Callable[[int | None], tuple[random.Random, int]]

SEEDING_LOCK_WAIT_S = 5.0
"""How long start-up seeding waits out another program's write lock (another window seeding the
same new database), trying again every SEEDING_LOCK_RETRY_S: as long as opening waits."""
SEEDING_LOCK_RETRY_S = 0.05
"""``rng_factory(seed)`` gives ``(random.Random, seed used)``; see ``refkit.dice.rng.make_rng``."""
LogFailure = Callable[[Exception], None]
"""Told when a roll could not be logged (the roll itself goes on); see :class:`Services`."""


def bestiary_on(database: Database) -> Bestiary:
    """Refkit's example creatures and the referee's own, kept in ``database`` (a new read of the
    stored ones each time)."""
    from refkit.app.combat.bestiary import Bestiary
    from refkit.store.combat_store import BestiaryRepository

    return Bestiary.shipped(BestiaryRepository(database))


def fight_session_on(
    database: Database,
    characters: CharacterService,
    *,
    rng_factory: RngFactory,
    current_dt: Callable[[], int],
    clock: Callable[[], datetime],
    prompts: WoundPrompts | None = None,
) -> FightSession:
    """The fight of ``database``, read from it and saved to it at every step; wounds a hit
    leaves on a crow wait in ``prompts`` (the window's, so its sheet hears of them)."""
    from refkit.app.combat.on_database import fight_session_from
    from refkit.store.combat_store import FightRepository
    from refkit.store.session_log import SessionLogRepository

    return fight_session_from(
        characters,
        bestiary=bestiary_on(database),
        session_log=SessionLogRepository(database),
        fights=FightRepository(database),
        rng_factory=rng_factory,
        current_dt=current_dt,
        clock=clock,
        prompts=prompts,
    )


def open_character_service(
    url: str | None = None, *, seed_samples: bool = True
) -> CharacterService:
    """The character service of the database at ``url`` (None: the default location), opened
    (created and migrated if need be); closing the service closes that database."""
    from refkit.app.character_service import CharacterService
    from refkit.store.character_store import CharacterRepository
    from refkit.store.database import Database

    db = Database.open(url)
    try:
        repo = CharacterRepository(db)
        if seed_samples:
            from refkit.app.sample_content import seed_sample_content

            _in_a_locked_unit(db, lambda: seed_sample_content(repo))
        return CharacterService(repo, seed_samples=False, on_close=db.close)
    except BaseException:
        db.close()
        raise


def _in_a_locked_unit(database: Database, function: Callable[[], T]) -> T:
    """``function()`` in a unit of work of its own that holds the write lock from its start, for
    start-up work that looks before it writes (seeding a new database): nothing another program
    commits comes between, so two windows starting together on a new database seed it once, the
    second looking only after the first has committed (waiting out its lock, as opening the
    database does)."""
    from refkit.store.errors import waiting_out_locks

    def once() -> T:
        with database.unit_of_work(take_lock=True):
            return function()

    return waiting_out_locks(once, SEEDING_LOCK_WAIT_S, SEEDING_LOCK_RETRY_S)


def table_service_on(
    db: Database, *, rng_factory: RngFactory = make_rng, clock: Clock = time.time
) -> TableService:
    """A table service on ``db``'s tables, logging rolls to its session log with the DT then."""
    from refkit.app.table_service import TableService
    from refkit.store.dungeon_turn_store import DungeonTurnStore
    from refkit.store.table_store import TableStore

    dungeon_turn = DungeonTurnStore(db)
    return TableService(
        TableStore(db),
        session_log=dungeon_turn.session_log,
        current_dt=lambda: dungeon_turn.load().clock.dt,
        rng_factory=rng_factory,
        clock=clock,
    )


class Services:
    """Every service of one database, each built on first use and kept.

    ``roll_source`` tags the rolls this front end logs (``"app"`` or ``"cli"``). With
    ``on_log_failure`` a roll whose log entry cannot be written (the database cannot be opened,
    is locked, full, read-only…) is still made and returned, and the callback hears why; without
    it, that failure is raised like any other.

    With ``one_step`` (the command line: one command is one step of the user's) every write
    goes into one unit of work, opened with the database and committed by :meth:`end_step`
    (rolled back when the command fails), and a write outside it is refused.
    """

    def __init__(
        self,
        *,
        db_url: str | None = None,
        database: Database | None = None,
        clock: Clock = time.time,
        rng_factory: RngFactory = make_rng,
        roll_source: str = "app",
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        on_log_failure: LogFailure | None = None,
        one_step: bool = False,
    ) -> None:
        self.db_url = db_url
        self._one_step = one_step
        self._step: AbstractContextManager[object] | None = None
        self._database = database
        self._owns_database = database is None
        self.clock = clock
        self.rng_factory = rng_factory
        self.roll_source = roll_source
        self.busy_timeout_ms = busy_timeout_ms
        self._on_log_failure = on_log_failure
        self._quick: QuickDatabase | None = None
        self._lean: CheckedFile | None = None  # what a lean table read checked, for the roll
        self.quick_writes = 0
        """Rolls logged through the quick path (plain sqlite3), counted in :attr:`commits`."""
        self._built: dict[str, Any] = {}

    @classmethod
    def for_database(cls, database: Database, **options: Any) -> Services:
        """Services on a database already open (the caller keeps closing it)."""
        return cls(database=database, **options)

    # -- the database -------------------------------------------------------------------------

    @property
    def database_is_open(self) -> bool:
        """True once the database is opened here or handed over, and until it is closed."""
        return self._database is not None and not self._database.closed

    def do(self, command: Command) -> None:
        """Do ``command`` as one step: its writes in one unit of work of the database, committed
        together when it is over or not at all — the command's own unit with ``one_step`` (the
        command line's runner of steps, as the window's undo stack is the window's)."""
        database = self.database
        if self._step is not None:
            command.do()
            return
        with database.unit_of_work():
            command.do()

    def in_unit(self, function: Callable[[], T]) -> T:
        """``function()`` in a unit of work: the one open in this thread (a step's, or a
        ``one_step`` command's), else one of its own — for start-up work such as seeding the
        sample content, which is nobody's step."""
        database = self.database
        if database.in_unit_of_work():
            return function()
        return _in_a_locked_unit(database, function)

    @property
    def may_seed(self) -> bool:
        """Whether start-up may put the sample content into a fresh database: not with a
        player's login, whose campaign the referee's login seeded (the server refuses a
        player's write there, and a player's window starts all the same)."""
        return not self.database.is_player

    def crow_line_steps(self) -> Iterator[int]:
        """Fill in the list lines of crows last saved by an older Refkit
        (:mod:`refkit.store.crow_line_fill`), a batch per unit of work, yielding how many each
        batch wrote: a runner (the window's worker at start-up) runs one batch per step, so an
        edit made meanwhile waits for one batch. Nothing under a player's login (the server
        refuses a player's ``app_state`` writes) nor where no lines are kept."""
        if self.database.is_player:
            return
        from refkit.store.crow_line_fill import FILL_BATCH

        repository = self.versioned_meta
        missing = repository.crows_without_lines()
        for first in range(0, len(missing), FILL_BATCH):
            batch = missing[first : first + FILL_BATCH]
            yield self.in_unit(partial(repository.fill_lines, batch))

    def end_step(self, error: BaseException | None = None) -> None:
        """Commit the unit of work of a ``one_step`` command (None: nothing was opened), or roll it
        back when ``error`` ended the command; a failed commit raises its DatabaseError."""
        step, self._step = self._step, None
        if step is None:
            return
        if error is None:
            step.__exit__(None, None, None)
        else:
            step.__exit__(type(error), error, error.__traceback__)

    @property
    def commits(self) -> int:
        """Writes committed to the file through these services: the database's transactions
        that wrote, and rolls logged through the quick path (0: nothing written yet)."""
        database = 0 if self._database is None else self._database.commits
        return database + self.quick_writes

    @property
    def database(self) -> Database:
        """The database, opened (created and migrated if need be) on first use."""
        if self._database is None:
            from refkit.store.database import Database

            self._close_quick()
            self._database = Database.open(self.db_url, busy_timeout_ms=self.busy_timeout_ms)
            if self._one_step:
                self._database.writes_only_in_units()
                step = self._database.unit_of_work()
                step.__enter__()
                self._step = step
        return self._database

    def quick(self) -> QuickDatabase | None:
        """The file on a plain sqlite3 connection, while the full database is not open and the
        file is already up to date (None otherwise: then use :attr:`database`)."""
        if self._database is not None:
            return None
        if self._quick is None:
            from refkit.store.sqlite.quick import open_quick

            self._quick = open_quick(self.db_url, busy_timeout_ms=self.busy_timeout_ms)
        return self._quick

    def _close_quick(self) -> None:
        self._close_lean()
        if self._quick is not None:
            self._quick.close()
            self._quick = None

    def _keep_lean(self, path: str, connection: Any) -> None:  # Any: compose names no driver
        self._close_lean()
        self._lean = (path, connection)

    def _close_lean(self) -> None:
        if self._lean is not None:
            self._lean[1].close()
            self._lean = None

    def close(self) -> None:
        """Close what was opened here (a database handed over stays open); a ``one_step``
        command's unit not ended by :meth:`end_step` is rolled back."""
        self._close_quick()
        if self._step is not None:
            self.end_step(RuntimeError("the command's services were closed before its end"))
        if self._database is not None and self._owns_database:
            self._database.close()
            self._database = None

    def __enter__(self) -> Services:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _once(self, name: str, build: Callable[[], Any]) -> Any:
        if name not in self._built:
            self._built[name] = build()
        return self._built[name]

    def utc_now(self) -> datetime:
        """:attr:`clock` as an aware datetime (the roll log's clock)."""
        return datetime.fromtimestamp(self.clock(), UTC)

    # -- the services -------------------------------------------------------------------------

    @property
    def roll_log(self) -> RollLog:
        """The roll log; opened only when the first roll is written or read."""
        log: RollLog = self._once("roll_log", lambda: _RollLogOnDemand(self))
        return log

    @property
    def dice(self) -> DiceService:
        def build() -> DiceService:
            from refkit.app.dice_service import DiceService

            return DiceService(
                self.roll_log, self.rng_factory, self.utc_now, source=self.roll_source
            )

        service: DiceService = self._once("dice", build)
        return service

    @property
    def characters(self) -> CharacterService:
        """The crows, parties and custom items (the sample party is put into a new database)."""

        def build() -> CharacterService:
            from refkit.app.character_service import CharacterService
            from refkit.app.sample_content import seed_sample_content
            from refkit.store.character_store import CharacterRepository

            repo = CharacterRepository(self.database)
            if self.may_seed:
                self.in_unit(lambda: seed_sample_content(repo))
            return CharacterService(repo, seed_samples=False)

        service: CharacterService = self._once("characters", build)
        return service

    @property
    def versioned_meta(self) -> CharacterRepository:
        """The database's versioned values and named documents (the party at the table, the rest
        records, journeys, maps), without building the character service (nor its sample party)."""

        def build() -> CharacterRepository:
            from refkit.store.character_store import CharacterRepository

            return CharacterRepository(self.database)

        meta: CharacterRepository = self._once("versioned_meta", build)
        return meta

    @property
    def dungeon(self) -> DungeonTurnService:
        """The dungeon turn acting on the party at the table: End DT and rests reach the crows
        (conditions, magic-overload wounds, rest benefits) through :attr:`party`."""
        service: DungeonTurnService = self._dungeon_with_party()[0]
        return service

    @property
    def party(self) -> PartyBridge:
        """The party at the table, the one :attr:`dungeon` acts on."""
        bridge: PartyBridge = self._dungeon_with_party()[1]
        return bridge

    def _dungeon_with_party(self) -> tuple[DungeonTurnService, PartyBridge]:
        def build() -> tuple[DungeonTurnService, PartyBridge]:
            from refkit.app.party.bridge import dungeon_service_with_party
            from refkit.store.dungeon_turn_store import DungeonTurnStore

            service, bridge = dungeon_service_with_party(
                DungeonTurnStore(self.database),
                self.characters,
                clock=self.clock,
                rng_factory=self.rng_factory,
            )
            bridge.crafting = lambda: self.crafting  # a rest's Craft rolls on the project
            from refkit.app.combat.dt_end import FightAtDtEnd

            # End DT ends the fight's DT conditions and wakes the knocked out, in its one step.
            service.on_turn_ended.append(
                FightAtDtEnd(lambda: self.fight, fight_stored=self._fight_may_be_stored)
            )
            return service, bridge

        pair: tuple[DungeonTurnService, PartyBridge] = self._once("dungeon", build)
        return pair

    @property
    def dungeon_clock(self) -> DungeonTurnService:
        """The dungeon turn for steps that touch no crow (the clock, effects, encounters).

        Once :attr:`dungeon` is built this is that service. Before, it is one without the party,
        so a ``refkit dt pause`` neither reads the crows nor puts the sample party into a new
        database."""
        if "dungeon" in self._built:
            return self.dungeon

        def build() -> DungeonTurnService:
            from refkit.app.dungeon_turn_service import DungeonTurnService
            from refkit.store.dungeon_turn_store import DungeonTurnStore

            return DungeonTurnService(
                DungeonTurnStore(self.database), clock=self.clock, rng_factory=self.rng_factory
            )

        service: DungeonTurnService = self._once("dungeon_clock", build)
        return service

    @property
    def tables(self) -> TableService:
        """Rollable tables; a roll goes to the session log with the current DT."""

        def build() -> TableService:

            return table_service_on(self.database, rng_factory=self.rng_factory, clock=self.clock)

        service: TableService = self._once("tables", build)
        return service

    @property
    def spells(self) -> SpellLibrary:
        """Every spell a cast can use: the shipped books, then the referee's own."""

        def build() -> SpellLibrary:
            from refkit.app.magic.spell_library import SpellLibrary
            from refkit.store.spell_store import SpellRepository

            return SpellLibrary(SpellRepository(self.database))

        library: SpellLibrary = self._once("spells", build)
        return library

    @property
    def crafting(self) -> CraftingService:
        """Crafting projects: rolls in the roll log, steps in the session log, the dungeon
        clock telling which rest a roll is made in."""

        def build() -> CraftingService:
            from refkit.app.crafting.service import CraftingService
            from refkit.store.crafting_store import CraftingProjectRepository
            from refkit.store.dungeon_turn_store import DungeonTurnStore
            from refkit.store.session_log import SessionLogRepository

            return CraftingService(
                self.characters,
                self.dice,
                rng_factory=self.rng_factory,
                clock=self.utc_now,
                projects=CraftingProjectRepository(self.database),
                session_log=SessionLogRepository(self.database),
                dungeon=DungeonTurnStore(self.database),
            )

        service: CraftingService = self._once("crafting", build)
        return service

    @property
    def fight(self) -> FightSession:
        """The fight at the table, kept in the database: its steps in the session log, a hit on
        a crow written to its sheet in the same unit of work, its wounds waiting in the party's
        prompts (the ones the sheet shows). The window and ``refkit fight`` both use this."""

        def build() -> FightSession:
            return fight_session_on(
                self.database,
                self.characters,
                rng_factory=self.rng_factory,
                current_dt=lambda: self.dungeon_clock.store.load().clock.dt,
                clock=self.utc_now,
                prompts=self.party.prompts,
            )

        session: FightSession = self._once("fight", build)
        return session

    def _fight_may_be_stored(self) -> bool:
        """A fight session is built, or the database keeps a fight (one small read)."""
        if "fight" in self._built:
            return True
        from refkit.store.combat_store import FightRepository

        return FightRepository(self.database).load() is not None

    @property
    def session_log(self) -> SessionLogRepository:
        def build() -> SessionLogRepository:
            from refkit.store.session_log import SessionLogRepository

            return SessionLogRepository(self.database)

        repository: SessionLogRepository = self._once("session_log", build)
        return repository

    # -- quick reads for one-shot commands ----------------------------------------------------

    def dungeon_status(self) -> dict[str, Any]:
        """The ``refkit dt status`` object now; read with plain sqlite3 when the file allows,
        with psycopg alone when a server's campaign is up to date (the ORM not loaded)."""
        quick = self.quick()
        if quick is not None:
            return quick.dungeon_clock().status(float(self.clock()))
        if self._database is None:
            from refkit.store.location import environment_url, is_server_url

            url = self.db_url if self.db_url is not None else environment_url()
            if url is not None and is_server_url(url):
                from refkit.store.postgresql.quick import read_server_clock

                clock = read_server_clock(url, lock_timeout_ms=self.busy_timeout_ms)
                if clock is not None:
                    return clock.status(float(self.clock()))
        return self.dungeon_clock.status()

    def table_lines(self) -> list[QuickTableLine]:
        """The table list (name, dice, rows, source, description), sorted by name."""
        from refkit.store.sqlite.quick import QuickTableLine

        quick = self.quick()
        lines = None if quick is None else quick.table_lines()
        if lines is not None:
            return lines
        return [
            QuickTableLine(s.name, s.dice, s.rows, s.source.value, s.description)
            for s in self.tables.summaries()
        ]

    def active_table(self, use: TableUse) -> RollableTable:
        """The table to roll for ``use`` (the backlash table…), as ``tables.active_table``
        says; read with plain sqlite3 when the file allows (a cast needs no ORM)."""
        from refkit.app.table_uses import USE_SPECS, active_table_in

        if self._database is None and self._quick is None:  # a cast: sqlite3 alone, if it may
            from refkit.store.sqlite.table_read import chosen_table

            name = USE_SPECS[use].default_name
            found = chosen_table(self.db_url, use, name, keep=self._keep_lean)
            if found is not None:
                return found
        quick = self.quick()
        chosen = None if quick is None else quick.active_table_choices()
        if quick is not None and chosen is not None:
            return active_table_in(chosen, use, quick.stored_table)
        return self.tables.active_table(use)

    def character_lines(
        self, party: str | None = None
    ) -> tuple[list[QuickCharacterLine], list[QuickParty]]:
        """Every crow (name, player, speed, dead, Stamina, wounds) and every party; with
        ``party``, that party's crows and that party (CharacterNotFoundError: no such party)."""
        from refkit.store.sqlite.quick import QuickCharacterLine, QuickParty

        quick = self.quick()
        listed = None if quick is None else quick.character_lines(party)
        if listed is not None:
            return listed
        service = self.characters
        chosen = None if party is None else service.get_party(party)
        members = None if chosen is None else set(chosen.members)
        lines = [
            QuickCharacterLine(
                s.name, s.player, s.speed, s.dead, s.stamina, s.stamina_max, s.wounds
            )
            for s in service.list_characters()
            if members is None or s.name in members
        ]
        parties = service.list_parties() if chosen is None else [chosen]
        return lines, [QuickParty(p.name, tuple(p.members)) for p in parties]

    def waiting_wounds(self) -> dict[str, WaitingWounds]:
        """Every crow with wounds still to place or heal, by name. Read with plain sqlite3 when
        the file allows (listing the crows needs no ORM: SQLAlchemy alone took ~0.5 s)."""
        from refkit.store.sqlite.quick import WaitingWounds

        quick = self.quick()
        if quick is not None:
            return quick.waiting_wounds()
        return {
            name: WaitingWounds(prompt.to_place, prompt.to_heal)
            for name, prompt in self.party.prompts.pending().items()
        }


class _RollLogOnDemand:
    """The roll log, opened at the first roll: through the quick path when the file is up to
    date (a ``refkit test`` stays free of SQLAlchemy), else through the full database. With the
    services' ``on_log_failure``, a roll that cannot be written is reported there and kept
    out of the log (its id is 0), so the roll itself is never lost."""

    def __init__(self, services: Services) -> None:
        self._services = services

    def add(self, record: RollRecord, source: str = "app") -> int:
        services = self._services
        try:
            if services._database is None and services._quick is None:
                # Neither open yet (a roll, test or cast): sqlite3 alone, when the file allows.
                from refkit.store.sqlite.roll_append import append_roll

                checked, services._lean = services._lean, None  # used once, then closed
                appended = append_roll(
                    services.db_url, record, source, busy_timeout_ms=services.busy_timeout_ms,
                    checked=checked,
                )  # fmt: skip
                if appended is not None:
                    services.quick_writes += 1
                    return appended
            quick = services.quick()
            if quick is not None:
                logged = quick.add_roll(record, source)
                self._services.quick_writes += 1
                return logged
            return self._repository().add(record, source)
        except Exception as problem:
            from refkit.store.errors import DatabaseError  # cannot be opened or written: not a bug

            report = self._services._on_log_failure
            if report is None or not isinstance(problem, DatabaseError | OSError):
                raise
            report(problem)
            return 0

    def recent(
        self,
        limit: int | None = 500,
        kind: str | None = None,
        text: str | None = None,
        *,
        after_id: int | None = None,
    ) -> list[LoggedRoll]:
        return self._repository().recent(limit=limit, kind=kind, text=text, after_id=after_id)

    def count(self, kind: str | None = None) -> int:
        return self._repository().count(kind=kind)

    def clear_keeping(self, batch: str) -> int:
        return self._repository().clear_keeping(batch)

    def restore_kept(self, batch: str) -> int:
        return self._repository().restore_kept(batch)

    def forget_kept_before(self, batch: str) -> int:
        return self._repository().forget_kept_before(batch)

    def _repository(self) -> RollLogRepository:
        from refkit.store.roll_log import RollLogRepository

        repository: RollLogRepository = self._services._once(
            "roll_log_repository", lambda: RollLogRepository(self._services.database)
        )
        return repository
