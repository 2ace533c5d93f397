"""What the board needs to offer "Light it" on a crow's torch or lantern: the dungeon turn's side,
handed in by the composition root (the inventory does not know the dungeon turn)."""

from __future__ import annotations

from typing import Protocol

from refkit.rules.character.model import Character
from refkit.rules.inventory.model import Item


class ItemLighter(Protocol):
    def refusal(self, crow: Character, item: Item) -> str | None:
        """Why ``item`` cannot be lit now ("" when it can; None when it is no light at all)."""
        ...

    def light(self, crow: str, item_id: str) -> object:
        """Light it as a tracked light of the dungeon turn (one undo step); None if refused
        (the refusal is said in the window)."""
        ...
