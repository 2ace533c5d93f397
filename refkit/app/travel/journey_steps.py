"""A journey as an aggregate of the step runner, and the undoable commands that change it.

The journey is versioned: a change is written only if the stored journey is still at the version
read (else it is read and worked out again), and an undo or redo only if it is still the one the
change left behind (else
:class:`~refkit.app.undo.UndoConflictError`, changing nothing). A travel day is rolled once, on its
first do; its redo puts the same day back without rolling again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from refkit.app.steps import Change, Loaded, LogLine, Planned, Saved, StepRunner
from refkit.app.travel.journey import Journey
from refkit.errors import StaleWriteError
from refkit.rules.travel.travel_day import DayFaces, DayPlan

if TYPE_CHECKING:
    from refkit.app.travel.travel_service import JourneyBook, TravelledDay, TravelService


class JourneyAggregate:
    """One stored journey, for :class:`~refkit.app.steps.StepRunner`: saved only on the version
    read, else :class:`~refkit.errors.StaleWriteError` and the step is worked out again."""

    stale_error = StaleWriteError

    def __init__(self, book: JourneyBook, name: str) -> None:
        self._book = book
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def load(self) -> Loaded[Journey]:
        loaded = self._book.load_versioned(self._name)
        return Loaded(loaded.journey, loaded.version)

    def save(
        self,
        read: Loaded[Journey],
        state: Journey,
        *,
        log: Sequence[LogLine] = (),
        at: float = 0.0,
        mark_undone: Sequence[int] = (),
        mark_done: Sequence[int] = (),
    ) -> Saved:
        # The journal is the journey's own: no session-log lines to write or mark.
        return Saved(self._book.save(state, expected_version=read.version))

    def same(self, stored: Journey, expected: Journey) -> bool:
        return stored == expected


def journey_name(steps: StepRunner[Journey]) -> str:
    """The name of the journey ``steps`` runs on ("" for another aggregate)."""
    aggregate = steps.aggregate
    return aggregate.name if isinstance(aggregate, JourneyAggregate) else ""


class TravelDayCommand:
    """Travel one day: rolled on the first do, with its rolls logged in the same unit of work;
    undo takes the day back, redo puts the same day back."""

    def __init__(
        self,
        service: TravelService,
        steps: StepRunner[Journey],
        plan: DayPlan,
        faces: DayFaces,
        seed: int | None,
    ) -> None:
        self._service = service
        self._steps = steps
        self._plan = plan
        self._faces = faces
        self._seed = seed
        self._change: Change[Journey] | None = None
        self.day: TravelledDay | None = None
        self.journey = journey_name(steps)

    @property
    def text(self) -> str:
        day = f" {self.day.record.day}" if self.day is not None else ""
        return f"Travel day{day}"

    def do(self) -> None:
        if self._change is not None:
            self._change = self._steps.reapply(self._change)
            return
        service = self._service

        def step(journey: Journey, now: float) -> Planned[Journey, TravelledDay]:
            day = service.roll_day(journey, self._plan, self._faces, self._seed)
            return Planned(
                f"Travel day {day.record.day}", journey.with_day(day.record, day.summary), day
            )

        outcome = self._steps.run(step, joined=lambda done: service.log_day(done.value))
        self._change, self.day = outcome.change, outcome.value

    def undo(self) -> None:
        if self._change is None:
            raise RuntimeError("a travel day is undone only after it was done")
        self._change = self._steps.revert(self._change)


T = TypeVar("T")


class JourneyRollCommand(Generic[T]):
    """A step of the day under way that rolls: rolled on the first do (``plan`` gives the new
    journey and what it rolled), undo takes that one step back, redo puts the same step back."""

    def __init__(
        self,
        steps: StepRunner[Journey],
        text: str,
        plan: Callable[[Journey], tuple[Journey, T]],
        joined: Callable[[T], None] | None = None,
    ) -> None:
        self._steps = steps
        self._text = text
        self._plan = plan
        self._joined = joined
        self._change: Change[Journey] | None = None
        self.value: T | None = None
        self.journey = journey_name(steps)

    @property
    def text(self) -> str:
        return self._text

    def do(self) -> None:
        if self._change is not None:
            self._change = self._steps.reapply(self._change)
            return

        def step(journey: Journey, now: float) -> Planned[Journey, T]:
            changed, value = self._plan(journey)
            return Planned(self._text, changed, value)

        joined = self._joined
        outcome = self._steps.run(
            step, joined=None if joined is None else lambda done: joined(done.value)
        )
        self._change, self.value = outcome.change, outcome.value

    def undo(self) -> None:
        if self._change is None:
            raise RuntimeError(f"{self._text} is undone only after it was done")
        self._change = self._steps.revert(self._change)


class JourneyEditCommand(JourneyRollCommand[None]):
    """Any other change to a journey (a journal note, taking the last day back): a step that
    rolls nothing."""

    def __init__(
        self, steps: StepRunner[Journey], text: str, edit: Callable[[Journey], Journey]
    ) -> None:
        super().__init__(steps, text, lambda journey: (edit(journey), None))
