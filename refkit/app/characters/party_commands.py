"""Parties made, renamed, given or losing members, and deleted, as undoable commands.

A :class:`PartyEdit` holds the party before and after (None: no such party); undo and redo check
that the party is still as the command left it. Deleting a party keeps its crows; undoing the
delete brings it back with its members in their order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from refkit.app.character_service import CharacterService
from refkit.app.characters.record_edit import NamedRecordEdit
from refkit.app.undo import Command, FollowedStep
from refkit.rules.common.name_text import require_plain_name
from refkit.store.errors import CharacterNotFoundError, CharacterStoreError, NameTakenError
from refkit.store.records import Party
from refkit.store.row_forms import name_key


class PartyEdit(NamedRecordEdit[Party]):
    """One undoable change of one party: ``before`` becomes ``after`` (None: no party)."""

    kind = "party"

    def _find(self, name: str) -> Party | None:
        return _find(self.service, name)

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


class JoinParty(FollowedStep):
    """A step that makes a crow (the builder's new crow) followed by its place in a party: one
    undo step, so Ctrl+Z takes back both and a refused join keeps no crow either."""

    def __init__(self, step: Command, service: CharacterService, party: str, crow: str) -> None:
        super().__init__(step)
        self._service = service
        self._party = party
        self._crow = crow

    @property
    def text(self) -> str:
        return f"{self.step.text} in the party {self._party}"

    def follow(self) -> Iterator[Command]:
        joined = add_member(self._service, self._party, self._crow)
        joined.do()
        yield joined


def join_party(step: Command, service: CharacterService, party: str, crow: str) -> JoinParty:
    """``step`` (which stores the crow ``crow``) and then ``crow`` put last in ``party``."""
    return JoinParty(step, service, party, crow)
