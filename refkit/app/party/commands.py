"""The party at the table chosen as an undoable command.

Undo puts back the party that was at the table before and marks the session-log line undone;
it refuses (:class:`~refkit.app.undo.UndoConflictError`, nothing changed) when someone chose
another party since, in another window or on the command line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from refkit.app.party.bridge import PartyBridge
from refkit.app.party.table_party import PartyChoice
from refkit.app.undo import UndoConflictError


def _at_table(choice: PartyChoice) -> tuple[str | None, bool]:
    """What a choice says about the table (not the Miasma switch, which is a setting of its own)."""
    return choice.party, choice.chosen


@dataclass
class SetTableParty:
    """Put the party called ``name`` (None: nobody) at the table."""

    bridge: PartyBridge
    name: str | None
    stored: str | None = field(default=None, init=False)
    _before: PartyChoice | None = field(default=None, init=False, repr=False)
    _log_id: int | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.stored = self.bridge.stored_party(self.name)  # ValueError: no such party

    @property
    def changes_anything(self) -> bool:
        """False when that party is already chosen (nothing to do, nothing to undo)."""
        return _at_table(self.bridge.choice()) != (self.stored, True)

    @property
    def text(self) -> str:
        return f"Party at the table: {self.stored or 'nobody'}"

    def do(self) -> None:
        if self._before is None:  # the first do
            self._before, self._log_id = self.bridge.put_choice(
                lambda current: replace(current, party=self.stored, chosen=True)
            )
            return
        self._swap(_at_table(self._before), (self.stored, True), undone=False, action="redo")

    def undo(self) -> None:
        if self._before is None:
            raise RuntimeError(f"{self.text!r} has not been done, so it cannot be undone")
        self._swap((self.stored, True), _at_table(self._before), undone=True, action="undo")

    def _swap(
        self,
        expected: tuple[str | None, bool],
        target: tuple[str | None, bool],
        *,
        undone: bool,
        action: str,
    ) -> None:
        party, chosen = target

        def swapped(current: PartyChoice) -> PartyChoice:
            if _at_table(current) != expected:
                shown = current.party or "nobody"
                raise UndoConflictError(
                    f"cannot {action} {self.text!r}: the party at the table was changed since "
                    f"(now {shown}); nothing was changed"
                )
            return replace(current, party=party, chosen=chosen)

        self.bridge.put_choice(swapped, log=False)
        service = self.bridge.service
        if service is not None and self._log_id is not None:
            service.store.session_log.set_undone((self._log_id,), undone)
