"""The crows a test can be rolled for: the party at the table first, then every other crow.

The dice panel reads a crow afresh when it is chosen and when it is rolled for (its conditions may
have changed in between), and spends an expertise use through an undoable command.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from refkit.app.character_commands import CharacterEdit, spend_expertise
from refkit.store.character_store import name_key

if TYPE_CHECKING:
    from refkit.app.character_service import CharacterService
    from refkit.rules.character.model import Character


class PartyAtTable(Protocol):
    """The party at the table (``refkit.app.party.bridge.PartyBridge`` fits)."""

    def members(self) -> tuple[str, ...]: ...

    def add_listener(self, callback: Callable[[], None]) -> None: ...


@dataclass(frozen=True)
class CrowChoices:
    """Names to offer: those at the table (party order), then the others (alphabetical)."""

    at_table: tuple[str, ...]
    others: tuple[str, ...]


class CrowsForTests:
    """What the dice panel needs to roll for a crow, from the characters and the party."""

    def __init__(self, characters: CharacterService, party: PartyAtTable | None = None) -> None:
        self._characters = characters
        self._party = party

    def choices(self) -> CrowChoices:
        at_table = self._party.members() if self._party is not None else ()
        names = self._characters.names()
        known = {name_key(name) for name in names}
        table = tuple(name for name in at_table if name_key(name) in known)
        keys = {name_key(name) for name in table}
        others = tuple(sorted((name for name in names if name_key(name) not in keys), key=name_key))
        return CrowChoices(table, others)

    def get(self, name: str) -> Character:
        """The crow as stored now (CharacterNotFoundError when it was deleted meanwhile)."""
        return self._characters.get(name)

    def spend_expertise(self, name: str, expertise: str) -> CharacterEdit:
        """The undoable spending of one use of ``expertise`` (ValueError when none is left)."""
        return spend_expertise(self._characters, name, expertise)

    def add_listener(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after any crow or the party at the table changed."""
        self._characters.add_listener(lambda _change: callback())
        if self._party is not None:
            self._party.add_listener(callback)
