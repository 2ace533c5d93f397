"""Each game's tracker as one versioned ``app_state`` document, changed only by undoable steps.

A game keeps its table state (Warcrow's Initiative dial and figures; later Widower's Wood's,
Krynn's and Stworze's) under the key ``game_tracker:<game id>`` as a JSON document. A change is a
:class:`TrackerStep`: the document it was worked out from and the one it leads to. Its ``do()``
writes the new document only if the stored one is still the one it was worked out from (else a
:class:`~refkit.errors.StaleWriteError`, a ConflictError, nothing written), on the version read
with it; ``undo()`` and ``redo()`` check the same way, so a second window or the command line is
never silently overwritten. The runner (the window's undo stack, ``Services.do``) opens the unit
of work; this module opens none.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from refkit.app.versioned import StateValues
from refkit.errors import StaleWriteError

TRACKER_PREFIX: Final = "game_tracker:"

GAME_TRACKER_WHAT: Final = {
    "warcrow": "the Warcrow Adventures tracker",
    "widowers-wood": "the Widower's Wood tracker",
    "warriors-of-krynn": "the Warriors of Krynn tracker",
    "stworze": "the Stworze tracker",
}
"""The games whose tracker may be kept, and what a conflict's message calls it."""


def tracker_key(game_id: str) -> str:
    if game_id not in GAME_TRACKER_WHAT:
        raise ValueError(f"no tracker is kept for the game {game_id!r}")
    return TRACKER_PREFIX + game_id


def _same(one: str, other: str) -> bool:
    """The same document, whatever its key order or spacing."""
    return bool(json.loads(one) == json.loads(other))


@dataclass(frozen=True)
class TrackerRead:
    """A game's stored tracker document (the game's empty one when never written)."""

    text: str
    version: int


class GameTrackers:
    """The stored trackers of one database. ``empty`` gives each game's empty document."""

    def __init__(self, values: StateValues) -> None:
        self.values = values

    def read(self, game_id: str, empty: str) -> TrackerRead:
        stored = self.values.read_state(tracker_key(game_id))
        return TrackerRead(empty if stored.text is None else stored.text, stored.version)

    def step(self, game_id: str, text: str, before: str, after: str, empty: str) -> TrackerStep:
        """The step (not done yet) that changes the tracker from ``before`` to ``after``."""
        return TrackerStep(self, game_id, text, before, after, empty)


class TrackerStep:
    """An undoable change of one game's tracker (see the module docstring)."""

    def __init__(
        self, trackers: GameTrackers, game_id: str, text: str, before: str, after: str, empty: str
    ) -> None:
        self._trackers = trackers
        self.game_id = game_id
        self._text = text
        self.before = before
        self.after = after
        self._empty = empty

    @property
    def text(self) -> str:
        return self._text

    def do(self) -> None:
        self._swap(self.before, self.after)

    def undo(self) -> None:
        self._swap(self.after, self.before)

    def _swap(self, expected: str, target: str) -> None:
        stored = self._trackers.read(self.game_id, self._empty)
        if not _same(stored.text, expected):
            raise StaleWriteError(GAME_TRACKER_WHAT[self.game_id])
        self._trackers.values.write_state(tracker_key(self.game_id), target, stored.version)


def dump(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, sort_keys=True)
