"""A crow's weapon as attacks: an inventory item's damage line, range and keywords read as one
attack per way it can be used (a knife is ``melee 1`` and ``thrown 5``).

Thrown weapons are declared melee or ranged before the roll (L669), so each use is its own attack;
bows and crossbows (the ``bow`` group) spend ammunition when they shoot (L687); other ranged cards
(an acid vial, a spellbook) are used up in their own way, not from a quiver.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from refkit.rules.character.build_data import fold
from refkit.rules.character.model import Character
from refkit.rules.combat.creature import MELEE, RANGED, Attack
from refkit.rules.combat.keywords import read_keyword
from refkit.rules.inventory.model import HAND, Item
from refkit.rules.inventory.useless import BURY_THE_POINT, is_melee_stabbing, use_refusal

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


def weapon_in_hand(items: Iterable[Item], attack: Attack) -> Item | None:
    """The item in the crow's hands that offers ``attack`` (None: no item in hand does)."""
    return next(
        (item for item in items if item.area == HAND and attack in weapon_attacks(item)), None
    )


def useless_weapon_refusal(items: Iterable[Item], attack: Attack) -> str:
    """Why the crow may not make ``attack`` with the weapon in its hands that offers it ("" when
    it may): the weapon is useless until fixed (Bury the Point)."""
    weapon = weapon_in_hand((item for item in items if item.useless), attack)
    return use_refusal(weapon) if weapon is not None else ""


def bury_the_point_refusal(crow: Character, attack: Attack) -> str:
    """Why ``crow`` may not bury the point with ``attack`` ("" when it may): only a crow with
    Bury the Point, in a melee attack with a stabbing weapon in hand."""
    if fold(BURY_THE_POINT) not in {fold(t) for t in crow.traits}:
        return f"{crow.name} does not have the trait Bury the Point"
    weapon = weapon_in_hand(crow.items, attack)
    if attack.kind != MELEE or weapon is None or not is_melee_stabbing(weapon):
        return f"Bury the Point takes a melee attack with a stabbing weapon, not {attack.name}"
    return ""
