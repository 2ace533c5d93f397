"""The Warriors of Krynn tracker in the database (``game_tracker:warriors-of-krynn``)."""

from __future__ import annotations

from refkit.app.games.tracker_table import TrackerTable
from refkit.app.versioned import StateValues
from refkit.games.warriors_of_krynn.conflict import GAME_ID
from refkit.games.warriors_of_krynn.tracker import KrynnTracker, KrynnTrackerError


def krynn_table(values: StateValues) -> TrackerTable[KrynnTracker]:
    return TrackerTable(values, GAME_ID, KrynnTracker(), KrynnTracker.from_dict, KrynnTrackerError)
