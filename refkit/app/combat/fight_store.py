"""The fight kept in the database, so it survives a restart and the command line sees it.

Each save is made only if the stored fight is still the one this program last read or wrote
(its revision), so two windows running one fight refuse to overwrite each other's steps.
"""

from __future__ import annotations

from typing import Protocol

from refkit.rules.combat.fight import Fight
from refkit.rules.combat.fight_file import fight_json, read_fight_json


class FightRows(Protocol):
    """What is needed of the store (``refkit.store.combat_store.FightRepository`` fits)."""

    def load(self) -> tuple[str, int] | None: ...

    def save(self, payload: str, expected_revision: int | None) -> int: ...


class StoredFight:
    """A fight session's :class:`FightStore` over the database."""

    def __init__(self, rows: FightRows) -> None:
        self._rows = rows
        self._revision: int | None = None

    def load(self) -> Fight:
        """The stored fight (a new, empty one if none was saved)."""
        found = self._rows.load()
        if found is None:
            self._revision = None
            return Fight()
        payload, self._revision = found
        return read_fight_json(payload, "the stored fight")

    def save(self, fight: Fight) -> None:
        """Store ``fight``; ConflictError (nothing written) if it was saved elsewhere since."""
        self._revision = self._rows.save(fight_json(fight), self._revision)


class FightStore(Protocol):
    def load(self) -> Fight: ...

    def save(self, fight: Fight) -> None: ...
