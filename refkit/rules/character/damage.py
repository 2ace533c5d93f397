"""Damage: armour defence (AD) first, then Stamina, then wounds (fact sheet §4, §15 B1-B2).

Damage spills over: each armour source, in the order its owner chose, soaks what it can; the rest
comes off Stamina; what is left once Stamina is 0 becomes one wound per point for creatures that
take wounds (PCs, humans, animals). A creature that takes no wounds dies at 0 Stamina (the Ref may
knock it out instead; that choice is not made here). Piercing damage ignores AD. Vulnerable adds a
d6, rolled by the caller and passed in as ``vulnerable_extra``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from refkit.rules.common.whole_numbers import require_not_negative


@dataclass(frozen=True)
class ArmourSource:
    """A suit of armour or a wielded shield and its current AD."""

    name: str
    ad: int

    def __post_init__(self) -> None:
        require_not_negative(f"AD of {self.name!r}", self.ad)


@dataclass(frozen=True)
class DamageResult:
    """Everything one hit changed."""

    armour_after: tuple[ArmourSource, ...]
    stamina_after: int
    wounds: int
    absorbed_by_armour: int
    stamina_lost: int
    dies: bool


def apply_damage(
    stamina: int,
    armour: Sequence[ArmourSource],
    amount: int,
    *,
    piercing: bool = False,
    vulnerable_extra: int = 0,
    uses_wounds: bool = True,
) -> DamageResult:
    """Apply ``amount`` damage (plus ``vulnerable_extra``) to a creature.

    ``armour`` is in the order the owner wants it to lose AD. ``dies`` is true only for a creature
    that takes no wounds and is left at 0 Stamina; wound-takers die of wounds in their backpack
    slots, which this function does not track.
    """
    require_not_negative("stamina", stamina)
    require_not_negative("damage", amount)
    require_not_negative("vulnerable extra damage", vulnerable_extra)
    remaining = amount + vulnerable_extra

    armour_after: list[ArmourSource] = []
    absorbed_total = 0
    for source in armour:
        if not isinstance(source, ArmourSource):
            raise ValueError(f"armour must be ArmourSource entries, got {source!r}")
        absorbed = 0 if piercing else min(source.ad, remaining)
        remaining -= absorbed
        absorbed_total += absorbed
        armour_after.append(ArmourSource(name=source.name, ad=source.ad - absorbed))

    stamina_lost = min(stamina, remaining)
    remaining -= stamina_lost
    stamina_after = stamina - stamina_lost
    wounds = remaining if uses_wounds else 0
    return DamageResult(
        armour_after=tuple(armour_after),
        stamina_after=stamina_after,
        wounds=wounds,
        absorbed_by_armour=absorbed_total,
        stamina_lost=stamina_lost,
        dies=not uses_wounds and stamina_after == 0,
    )


def speed_with_wounds(base_speed: int, wounded_item_slots: int) -> int:
    """Speed after wounds: -1 per backpack slot holding both a wound and an item, not below 0."""
    require_not_negative("base speed", base_speed)
    require_not_negative("slots holding a wound and an item", wounded_item_slots)
    if wounded_item_slots > 10:
        raise ValueError(f"a backpack has 10 slots, got {wounded_item_slots} wounded item slots")
    return max(0, base_speed - wounded_item_slots)
