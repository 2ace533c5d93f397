"""A crow's weapon as attacks: an inventory item's damage line, range and keywords read as one
attack per way it can be used (a knife is ``melee 1`` and ``thrown 5``).

Thrown weapons are declared melee or ranged before the roll (L669), so each use is its own attack;
a ranged weapon that is not thrown spends ammunition (L687).
"""

from __future__ import annotations

import re

from refkit.rules.combat.creature import MELEE, RANGED, Attack
from refkit.rules.combat.keywords import read_keyword
from refkit.rules.inventory.model import Item

_USE = re.compile(r"^(melee|ranged|thrown)\s+(\d+)$")


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
        match = _USE.match(" ".join(use.split()))
        if match is None:
            raise ValueError(
                f"{item.name}: range {item.attack_range!r} is not 'melee N', 'ranged N' or "
                "'thrown N' (joined with '/')"
            )
        how, squares = match[1], int(match[2])
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
                ammunition=how == RANGED,
            )
        )
    return tuple(attacks)
