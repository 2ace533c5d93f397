"""Parties made, renamed, given or losing members, and deleted, as undoable commands.

A :class:`PartyEdit` holds the party before and after (None: no such party); undo and redo check
that the party is still as the command left it. Deleting a party keeps its crows; undoing the
delete brings it back with its members in their order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from refkit.app.character_service import CharacterService
from refkit.app.undo import UndoConflictError
from refkit.rules.common.name_text import require_plain_name
from refkit.store.character_store import (
    CharacterNotFoundError,
    CharacterStoreError,
    NameTakenError,
    Party,
    name_key,
)


@dataclass
class PartyEdit:
    """One undoable change of one party: ``before`` becomes ``after`` (None: no party)."""

    service: CharacterService
    before: Party | None
    after: Party | None
    text: str
    _done: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.before is None and self.after is None:
            raise ValueError("a party edit needs a party before or after it")

    def do(self) -> None:
        if not self._done:  # the first do: the service's own refusals (a name taken) go on
            with self.service.repository.database.unit_of_work():
                self._apply(self.before, self.after)
            self._done = True
            return
        self._swap(self.before, self.after, "redo")

    def undo(self) -> None:
        if not self._done:
            raise RuntimeError(f"{self.text!r} has not been done, so it cannot be undone")
        self._swap(self.after, self.before, "undo")

    def _swap(self, expected: Party | None, target: Party | None, action: str) -> None:
        refused = f"cannot {action} {self.text!r}"
        try:
            with self.service.repository.database.unit_of_work():
                self._check(expected, target, refused)
                self._apply(expected, target)
        except NameTakenError as error:
            raise UndoConflictError(f"{refused}: {error}; nothing was changed") from None
        except CharacterNotFoundError as error:
            raise UndoConflictError(
                f"{refused}: {error} (deleted since); nothing was changed"
            ) from None

    def _check(self, expected: Party | None, target: Party | None, refused: str) -> None:
        if expected is None:
            assert target is not None
            if _find(self.service, target.name) is not None:
                raise UndoConflictError(
                    f"{refused}: a party called {target.name!r} was made since; nothing was changed"
                )
            return
        current = _find(self.service, expected.name)
        if current is None:
            raise UndoConflictError(
                f"{refused}: the party {expected.name!r} was deleted since; nothing was changed"
            )
        if current != expected:
            raise UndoConflictError(
                f"{refused}: the party {expected.name!r} was changed since (in another window "
                "or the command line); nothing was changed"
            )

    def _apply(self, current: Party | None, target: Party | None) -> None:
        service = self.service
        if target is None:
            assert current is not None
            service.delete_party(current.name)
        elif current is None:
            service.create_party(target.name, target.members)
        else:
            if current.name != target.name:
                service.rename_party(current.name, target.name)
            if current.members != target.members:
                service.set_members(target.name, target.members)


def _find(service: CharacterService, name: str) -> Party | None:
    try:
        return service.get_party(name)
    except CharacterNotFoundError:
        return None


def create_party(service: CharacterService, name: str, members: Sequence[str] = ()) -> PartyEdit:
    """A new party (with ``members`` in that order); undo deletes it again."""
    require_plain_name("a party's name", name)
    if not name.strip():
        raise CharacterStoreError("a party needs a name that is not blank")
    taken = _find(service, name)
    if taken is not None:
        raise NameTakenError(f"there is already a party called {taken.name!r}")
    stored = tuple(service.get(member).name for member in members)
    return PartyEdit(service, None, Party(name, stored), f"New party {name}")


def rename_party(service: CharacterService, old: str, new: str) -> PartyEdit:
    """The party ``old`` called ``new``; NameTakenError if another party has that name."""
    require_plain_name("a party's name", new)
    if not new.strip():
        raise CharacterStoreError("a party needs a name that is not blank")
    before = service.get_party(old)
    taken = _find(service, new)
    if taken is not None and name_key(taken.name) != name_key(before.name):
        raise NameTakenError(f"there is already a party called {taken.name!r}")
    after = Party(new, before.members)
    return PartyEdit(service, before, after, f"Rename the party {before.name} to {new}")


def add_member(
    service: CharacterService, party: str, character: str, position: int | None = None
) -> PartyEdit:
    """The crow put in the party at ``position`` (default: last); ValueError if it is in it."""
    before = service.get_party(party)
    crow = service.get(character).name
    if any(name_key(member) == name_key(crow) for member in before.members):
        raise ValueError(f"{crow} is already in the party {before.name}")
    members = list(before.members)
    at = len(members) if position is None else max(0, min(position, len(members)))
    members.insert(at, crow)
    after = Party(before.name, tuple(members))
    return PartyEdit(service, before, after, f"Add {crow} to {before.name}")


def remove_member(service: CharacterService, party: str, character: str) -> PartyEdit:
    """The crow taken out of the party; CharacterNotFoundError if it is not a member."""
    before = service.get_party(party)
    key = name_key(character)
    kept = tuple(member for member in before.members if name_key(member) != key)
    if len(kept) == len(before.members):
        raise CharacterNotFoundError(f"{character!r} is not in the party {before.name!r}")
    crow = next(member for member in before.members if name_key(member) == key)
    return PartyEdit(service, before, Party(before.name, kept), f"Take {crow} out of {before.name}")


def delete_party(service: CharacterService, name: str) -> PartyEdit:
    """The party deleted (its crows stay); undo brings it back with its members."""
    before = service.get_party(name)
    return PartyEdit(service, before, None, f"Delete the party {before.name}")
