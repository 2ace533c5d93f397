"""The referee's dungeon-turn settings and the dungeon EN toggles, changed as undoable steps.

The settings are versioned: a change is written only if the stored settings are still at the
version read (otherwise :class:`SettingsChangedError`, and the step runner reads them and works
the change out again), and an undo only if they are still the ones the change left (otherwise
:class:`~refkit.app.undo.UndoConflictError`); nothing is written by a refused step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from refkit.app.dungeon import log_text
from refkit.app.dungeon.runner import moment
from refkit.app.dungeon.state import dungeon_en
from refkit.app.ports import DungeonTurnStorage
from refkit.app.steps import Change, Loaded, LogLine, Planned, Saved, StepRunner
from refkit.app.steps import Outcome as StepOutcome
from refkit.errors import ConflictError, StaleWriteError
from refkit.store.dungeon_settings import DungeonSettings
from refkit.store.records import SessionLogEntry

SettingsChange = Change[DungeonSettings]


class SettingsChangedError(ConflictError):
    """The settings changed in the database after they were read; nothing was written."""


def toggle_changes(
    crowded: bool | None = None,
    chaos: bool | None = None,
    modifiers: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The settings the EN toggles name (None: leave that one as it is)."""
    changes: dict[str, Any] = {}
    if crowded is not None:
        changes["crowded"] = crowded
    if chaos is not None:
        changes["chaos"] = chaos
    if modifiers is not None:
        changes["en_modifiers"] = list(modifiers)
    return changes


def changed_settings(current: DungeonSettings, changes: dict[str, Any]) -> DungeonSettings:
    """``current`` with ``changes`` by name. ValueError for an unknown name or a bad value."""
    known = set(current.to_dict())
    unknown = sorted(set(changes) - known)
    if unknown:
        raise ValueError(f"unknown dungeon-turn setting(s): {', '.join(unknown)}")
    return DungeonSettings.from_dict({**current.to_dict(), **changes})


class SettingsAggregate:
    """The stored settings as an aggregate checked by value (see the module docstring)."""

    stale_error = SettingsChangedError

    def __init__(self, store: DungeonTurnStorage) -> None:
        self._store = store

    def load(self) -> Loaded[DungeonSettings]:
        return Loaded(*self._store.settings_versioned())

    def save(
        self,
        read: Loaded[DungeonSettings],
        state: DungeonSettings,
        *,
        log: Sequence[LogLine] = (),
        at: float = 0.0,
        mark_undone: Sequence[int] = (),
        mark_done: Sequence[int] = (),
    ) -> Saved:
        try:
            version = self._store.save_settings(state, expected_version=read.version)
        except StaleWriteError as error:
            raise SettingsChangedError(str(error)) from None
        journal = self._store.session_log
        log_ids: tuple[int, ...] = ()
        if log:
            dt = self._store.load().clock.dt
            log_ids = journal.add_all(
                [
                    SessionLogEntry(
                        kind=line.kind,
                        dt=dt if line.dt is None else line.dt,
                        text=line.text,
                        at=moment(at),
                        detail=dict(line.detail),
                    )
                    for line in log
                ]
            )
        journal.set_undone(mark_undone, True)
        journal.set_undone(mark_done, False)
        return Saved(version, log_ids)

    def same(self, stored: DungeonSettings, expected: DungeonSettings) -> bool:
        return stored == expected


class SettingsSteps:
    """Reading and changing the settings; each change is a step the runner writes and undoes."""

    def __init__(self, store: DungeonTurnStorage, clock: Callable[[], float]) -> None:
        self._store = store
        self._steps = StepRunner(SettingsAggregate(store), clock, what="the dungeon-turn settings")

    def settings(self) -> DungeonSettings:
        return self._store.settings()

    def encounter_number(self) -> int:
        """The dungeon EN from the toggles and modifiers: 9, −1 crowded, −1 chaos, then the
        modifiers, clamped to 1..10."""
        return dungeon_en(self._store.settings())

    def would_change(self, changes: dict[str, Any]) -> bool:
        """Whether ``changes`` would change anything (ValueError for a bad one)."""
        current = self._store.settings()
        return changed_settings(current, changes) != current

    def change(
        self, changes: dict[str, Any], text: str = "Change DT settings", *, logged: bool = True
    ) -> StepOutcome[DungeonSettings, DungeonSettings]:
        """Change settings by name (see DungeonSettings), logged unless ``logged`` is false (a
        part of a step that logs itself); the value is the settings now. ValueError, nothing
        saved, on an unknown name or an impossible value."""

        def step(current: DungeonSettings, now: float) -> Planned[DungeonSettings, DungeonSettings]:
            updated = changed_settings(current, changes)
            line = log_text.settings_changed(changes, updated.to_dict())
            return Planned(text, updated, updated, (line,) if logged else ())

        return self._steps.run(step)

    def revert(self, change: SettingsChange) -> SettingsChange:
        """Put the settings before ``change`` back; UndoConflictError if they changed since."""
        return self._steps.revert(change)

    def reapply(self, change: SettingsChange) -> SettingsChange:
        return self._steps.reapply(change)
