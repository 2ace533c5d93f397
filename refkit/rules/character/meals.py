"""A day's food without a rest (L521): starvation is checked every day, not only at rests.

A crow eats one ration a day (a plain Ration before a Hearty ration, as at a rest). One with
none gains a starvation wound; its starvation wounds all vanish at the first ration it eats. A
rest's ration is the day's: a day with a rest is fed by the rest (:func:`rest_one`).
"""

from __future__ import annotations

from dataclasses import dataclass

from refkit.rules.character.model import Character
from refkit.rules.character.rest_activities import eat_ration, ration_to_eat


@dataclass(frozen=True)
class DayMeal:
    """One crow's food for a day without a rest."""

    after: Character
    ration_eaten: str
    """The ration's name; "" when it had none."""
    starving: bool
    starvation_wounds: int
    """Its starvation wounds after the day (kept for the day or rest that feeds it)."""
    wounds_to_heal: int
    """Starvation wounds that vanish with the ration eaten."""


def day_meal(crow: Character, starvation_wounds: int) -> DayMeal:
    """The crow fed for the day, or starving: one more starvation wound (to be placed)."""
    if starvation_wounds < 0:
        raise ValueError(f"starvation wounds are 0 or more, got {starvation_wounds}")
    ration = ration_to_eat(crow)
    if ration is None:
        return DayMeal(crow, "", True, starvation_wounds + 1, 0)
    healed = min(starvation_wounds, len(crow.wounds))
    return DayMeal(eat_ration(crow, ration), ration.name, False, 0, healed)
