"""The Stworze tracker in the database (``game_tracker:stworze``)."""

from __future__ import annotations

from refkit.app.games.tracker_table import TrackerTable
from refkit.app.versioned import StateValues
from refkit.games.stworze.players import StworzeTableError
from refkit.games.stworze.table import StworzeTable

GAME_ID = "stworze"


def stworze_table(values: StateValues) -> TrackerTable[StworzeTable]:
    return TrackerTable(values, GAME_ID, StworzeTable(), StworzeTable.from_dict, StworzeTableError)
