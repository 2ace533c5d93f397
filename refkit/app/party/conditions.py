"""The conditions of the crows at the table, as the dungeon-turn service's conditions keeper."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Protocol

from refkit.app.character_service import CharacterService
from refkit.rules.character.model import Character
from refkit.store.errors import CharacterNotFoundError


class CrowsAtTable(Protocol):
    """Where the crows at the table come from (the party bridge)."""

    @property
    def characters(self) -> CharacterService: ...

    def crows(self) -> list[Character]: ...


class PartyConditions:
    """The conditions of the crows at the table (a ``ConditionsKeeper`` for the DT service)."""

    def __init__(self, table: CrowsAtTable) -> None:
        self._table = table

    def conditions_by_character(self) -> dict[str, tuple[str, ...]]:
        return {crow.name: crow.conditions for crow in self._table.crows()}

    def set_conditions(self, conditions: Mapping[str, Sequence[str]]) -> None:
        """Give each named crow these conditions, saved at once (a crow deleted since is left)."""
        characters = self._table.characters
        for name, wanted in conditions.items():
            try:
                crow = characters.get(name)
            except CharacterNotFoundError:
                continue
            held = tuple(dict.fromkeys(condition.strip().casefold() for condition in wanted))
            if held != crow.conditions:
                characters.save(replace(crow, conditions=held))
