"""The Widower's Wood tracker in the database (``game_tracker:widowers-wood``): read it, and
make undoable steps on it (heroes' health, the event-deck timer, the villains on the board)."""

from __future__ import annotations

import json
from collections.abc import Callable

from refkit.app.games.trackers import GameTrackers, TrackerStep, dump
from refkit.app.versioned import StateValues
from refkit.games.widowers_wood.tracker import TrackerError, WoodTable

GAME_ID = "widowers-wood"
EMPTY = dump(WoodTable().to_dict())


class WidowersTable:
    """The stored Widower's Wood tracker of one database (per campaign)."""

    def __init__(self, values: StateValues) -> None:
        self._trackers = GameTrackers(values)

    def read(self) -> tuple[WoodTable, str]:
        """The stored table and its document; TrackerError when it cannot be read."""
        stored = self._trackers.read(GAME_ID, EMPTY)
        try:
            data = json.loads(stored.text)
        except ValueError as error:
            raise TrackerError(f"the stored Widower's Wood tracker is not JSON: {error}") from None
        return WoodTable.from_dict(data), stored.text

    def step(
        self, text: str, change: Callable[[WoodTable], WoodTable], *, shown: str | None = None
    ) -> TrackerStep:
        """The step ``text`` that applies ``change`` to the table ``shown`` (a panel's document,
        so a change made meanwhile elsewhere is refused on ``do()``), or to the stored one.
        Raises what ``change`` refuses (TrackerError), nothing made."""
        before = shown if shown is not None else self.read()[1]
        table = WoodTable.from_dict(json.loads(before))
        after = dump(change(table).to_dict())
        return self._trackers.step(GAME_ID, text, before, after, EMPTY)
