"""Every spell a cast can use: the shipped Playtest 2 books first, then the referee's own.

The referee's spells are written with the same checked model as the shipped ones, stored in the
database (:mod:`refkit.store.spell_store`) and read and written as spell files. A spell of one's
own may not take a shipped spell's name or its book's — the cast finds a book by either — so the
refusal says which shipped spell has it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from refkit.app.atomic_files import write_text_atomic
from refkit.app.ports import SpellStorage
from refkit.errors import DomainError
from refkit.rules.magic.spell import Spell
from refkit.rules.magic.spell_file import load_spell_file, spell_to_toml
from refkit.rules.magic.spellbooks import find_spell, load_default_spells
from refkit.store.row_forms import spell_key


class SpellRefused(DomainError, ValueError):
    """A spell of one's own cannot be stored as it is; the message says why."""


class SpellLibrary:
    """The shipped spells and the referee's own, read and changed as one list."""

    def __init__(self, repository: SpellStorage, shipped: Sequence[Spell] | None = None) -> None:
        self._repository = repository
        self._shipped = tuple(load_default_spells() if shipped is None else shipped)

    @property
    def shipped(self) -> tuple[Spell, ...]:
        return self._shipped

    def own(self) -> list[Spell]:
        """The referee's spells, sorted by name."""
        return self._repository.spells()

    def own_read(self) -> list[tuple[Spell, int]]:
        """The referee's spells with the versions they were read at (an editor saves on one)."""
        return self._repository.spells_read()

    def read_own(self, name: str) -> tuple[Spell, int] | None:
        """One's own spell ``name`` as stored now, with its version; None if there is none."""
        return self._repository.read(name)

    def spells(self) -> list[Spell]:
        """Shipped first (by name), then the referee's own (by name)."""
        return [*self._shipped, *self.own()]

    def is_shipped(self, spell: Spell | str) -> bool:
        name = spell if isinstance(spell, str) else spell.name
        return any(spell_key(shipped.name) == spell_key(name) for shipped in self._shipped)

    def find(self, name: str) -> Spell:
        """The spell (or the spell of the book) called ``name``; UnknownSpellError listing all."""
        return find_spell(self.spells(), name)

    def _check_free(self, spell: Spell, *, keeping: str | None = None) -> None:
        for shipped in self._shipped:
            taken = {spell_key(shipped.name), spell_key(shipped.book.name)}
            for what, name in (("name", spell.name), ("book's name", spell.book.name)):
                if spell_key(name) in taken:
                    raise SpellRefused(
                        f"the {what} {name!r} is taken by Refkit's spell {shipped.name!r}: "
                        "give your spell another"
                    )
        for own in self.own():
            if spell_key(own.name) in (spell_key(keeping or ""), spell_key(spell.name)):
                continue  # itself, or a name taken: the store refuses that one
            if spell_key(spell.book.name) in (spell_key(own.name), spell_key(own.book.name)):
                raise SpellRefused(
                    f"the book's name {spell.book.name!r} is taken by your spell {own.name!r}"
                )
            if spell_key(spell.name) == spell_key(own.book.name):
                raise SpellRefused(
                    f"the name {spell.name!r} is the book of your spell {own.name!r}"
                )

    def add(self, spell: Spell, *, replace: bool = False) -> None:
        """Store a spell of one's own; with ``replace`` one of the same name is overwritten.
        SpellRefused or SpellNameTakenError, nothing written, otherwise."""
        stored = any(spell_key(own.name) == spell_key(spell.name) for own in self.own())
        self._check_free(spell, keeping=spell.name if replace and stored else None)
        if replace and stored:
            self._repository.replace(spell.name, spell)
        else:
            self._repository.add(spell)

    def edit(self, name: str, spell: Spell, expected_version: int | None = None) -> int:
        """Put ``spell`` in place of one's own spell ``name`` (renaming it is fine); returns its
        new version. ``expected_version``: the version the editor opened on — StaleWriteError,
        nothing saved, if the spell was changed or deleted since."""
        if self.is_shipped(name):
            raise SpellRefused(f"{name!r} is one of Refkit's spells and cannot be changed")
        self._check_free(spell, keeping=name)
        return self._repository.replace(name, spell, expected_version)

    def delete(self, name: str, expected_version: int | None = None) -> Spell:
        """Forget one's own spell ``name``; with ``expected_version`` (the version shown),
        StaleWriteError if it was changed since."""
        if self.is_shipped(name):
            raise SpellRefused(f"{name!r} is one of Refkit's spells and cannot be deleted")
        return self._repository.delete(name, expected_version)

    def import_file(self, path: str | os.PathLike[str], *, replace: bool = False) -> Spell:
        """Read a spell file (checked whole) and store its spell; returns it."""
        spell = load_spell_file(path)
        self.add(spell, replace=replace)
        return spell

    def export_file(self, name: str, path: str | os.PathLike[str]) -> Path:
        """Write the spell ``name`` (shipped or one's own) as a spell file, atomically."""
        return write_text_atomic(path, spell_to_toml(self.find(name)))
