"""The Widower's Wood tracker in the database (``game_tracker:widowers-wood``): heroes' health,
the event-deck timer, the villains on the board."""

from __future__ import annotations

from refkit.app.games.tracker_table import TrackerTable
from refkit.app.versioned import StateValues
from refkit.games.widowers_wood.tracker import TrackerError, WoodTable

GAME_ID = "widowers-wood"


class WidowersTable(TrackerTable[WoodTable]):
    """The stored Widower's Wood tracker of one database (per campaign)."""

    def __init__(self, values: StateValues) -> None:
        super().__init__(values, GAME_ID, WoodTable(), WoodTable.from_dict, TrackerError)
