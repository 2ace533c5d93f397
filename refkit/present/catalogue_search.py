"""What the item catalogue's search finds and which entry it keeps chosen (Qt-free).

The cards spell the American way ("armor"), players often the British way ("armour"): a search
is matched in both spellings. The preview and *Add to the crow* act on the chosen entry, so a
search that hides the chosen entry moves the choice to the first entry still shown (or to none);
what is shown is always what would be added.
"""

from __future__ import annotations

from collections.abc import Sequence

from refkit.rules.inventory.catalogue import CatalogueItem

SPELLINGS = {"armour": "armor", "defence": "defense", "colour": "color", "grey": "gray"}
"""British spellings a search is also matched in as the cards spell them."""


def search_text(text: str) -> str:
    """The search as matched: trimmed, case-folded, in the cards' spelling."""
    wanted = text.strip().casefold()
    for british, american in SPELLINGS.items():
        wanted = wanted.replace(british, american)
    return wanted


def haystack(entry: CatalogueItem) -> str:
    words = (entry.name, *entry.tags, *entry.keywords, entry.notes)
    if entry.ad is not None:
        words = (*words, "armor")  # anything with armour dice is armour, whatever its tags
    return search_text(" ".join(words))


def matches(entry: CatalogueItem, text: str) -> bool:
    wanted = search_text(text)
    return not wanted or wanted in haystack(entry)


def kept_choice(current: str | None, shown: Sequence[str]) -> str | None:
    """The entry chosen after a filter: ``current`` while it is shown, else the first shown."""
    if current is not None and current in shown:
        return current
    return shown[0] if shown else None
