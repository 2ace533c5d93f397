"""The tools each crafting expertise needs (alchemist's, blacksmith's, enchanter's tools) and
what a set gives: a Fine set +1, a Masterwork set +2 (L214 bonuses), a damaged set a bane."""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.inventory.model import Inventory, Item

TOOLS_FOR: dict[str, str] = {
    "alchemy": "Alchemist's tools",
    "blacksmithing": "Blacksmith's tools",
    "enchanting": "Enchanter's tools",
}
"""The crafting expertise → the tools it needs (lower-case expertise names)."""

FINE_BONUS = 1
MASTERWORK_BONUS = 2


def _key(text: str) -> str:
    return " ".join(text.replace("’", "'").split()).casefold()


def tools_needed(expertise: str) -> str | None:
    """The tools a crafting expertise needs, or None when the rules name none."""
    return TOOLS_FOR.get(_key(expertise))


@dataclass(frozen=True)
class ToolSet:
    """The set a crafter works with: its item, the bonus it gives and banes (damaged)."""

    item_id: str
    name: str
    bonus: int
    banes: int


def quality_bonus(item: Item) -> int:
    """+2 for a Masterwork set, +1 for a Fine one (by tag or name), else 0."""
    marks = {_key(tag) for tag in item.tags} | set(_key(item.name).split())
    if "masterwork" in marks or "mw" in marks:
        return MASTERWORK_BONUS
    if "fine" in marks:
        return FINE_BONUS
    return 0


def find_tools(inventory: Inventory, expertise: str) -> ToolSet | None:
    """The best carried set of the tools ``expertise`` needs (ground tray excluded); None when
    the crafter carries none (or the expertise needs no tools: then a set of nothing, bonus 0)."""
    needed = tools_needed(expertise)
    if needed is None:
        return ToolSet("", "", 0, 0)
    wanted = _key(needed)
    sets = [item for item in inventory.items if wanted in _key(item.name)]
    if not sets:
        return None
    best = max(sets, key=lambda item: (quality_bonus(item) - item.banes, item.id))
    return ToolSet(best.id, best.name, quality_bonus(best), best.banes)
