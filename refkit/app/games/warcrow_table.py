"""The Warcrow Adventures tracker in the database (``game_tracker:warcrow``)."""

from __future__ import annotations

from refkit.app.games.tracker_table import TrackerTable
from refkit.app.versioned import StateValues
from refkit.games.warcrow.tracker import Tracker, TrackerError

GAME_ID = "warcrow"


class WarcrowTable(TrackerTable[Tracker]):
    """The stored Warcrow tracker of one database (per campaign)."""

    def __init__(self, values: StateValues) -> None:
        super().__init__(values, GAME_ID, Tracker(), Tracker.from_dict, TrackerError)
