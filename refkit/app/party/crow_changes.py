"""Crows saved, prompts raised and a session-log entry written by one dungeon step, undone as one.

End DT's overload wounds and a rest's benefits are such changes; they join the dungeon-turn step
that made them, so the whole step stays one undo step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from refkit.app.character_commands import CharacterEdit
from refkit.app.dungeon_turn_service import DungeonTurnService
from refkit.app.party.wound_prompts import WoundPrompts
from refkit.app.undo import CompositeCommand, FunctionCommand
from refkit.store.records import SessionLogEntry


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def slots_text(slots: Iterable[int]) -> str:
    return ", ".join(str(slot) for slot in slots)


@dataclass
class CrowChanges:
    """Crows saved, prompts raised and a session-log entry written, as one undoable unit: a
    :class:`CompositeCommand` of the crows' edits and then the prompts and the log entry, so a
    crow whose undo is refused (changed since) leaves every other crow as it was too."""

    edits: tuple[CharacterEdit, ...]
    prompts: WoundPrompts
    raised: tuple[tuple[str, int, int], ...]  # (crow, wounds to place, wounds to heal)
    service: DungeonTurnService | None
    log_ids: tuple[int, ...] = ()
    text: str = "The party's wounds and rest"

    def _apply(self, sign: int) -> None:
        for name, to_place, to_heal in self.raised:
            self.prompts.add(name, to_place=sign * to_place, to_heal=sign * to_heal)

    def _mark(self, undone: bool) -> None:
        if self.service is not None and self.log_ids:
            self.service.store.session_log.set_undone(self.log_ids, undone)

    def _joined(self) -> CompositeCommand:
        def raise_prompts() -> None:
            self._apply(1)
            self._mark(False)

        def lower_prompts() -> None:
            self._apply(-1)
            self._mark(True)

        prompts = FunctionCommand("Wounds to place or heal", raise_prompts, lower_prompts)
        return CompositeCommand(self.text, (*self.edits, prompts))

    def do(self) -> None:
        self._joined().do()

    def undo(self) -> None:
        self._joined().undo()

    def log(self, kind: str, dt: int, text: str, detail: Mapping[str, Any]) -> None:
        if self.service is None:
            return
        entry = SessionLogEntry(
            kind=kind,
            dt=max(0, dt),
            text=text,
            at=datetime.fromtimestamp(self.service.now(), UTC),
            detail=dict(detail),
        )
        self.log_ids = (self.service.store.session_log.add(entry),)
