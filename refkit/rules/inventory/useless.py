"""Bury the Point (Stabbing tree, characters facts §4.5): a melee stabbing hit may deal double
damage, and the weapon is then useless until fixed with a rest activity.

"Useless until fixed" is a state of its own, apart from ``damaged`` (a bane on tests, repaired at
a rest) and from usage dice run out: the weapon stays where it is, the board, its card and the PDF
sheet say it is useless, an attack with it is refused, and the crow's Bury the Point rest activity
(``trait:Bury the Point[:WEAPON]``) fixes it.
"""

from __future__ import annotations

from refkit.rules.inventory.model import Inventory, Item
from refkit.rules.inventory.moves import MoveRefused

BURY_THE_POINT = "Stabbing: Bury the Point"
STABBING = "stabbing"


def is_melee_stabbing(item: Item) -> bool:
    """A weapon of the stabbing group (a stiletto, a spear, a warpick, a pike)."""
    return item.damage is not None and STABBING in (word.casefold() for word in item.keywords)


def useless_refusal(item: Item) -> str:
    """Why ``item`` cannot go useless through Bury the Point ("" when it can)."""
    if not is_melee_stabbing(item):
        return f"{item.name} is not a stabbing weapon: only one can bury the point"
    if item.count > 1:
        return f"{item.name} is a stack of {item.count}: split one off to mark it useless"
    return ""


def mark_useless(items: Inventory, item_id: str, useless: bool) -> Inventory:
    """``items`` with ``item_id`` useless until fixed (``useless``) or fixed; MoveRefused saying
    why when it cannot be or is already so."""
    item = items.find(item_id)
    if useless:
        refused = useless_refusal(item)
        if refused:
            raise MoveRefused(refused)
        if item.useless:
            raise MoveRefused(f"{item.name} is already useless until fixed")
    elif not item.useless:
        raise MoveRefused(f"{item.name} is not useless: there is nothing to fix")
    return items.replaced(item.with_useless(useless))


def use_refusal(item: Item) -> str:
    """Why ``item`` cannot be used now ("" when it can): useless until a rest fixes it."""
    if item.useless:
        return (
            f"{item.name} is useless until fixed (Bury the Point): the Bury the Point rest "
            "activity fixes it"
        )
    return ""


def useless_items(items: Inventory) -> tuple[Item, ...]:
    """The carried items that are useless until fixed, in inventory order."""
    return tuple(item for item in items if item.useless)


def item_to_fix(items: Inventory, crow: str, target: str) -> Item:
    """The useless weapon Bury the Point's rest activity fixes: the one named ``target`` (its
    name or id, any case), or the only one; MoveRefused saying why there is none to pick."""
    broken = useless_items(items)
    if not broken:
        raise MoveRefused(f"{crow} carries no weapon that is useless until fixed")
    if target:
        wanted = target.strip().casefold()
        for item in broken:
            if wanted in (item.name.casefold(), item.id.casefold()):
                return item
        names = ", ".join(item.name for item in broken)
        raise MoveRefused(f"{crow} has no useless {target!r} to fix (useless: {names})")
    if len(broken) > 1:
        names = ", ".join(item.name for item in broken)
        raise MoveRefused(f"{crow}: name the weapon to fix (trait:Bury the Point:WEAPON): {names}")
    return broken[0]
