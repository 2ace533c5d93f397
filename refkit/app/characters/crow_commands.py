"""Whole crows made and deleted as undoable commands.

Deleting a crow takes it out of its parties and drops the wounds its player still had to place or
heal; undoing the delete brings all of that back in one unit of work: the crow, its places in the
parties that still exist (at its old position), and its wound prompt. Undo of a new crow deletes
it, but only if it is still as it was made.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from refkit.app.character_service import CharacterService
from refkit.app.ports import WoundPromptStorage
from refkit.app.undo import UndoConflictError
from refkit.rules.character.model import Character
from refkit.store.errors import CharacterNotFoundError, NameTakenError
from refkit.store.records import StoredWoundPrompt
from refkit.store.row_forms import name_key


@dataclass(frozen=True)
class PartyPlace:
    """A crow's place in a party: the party and the position (0 first)."""

    party: str
    position: int


def _places(service: CharacterService, name: str) -> tuple[PartyPlace, ...]:
    key = name_key(name)
    return tuple(
        PartyPlace(party.name, index)
        for party in service.list_parties()
        for index, member in enumerate(party.members)
        if name_key(member) == key
    )


def _changed_since(service: CharacterService, name: str, revision: int, crow: Character) -> bool:
    # A save that left the crow exactly as it was (End DT moving conditions back) loses nothing.
    return service.revision(name) != revision and service.get(name) != crow


@dataclass
class CreateCrow:
    """A new crow stored; undo deletes it again (refused if it was edited since)."""

    service: CharacterService
    character: Character
    text: str = ""
    _revision: int | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.text:
            self.text = f"Create {self.character.name}"

    def do(self) -> None:
        if self._revision is not None and self.service.exists(self.character.name):
            raise UndoConflictError(
                f"cannot redo {self.text!r}: a crow called {self.character.name!r} was made "
                "since; nothing was changed"
            )
        self._revision = self.service.create(self.character)  # NameTakenError the first time

    def undo(self) -> None:
        if self._revision is None:
            raise RuntimeError(f"{self.text!r} has not been done, so it cannot be undone")
        name = self.character.name
        refused = f"cannot undo {self.text!r}: {name}"
        try:
            if _changed_since(self.service, name, self._revision, self.character):
                raise UndoConflictError(
                    f"{refused} was changed since (in another window or the command line); "
                    "nothing was changed"
                )
            self.service.delete(name)
        except CharacterNotFoundError:
            raise UndoConflictError(f"{refused} was deleted since; nothing was changed") from None


@dataclass
class DeleteCrow:
    """A crow deleted, with its party places and its wound prompt; undo brings them back."""

    service: CharacterService
    character: Character
    revision: int
    text: str = ""
    places: tuple[PartyPlace, ...] = field(default=(), init=False)
    prompt: StoredWoundPrompt | None = field(default=None, init=False)
    _done: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.text:
            self.text = f"Delete {self.character.name}"

    @property
    def _prompts(self) -> WoundPromptStorage:
        return self.service.repository.wound_prompts

    def do(self) -> None:
        action = "redo" if self._done else "delete"
        name = self.character.name
        try:
            if _changed_since(self.service, name, self.revision, self.character):
                raise UndoConflictError(
                    f"cannot {action} {self.text!r}: {name} was changed since (in another "
                    "window or the command line); nothing was changed"
                )
        except CharacterNotFoundError:
            raise UndoConflictError(
                f"cannot {action} {self.text!r}: {name} was deleted since; nothing was changed"
            ) from None
        self.places = _places(self.service, name)
        self.prompt = self._prompts.get(name)
        self.service.delete(name)
        self._done = True

    def undo(self) -> None:
        if not self._done:
            raise RuntimeError(f"{self.text!r} has not been done, so it cannot be undone")
        crow = self.character
        try:
            self.revision = self.service.create(crow)
            for place in self.places:
                try:
                    party = self.service.get_party(place.party)
                except CharacterNotFoundError:
                    continue  # the party was deleted since: there is no place to go back to
                members = list(party.members)
                members.insert(min(place.position, len(members)), crow.name)
                self.service.set_members(party.name, members)
            prompt = self.prompt
            if prompt is not None and (prompt.to_place or prompt.to_heal):
                self._prompts.add(crow.name, to_place=prompt.to_place, to_heal=prompt.to_heal)
        except NameTakenError:
            raise UndoConflictError(
                f"cannot undo {self.text!r}: a crow called {crow.name!r} was made since; "
                "nothing was changed"
            ) from None


def create_crow(service: CharacterService, character: Character, text: str = "") -> CreateCrow:
    """A command storing a new crow; NameTakenError (on do) if the name is in use."""
    return CreateCrow(service, character, text)


def delete_crow(service: CharacterService, name: str) -> DeleteCrow:
    """A command deleting the stored crow called ``name``; CharacterNotFoundError if none."""
    character = service.get(name)
    return DeleteCrow(service, character, service.revision(character.name))
