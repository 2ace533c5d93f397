"""The Warcrow Adventures tracker in the database: read it, and make undoable steps on it."""

from __future__ import annotations

import json
from collections.abc import Callable

from refkit.app.games.trackers import GameTrackers, TrackerStep, dump
from refkit.app.versioned import StateValues
from refkit.games.warcrow.tracker import Tracker, TrackerError

GAME_ID = "warcrow"
EMPTY = dump(Tracker().to_dict())


class WarcrowTable:
    """The stored Warcrow tracker of one database (per campaign)."""

    def __init__(self, values: StateValues) -> None:
        self._trackers = GameTrackers(values)

    def read(self) -> tuple[Tracker, str]:
        """The stored tracker and its document; TrackerError when it cannot be read."""
        stored = self._trackers.read(GAME_ID, EMPTY)
        try:
            data = json.loads(stored.text)
        except ValueError as error:
            raise TrackerError(f"the stored Warcrow tracker is not JSON: {error}") from None
        return Tracker.from_dict(data), stored.text

    def step(
        self, text: str, change: Callable[[Tracker], Tracker], *, shown: str | None = None
    ) -> TrackerStep:
        """The step ``text`` that applies ``change`` to the tracker — the one ``shown`` (a
        panel's document, so a change made meanwhile elsewhere is refused on ``do()``), or the
        stored one. Raises what ``change`` refuses (TrackerError), nothing made."""
        before = shown if shown is not None else self.read()[1]
        tracker = Tracker.from_dict(json.loads(before))
        after = dump(change(tracker).to_dict())
        return self._trackers.step(GAME_ID, text, before, after, EMPTY)
