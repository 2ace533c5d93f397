"""A game's stored tracker read as its pure model, and undoable steps worked out on that model.

Every game's table is kept this way (Warcrow, Widower's Wood, Warriors of Krynn, Stworze):
the document is the model's ``to_dict()``; a step applies a pure change to the tracker
shown (or the stored one) and is refused on ``do()`` when the stored one has changed meanwhile.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from refkit.app.games.trackers import GAME_TRACKER_WHAT, GameTrackers, TrackerStep, dump
from refkit.app.versioned import StateValues


class TrackerModel(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=TrackerModel)


class TrackerTable(Generic[M]):
    """The stored tracker of ``game_id`` in one database (per campaign). ``load`` builds the
    model from a document and raises ``error`` (a ValueError) when it cannot; ``error`` is also
    what the game's changes raise when they refuse."""

    def __init__(
        self,
        values: StateValues,
        game_id: str,
        empty: M,
        load: Callable[[Any], M],
        error: type[ValueError],
    ) -> None:
        self._trackers = GameTrackers(values)
        self.game_id = game_id
        self._empty = dump(empty.to_dict())
        self._load = load
        self.error = error

    def read(self) -> tuple[M, str]:
        """The stored tracker and its document; ``error`` when it cannot be read."""
        stored = self._trackers.read(self.game_id, self._empty)
        return self._parse(stored.text), stored.text

    def _parse(self, text: str) -> M:
        try:
            data = json.loads(text)
        except ValueError as error:
            what = GAME_TRACKER_WHAT[self.game_id]
            raise self.error(f"{what} stored is not JSON: {error}") from None
        return self._load(data)

    def step(self, text: str, change: Callable[[M], M], *, shown: str | None = None) -> TrackerStep:
        """The step ``text`` applying ``change`` to the tracker ``shown`` (a panel's document)
        or the stored one. Raises what ``change`` refuses, nothing made."""
        before = shown if shown is not None else self.read()[1]
        after = dump(change(self._parse(before)).to_dict())
        return self._trackers.step(self.game_id, text, before, after, self._empty)
