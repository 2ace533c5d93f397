"""A dungeon-turn test rig: an in-memory database, the real services, a fake clock, known seeds."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QUndoStack

from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.table_service import TableService
from refkit.compose import table_service_on
from refkit.gui.dungeon.session import DungeonTurnSession
from refkit.gui.dungeon.sound_cue import SoundCue
from refkit.gui.dungeon.turn_panel import DungeonTurnPanel
from refkit.gui.shell.undo_adapter import RefkitUndoStack
from refkit.rules.dungeon.end_of_turn import EndOfTurnResult, end_dungeon_turn
from refkit.store.database import Database
from refkit.store.dungeon_turn_store import DungeonTurnStore

T0 = 1_900_000_000.0


@dataclass
class FakeClock:
    """Wall-clock seconds that only move when a test says so."""

    now: float = T0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Seeds:
    """An rng factory like ``make_rng``: hands out queued seeds first, then 1000, 1001, ..."""

    queued: list[int] = field(default_factory=list)
    used: list[int] = field(default_factory=list)
    _next: Iterator[int] = field(default_factory=lambda: iter(range(1000, 10**6)))

    def __call__(self, seed: int | None = None) -> tuple[random.Random, int]:
        if seed is None:
            seed = self.queued.pop(0) if self.queued else next(self._next)
        self.used.append(seed)
        return random.Random(seed), seed


@dataclass
class DungeonRig:
    database: Database
    clock: FakeClock
    seeds: Seeds
    service: DungeonTurnService
    tables: TableService
    undo_stack: QUndoStack

    def close(self) -> None:
        self.database.close()

    def seed_for_end(
        self, wanted: Callable[[EndOfTurnResult], bool], at: float | None = None
    ) -> int:
        """A seed under which the next End DT (from the stored state) gives a wanted result.

        Worked out with the pure end-of-DT procedure, which the service runs with the same seed.
        """
        view = self.service.view()
        for seed in range(5000):
            result = end_dungeon_turn(
                view.clock,
                view.effects,
                {},
                view.encounter_number,
                random.Random(seed),
                self.clock.now if at is None else at,
            )
            if wanted(result):
                return seed
        raise AssertionError("no seed gives the wanted end of DT")

    def queue_end(self, wanted: Callable[[EndOfTurnResult], bool]) -> int:
        seed = self.seed_for_end(wanted)
        self.seeds.queued.append(seed)
        return seed


def make_rig(*, clock: Callable[[], float] | None = None) -> DungeonRig:
    database = Database.open("sqlite://")
    fake = FakeClock()
    seeds = Seeds()
    service = DungeonTurnService(DungeonTurnStore(database), clock=clock or fake, rng_factory=seeds)
    tables = table_service_on(database, rng_factory=seeds, clock=clock or fake)
    return DungeonRig(database, fake, seeds, service, tables, RefkitUndoStack())


@contextmanager
def opened_turn_panel(
    qtbot: Any, rig: DungeonRig, settings: QSettings, *, size: tuple[int, int] | None = (640, 900)
) -> Iterator[DungeonTurnPanel]:
    """A DT panel on ``rig``'s services (shown at ``size``; None: left hidden), shut down after."""
    session = DungeonTurnSession(rig.undo_stack)
    panel = DungeonTurnPanel(session, settings=settings, sound=SoundCue())
    qtbot.addWidget(panel)
    session.set_services(rig.service, rig.tables)
    if size is not None:
        panel.resize(*size)
        panel.show()
        qtbot.waitExposed(panel)
    try:
        yield panel
    finally:
        session.close()
        panel.shutdown()
