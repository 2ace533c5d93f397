"""What the dungeon-turn use-cases hand out: the state, one applied change, an outcome, a view."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from refkit.app.steps import Change
from refkit.rules.dungeon.clock import DungeonTurnClock, PendingEncounter
from refkit.rules.dungeon.effects import TrackedEffect
from refkit.rules.encounters import encounter_number
from refkit.store.dungeon_settings import DungeonSettings

if TYPE_CHECKING:
    from refkit.rules.dungeon.end_of_turn import RestFinish

T = TypeVar("T")


@dataclass(frozen=True)
class DungeonTurnState:
    """The dungeon turn's aggregate: the DT clock and the tracked effects, in order."""

    clock: DungeonTurnClock
    effects: tuple[TrackedEffect, ...]


@dataclass(frozen=True)
class DungeonTurnChange(Change[DungeonTurnState]):
    """One applied step: the state before and after, the log entries it wrote, the conditions of
    the characters it changed (before and after), the stored version right after it, and what the
    step's hooks returned (commands, or objects with ``undo()`` / ``do()``, which the step's
    composite command undoes and redoes with it; ``revert`` and ``reapply`` leave them)."""

    conditions_before: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    conditions_after: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    hook_results: tuple[object, ...] = ()


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a call did: its result, the change (for undo), the time used and the status then."""

    value: T
    change: DungeonTurnChange
    now: float

    @property
    def status(self) -> dict[str, Any]:
        """The ``refkit dt status`` object at the moment of the step."""
        return self.change.after.clock.status(self.now)


@dataclass(frozen=True)
class RestFinished:
    finish: RestFinish
    hook_results: tuple[object, ...] = ()  # what the on_rest_finished hooks returned


@dataclass(frozen=True)
class DungeonTurnView:
    """Everything a screen shows, read at one moment."""

    now: float
    clock: DungeonTurnClock
    effects: tuple[TrackedEffect, ...]
    settings: DungeonSettings
    encounter_number: int
    version: int

    @property
    def status(self) -> dict[str, Any]:
        return self.clock.status(self.now)

    @property
    def remaining_s(self) -> float:
        return self.clock.remaining(self.now)

    @property
    def overdue_s(self) -> float:
        return self.clock.overdue(self.now)

    @property
    def pending_encounters(self) -> tuple[PendingEncounter, ...]:
        return self.clock.pending_encounters


def dungeon_en(settings: DungeonSettings) -> int:
    """The dungeon EN the toggles and modifiers give (the rules' :func:`encounter_number`)."""
    return encounter_number(
        crowded=settings.crowded, chaos=settings.chaos, modifiers=settings.en_modifiers
    )
