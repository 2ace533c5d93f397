"""How many coins a crow's purses hold, and Bursting Purse (Thievery, characters facts §4.4).

A coin purse holds up to 500 gc, a Fine one 750 and a Masterwork one 1,000 (their cards); with
Bursting Purse each holds 500 more. The PDF sheet prints what the crow's purses hold beside its
coins. It is not a check of the file: the other Crows tools keep gold loose beside the purse (a
DimitroffVodka actor's currency), so a crow imported with more gold than one purse holds is not
wrong, only heavy.
"""

from __future__ import annotations

from refkit.rules.character.build_data import fold
from refkit.rules.character.model import Character
from refkit.rules.inventory.model import Item

BURSTING_PURSE = "Thievery: Bursting Purse"
BURSTING_MORE = 500
"""What Bursting Purse adds to each purse, in gc."""
PURSE_HOLDS = {"masterwork": 1000, "fine": 750, "": 500}
"""A purse's quality (a word of its name) → the gc it holds."""


def is_purse(item: Item) -> bool:
    return "coin purse" in fold(item.name)


def one_purse_holds(item: Item, bursting: bool = False) -> int:
    """The gc one purse holds: by its quality, 500 more with Bursting Purse."""
    words = fold(item.name).split()
    held = next(gc for quality, gc in PURSE_HOLDS.items() if not quality or quality in words)
    return held + (BURSTING_MORE if bursting else 0)


def purse_capacity(character: Character) -> int | None:
    """The gc the purses the crow carries hold together (None: it carries no purse)."""
    bursting = fold(BURSTING_PURSE) in {fold(t) for t in character.traits}
    purses = [item for item in character.items.items if is_purse(item)]
    if not purses:
        return None
    return sum(one_purse_holds(item, bursting) * item.count for item in purses)


def purse_text(character: Character) -> str:
    """``Purse: 35 gc (purses hold 1,000)`` — the coins and what the carried purses hold ("" for
    a crow with neither coins nor a purse)."""
    room = purse_capacity(character)
    if not character.coins and room is None:
        return ""
    held = f" (purses hold {room:,})" if room is not None else ""
    return f"Purse: {character.coins:,} gc{held}"
