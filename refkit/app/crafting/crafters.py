"""A crow as the crafting rules read it: its Mind, its expertises (uses and uses left) and what
it carries."""

from __future__ import annotations

from refkit.rules.character.model import Character
from refkit.rules.crafting.tracker import Crafter, CrafterExpertise


def crafter_of(crow: Character) -> Crafter:
    return Crafter(
        name=crow.name,
        mind=crow.characteristics.mind,
        expertises=tuple(
            CrafterExpertise(expertise.name, expertise.uses, expertise.left)
            for expertise in crow.expertises
        ),
        inventory=crow.items,
    )
