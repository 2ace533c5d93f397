"""How many expertise uses a new crow starts with, said on the builder's expertise page.

The backgrounds give a crow its starting expertises, and their uses add up by its Stamina: a
tougher crow knows less — 3 uses in all at Stamina 9, 6 at Stamina 7, 9 at Stamina 5 (two
backgrounds give one use more). The builder says so beside the running total, and says nothing
for a crow past creation.
"""

from __future__ import annotations

STARTING_USES = {9: 3, 7: 6, 5: 9}
"""A new crow's expertise uses in all, by its Stamina."""


def uses_advice(stamina: int, uses: int, *, advanced: bool) -> str:
    """The line under the expertise table: what a new crow of ``stamina`` gets, and the total."""
    total = f"{uses} use{'s' if uses != 1 else ''} so far"
    starting = STARTING_USES.get(stamina)
    if advanced or starting is None:
        return f"Expertise uses in all: {total}."
    return (
        f"A new crow with Stamina {stamina} starts with {starting} expertise uses in all "
        f"(spread over its background's expertises): {total}."
    )
