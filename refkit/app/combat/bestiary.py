"""The bestiary: Refkit's example creatures (``resources/bestiary/*.toml``) and the ones the
referee imports from checked files, exported again as a file of the same format.

The referee's own creatures live in the database (``creature`` table, one bestiary file of one
each); a name of Refkit's own examples can be imported over only with ``replace``. Each stored
creature has a version: a change or deletion is saved only over the version this bestiary read,
so a creature changed in another window meanwhile is not overwritten (StaleWriteError; the
bestiary then reads the stored creatures again, so the window can show them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Protocol

from refkit.app.atomic_files import write_text_atomic
from refkit.errors import DomainError, StaleWriteError
from refkit.locate import resource_path
from refkit.rules.combat.bestiary_file import bestiary_text, read_bestiary_file
from refkit.rules.combat.creature import Creature

SHIPPED_FOLDER = "bestiary"


class UnknownCreatureError(DomainError, ValueError):
    """No creature of that name is in the bestiary."""


class BestiaryRefusal(DomainError, ValueError):
    """The bestiary refuses the change (a name taken, one of Refkit's examples); nothing
    changed."""


def shipped_creatures() -> tuple[Creature, ...]:
    """Refkit's example creatures, file by file in name order."""
    folder = resource_path(SHIPPED_FOLDER)
    return tuple(c for path in sorted(folder.glob("*.toml")) for c in read_bestiary_file(path))


class StoredCreatures(Protocol):
    """The referee's creatures in the database (``refkit.store.combat_store.BestiaryRepository``
    fits)."""

    def creatures_read(self) -> list[tuple[Creature, int]]: ...

    def put_all(self, creatures: Sequence[Creature], *, replace: bool = False) -> None: ...

    def save_one(
        self, creature: Creature, *, was: str | None = None, expected_version: int | None = None
    ) -> int: ...

    def delete(self, name: str, expected_version: int | None = None) -> bool: ...


class Bestiary:
    """The creatures a fight can draw on, by name (any case): Refkit's examples, then the
    referee's own (kept in the database when ``stored`` is given, for this run otherwise)."""

    def __init__(
        self, creatures: Iterable[Creature] = (), stored: StoredCreatures | None = None
    ) -> None:
        self._stored = stored
        self._shipped = {c.name.lower() for c in creatures}
        self._examples = tuple(creatures)
        self._creatures: dict[str, Creature] = {}
        self._versions: dict[str, int] = {}
        """The version each stored creature was read at, by its name in lower case."""
        self._creatures = {c.name.lower(): c for c in self._examples}
        self.reload()

    def reload(self) -> None:
        """Read the stored creatures again (after a change made in another window); without
        a database the creatures of this run are all there is."""
        if self._stored is None:
            return
        read = self._stored.creatures_read()
        self._creatures = {c.name.lower(): c for c in self._examples}
        self._versions = {}
        for creature, version in read:
            self._creatures[creature.name.lower()] = creature
            self._versions[creature.name.lower()] = version

    @classmethod
    def shipped(cls, stored: StoredCreatures | None = None) -> Bestiary:
        return cls(shipped_creatures(), stored)

    def is_shipped(self, name: str) -> bool:
        return self.get(name).name.lower() in self._shipped

    def delete(self, name: str) -> Creature:
        """Forget one of the referee's own creatures (Refkit's examples stay)."""
        creature = self.get(name)
        key = creature.name.lower()
        if key in self._shipped:
            raise BestiaryRefusal(
                f"{creature.name} is one of Refkit's examples; it cannot be deleted"
            )
        if self._stored is not None:
            try:
                self._stored.delete(creature.name, self._versions.get(key))
            except StaleWriteError:
                self.reload()
                raise
        del self._creatures[key]
        self._versions.pop(key, None)
        return creature

    def save(self, creature: Creature, *, was: str | None = None) -> Creature:
        """Keep one of the referee's creatures: a new one, or ``was`` changed (and perhaps
        renamed). Refkit's examples are never written over, and a name another creature has is
        refused; nothing changed then."""
        key = creature.name.lower()
        old = self.get(was) if was is not None else None
        if old is not None and old.name.lower() in self._shipped:
            raise BestiaryRefusal(
                f"{old.name} is one of Refkit's examples; save your change under a new name"
            )
        if key in self._shipped:
            raise BestiaryRefusal(f"{creature.name} is one of Refkit's examples; pick another name")
        if key in self._creatures and (old is None or old.name.lower() != key):
            raise BestiaryRefusal(f"the bestiary already has {self._creatures[key].name}")
        version = 0
        if self._stored is not None:
            was = None if old is None else old.name
            expected = None if old is None else self._versions.get(old.name.lower())
            try:
                version = self._stored.save_one(creature, was=was, expected_version=expected)
            except StaleWriteError:
                self.reload()
                raise
        if old is not None:
            del self._creatures[old.name.lower()]
            self._versions.pop(old.name.lower(), None)
        self._creatures[key] = creature
        self._versions[key] = version
        return creature

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
                raise BestiaryRefusal(
                    f"{path}: the bestiary already has {', '.join(taken)}; nothing was imported"
                )
        if self._stored is not None:
            self._stored.put_all(creatures, replace=replace)
            self.reload()
            return creatures
        for creature in creatures:
            self._creatures[creature.name.lower()] = creature
        return creatures

    def export_file(self, path: str | Path, names: Sequence[str] = ()) -> Path:
        """Write the creatures called ``names`` (all without names) to a bestiary file."""
        chosen = [self.get(name) for name in names] if names else list(self.creatures())
        return write_text_atomic(path, bestiary_text(chosen))
