"""Burned in the Brain (Elemental tree, characters facts §4.5): a rest activity absorbs one
elemental spellbook the crow carries. The book then takes no slot and is always wielded: it lies
among the magic items with no magic slot, tagged ``absorbed`` (the character file keeps it as an
ordinary item: ``"area": "magic"``, no ``magic_slot``, the tag), the slot check passes it, and
the crow casts from it as from a book in hand. Absorbing another book replaces it: the old one is
gone (burned out of the crow's mind, it is no book any more). A shipped book must hold an
elemental spell; a table's own spellbook (tagged ``spellbook``) is taken at the referee's word.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from functools import cache

from refkit.locate import resource_path
from refkit.rules.character.build_data import fold
from refkit.rules.character.model import SPELLBOOK_TAG, Character
from refkit.rules.inventory.model import ABSORBED_TAG, MAGIC, Item

BURNED_IN_THE_BRAIN = "Elemental: Burned in the Brain"
ELEMENTAL = "elemental"


@cache
def shipped_book_disciplines() -> dict[str, str]:
    """Folded spellbook name → its spell's discipline, for the books Refkit ships (read from
    ``resources/spells``; the magic rules are not this package's to import)."""
    found: dict[str, str] = {}
    for path in sorted(resource_path("spells").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        book, spell = data.get("book", {}), data.get("spell", {})
        if isinstance(book, dict) and isinstance(spell, dict) and "name" in book:
            found[fold(str(book["name"]))] = str(spell.get("discipline", "")).casefold()
    return found


def absorbed_book(crow: Character) -> Item | None:
    """The spellbook the crow has absorbed, if any."""
    return next((item for item in crow.items.items if item.absorbed), None)


def book_discipline(item: Item) -> str | None:
    """The discipline of a shipped spellbook's spell (None: not a book Refkit ships)."""
    return shipped_book_disciplines().get(fold(item.name))


def carried_spellbooks(crow: Character) -> list[Item]:
    """The spellbooks the crow carries that it has not absorbed."""
    return [
        item
        for item in crow.items.items
        if not item.absorbed and (SPELLBOOK_TAG in item.tags or book_discipline(item))
    ]


def book_to_absorb(crow: Character, target: str) -> Item | str:
    """The carried elemental spellbook called ``target`` (its name or id, any case), or why there
    is none to absorb."""
    books = carried_spellbooks(crow)
    wanted = fold(target)
    named = [item for item in books if wanted in (fold(item.name), fold(item.id))]
    if not named:
        carried = ", ".join(item.name for item in books) or "none"
        return f"{crow.name} carries no spellbook called {target!r} (spellbooks: {carried})"
    discipline = book_discipline(named[0])
    if discipline is not None and discipline != ELEMENTAL:  # a table's own book: its word
        return (
            f"{named[0].name} holds a {discipline} spell: only an elemental spellbook can be "
            "burned in the brain"
        )
    return named[0]


def absorb(crow: Character, book: Item) -> tuple[Character, str]:
    """The crow with ``book`` absorbed (any book absorbed before it gone), and what to say."""
    items = crow.items
    old = absorbed_book(crow)
    if old is not None:
        items = items.without(old.id)
    tags = tuple(dict.fromkeys((*book.tags, ABSORBED_TAG)))
    absorbed = replace(book, area=MAGIC, at=None, magic_slot=None, tags=tags)
    said = f"Burned in the Brain: absorbed {book.name} (always wielded, no slot)"
    if old is not None:
        said += f"; it replaces {old.name}"
    return crow.with_items(items.replaced(absorbed)), said
