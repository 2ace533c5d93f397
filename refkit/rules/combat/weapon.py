"""A crow's weapon as attacks: an inventory item's damage line, range and keywords read as one
attack per way it can be used (a knife is ``melee 1`` and ``thrown 5``).

Thrown weapons are declared melee or ranged before the roll (L669), so each use is its own attack;
bows and crossbows (the ``bow`` group) spend ammunition when they shoot (L687); other ranged cards
(an acid vial, a spellbook) are used up in their own way, not from a quiver.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from refkit.rules.combat.creature import MELEE, RANGED, Attack
from refkit.rules.combat.keywords import read_keyword
from refkit.rules.inventory.model import HAND, Item
from refkit.rules.inventory.useless import use_refusal

_USE = re.compile(r"^(melee|ranged|thrown)\s+(\d+)(?:\s*,.*)?$")
_WITHIN = re.compile(r"^(?:line\s+(\d+)x\d+\s+)?within\s+(\d+)(?:\s*,.*)?$")
"""A spell's area reached from a distance: ``within 10``, ``within 15, 5 cube``, or a line
starting within reach, ``line 5x1 within 1`` (it reaches 1 + 5 squares)."""


def weapon_attacks(item: Item) -> tuple[Attack, ...]:
    """Every attack ``item`` offers (empty for an item that is no weapon).

    Raises ValueError naming the item when its range cannot be read."""
    if item.damage is None:
        return ()
    keywords = tuple(read_keyword(word) for word in item.keywords)
    uses = [part.strip().lower() for part in item.attack_range.split("/") if part.strip()]
    if not uses:
        uses = ["melee 1"]  # a weapon card without a range line is a melee weapon of reach 1
    attacks: list[Attack] = []
    for use in uses:
        text = " ".join(use.split())
        match = _USE.match(text)
        within = _WITHIN.match(text)
        if match is not None:
            how, squares = match[1], int(match[2])
        elif within is not None:
            how, squares = RANGED, int(within[2]) + int(within[1] or 0)
        else:
            raise ValueError(
                f"{item.name}: range {item.attack_range!r} is not 'melee N', 'ranged N', "
                "'thrown N' or 'within N' (joined with '/')"
            )
        kind = MELEE if how == MELEE else RANGED
        label = item.name if len(uses) == 1 else f"{item.name} ({how})"
        attacks.append(
            Attack(
                name=label,
                kind=kind,
                squares=squares,
                tier2=item.damage.tier2,
                tier3=item.damage.tier3,
                characteristic=item.damage.characteristic,
                piercing=item.damage.piercing,
                keywords=keywords,
                thrown=how == "thrown",
                ammunition=how == RANGED and any(k.name == "bow" for k in keywords),
            )
        )
    return tuple(attacks)


def useless_weapon_refusal(items: Iterable[Item], attack: Attack) -> str:
    """Why the crow may not make ``attack`` with the weapon in its hands that offers it ("" when
    it may): the weapon is useless until fixed (Bury the Point)."""
    for item in items:
        if item.area == HAND and item.useless and attack in weapon_attacks(item):
            return use_refusal(item)
    return ""
