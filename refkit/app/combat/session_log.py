"""The fight's steps in the session log (kind ``fight``), in the DT they happen in.

An undone step's entry is marked undone, and unmarked on redo, as every other step's is.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from refkit.app.ports import SessionLog
from refkit.store.records import SessionLogEntry

SESSION_LOG_KIND = "fight"


class SessionFightLog:
    """A :class:`~refkit.app.combat.fight_steps.FightLog` over the session log."""

    def __init__(
        self,
        entries: SessionLog,
        current_dt: Callable[[], int],
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._entries = entries
        self._current_dt = current_dt
        self._clock = clock

    def write(self, text: str) -> int:
        return self._entries.add(
            SessionLogEntry(
                kind=SESSION_LOG_KIND, dt=self._current_dt(), text=text, at=self._clock()
            )
        )

    def mark_undone(self, entry: int, undone: bool) -> None:
        self._entries.set_undone([entry], undone)
