"""'2 hours pass' on a journey: outside a dungeon every 2 hours of fiction count as a DT for the
tracked effects (L427), rolled by the dungeon turn's own step (no encounter check, no DT counted)
as one undoable command, like End DT."""

from __future__ import annotations

from refkit.app.dungeon_turn_commands import DungeonTurnCommand
from refkit.app.dungeon_turn_service import DungeonTurnService


class TwoHoursCommand(DungeonTurnCommand):
    def __init__(self, service: DungeonTurnService, *, seed: int | None = None) -> None:
        super().__init__(
            service,
            "2 hours pass",
            lambda: service.turn_end_steps.two_hours_pass(seed=seed),
        )
