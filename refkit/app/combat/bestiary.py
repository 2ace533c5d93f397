"""The bestiary: Refkit's example creatures (``resources/bestiary/*.toml``) and the ones the
referee imports from checked files, exported again as a file of the same format.

Imports are kept for this session only: the creatures' table in the database is still to come.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from refkit.app.atomic_files import write_text_atomic
from refkit.errors import DomainError
from refkit.locate import resource_path
from refkit.rules.combat.bestiary_file import bestiary_text, read_bestiary_file
from refkit.rules.combat.creature import Creature

SHIPPED_FOLDER = "bestiary"


class UnknownCreatureError(DomainError, ValueError):
    """No creature of that name is in the bestiary."""


def shipped_creatures() -> tuple[Creature, ...]:
    """Refkit's example creatures, file by file in name order."""
    folder = resource_path(SHIPPED_FOLDER)
    return tuple(c for path in sorted(folder.glob("*.toml")) for c in read_bestiary_file(path))


class Bestiary:
    """The creatures a fight can draw on, by name (any case)."""

    def __init__(self, creatures: Iterable[Creature] = ()) -> None:
        self._creatures: dict[str, Creature] = {}
        for creature in creatures:
            self._creatures[creature.name.lower()] = creature

    @classmethod
    def shipped(cls) -> Bestiary:
        return cls(shipped_creatures())

    def creatures(self) -> tuple[Creature, ...]:
        return tuple(sorted(self._creatures.values(), key=lambda c: c.name.lower()))

    def get(self, name: str) -> Creature:
        key = " ".join(name.split()).lower()
        if key not in self._creatures:
            known = ", ".join(c.name for c in self.creatures()) or "none"
            raise UnknownCreatureError(f"no creature called {name!r} in the bestiary ({known})")
        return self._creatures[key]

    def import_file(self, path: str | Path, *, replace: bool = False) -> tuple[Creature, ...]:
        """Add the creatures of a checked file; all or none. A name already in the bestiary is
        refused unless ``replace``."""
        creatures = read_bestiary_file(path)
        if not replace:
            taken = [c.name for c in creatures if c.name.lower() in self._creatures]
            if taken:
                raise DomainError(
                    f"{path}: the bestiary already has {', '.join(taken)}; nothing was imported"
                )
        for creature in creatures:
            self._creatures[creature.name.lower()] = creature
        return creatures

    def export_file(self, path: str | Path, names: Sequence[str] = ()) -> Path:
        """Write the creatures called ``names`` (all without names) to a bestiary file."""
        chosen = [self.get(name) for name in names] if names else list(self.creatures())
        return write_text_atomic(path, bestiary_text(chosen))
