"""What the travel-day panel needs of the travel feature (the composition root gives it the
app's :class:`~refkit.app.travel.wiring.TravelDesk`)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack

from refkit.app.travel.journey import Journey
from refkit.gui.shell.undo_adapter import write_through
from refkit.gui.travel.day_steps_box import RestInputs, StepBackend, read_rest_inputs
from refkit.present.map_preview import preview_map_name
from refkit.rules.character.rest_activities import ActivityChoice
from refkit.rules.travel.hex_map import HexMap
from refkit.rules.travel.travel_day import DayPlan, Traveller


class TravelBackend(StepBackend, Protocol):
    """What the panel needs (``TravelDesk`` fits): the step-by-step box's backend, and the
    journeys, the stored maps and the whole day."""

    def journey_names(self) -> list[str]: ...

    def journey(self, name: str | None = None) -> Journey: ...

    def map_names(self) -> list[str]: ...

    def load_map(self, name: str) -> HexMap: ...

    def start(self, name: str, hex_map: HexMap, travellers: Sequence[Traveller]) -> Journey: ...

    def travel_day_command(
        self,
        plan: DayPlan,
        name: str,
        *,
        activities: Mapping[str, ActivityChoice] | None = None,
    ) -> object: ...

    def note_command(self, day: int, note: str, name: str, *, seen: str | None) -> object: ...

    def journal_markdown(self, name: str) -> str: ...

    def party_at_table(self) -> list[Traveller]: ...

    def two_hours_command(self) -> object: ...


def load_or_none(backend: TravelBackend, name: str | None) -> HexMap | None:
    """The stored map ``name``, or None (no name, deleted meanwhile, or unreadable)."""
    if name is None:
        return None
    try:
        return backend.load_map(name)
    except ValueError:
        return None


DayRead = tuple[list[str], list[str], Journey | None, HexMap | None, RestInputs | str | None]
"""What :func:`read_day` reads."""
DayReadArgs = tuple[str | None, str, bool]
"""What the panel asks :func:`read_day` for: the journey shown, the map chosen, whether it rests."""


def read_day(backend: TravelBackend, shown: str | None, chosen_map: str, rests: bool) -> DayRead:
    """What the travel-day panel shows, read in one go (call it where the window writes: one
    trip): the journeys' and maps' names, the journey ``shown`` (else the last; None when there
    is none), the map a new journey would start on when there is no journey (``chosen_map`` if
    it is still stored), and — when ``rests`` and no day is under way — the rest rows' crows."""
    try:
        journey = backend.journey(shown)
    except ValueError:
        journey = None
    map_names = backend.map_names()
    preview: HexMap | None = None
    rest: RestInputs | str | None = None
    if journey is None:
        preview = load_or_none(backend, preview_map_name(chosen_map, map_names))
    elif journey.pending is None and rests:
        rest = read_rest_inputs(backend, journey.name)
    return backend.journey_names(), map_names, journey, preview, rest


class RidingRead:
    """The panel's read after a step, made in the step's own worker job
    (``RefkitUndoStack.add_rider``): the panel then shows the step without a wait of its own on
    the worker (a wait holds the press back two to three times the read's own time).

    :attr:`args` is set on the GUI thread — what the panel would read now, or None while it is
    not seen (nothing is read for it) — and a read is used only for the very arguments it was
    made with, by the move of the undo stack right after it (:meth:`take`); the stack's
    ``settled`` forgets one no move took."""

    def __init__(self, stack: QUndoStack | None) -> None:
        self._stack = stack
        self.backend: TravelBackend | None = None
        self.args: DayReadArgs | None = None
        self._rode: tuple[DayReadArgs, DayRead] | None = None

    def ride(self) -> None:
        """In the worker, after each step's commit: the read, in one unit of work of its own."""
        self._rode = None
        backend, args = self.backend, self.args
        if backend is not None and args is not None:
            self._rode = (args, write_through(self._stack, read_day, backend, *args))

    def take(self, args: DayReadArgs) -> DayRead | None:
        """The read riding with the last step if it was made for ``args`` (then forgotten)."""
        rode, self._rode = self._rode, None
        return rode[1] if rode is not None and rode[0] == args else None

    def forget(self) -> None:
        self._rode = None


def ride_along(undo_stack: QUndoStack, panel: QObject, riding: RidingRead) -> None:
    """Let ``riding`` read with each step on ``undo_stack`` (a stack that takes riders) until
    ``panel`` goes; a read no move took is forgotten once the step has settled."""
    add_rider = getattr(undo_stack, "add_rider", None)
    if add_rider is None:
        return
    add_rider(riding.ride)
    settled = getattr(undo_stack, "settled", None)
    if settled is not None:
        settled.connect(riding.forget)

    def stop(*_: object) -> None:
        with contextlib.suppress(RuntimeError):  # the stack went first
            undo_stack.remove_rider(riding.ride)  # type: ignore[attr-defined]

    panel.destroyed.connect(stop)
