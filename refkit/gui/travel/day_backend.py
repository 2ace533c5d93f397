"""What the travel-day panel needs of the travel feature (the composition root gives it the
app's :class:`~refkit.app.travel.wiring.TravelDesk`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from refkit.app.travel.journey import Journey
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


def read_day(
    backend: TravelBackend, shown: str | None, chosen_map: str, rests: bool
) -> tuple[list[str], list[str], Journey | None, HexMap | None, RestInputs | str | None]:
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
