"""Hazards and small combat procedures: falling, suffocation, sizes, toppling objects, harvesting,
drawing from the backpack and initiative (fact sheet §3.4, §7.3, §7.5, §10.2-10.3).

Suffocation damage is plain damage (not piercing) as the booklet prints it (§15 B4).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Literal

from refkit.rules.checks.crows_test import check_characteristic, check_die
from refkit.rules.common.whole_numbers import require_not_negative

FEET_PER_FALL_DIE = 10
BREATH_BASE_ROUNDS = 3
BACKPACK_SLOTS = 10
PCS_FIRST_MIN = 6


def falling_dice(feet: int) -> int:
    """Piercing d6s for a fall: one per full 10 ft (5 ft -> 0, 25 ft -> 2)."""
    require_not_negative("fall distance in feet", feet)
    return feet // FEET_PER_FALL_DIE


def suffocation_rounds(strength: int) -> int:
    """Combat rounds a creature can hold its breath: 3 + Strength, never below 0."""
    check_characteristic("strength", strength)
    return max(0, BREATH_BASE_ROUNDS + strength)


def suffocation_damage_dice(strength: int, round_number: int) -> int:
    """d6s of damage at the start of combat round ``round_number`` (1 = the first held round)."""
    require_not_negative("round number", round_number)
    if round_number < 1:
        raise ValueError(f"round number must be 1 or more, got {round_number}")
    return 1 if round_number > suffocation_rounds(strength) else 0


class Size(Enum):
    """Size categories, smallest first."""

    TINY = "Tiny"
    SMALL = "Small"
    MEDIUM = "Medium"
    LARGE = "Large"
    HUGE = "Huge"
    HOLY_SHIT = "Holy Shit!"

    @property
    def rank(self) -> int:
        """0 for Tiny up to 5 for Holy Shit!."""
        return list(Size).index(self)

    @classmethod
    def parse(cls, value: Size | str) -> Size:
        """A Size from itself or its name, ignoring case, spaces, '_', '-' and '!'."""
        if isinstance(value, Size):
            return value

        def key(text: str) -> str:
            return "".join(ch for ch in text.casefold() if ch.isalpha())

        wanted = key(str(value))
        for size in cls:
            if key(size.value) == wanted:
                return size
        names = ", ".join(size.value for size in cls)
        raise ValueError(f"unknown size {value!r} (expected one of {names})")


def topple_dice(object_size: Size | str, creature_size: Size | str) -> int:
    """d10s dealt by an object toppled onto a creature: 1 + 2 per size the object is larger."""
    obj, creature = Size.parse(object_size), Size.parse(creature_size)
    difference = obj.rank - creature.rank
    if difference < 0:
        raise ValueError(
            f"a {obj.value} object cannot be toppled onto a larger {creature.value} creature"
        )
    return 1 + 2 * difference


@dataclass(frozen=True)
class ToppleEffort:
    """What toppling an object costs: a maneuver or an action, and any Strength test's banes."""

    cost: Literal["maneuver", "action", "tools"]
    """``tools``: more than two sizes larger, brute strength cannot; ropes, pulleys, crowbars
    (or a pet elephant) can, with no test (L789)."""
    test: bool
    banes: int


def topple_effort(object_size: Size | str, your_size: Size | str) -> ToppleEffort:
    """Smaller than you: a maneuver, no test. Your size up to 2 larger: an action and a Strength
    test with a bane per size larger. More than 2 sizes larger needs ropes, pulleys or the like
    (L789): no test, the referee says whether the party has what it takes."""
    obj, you = Size.parse(object_size), Size.parse(your_size)
    difference = obj.rank - you.rank
    if difference < 0:
        return ToppleEffort(cost="maneuver", test=False, banes=0)
    if difference > 2:
        return ToppleEffort(cost="tools", test=False, banes=0)
    return ToppleEffort(cost="action", test=True, banes=difference)


_HARVEST_DICE = {
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.HOLY_SHIT: 4,
}


def harvest_dice(size: Size | str) -> int:
    """d6s of parts from harvesting a corpse: 1 up to Medium, 2 Large, 3 Huge, 4 Holy Shit!."""
    return _HARVEST_DICE[Size.parse(size)]


def _check_slot(lowest_slot: int) -> None:
    if isinstance(lowest_slot, bool) or not isinstance(lowest_slot, int):
        raise ValueError(f"backpack slot must be a whole number from 1 to 10, got {lowest_slot!r}")
    if not 1 <= lowest_slot <= BACKPACK_SLOTS:
        raise ValueError(f"backpack slot {lowest_slot} is outside 1 to 10")


def draw_from_pack_chance(lowest_slot: int) -> Fraction:
    """Chance that Draw From Pack reaches an item whose lowest backpack slot is ``lowest_slot``."""
    _check_slot(lowest_slot)
    return Fraction(BACKPACK_SLOTS + 1 - lowest_slot, 10)


def draw_from_pack(lowest_slot: int, roll: int) -> bool:
    """True when the d10 ``roll`` is at least the item's lowest backpack slot."""
    _check_slot(lowest_slot)
    check_die("draw-from-pack die", roll, 10)
    return roll >= lowest_slot


def initiative(roll: int) -> Literal["pcs_first", "enemies_first"]:
    """The round's initiative d10: 6 or more, the PCs' side acts first; 5 or less, the enemies."""
    check_die("initiative die", roll, 10)
    return "pcs_first" if roll >= PCS_FIRST_MIN else "enemies_first"
