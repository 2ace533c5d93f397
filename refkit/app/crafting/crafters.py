"""A crow as the crafting rules read it: its Mind, its expertises (uses and uses left), what it
carries, and the crit its traits give its crafting rolls (the Epiphany traits: 18-20)."""

from __future__ import annotations

from refkit.rules.character.build_data import fold, load_build_data
from refkit.rules.character.model import Character
from refkit.rules.character.trait_effects import changes_for, known_words, load_trait_effects
from refkit.rules.crafting.tracker import Crafter, CrafterExpertise, CraftingProject


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


def crafting_crit_min(crow: Character, project: CraftingProject, crit_min: int) -> int:
    """The natural a crafting roll of ``crow`` on ``project`` crits on: ``crit_min``, or lower
    where a trait of the crow lowers it for the card's crafting expertise."""
    if not crow.traits:
        return crit_min
    effects = load_trait_effects(load_build_data())
    test = f"craft:{fold(project.footer.expertise)}"
    if test not in known_words(effects)[0]:
        return crit_min
    return min(crit_min, changes_for(crow, test, (), effects).crit_min)
