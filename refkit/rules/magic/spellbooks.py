"""The spells Refkit ships: the Playtest 2 spellbooks, a TOML file each in ``resources/spells``."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from refkit.locate import resource_path
from refkit.rules.common.name_text import match_key
from refkit.rules.magic.spell import Spell
from refkit.rules.magic.spell_file import SpellFileError, parse_spell_toml


class UnknownSpellError(SpellFileError):
    """No spell (or spellbook) goes by the name asked for; the message lists the names."""


@cache
def load_default_spells() -> tuple[Spell, ...]:
    """Every shipped spell, sorted by name. Raises SpellFileError if a shipped file is bad."""
    folder = resource_path("spells")
    spells = [
        parse_spell_toml(path.read_text(encoding="utf-8"), origin=path.name)
        for path in sorted(folder.glob("*.toml"))
    ]
    names = [spell.name.casefold() for spell in spells]
    for name in names:
        if names.count(name) > 1:
            raise SpellFileError(f"two shipped spell files name the spell {name!r}")
    return tuple(sorted(spells, key=lambda spell: spell.name.casefold()))


def find_spell(spells: Iterable[Spell], name: str) -> Spell:
    """The spell called ``name``, or held by the book called ``name`` (any case and spacing)."""
    wanted = match_key(name)
    spells = tuple(spells)
    for spell in spells:
        if wanted in (spell.name.casefold(), match_key(spell.book.name)):
            return spell
    known = ", ".join(spell.name for spell in spells) or "none"
    raise UnknownSpellError(f"no spell or spellbook called {name!r} (spells: {known})")
