"""What the travel-day panel needs of the travel feature (the composition root gives it the
app's :class:`~refkit.app.travel.wiring.TravelDesk`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from refkit.app.travel.journey import Journey
from refkit.gui.travel.day_steps_box import StepBackend
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
