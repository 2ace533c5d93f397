"""Damage to a creature the referee runs: through its AD, then its Stamina (piercing skips AD),
with the character damage rules (:mod:`refkit.rules.character.damage`) doing the arithmetic.

At 0 Stamina a Ref creature dies, unless the attacker asked to knock it out and the referee
agreed: then it stays at 1 Stamina, unconscious, and wakes at the end of the DT (L351). A human or
animal the referee runs may take wounds instead (``uses_wounds``). Any damage wakes a sleeper
(L383); a vulnerable creature takes 1d6 more, rolled by the caller (L379).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from refkit.rules.character.damage import ArmourSource, apply_damage
from refkit.rules.common.whole_numbers import require_not_negative

Standing = Literal["fighting", "knocked_out", "dead"]


@dataclass(frozen=True)
class CreatureDamage:
    """What one hit did to a creature."""

    amount: int
    """The damage dealt, with any vulnerable die."""
    ad_after: int
    stamina_after: int
    absorbed_by_ad: int
    stamina_lost: int
    wounds: int
    standing: Standing
    conditions_after: tuple[str, ...]


def damage_creature(
    stamina: int,
    ad: int,
    amount: int,
    *,
    piercing: bool = False,
    knock_out: bool = False,
    vulnerable_extra: int = 0,
    uses_wounds: bool = False,
    conditions: tuple[str, ...] = (),
) -> CreatureDamage:
    """Deal ``amount`` to a creature at ``stamina`` and ``ad``.

    ``vulnerable_extra`` (the d6 of a vulnerable creature) is added only when some damage is
    dealt. ``knock_out`` is the attacker's wish, agreed by the referee, for a drop to 0."""
    require_not_negative("damage", amount)
    require_not_negative("vulnerable extra damage", vulnerable_extra)
    extra = vulnerable_extra if amount > 0 and "vulnerable" in conditions else 0
    result = apply_damage(
        stamina,
        [ArmourSource(name="AD", ad=ad)],
        amount,
        piercing=piercing,
        vulnerable_extra=extra,
        uses_wounds=uses_wounds,
    )
    after = list(conditions)
    if amount + extra > 0 and "unconscious" in after:
        after.remove("unconscious")  # any damage wakes a sleeper (L383)
    standing: Standing = "fighting"
    stamina_after = result.stamina_after
    if result.dies:
        if knock_out:
            stamina_after = 1
            standing = "knocked_out"
            after.append("unconscious")
        else:
            standing = "dead"
    return CreatureDamage(
        amount=amount + extra,
        ad_after=result.armour_after[0].ad,
        stamina_after=stamina_after,
        absorbed_by_ad=result.absorbed_by_armour,
        stamina_lost=result.stamina_lost,
        wounds=result.wounds,
        standing=standing,
        conditions_after=tuple(after),
    )
